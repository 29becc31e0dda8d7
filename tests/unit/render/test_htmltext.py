"""Markdown read as the text it shows, for where no markup can go: <title>, the meta tags,
the feed, JSON-LD and a screen reader's label (render/htmltext.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content import bibtext
from generator.content.bibparse import parse
from generator.content.bibtext import markdown_of_text
from generator.markdown.renderer import MarkdownRenderer
from generator.render import htmltext
from generator.render.htmltext import block_text, line_text

MARKDOWN = MarkdownRenderer()


@pytest.mark.parametrize(
    ("title", "text", "symbols"),
    [
        ("Learning *in situ* with `code`", "Learning in situ with code", None),
        ("A [linked](https://example.org) title", "A linked title", None),
        ("Fish & chips -- 'quoted'", "Fish & chips – ‘quoted’", None),
        ("Plain words,   spaced", "Plain words, spaced", None),
        # A formula stays TeX where no markup can go (as arXiv gives it), and reads as its
        # symbols to a screen reader.
        (r"$\sqrt{s} = 13$ TeV", r"$\sqrt{s} = 13$ TeV", "√s = 13 TeV"),
        (r"*The* \(B^0_s \to \mu^+\mu^-\) decay", r"The $B^0_s \to \mu^+\mu^-$ decay",
         "The Bs0 → μ+μ− decay"),
    ],
)  # fmt: skip
def test_a_line_of_markdown_reads_as_its_text(title, text, symbols):
    assert line_text(MARKDOWN, title) == text
    assert line_text(MARKDOWN, title, tex=False) == (symbols or text)


@pytest.mark.parametrize(
    "written",
    [
        "High Q**2 neutral current cross-sections at s**(1/2) = 318-GeV",  # ZEUS, INSPIRE
        "First Exclusive Reconstruction of the B*+, B*0, and Bs*0 Mesons",
        "Very high energy gamma rays from the direction of Sagittarius A*",
        "photoelectric heating and [C II] cooling in the LMC",  # NASA ADS
        "__init__ and snake_case_names and `ticks`",
        "1. Introduction",
        "# of samples < 5 > 3",
        r"a back\slash",
    ],
)
def test_text_from_a_bib_file_reads_as_written_on_the_page_and_in_the_head(written):
    """A .bib title is text: what Markdown would take for emphasis, a link, a list or a
    formula (`\\[`) is escaped, and reads back as written."""
    source = markdown_of_text(written)
    assert line_text(MARKDOWN, source) == written
    html = MARKDOWN.inline(source)
    assert "<em>" not in html and "<strong>" not in html and "<math" not in html


def test_an_abstracts_paragraphs_read_as_written_and_its_formulas_as_math():
    written = "We measure Q**2.\n\n- not a list, and 2. not either, at $\\sqrt{s}$ = 13 TeV."
    source = markdown_of_text(written)
    html = MARKDOWN.block(source)
    assert html.count("<p>") == 2 and "<ul>" not in html and html.count("<math") == 1
    assert block_text(MARKDOWN, source) == (
        "We measure Q**2. - not a list, and 2. not either, at $\\sqrt{s}$ = 13 TeV."
    )


REAL = Path(__file__).resolve().parents[2] / "fixtures" / "realworld" / "bibtex"
# The real .bib files whose titles hold formulas (their sources: tests/fixtures/realworld/
# SOURCES.md), but the three CMS lists, which write them as LHCb's list does, and Pierce's,
# slow to parse (the real-file e2e tests read every <title> of all of them).
WITH_FORMULAS = ("shires-lhcb-papers", "ginsburg-ads-cv", "handley-ads", "rowe-ads")
WITH_FORMULAS += ("stark-papers", "qi-mendeley", "beaumier-mendeley")


def test_text_and_formulas_read_without_the_parser_as_with_it():
    """A title of text and formulas (most .bib titles) is read without the HTML parser, for
    <title> and the meta tags (formulas as TeX), screen readers' labels and the PDF
    (formulas as symbols, styled): it must read as the parser reads it, on every title
    with a formula of real .bib files."""
    titles = set()
    for path in (REAL / f"{name}.bib" for name in WITH_FORMULAS):
        for record in parse(path.read_text(encoding="utf-8", errors="replace"), path.name).records:
            if "title" in record.fields and "$" in record.fields["title"].value:
                written = bibtext.decode(bibtext.without_links(record.fields["title"].value)[0])
                titles.add(bibtext.markdown_of_text(written))
    assert len(titles) > 250
    read = 0
    for title in sorted(titles):
        html = MARKDOWN.inline(title)
        for tex in (True, False):
            if htmltext._formula_runs(html, tex) is not None:
                read += 1
                assert htmltext.read_blocks(html, tex=tex) == htmltext.parsed_blocks(
                    html, tex=tex
                ), title
    assert read > 500
