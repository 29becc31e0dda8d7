"""CV variants on the sample site (its `ml` variant in site.yaml): the page /cv/ml/ and
cv-ml.pdf show the entries and highlights the variant keeps and none it leaves out, in both
themes and both languages; the page is kept from search engines, the menu and the sitemap;
`cvsite build --variant ml` builds that CV alone; a misspelt tag warns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import pdfread
from tests.helpers import REPO, SITE_YAML, copy_site, run_cli, set_theme, write_site
from tests.htmlread import read_page

THEMES = ("meridian", "ledger")

# What the sample's `ml` variant keeps and leaves out (site.yaml, content/).
KEPT = [
    "AI Engineering",  # tagged LLM
    "Built RAG pipelines with distributed Qdrant",  # a highlight tagged RAG
    "Managed short- and long-term memory",  # an untagged highlight
    "Robotics Engineer",  # an untagged entry
    "Distributed Deep Learning with Golang",  # tagged Deep Learning
    "Master of Application Informatics",  # tagged PyTorch
    "Master of Physics",  # untagged
    "Growing Domain-Specific LLMs",  # untagged publication
]
LEFT_OUT = [
    "Integrated MCP to connect LLMs",  # a highlight tagged MCP only
    "Python Developer",  # tagged Django (excluded)
    "Full-stack Web Developer",  # tagged Django
    "HPC Benchmarking",  # tagged, none of the included tags
    "Bachelor of Applied Informatics",  # tagged, none of the included tags
    "Certificates",  # a section the variant does not list
]
SECTIONS = ["Experience", "Publications", "Projects", "Education", "Skills"]


@pytest.fixture(scope="module", params=THEMES)
def built(request, tmp_path_factory) -> Path:
    pdfread.require_poppler()
    site = copy_site(REPO, tmp_path_factory.mktemp(request.param) / "site")
    set_theme(site, request.param)
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    return site / "output"


def _flat(text: str) -> str:
    """Text as compared here: one space between words, one case (ledger's PDF sets section
    titles in capitals)."""
    return " ".join(text.replace("\u00ad", "").split()).casefold()


def _absent(facts: list[str], text: str) -> list[str]:
    return [fact for fact in facts if fact.casefold() not in text]


def _present(facts: list[str], text: str) -> list[str]:
    return [fact for fact in facts if fact.casefold() in text]


def _pdf_text(pdf: Path) -> str:
    return _flat(pdfread.text(pdf))


def test_the_variant_page_shows_what_it_keeps_and_nothing_it_leaves_out(built):
    page = _flat(read_page(built / "cv" / "ml" / "index.html").main.text)
    whole = _flat(read_page(built / "cv" / "index.html").main.text)
    assert _absent(KEPT, page) == []
    assert _present(LEFT_OUT, page) == []
    assert _absent(KEPT + LEFT_OUT, whole) == []  # /cv/ shows all


def test_the_variant_pdf_shows_what_it_keeps_and_nothing_it_leaves_out(built):
    pdf = _pdf_text(built / "cv-ml.pdf")
    whole = _pdf_text(built / "cv.pdf")
    assert _absent(KEPT, pdf) == []
    assert _present(LEFT_OUT, pdf) == []
    assert _absent(KEPT + LEFT_OUT, whole) == []


def test_sections_come_in_the_variants_order(built):
    page = read_page(built / "cv" / "ml" / "index.html")
    sections = page.main.find_all("section", cls="cv-section")
    assert [section.find("h2").text.strip() for section in sections] == SECTIONS
    pdf = pdfread.text(built / "cv-ml.pdf")
    titles = [title.casefold() for title in SECTIONS]
    lines = [line.strip().casefold() for line in pdf.splitlines()]
    assert [line for line in lines if line in titles] == titles


def test_the_variant_page_is_noindex_and_in_no_menu_sitemap_or_feed(built):
    html = (built / "cv" / "ml" / "index.html").read_text(encoding="utf-8")
    assert '<meta name="robots" content="noindex">' in html
    assert "noindex" not in (built / "cv" / "index.html").read_text(encoding="utf-8")
    assert "cv/ml" not in (built / "sitemap.xml").read_text(encoding="utf-8")
    assert "cv/ml" not in (built / "feed.xml").read_text(encoding="utf-8")
    pages = [p for p in built.rglob("*.html") if "cv/ml" not in p.as_posix()]
    linking = [p for p in pages if "cv/ml" in p.read_text(encoding="utf-8")]
    assert linking == []


def test_the_variant_page_links_its_own_pdf_in_each_language(built):
    links = read_page(built / "cv" / "ml" / "index.html").links()
    assert "../../cv-ml.pdf" in links
    assert "../../cv.pdf" not in links
    german = read_page(built / "de" / "cv" / "ml" / "index.html")
    assert any(link.endswith("de/cv-ml.pdf") for link in german.links())
    assert german.title.startswith("Silin Zhao — Lebenslauf (maschinelles Lernen)")


def test_the_variant_pdf_says_which_cv_it_is(built):
    assert pdfread.info(built / "cv-ml.pdf")["Title"] == "Silin Zhao — CV (machine learning)"
    german = pdfread.info(built / "de" / "cv-ml.pdf")
    assert german["Title"] == "Silin Zhao — Lebenslauf (maschinelles Lernen)"
    assert "Django" not in pdfread.info(built / "cv-ml.pdf")["Keywords"]  # its entries' tags


# --- cvsite build --variant ----------------------------------------------------------------


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A copy of the sample site of the test's own: the tests below check what a build
    leaves in `output/`, so none may see another's (xdist runs them in any worker)."""
    return copy_site(REPO, tmp_path / "site")


