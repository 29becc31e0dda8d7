"""The HTML CV's print stylesheet: /cv/ printed by Chromium comes out on A4 with every entry
whole on one page, in both themes, and its links lead to the published site.

The product's own cv.pdf is typeset by Typst (tests/e2e/test_cv_pdf.py); this prints the
page as a reader would from a browser, into a file of the test's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape, unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest

from generator import urls as routes
from tests import pdfread
from tests.browser.conftest import THEMES
from tests.helpers import REPO, build_theme
from tests.htmlread import read_page

A4_POINTS = (595, 842)
BASE_URL = "https://example.org/cv-site/"
ENTRY_TEXTS = "[...document.querySelectorAll('.cv article')].map(e => e.innerText)"
# What a page loads rather than links to: <link href>, <script src>, <img src>, <source src>.
RESOURCE = re.compile(
    r"""(<(?:link\b[^>]*?\bhref|(?:script|img|source|audio|video)\b[^>]*?\bsrc)=")([^"]*)(")""",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Printed:
    output: Path  # the site as `cvsite build` wrote it
    pdf: Path  # /cv/ printed by Chromium (not the site's cv.pdf)
    entries: list[str]  # the text of each CV entry, as the printed page shows it


def print_copy(html: str, local_dir: str, public_url: str) -> str:
    """The CV page as a reader of the published site prints it, from a local copy.

    A <base> makes every relative link resolve under the public address; what the page loads
    (stylesheets, scripts, images) is pointed at the local build first, since the published
    site does not exist.
    """
    loaded = RESOURCE.sub(lambda m: m.group(1) + _local(local_dir, m.group(2)) + m.group(3), html)
    return loaded.replace("<head>", f'<head>\n<base href="{escape(public_url)}">', 1)


def _local(local_dir: str, url: str) -> str:
    if routes.leaves_site(url) or url.startswith("#"):
        return url
    return escape(urljoin(local_dir, unescape(url)))


def print_cv(browser, output: Path, target: Path) -> Printed:
    """Print the built /cv/ page to `target` as Chromium's print dialog would, with its
    defaults: no background graphics, the paper the stylesheet's @page asks for."""
    page_file = output / "cv" / "index.html"
    copy = target.with_suffix(".html")
    public = routes.absolute(BASE_URL, routes.CV)
    html = page_file.read_text(encoding="utf-8")
    copy.write_text(print_copy(html, page_file.parent.as_uri() + "/", public), encoding="utf-8")
    page = browser.new_page()
    try:
        page.emulate_media(media="print")
        page.goto(copy.as_uri())
        # Letter unless the stylesheet says otherwise: A4 in the PDF is the stylesheet's doing.
        page.pdf(path=target, format="Letter", prefer_css_page_size=True, print_background=False)
        entries = page.evaluate(ENTRY_TEXTS)
    finally:
        page.close()
    return Printed(output, target, entries)


@pytest.fixture(scope="module")
def printed(browser, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Printed]:
    """The sample site built in each theme, and its /cv/ printed: theme -> Printed."""
    pdfread.require_poppler()
    root = tmp_path_factory.mktemp("print")
    return {
        theme: print_cv(
            browser, build_theme(REPO, root / theme, theme, BASE_URL), root / f"{theme}-print.pdf"
        )
        for theme in THEMES
    }


def _page_words(pdf: Path, pages: int) -> list[set[str]]:
    return [_words(pdfread.text(pdf, page=number)) for number in range(1, pages + 1)]


def _words(text: str) -> set[str]:
    """Words, case-folded. Hyphens go (with a line break after one): pdftotext joins a word
    broken at a hyphen at the end of a line, so "low-latency" may come out as "lowlatency"."""
    return set(re.findall(r"\w+", re.sub(r"-\s*", "", text.casefold())))


@pytest.mark.parametrize("theme", THEMES)
def test_printed_cv_is_a4_with_the_content_and_a_sane_page_count(printed, theme):
    pdf = printed[theme].pdf
    info = pdfread.info(pdf)
    width, height = (float(v) for v in re.findall(r"[\d.]+", info["Page size"])[:2])
    assert (round(width), round(height)) == A4_POINTS, info["Page size"]
    pages = int(info["Pages"])
    assert 1 < pages <= 8, f"{pages} pages for a two-page résumé"

    text = pdfread.text(pdf)
    flat = " ".join(text.split())
    cv = read_page(printed[theme].output / "cv" / "index.html")
    assert "Silin Zhao" in flat
    for heading in cv.main.find_all("h2"):
        assert heading.text.casefold() in flat.casefold(), f"heading {heading.text!r} missing"
    titles = [h.text for h in cv.main.find_all(cls="entry-title")]
    assert len(titles) > 10
    for title in titles:
        assert _words(title) <= _words(text), f"entry {title!r} missing from the PDF"


@pytest.mark.parametrize("theme", THEMES)
def test_no_cv_entry_is_split_across_pages(printed, theme):
    pdf = printed[theme].pdf
    pages = _page_words(pdf, int(pdfread.info(pdf)["Pages"]))
    entries = printed[theme].entries
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


@pytest.mark.parametrize("theme", THEMES)
def test_printed_cv_links_to_the_published_site(printed, theme):
    pdf = printed[theme].pdf
    links = pdfread.urls(pdf)
    assert [url for url in links if url.startswith("file:")] == []
    assert any(url.startswith(BASE_URL) for url in links), links
    assert b"file://" not in pdf.read_bytes()
