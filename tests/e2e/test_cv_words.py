"""What a reader sees of an entry, on the web CV and in cv.pdf alike (issue 41): dates at the
precision they deserve, the field of study once, no badge for an unknown paper type, links
named for what they lead to, one way to show skills, marks that mean what the site says,
and no street address or phone unless the site publishes them.

The real résumé is JSON Resume's own sample (tests/fixtures/realworld/jsonresume/SOURCES.md),
imported with the CLI as a user would; the PDF is read with `pdftotext -layout`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests import pdfread
from tests.helpers import REPO, run_cli, set_theme, write_site
from tests.htmlread import read_page

SAMPLE = REPO / "tests/fixtures/realworld/jsonresume/resume-schema-sample.resume.json"
THEMES = ("meridian", "ledger")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _pdf(site: Path) -> str:
    return pdfread.text(site / "output" / "cv.pdf", "-layout")


@pytest.fixture(scope="module", params=THEMES)
def imported(request, tmp_path_factory) -> tuple[Path, str]:
    """JSON Resume's sample imported and built in each theme: (the site, the import's report)."""
    pdfread.require_poppler()
    site = tmp_path_factory.mktemp(request.param) / "site"
    result = run_cli("import", "jsonresume", SAMPLE, "--site", site)
    assert result.code == 0, result.err
    set_theme(site, request.param)
    built = run_cli("build", "--site", site)
    assert built.code == 0, built.err
    return site, result.out + result.err


def test_ranges_show_month_and_year_not_the_placeholder_day(imported):
    site, _ = imported
    page = read_page(site / "output" / "cv" / "index.html").main.text
    pdf = _one_line(_pdf(site))
    for shown in (page, pdf):
        assert "Dec 2013 – Dec 2014" in shown.replace("\u2009", " ")
        assert "Dec 1, 2013" not in shown


def test_the_field_of_study_shows_once(imported):
    site, _ = imported
    main = read_page(site / "output" / "cv" / "index.html").main
    education = main.find("article", cls="entry-education")
    shown = [e.text for e in education.find_all() if e.tag in ("h3", "p")]
    assert " ".join(shown).count("Information Technology") == 1
    assert _pdf(site).count("Information Technology") == 1


def test_a_paper_of_unknown_type_has_no_badge(imported):
    site, _ = imported
    for page in ("cv/index.html", "index.html", "publications/index.html"):
        main = read_page(site / "output" / page).main
        assert [b.text for b in main.find_all("span", cls="type")] == [], page
    assert not re.search(r"\bOther\b", _pdf(site))


def test_links_are_named_for_where_they_lead_never_link(imported):
    site, _ = imported
    main = read_page(site / "output" / "cv" / "index.html").main
    names = [a.text for a in main.find_all("a")]
    assert not [name for name in names if name.split(":")[0].strip() == "Link"]
    assert any(name.startswith("piedpiper.example.com") for name in names)
    assert any(name.startswith("en.wikipedia.org") for name in names)  # the paper's page
    assert "Link:" not in _pdf(site)


def test_the_street_address_and_phone_stay_private_unless_asked(imported):
    site, report = imported
    output = site / "output"
    pages = " ".join(p.read_text(encoding="utf-8") for p in output.rglob("*.html"))
    resume = json.loads((output / "resume.json").read_text(encoding="utf-8"))
    for published in (pages, _pdf(site), json.dumps(resume)):
        assert "2712 Broadway" not in published and "555-4321" not in published
    assert "San Francisco" in _pdf(site)  # the place is still shown
    # The import keeps both facts, and says where the switch is.
    profile = (site / "content" / "profile.yaml").read_text(encoding="utf-8")
    assert "2712 Broadway St" in profile and "555-4321" in profile
    assert "contact: {address: true}" in report and "contact: {phone: true}" in report


def test_a_published_address_keeps_its_postal_code_on_one_line(imported, tmp_path):
    site, _ = imported
    config = site / "site.yaml"
    original = config.read_text(encoding="utf-8")
    config.write_text(original + "contact: {address: true, phone: true}\n", encoding="utf-8")
    try:
        result = run_cli("build", "--site", site, "--output", tmp_path / "out")
    finally:
        config.write_text(original, encoding="utf-8")
    assert result.code == 0, result.err
    text = pdfread.text(tmp_path / "out" / "cv.pdf", "-layout")
    assert "2712 Broadway St" in text and "(912) 555-4321" in text
    assert "CA 94115" in text  # never broken between two lines


# --- small sites, each for one defect ------------------------------------------------------

SITE = "title: T\nbase_url: https://example.org/\n"


def _build(tmp_path: Path, theme: str, files: dict[str, str]) -> Path:
    pdfread.require_poppler()
    site = write_site(tmp_path / "site", files)
    set_theme(site, theme)
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    return site


PROJECT = """
- title: Telescope
  url: https://example.org/telescope
  tags: [Python]
