"""`cvsite build --pdf` prints the CV to A4 with every entry whole on one page, in both themes;
without a browser it says what to do."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser.conftest import THEMES
from tests.helpers import REPO, build_theme, require_chromium, run_cli
from tests.htmlread import read_page

A4_POINTS = (595, 842)
ENTRY_TEXTS = "[...document.querySelectorAll('.cv article')].map(e => e.innerText)"


def _require_poppler() -> None:
    if shutil.which("pdftotext") and shutil.which("pdfinfo"):
        return
    message = "poppler-utils (pdftotext, pdfinfo) is not installed"
    if os.environ.get("CVSITE_REQUIRE_BROWSER"):
        pytest.fail(message + " and CVSITE_REQUIRE_BROWSER is set")
    pytest.skip(message)


def _info(pdf: Path) -> dict[str, str]:
    text = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    return dict(line.split(":", 1) for line in text.splitlines() if ":" in line)


def _page_words(pdf: Path, pages: int) -> list[set[str]]:
    words = []
    for number in range(1, pages + 1):
        text = subprocess.run(
            ["pdftotext", "-f", str(number), "-l", str(number), pdf, "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        words.append(_words(text))
    return words


def _words(text: str) -> set[str]:
    """Words, case-folded. Hyphens go (with a line break after one): pdftotext joins a word
    broken at a hyphen at the end of a line, so "low-latency" may come out as "lowlatency"."""
    return set(re.findall(r"\w+", re.sub(r"-\s*", "", text.casefold())))


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sample site built with --pdf in each theme: theme -> output folder."""
    require_chromium()
    _require_poppler()
    root = tmp_path_factory.mktemp("print")
    base = "https://example.org/cv-site/"
    return {theme: build_theme(REPO, root / theme, theme, base, "--pdf") for theme in THEMES}


@pytest.mark.parametrize("theme", THEMES)
def test_cv_pdf_is_a4_with_the_content_and_a_sane_page_count(printed, theme):
    pdf = printed[theme] / "cv.pdf"
    assert pdf.is_file()
    info = _info(pdf)
    width, height = (float(v) for v in re.findall(r"[\d.]+", info["Page size"])[:2])
    assert (round(width), round(height)) == A4_POINTS, info["Page size"]
    pages = int(info["Pages"])
    assert 1 < pages <= 8, f"{pages} pages for a two-page résumé"

    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout
    flat = " ".join(text.split())
    cv = read_page(printed[theme] / "cv" / "index.html")
    assert "Silin Zhao" in flat
    for heading in cv.main.find_all("h2"):
        assert heading.text.casefold() in flat.casefold(), f"heading {heading.text!r} missing"
    titles = [h.text for h in cv.main.find_all(cls="entry-title")]
    assert len(titles) > 10
    for title in titles:
        assert _words(title) <= _words(text), f"entry {title!r} missing from the PDF"


@pytest.mark.parametrize("theme", THEMES)
def test_no_cv_entry_is_split_across_pages(printed, browser, theme):
    pdf = printed[theme] / "cv.pdf"
    pages = _page_words(pdf, int(_info(pdf)["Pages"]))
    page = browser.new_page()
    try:
        page.emulate_media(media="print")
        page.goto((printed[theme] / "cv" / "index.html").as_uri())
        entries = page.evaluate(ENTRY_TEXTS)
    finally:
        page.close()
    assert len(entries) > 10
    split = []
    for text in entries:
        words = _words(text)
        if not any(words <= on_page for on_page in pages):
            best = max(pages, key=lambda on_page: len(words & on_page))
            where = [i + 1 for i, on_page in enumerate(pages) if words - best <= on_page]
            missing = sorted(words - best)
            split.append(f"{text.splitlines()[0]!r}: {missing} not on its page but on {where}")
    assert split == [], "\n".join(split)


def test_cv_pdf_links_to_the_published_site_and_a_rebuild_writes_nothing(printed):
    output = printed["meridian"]
    pdf = (output / "cv.pdf").read_bytes()
    assert b"file://" not in pdf
    assert b"https://example.org/cv-site/" in pdf
    result = run_cli(
        "build", "--site", output.parent, "--base-url", "https://example.org/cv-site/", "--pdf"
    )
    assert result.code == 0, result.err
    assert "nothing changed" in result.out
    assert (output / "cv.pdf").read_bytes() == pdf


def test_pdf_without_a_browser_says_what_to_do_and_builds_nothing(sample_site: Path):
    empty = sample_site / "no-browsers"
    empty.mkdir()
    env = {"PATH": str(empty), "CVSITE_CHROMIUM": "", "CHROME_PATH": ""}
    result = run_cli("build", "--site", sample_site, "--pdf", env=env)
    assert result.code == 1
    assert "--pdf needs a headless Chromium" in result.err
    assert "apt-get install chromium" in result.err
    assert "Traceback" not in result.err
    assert not (sample_site / "output").exists()
