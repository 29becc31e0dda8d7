"""site.yaml `cv.publications` (issue 42): a long list's CV shows the N most recent or the
selected papers, with one line saying how many more there are, linking the full list; the
publications page still lists all. Built from a real .bib (denolle-pub.bib, 68 papers)."""

from __future__ import annotations

import re
import shutil

from tests.helpers import FIXTURES, run_cli
from tests.htmlread import read_page
from tests.pdfread import require_poppler, text, urls

SOURCE = FIXTURES / "realworld" / "bibtex" / "denolle-pub.bib"


def _built(folder, cv: str):
    (folder / "content").mkdir(parents=True)
    (folder / "site.yaml").write_text(
        "title: Marine Denolle\nbase_url: https://example.org/sub/\n"
        f"highlight_author: Marine A. Denolle\n{cv}",
        "utf-8",
    )
    (folder / "content" / "profile.yaml").write_text("name: Marine A. Denolle\n", "utf-8")
    shutil.copyfile(SOURCE, folder / "content" / "publications.bib")
    run = run_cli("build", "--site", folder)
    assert run.code == 0, run.err
    return folder / "output"


def test_the_cv_shows_the_most_recent_and_says_how_many_more(tmp_path):
    output = _built(tmp_path, "cv:\n  publications: 5\n")
    cv = read_page(output / "cv" / "index.html")
    section = cv.main.find("section", **{"aria-labelledby": "cv-publications"})
    titles = [h for h in section.find_all("h3")]
    assert len(titles) == 5
    more = cv.main.find("p", cls="cv-more")
    assert more is not None and more.text.startswith("63 more")
    assert "../publications/" in [a.attrs.get("href") for a in more.find_all("a")]
    years = [int(y) for y in re.findall(r"\b(20[0-3]\d)\b", section.text)]
    listing = read_page(output / "publications" / "index.html")
    all_years = [int(y) for y in re.findall(r"\b(20[0-3]\d)\b", listing.main.text)]
    assert min(years) >= sorted(all_years, reverse=True)[4]  # the five newest
    assert len(list((output / "publications").glob("*/index.html"))) == 68
    require_poppler()
    pdf = output / "cv.pdf"
    # On paper the line says where the full list is, as the PDF's other links do.
    assert "63 more · example.org/sub/publications/" in text(pdf)
    assert "https://example.org/sub/publications/" in urls(pdf)


def test_the_cv_shows_the_selected_papers(tmp_path):
    output = _built(tmp_path, "cv:\n  publications: selected\n")
    more = read_page(output / "cv" / "index.html").main.find("p", cls="cv-more")
    assert more is not None and more.text.startswith("68 more")  # none is selected


def test_a_bad_value_is_a_located_error(tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "site.yaml").write_text(
        "title: T\nbase_url: https://example.org/\ncv:\n  publications: 0\n", "utf-8"
    )
    (tmp_path / "content" / "profile.yaml").write_text("name: T\n", "utf-8")
    run = run_cli("build", "--site", tmp_path)
    assert run.code != 0 and "site.yaml:4:17: cv.publications" in run.err
