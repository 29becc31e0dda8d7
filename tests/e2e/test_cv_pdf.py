"""`cvsite build` writes the CV as a typeset PDF: every fact of the sample résumé in the CV's
order, selectable text, embedded fonts, metadata, clickable links, one per language; with no
browser anywhere on PATH."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.model.resume import load
from generator.render.cvdocument import cv_document
from tests import pdfread
from tests.e2e.test_seed_facts import FACTS, _normalise
from tests.helpers import REPO, copy_site, run_cli, set_theme, write_site
from tests.htmlread import read_page

THEMES = ("meridian", "ledger")


@pytest.fixture(scope="module", params=THEMES)
def built(request, tmp_path_factory) -> Path:
    """The sample site built in each theme: its output folder."""
    pdfread.require_poppler()
    site = copy_site(REPO, tmp_path_factory.mktemp(request.param) / "site")
    set_theme(site, request.param)
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    return site / "output"


def _in_order(facts: list[str], reference: str, text: str) -> list[tuple[str, str]]:
    """Pairs of facts that `text` gives in another order than `reference` (by first showing)."""
    order = sorted(facts, key=lambda fact: reference.index(fact))
    places = [text.find(fact) for fact in order]
    pairs = zip(order, order[1:], places, places[1:], strict=False)
    return [(a, b) for a, b, x, y in pairs if x > y]


@pytest.mark.parametrize("mode", ["", "-layout"])
def test_every_fact_of_the_sample_resume_is_in_the_pdf_in_the_cvs_order(built, mode):
    pdf = _normalise(pdfread.text(built / "cv.pdf", *([mode] if mode else [])))
    page = _normalise(read_page(built / "cv" / "index.html").main.text)
    facts = [_normalise(fact) for fact in FACTS]
    assert [fact for fact in facts if fact not in pdf] == []
    assert _in_order(facts, page, pdf) == []


def test_the_entries_come_in_the_cvs_order_line_by_line(built):
    """With -layout (each line as it stands on the page), the lines that hold the entries'
    titles come in the document's order."""
    document = cv_document(load(built.parent).resume)
    titles = [e["title_text"][:40] for s in document["sections"] for e in s["entries"]]
    text = pdfread.text(built / "cv.pdf", "-layout")
    lines = iter(" ".join(line.split()) for line in text.splitlines())
    missing = [title for title in titles if not any(title in line for line in lines)]
    assert missing == []  # each title found on a line after the last one's


def _pages(pdf: Path) -> list[str]:
    count = int(pdfread.info(pdf)["Pages"])
    return [_normalise(pdfread.text(pdf, page=n)).casefold() for n in range(1, count + 1)]


def test_no_entry_is_split_across_pages_and_no_heading_is_left_alone(built):
    document = cv_document(load(built.parent).resume)
    pages = _pages(built / "cv.pdf")
    assert len(pages) >= 2  # or the checks below prove nothing

    def on(text: str) -> set[int]:  # case-blind: ledger sets headings in capitals
        return {n for n, page in enumerate(pages) if _normalise(text).casefold() in page}

    for section in document["sections"]:
        for entry in section["entries"]:
            last = _last_text(entry)
            where = on(entry["title_text"]) & on(last)
            assert where, f"{entry['title_text']!r} and its end {last!r} are on different pages"
        heading = on(section["title"])
        first = on(section["entries"][0]["title_text"])
        assert heading & first, f"the heading {section['title']!r} is apart from its first entry"


def _last_text(entry: dict) -> str:
    """The last words an entry shows (its links, else its tags, else its text)."""
    if entry["tags"]:
        return entry["tags"][-1]
    for name in ("highlights", "skills", "summary"):
        found = entry.get(name) or []
        if found:
            last = found[-1]
            if not isinstance(last, dict):
                runs = last
            elif "runs" in last:
                runs = last["runs"]
            elif "text" in last:  # a highlight: its last point, else its own text
                runs = last["items"][-1] if last.get("items") else last["text"]
            else:
                runs = last["name"]
            return " ".join("".join(run["text"] for run in runs).split()[-4:])
    return entry["title_text"]