def test_build_variant_writes_that_cv_alone_into_a_folder_of_its_own(site):
    pdfread.require_poppler()
    result = run_cli("build", "--site", site, "--variant", "ml")
    assert result.code == 0, result.err
    folder = site / "output-cv-ml"
    files = sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and "assets" not in p.parts and not p.name.startswith(".")
    )
    assert files == ["cv-ml.pdf", "cv/ml/index.html", "de/cv-ml.pdf", "de/cv/ml/index.html"]
    assert (folder / "assets" / "style.css").is_file()  # the page looks as on the site
    assert not (site / "output").exists()
    assert "output-cv-ml/cv-ml.pdf" in result.out
    pdf = _pdf_text(folder / "cv-ml.pdf")
    assert _absent(KEPT, pdf) == []
    assert _present(LEFT_OUT, pdf) == []


def test_build_variant_leaves_a_built_site_and_its_stamp_alone(site):
    assert run_cli("build", "--site", site).code == 0
    before = {p: p.stat().st_mtime_ns for p in (site / "output").rglob("*")}
    result = run_cli("build", "--site", site, "--variant", "ml", "--output", site / "elsewhere")
    assert result.code == 0, result.err
    assert (site / "elsewhere" / "cv-ml.pdf").is_file()
    assert {p: p.stat().st_mtime_ns for p in (site / "output").rglob("*")} == before
    again = run_cli("build", "--site", site)
    assert "nothing changed" in again.out.lower() or "unchanged" in again.out.lower(), again.out


@pytest.mark.parametrize("output", ["output", "whole"])
def test_build_variant_refuses_a_folder_that_holds_the_whole_site(site, output):
    # The whole site built there first (for `output`, the site's own build).
    assert run_cli("build", "--site", site, "--output", site / output).code == 0
    result = run_cli("build", "--site", site, "--variant", "ml", "--output", site / output)
    assert result.code == 1
    assert "holds the whole site" in result.err
    assert (site / output / "sitemap.xml").is_file()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ml2", "site.yaml has no variant named 'ml2' (did you mean 'ml'?)"),
        ("hpc", "site.yaml has no variant named 'hpc' (variants: ml)"),
        ("../ml", "--variant '../ml': site.yaml has no such variant"),
    ],
)
def test_build_variant_of_a_name_site_yaml_lacks_is_a_usage_error(site, name, message):
    result = run_cli("build", "--site", site, "--variant", name)
    assert result.code == 2
    assert message in result.err
    assert not list(site.parent.glob("output-cv-*"))


def test_a_misspelt_tag_warns_at_its_line_and_the_build_goes_on(tmp_path):
    site = copy_site(REPO, tmp_path / "site")
    config = site / "site.yaml"
    text = config.read_text(encoding="utf-8").replace(
        "include_tags: [LLM, PyTorch,", "include_tags: [LLM, Pytorh,"
    )
    config.write_text(text, encoding="utf-8")
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "Pytorh" in row)
    assert re.search(
        rf"^site\.yaml:{line}:\d+: variants\[0\]\.include_tags\[1\]: no entry or highlight has "
        r"the tag 'Pytorh', so it chooses nothing \(did you mean 'PyTorch'\?\)$",
        result.err,
        re.M,
    ), result.err


def test_a_file_of_the_site_at_a_variants_pdf_address_is_an_error(tmp_path):
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": SITE_YAML + "variants:\n  - name: v\n",
            "content/projects.yaml": "- title: T\n",
            "content/cv-v.pdf": b"%PDF of my own",
        },
    )
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert "content/cv-v.pdf: URL /cv-v.pdf is also made by the generated cv-v.pdf" in result.err
    assert not (site / "output").exists()
