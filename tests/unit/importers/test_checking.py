"""An import's Markdown the site would refuse is written as text, which must read as the
text it was: not as a link, and not as a formula (`\\[…\\]` and `\\(…\\)` open one here)."""

from __future__ import annotations

from generator.importers.checking import safe_markdown
from generator.markdown.renderer import MarkdownRenderer
from tests.htmlread import parse_page

MARKDOWN = MarkdownRenderer()


def _shown(markdown: str):
    return parse_page(f"<div>{MARKDOWN.block(markdown)}</div>").root.find("div")


def test_an_unsafe_link_is_its_text_and_the_rest_keeps_its_marks():
    notes: list[str] = []
    text = safe_markdown("See [my talk](javascript:alert(1)) and *this*.", "cv.md:3", notes)
    shown = _shown(text)
    assert notes == ["cv.md:3: a link with an unsafe URL scheme, written as text"]
    assert shown.find("math") is None and shown.find("a") is None  # once a display formula
    assert "See [my talk](javascript:alert(1)) and" in shown.text
    assert shown.find("em").text == "this"


def test_refused_markdown_reads_as_written():
    notes: list[str] = []
    # a fenced block's option the site refuses (marked lines), brackets and parentheses in it
    written = '```{.python hl_lines="1"}\nf(x) = [a, b] and g\\(y\\)\n```'
    shown = _shown(safe_markdown(written, "cv.md:5", notes))
    assert notes == ["cv.md:5: Markdown the site would refuse, written as text"]
    assert shown.find("math") is None and shown.find("code") is None
    assert "f(x) = [a, b] and g\\(y\\)" in shown.text  # as written, backslashes too