def test_fonts_are_all_embedded(built):
    fonts = pdfread.fonts(built / "cv.pdf")
    assert fonts, "no fonts at all: the text is not text"
    assert [font["name"] for font in fonts if font["emb"] != "yes"] == []
    assert all(font["uni"] == "yes" for font in fonts)  # text maps back to characters


def test_metadata_says_whose_cv_it_is(built):
    info = pdfread.info(built / "cv.pdf")
    assert info["Title"] == "Silin Zhao — CV"
    assert info["Author"] == "Silin Zhao"
    assert info["Subject"].startswith("Large language models")
    assert {"LLM", "HPC", "MPI"} <= {k.strip() for k in info["Keywords"].split(",")}
    assert info["Tagged"] == "yes"
    assert info["Page size"].startswith("595.276 x 841.89")  # A4


def test_entry_titles_link_to_their_pages_on_the_published_site(built):
    urls = pdfread.urls(built / "cv.pdf")
    assert "https://example.github.io/education/master-application-informatics/" in urls
    assert "https://example.github.io/projects/hpc-benchmarking/" in urls
    assert all(url.startswith("https://") for url in urls)


def test_each_language_has_its_cv_and_the_cv_page_links_it(built):
    german = built / "de" / "cv.pdf"
    assert pdfread.info(german)["Title"] == "Silin Zhao — Lebenslauf"
    text = _normalise(pdfread.text(german)).casefold()  # ledger's headings are in capitals
    assert "ausbildung" in text and "berufserfahrung" in text and "märz 2026" in text
    for page, label, target in [
        (built / "cv" / "index.html", "Download PDF", built / "cv.pdf"),
        (built / "de" / "cv" / "index.html", "PDF herunterladen", german),
    ]:
        link = read_page(page).main.find("p", cls="cv-pdf").find("a")
        assert link.text == label
        assert (page.parent / link.attrs["href"]).resolve() == target.resolve()


def test_the_owner_named_inside_a_groups_name_is_all_that_is_highlighted(tmp_path):
    """A group's name that names the owner (a task force's report, as a real .bib gives it:
    tests/fixtures/realworld/bibtex/pierce-bcp.bib) highlights the owner's name alone, on
    the paper's page and in the PDF."""
    pdfread.require_poppler()
    group = "ACM Task Force (co-chairs, Crista Lopes and Jeanna Matthews; editor, A. Lovelace)"
    site = write_site(
        tmp_path,
        {
            "content/publications.yaml": f"""
                - title: Virtual conferences
                  authors: ["{group}", Charles Babbage]
                  year: 2020
            """
        },
    )
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    page = (site / "output/publications/virtual-conferences/index.html").read_text("utf-8")
    before, _, after = group.partition("A. Lovelace")
    owner = '<strong class="me">A. Lovelace</strong>'
    assert f'<p class="authors">{before}{owner}{after}, Charles Babbage</p>' in page
    pdf = site / "output/cv.pdf"
    assert "A. Lovelace" in pdfread.bold(pdf)
    assert not [run for run in pdfread.bold(pdf) if "Lopes" in run or "Babbage" in run]
    assert group in " ".join(pdfread.text(pdf).split())


def test_a_build_with_no_browser_on_path_writes_the_pdf(tmp_path):
    pdfread.require_poppler()
    site = copy_site(REPO, tmp_path / "site")
    bare = tmp_path / "bin"  # nothing to run: no chromium, no chrome, no TeX
    bare.mkdir()
    env = {"PATH": str(bare), "CVSITE_CHROMIUM": "", "CHROME_PATH": ""}
    assert shutil.which("chromium", path=str(bare)) is None
    result = run_cli("build", "--site", site, env=env)
    assert result.code == 0, result.err
    pdf = site / "output" / "cv.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert "Silin Zhao" in pdfread.text(pdf)


def test_the_same_site_gives_the_same_bytes(tmp_path):
    site = copy_site(REPO, tmp_path / "site")
    for output in ("one", "two"):
        assert run_cli("build", "--site", site, "--output", site / output).code == 0
    assert (site / "one" / "cv.pdf").read_bytes() == (site / "two" / "cv.pdf").read_bytes()


