"""End-to-end: the sample site built in German, Chinese and with the user's own labels."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.dates import get_month_names

from generator.content.i18n import builtin_strings
from tests.helpers import REPO, bib_entries, copy_site, run_cli, write_site
from tests.htmlread import read_page
from tests.pdfread import require_poppler
from tests.pdfread import text as pdf_text


def _with_settings(site: Path, settings: str) -> Path:
    """The site's site.yaml with `settings` put in place of its `languages:` line.

    The sample site is in English and German (some values are given in both), so a site in
    another default language keeps those two too: `languages: [zh, en, de]`.
    """
    config = site / "site.yaml"
    text = config.read_text(encoding="utf-8")
    assert "languages: [en, de]\n" in text
    config.write_text(text.replace("languages: [en, de]\n", settings), encoding="utf-8")
    return site


def _german_first(site: Path) -> Path:
    """The sample site with German as its default language: German's own files (the about
    page) move to content/, English's to content/en/."""
    (site / "content" / "en").mkdir()
    (site / "content" / "about.md").rename(site / "content" / "en" / "about.md")
    (site / "content" / "de" / "about.md").rename(site / "content" / "about.md")
    return _with_settings(site, "languages: [de, en]\n")


def _build(site: Path) -> Path:
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    return site / "output"


@pytest.fixture(scope="module")
def german(tmp_path_factory) -> Path:
    return _build(_german_first(copy_site(REPO, tmp_path_factory.mktemp("de") / "site")))


def test_a_german_build_has_german_labels(german):
    home = read_page(german / "index.html").root
    assert home.find("html").attrs["lang"] == "de"
    assert home.find("a", cls="skip-link").text == "Zum Inhalt springen"
    assert home.find("nav").attrs["aria-label"] == "Hauptnavigation"
    menu = [a.text for a in home.find("nav").find_all("a")]
    assert menu[:4] == ["Über mich", "Ausbildung", "Berufserfahrung", "Projekte"]
    assert read_page(german / "experience" / "index.html").main.find("h1").text == "Berufserfahrung"
    assert read_page(german / "tags" / "index.html").main.find("h1").text == "Schlagwörter"
    assert "Seite nicht gefunden" in read_page(german / "404.html").main.find("h1").text
    assert read_page(german / "en" / "about" / "index.html").main.find("h1").text == "About me"


def test_a_german_build_has_german_dates(german):
    page = read_page(german / "experience" / "index.html").root
    dates = [e.text for e in page.find_all(cls="when")]
    assert dates, "no dates on the experience page"
    german_months = set(get_month_names("abbreviated", locale="de").values())
    english_only = {"Mar", "May", "Oct", "Dec"} - german_months
    assert all(any(m in d for m in german_months) for d in dates), dates
    assert not any(m in d.split() for d in dates for m in english_only), dates


def test_present_is_said_in_the_language(tmp_path):
    site = _german_first(copy_site(REPO, tmp_path / "site"))
    ongoing = "---\ntitle: Laufend\nstart: 2024-03\nend: present\n---\nText.\n"
    (site / "content" / "projects" / "ongoing.md").write_text(ongoing, encoding="utf-8")
    page = read_page(_build(site) / "projects" / "ongoing" / "index.html").main
    assert "März 2024" in page.text and "heute" in page.text and "present" not in page.text


def test_publication_types_are_labelled_in_the_language(tmp_path):
    site = _with_settings(copy_site(REPO, tmp_path / "site"), "languages: [zh, en, de]\n")
    page = read_page(_build(site) / "publications" / "index.html").root
    assert page.find("html").attrs["lang"] == "zh"
    badges = {e.text for e in page.find_all(cls="type")}
    chinese = {text for key, text in builtin_strings("zh").items() if key.startswith("type_")}
    assert "期刊论文" in badges and badges <= chinese


def test_site_strings_override_the_built_in_labels(tmp_path):
    settings = "languages: [en, de]\nstrings:\n  experience: Work\n  all_experience: Every job\n"
    output = _build(_with_settings(copy_site(REPO, tmp_path / "site"), settings))
    assert read_page(output / "experience" / "index.html").main.find("h1").text == "Work"
    assert "Every job" in read_page(output / "index.html").main.text


def test_an_unknown_string_key_fails_the_build_with_its_line(tmp_path):
    settings = "languages: [en, de]\nstrings:\n  presnet: now\n"
    site = _with_settings(copy_site(REPO, tmp_path / "site"), settings)
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert "site.yaml:" in result.err
    assert "strings.presnet: unknown field 'presnet' (did you mean 'present'?)" in result.err


def test_a_papers_status_is_said_in_the_language(tmp_path):
    """biblatex's `pubstate = {inpress}` and a status written by hand, on the German pages
    and in the German PDF; a status no label names stays as written; an invited paper is
    marked so."""
    require_poppler()
    bib = bib_entries(
        {
            "inpress": "pubstate = {inpress}",
            "handwritten": "status = {Submitted}",
            "own": "status = {accepted at ICML}",
            "keynote": "invite = {1}",  # Shoichi Koyama's list's "[Invited]"
        }
    )
    files = {
        "site.yaml": "title: T\nbase_url: https://example.org/\nlanguages: [en, de]\n",
        "content/publications.bib": bib,
    }
    output = _build(write_site(tmp_path / "site", files))
    for folder, words in (
        (output, ["accepted at ICML", "submitted", "in press"]),
        (output / "de", ["accepted at ICML", "eingereicht", "im Druck"]),
    ):
        page = read_page(folder / "publications" / "index.html").main
        assert sorted(e.text for e in page.find_all(cls="status")) == sorted(words)
        assert all(word in " ".join(pdf_text(folder / "cv.pdf").split()) for word in words)
    for folder, word in ((output, "Invited"), (output / "de", "Eingeladen")):
        page = read_page(folder / "publications" / "index.html").main
        assert [e.text for e in page.find_all(cls="invited")] == [word]
        assert word in pdf_text(folder / "cv.pdf")
    classes = read_page(output / "de" / "publications" / "index.html").main.find_all(cls="status")
    assert "status-submitted" in [c for e in classes for c in e.attrs["class"].split()]
    # ...and "in press", accepted and on its way to print, is coloured as accepted is
    css = (output / "assets" / "style.css").read_text(encoding="utf-8")
    accepted = next(rule for rule in css.split("}") if ".status-accepted" in rule)
    assert ".status-in-press" in accepted.split("{")[0]