"""


@pytest.mark.parametrize("theme", THEMES)
def test_the_tag_line_never_runs_into_the_link_line(tmp_path, theme):
    site = _build(
        tmp_path,
        theme,
        {"site.yaml": SITE + "pdf: {tags: true}\n", "content/projects.yaml": PROJECT},
    )
    lines = [_one_line(line) for line in _pdf(site).splitlines()]
    assert "Python" in lines  # a line of its own
    assert [line for line in lines if re.search(r"Python\S", line)] == []
    assert any(line.startswith("example.org/telescope") for line in lines)


@pytest.mark.parametrize("theme", THEMES)
def test_tags_are_not_printed_unless_asked(tmp_path, theme):
    site = _build(tmp_path, theme, {"content/projects.yaml": PROJECT})
    text = _pdf(site)
    assert "Telescope" in text and "Python" not in text


SKILLS = """
- title: Short
  items: [Go, C]
- title: Long
  items: [Go, "Distributed training of very large language models across many nodes"]
"""


@pytest.mark.parametrize("theme", THEMES)
def test_skills_show_one_way_whatever_their_length(tmp_path, theme):
    site = _build(tmp_path, theme, {"content/skills.yaml": SKILLS})
    main = read_page(site / "output" / "cv" / "index.html").main
    groups = list(main.find_all("article", cls="entry-skills"))
    assert [
        [
            ul.attrs.get("class")
            for ul in g.find_all("ul")
            if "tags" not in ul.attrs.get("class", "")
        ]
        for g in groups
    ] == [["skill-items"], ["skill-items"]]
    lines = [_one_line(line) for line in _pdf(site).splitlines()]
    assert "Go · C" in lines
    assert any(line.startswith("Go · Distributed training") for line in lines)


PAPERS = """
- title: Joint work
  authors: [Ada Lovelace*, Charles Babbage*, Luigi Menabrea†]
  venue: Memoirs
  date: 1843
"""


@pytest.mark.parametrize("theme", THEMES)
def test_a_mark_means_only_what_the_site_says(tmp_path, theme):
    site = _build(tmp_path, theme, {"content/publications.yaml": PAPERS})
    page = read_page(site / "output" / "cv" / "index.html").main.text
    for shown in (page, _pdf(site)):
        assert "Equal contribution" in shown
        assert "Corresponding author" not in shown
    config = site / "site.yaml"
    config.write_text(config.read_text() + 'marks: {"†": Joint senior authors}\n')
    assert run_cli("build", "--site", site).code == 0
    page = read_page(site / "output" / "cv" / "index.html").main.text
    assert "Joint senior authors" in page and "Joint senior authors" in _pdf(site)


DATED = """
- title: Keynote
  event: PyCon
  date: 2024-05-14
- title: Tutorial
  event: EuroSciPy
  date: 2023-08-28