def test_paper_and_switch_come_from_site_yaml(tmp_path):
    pdfread.require_poppler()
    letter = write_site(
        tmp_path / "letter",
        {"site.yaml": "title: T\nbase_url: https://example.org/\npdf:\n  paper: us-letter\n"},
    )
    assert run_cli("build", "--site", letter).code == 0
    assert pdfread.info(letter / "output" / "cv.pdf")["Page size"].startswith("612 x 792")
    off = write_site(
        tmp_path / "off", {"site.yaml": "title: T\nbase_url: https://example.org/\npdf: false\n"}
    )
    assert run_cli("build", "--site", off).code == 0
    assert not (off / "output" / "cv.pdf").exists()
    assert read_page(off / "output" / "cv" / "index.html").main.find("p", cls="cv-pdf") is None
    # --base-url (and the preview, which sets its own address) keeps the switch off
    other = tmp_path / "other"
    moved = run_cli("build", "--site", off, "--base-url", "https://b.example/x/", "--output", other)
    assert moved.code == 0, moved.err
    assert 'href="https://b.example/x/"' in (other / "index.html").read_text()
    assert not (other / "cv.pdf").exists()


def test_a_file_of_the_users_named_cv_pdf_is_a_clash_unless_pdf_is_off(tmp_path):
    site = write_site(tmp_path / "site", {"content/cv.pdf": b"%PDF-mine"})
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert "cv.pdf" in result.err and "Traceback" not in result.err
    config = site / "site.yaml"
    config.write_text(config.read_text() + "pdf: false\n")
    assert run_cli("build", "--site", site).code == 0
    assert (site / "output" / "cv.pdf").read_bytes() == b"%PDF-mine"


def test_a_very_long_entry_breaks_across_pages_rather_than_being_cut(tmp_path):
    pdfread.require_poppler()
    sentences = " ".join(f"Sentence {n} of a long account." for n in range(1, 900))
    site = write_site(
        tmp_path / "site",
        {"content/projects.yaml": f"- title: Long\n  summary: {sentences} The very last words.\n"},
    )
    assert run_cli("build", "--site", site).code == 0
    pdf = site / "output" / "cv.pdf"
    assert int(pdfread.info(pdf)["Pages"]) >= 3
    text = _normalise(pdfread.text(pdf))
    assert "Sentence 1 of" in text and "The very last words." in text


def test_a_broken_template_of_a_child_theme_is_a_located_error(tmp_path):
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": "title: T\nbase_url: https://example.org/\ntheme: mine\n",
            "themes/mine/theme.yaml": "name: mine\nextends: meridian\n",
            "themes/mine/typst/cv.typ": "#let cv = json(bytes(sys.inputs.cv))\n\n#nothing-here\n",
        },
    )
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert re.search(
        r"themes/mine/typst/cv\.typ:3:1: cannot typeset the CV: unknown variable", result.err
    )
    assert "Traceback" not in result.err
    assert not (site / "output").exists()


def test_the_child_template_of_docs_themes_md_builds_as_it_says(tmp_path):
    pdfread.require_poppler()
    doc = (REPO / "docs" / "themes.md").read_text(encoding="utf-8")
    template = re.search(r"`themes/paper/typst/cv.typ`:\n\n```typst\n(.*?)```", doc, re.S)
    assert template is not None
    site = copy_site(REPO, tmp_path / "site")
    set_theme(site, "paper")
    (site / "themes" / "paper" / "typst").mkdir(parents=True)
    (site / "themes" / "paper" / "theme.yaml").write_text("name: paper\nextends: meridian\n")
    (site / "themes" / "paper" / "typst" / "cv.typ").write_text(template.group(1))
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    text = _normalise(pdfread.text(site / "output" / "cv.pdf"))
    assert "Silin Zhao" in text and "Master of Application Informatics" in text
    assert "Nov 2025 - Mar 2026" in text  # the date, beside its entry
    assert "Gorgonia" not in text  # the example shows no summaries: it is not meridian's
    assert pdfread.info(site / "output" / "cv.pdf")["Title"] == "Silin Zhao — CV"
