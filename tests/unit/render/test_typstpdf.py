"""Typesetting: the template and fonts found through the theme chain, one PDF per language,
errors at their place, and no hang in a process forked after typesetting."""

from __future__ import annotations

import multiprocessing
import re
from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.model.resume import load
from generator.render.cvdocument import cv_document
from generator.render.theme import builtin_themes_dir, load_theme
from generator.render.typstpdf import font_folders, pdf_name, template_of, typeset
from tests import pdfread
from tests.helpers import REPO, write_site
from tests.pdfread import require_cjk_font

SITE = "title: T\nbase_url: https://example.org/\n"


def _document(root: Path) -> dict:
    return cv_document(load(root).resume)


def test_a_child_theme_uses_its_parents_template_and_fonts_until_it_has_its_own(tmp_path):
    files = {
        "site.yaml": SITE + "theme: mine\n",
        "themes/mine/theme.yaml": "name: mine\nextends: ledger\n",
    }
    root = write_site(tmp_path, files)
    theme = load_theme("mine", root, {})
    builtin = builtin_themes_dir()
    assert template_of(theme) == builtin / "ledger" / "typst" / "cv.typ"
    fonts = [builtin / "ledger" / "typst" / "fonts", builtin / "meridian" / "typst" / "fonts"]
    assert font_folders(theme) == fonts  # ledger extends meridian
    own = root / "themes" / "mine" / "typst"
    (own / "fonts").mkdir(parents=True)
    (own / "cv.typ").write_text("#let cv = json(bytes(sys.inputs.cv))\n#cv.meta.author\n")
    assert template_of(theme) == own / "cv.typ"
    assert font_folders(theme) == [own / "fonts", *fonts]


def test_a_theme_without_a_template_has_none(tmp_path):
    root = write_site(
        tmp_path,
        {"site.yaml": SITE + "theme: bare\n", "themes/bare/theme.yaml": "name: bare\n"},
    )
    assert template_of(load_theme("bare", root, {})) is None


def test_each_language_has_its_pdf_under_its_root(site):
    root = site({"site.yaml": SITE + "languages: [en, de]\n"})
    loaded = load(root)
    assert [pdf_name(r) for r in loaded.resumes.values()] == ["cv.pdf", "de/cv.pdf"]


def test_the_data_reaches_the_template_as_data(site, tmp_path):
    template = tmp_path / "t" / "cv.typ"
    template.parent.mkdir()
    template.write_text(
        "#let cv = json(bytes(sys.inputs.cv))\n#set document(date: none)\n#cv.profile.name\n"
    )
    document = _document(site({"content/profile.yaml": "name: '#eval(\"1+1\") $x$'\n"}))
    pdf = typeset(document, template)
    assert pdf.startswith(b"%PDF")
    assert typeset(document, template) == pdf  # the same data, the same bytes


def test_a_template_error_names_its_place(site, tmp_path):
    template = tmp_path / "t" / "cv.typ"
    template.parent.mkdir()
    template.write_text("#let cv = json(bytes(sys.inputs.cv))\n#cv.profile.nme\n")
    with pytest.raises(BuildError) as caught:
        typeset(_document(site()), template)
    assert re.search(r"cv\.typ:2:\d+: cannot typeset the CV: .*nme", str(caught.value))


def _typeset_the_sample() -> bytes:
    theme = load_theme("meridian", REPO, {})
    document = cv_document(load(REPO).resume, options=theme.options)
    return typeset(document, template_of(theme), font_folders(theme))


def test_a_process_forked_after_typesetting_refuses_rather_than_hangs():
    """Typst's threads stay in the process that made them: a forked child waiting for them
    would wait forever. It must fail at once instead."""
    _typeset_the_sample()
    pool = multiprocessing.get_context("fork").Pool(1)
    try:
        with pytest.raises(RuntimeError, match="forked from one that has typeset"):
            pool.apply_async(_typeset_the_sample).get(timeout=120)
    finally:
        pool.terminate()
        pool.join()


def test_characters_no_font_has_are_told_not_printed_as_boxes_alone(tmp_path, caplog, monkeypatch):
    """Typst prints a character no font has as an empty box, silently: the built-in themes'
    fonts have no Chinese, Japanese or Korean (Shoichi Koyama's list, koyama-ja.bib), and on a
    machine without a font for them (Typst kept from the machine's, as if it had none, as
    Typst's own variable asks) the build says so."""
    monkeypatch.setenv("TYPST_IGNORE_SYSTEM_FONTS", "1")
    theme = load_theme("meridian", REPO, {})
    site = write_site(tmp_path / "site", {"content/profile.yaml": "name: 小山 翔一\n"})
    document = cv_document(load(site).resume, options=theme.options)
    typeset(document, template_of(theme), font_folders(theme))
    assert "Chinese, Japanese or Korean characters ('小山 翔一 — CV')" in caplog.text
    caplog.clear()
    own = tmp_path / "themes" / "cjk" / "typst" / "fonts"  # a theme of the site's own
    own.mkdir(parents=True)
    typeset(document, template_of(theme), [own, *font_folders(theme)])
    assert "Korean" not in caplog.text


def test_the_machines_font_fills_in_for_chinese_japanese_and_korean(tmp_path, caplog):
    """A CV in Chinese, Japanese or Korean prints those characters with a font of the
    machine's (.ci/run installs one), and only those: the rest stays in the theme's fonts."""
    require_cjk_font()
    theme = load_theme("meridian", REPO, {})
    profile = "name: 小山 翔一\nsummary: 東京大学の研究者。한국어도 합니다. Also in English.\n"
    site = write_site(tmp_path / "site", {"content/profile.yaml": profile})
    document = cv_document(load(site).resume, options=theme.options)
    pdf = tmp_path / "cv.pdf"
    pdf.write_bytes(typeset(document, template_of(theme), font_folders(theme)))
    assert "小山 翔一" in pdfread.text(pdf)
    assert "東京大学の研究者。한국어도 합니다. Also in English." in pdfread.text(pdf)
    names = [font["name"].partition("+")[2] for font in pdfread.fonts(pdf)]
    theirs = [name for name in names if not name.startswith("SourceSans3-")]
    assert len(theirs) == 1, names  # the Latin letters in the theme's font
    assert "Korean" not in caplog.text


@pytest.mark.parametrize("name", ["meridian", "ledger"])
def test_a_chinese_date_breaks_beside_its_dash_not_inside_a_month(tmp_path, name):
    """Chinese text may break between any two characters: a range too wide for the dates'
    column broke inside 2021年2月 (`2021 年 2` above `月`)."""
    require_cjk_font()
    files = {
        "site.yaml": SITE + "language: zh\n",
        "content/profile.yaml": "name: 王小明\n",
        "content/experience.yaml": "- title: 高级工程师\n  start: 2019-09\n  end: 2021-02\n",
    }
    theme = load_theme(name, REPO, {})
    document = cv_document(load(write_site(tmp_path, files)).resume, options=theme.options)
    pdf = tmp_path / "cv.pdf"
    pdf.write_bytes(typeset(document, template_of(theme), font_folders(theme)))
    printed = pdfread.text(pdf)
    assert "2019 年 9 月" in printed and "2021 年 2 月" in printed, printed
    assert not re.search(r"年\s*\n|\d\s*\n\s*月", printed), printed