"""


@pytest.mark.parametrize("theme", THEMES)
def test_a_talk_keeps_its_day_and_sections_may_be_numbered(tmp_path, theme):
    site = _build(
        tmp_path,
        theme,
        {"site.yaml": SITE + "pdf: {numbered: [talks]}\n", "content/talks.yaml": DATED},
    )
    text = _one_line(_pdf(site))
    assert "May 14, 2024" in text
    assert "1. Keynote" in text and "2. Tutorial" in text


JOBS = """
- position: Analyst
  organization: Engine Works
  location: London, UK
  start: 2019-03-04
  end: 2021-06-30
"""


@pytest.mark.parametrize("theme", THEMES)
def test_the_place_stands_beside_the_details_and_days_only_when_asked(tmp_path, theme):
    site = _build(
        tmp_path, theme, {"site.yaml": SITE + "dates: day\n", "content/experience.yaml": JOBS}
    )
    lines = [_one_line(line) for line in _pdf(site).splitlines()]
    assert any("Engine Works" in line and "London, UK" in line for line in lines)
    assert any("Mar 4, 2019 – Jun 30, 2021" in line.replace("\u2009", " ") for line in lines)


EDUCATION = """
- degree: PhD
  area: Physics
  institution: Göttingen
  start: 2016
  end: 2019
  thesis: {title: On monopoles}
"""


@pytest.mark.parametrize("theme", THEMES)
def test_the_thesis_label_has_its_colon(tmp_path, theme):
    site = _build(tmp_path, theme, {"content/education.yaml": EDUCATION})
    assert "Thesis: On monopoles" in _one_line(_pdf(site))


def _jobs(count: int) -> str:
    highlights = "".join(
        f"\n    - Achievement number {n} of the role, told in a line." for n in range(6)
    )
    return "".join(
        f"\n- position: Role {n}\n  organization: Org {n}\n  start: 2010\n  end: 2012"
        f"\n  highlights:{highlights}"
        for n in range(count)
    )


def _pages(site: Path) -> int:
    return int(pdfread.info(site / "output" / "cv.pdf")["Pages"])


@pytest.mark.parametrize("theme", THEMES)
def test_one_page_shrinks_the_type_within_its_limit(tmp_path, theme):
    """A CV a little longer than a page fits one with `one_page`; one that would need type
    below `min_font_size` keeps its size and its pages."""
    site = _build(tmp_path, theme, {"content/experience.yaml": _jobs(9)})
    assert _pages(site) == 2
    config = site / "site.yaml"
    config.write_text(SITE + "pdf: {one_page: true, min_font_size: 8}\n")
    assert run_cli("build", "--site", site).code == 0
    assert _pages(site) == 1
    assert "Achievement number 5" in pdfread.text(site / "output" / "cv.pdf")
    config.write_text(SITE + "pdf: {one_page: true, min_font_size: 10}\n")
    assert run_cli("build", "--site", site).code == 0
    assert _pages(site) == 2


def _top_and_height(pdf: Path, word: str) -> tuple[float, float]:
    """Where a word's box starts on the first page, and how tall it is (pdftotext -bbox)."""
    box = re.search(
        rf'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">{word}<',
        pdfread.text(pdf, "-bbox", page=1),
    )
    assert box, word
    return float(box.group(1)), float(box.group(2)) - float(box.group(1))


@pytest.mark.parametrize("theme", THEMES)
def test_the_headline_stands_clear_of_the_name(tmp_path, theme):
    """Below the name by nearly a whole line of the name's size, not touching it."""
    profile = "name: Ada Lovelace\nheadline: Analyst of engines\n"
    site = _build(tmp_path, theme, {"content/profile.yaml": profile})
    name_top, name_height = _top_and_height(site / "output" / "cv.pdf", "Ada")
    headline_top, _ = _top_and_height(site / "output" / "cv.pdf", "Analyst")
    assert headline_top - name_top >= 0.95 * name_height
