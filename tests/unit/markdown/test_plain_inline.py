"""The shortcut for plain inline text gives exactly what Python-Markdown gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.markdown.renderer import MarkdownRenderer, is_plain
from generator.site.parallel import MIN_ITEMS

PIECES = [
    "AI",
    "x",
    "Zé",
    "9",
    "2021",
    " ",
    ",",
    ".",
    ";",
    ":",
    "(",
    ")",
    "/",
    "?",
    "!",
    "%",
    "=",
    "+",
    "-",
    "--",
    "...",
    "_",
    "*",
    "'",
    '"',
    "&",
    "<",
    "#",
    "[",
    "`",
]


def _markdown(renderer: MarkdownRenderer, text: str) -> str:
    """The renderer's inline result, computed by Python-Markdown itself."""
    return str(renderer._converter().reset().convert(text)).removeprefix("<p>").removesuffix("</p>")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=12).map("".join))
def test_plain_text_renders_as_markdown_renders_it(text: str):
    if not is_plain(text):
        return
    for smart_quotes in (True, False):
        renderer = MarkdownRenderer(smart_quotes=smart_quotes)
        assert str(renderer.inline(text)) == _markdown(renderer, text)


def test_what_markdown_would_change_is_not_plain():
    for text in ("2021. A list", "a -- b", "Wait...", "snake_case", "*em*", "a  b", "1) x"):
        assert not is_plain(text), text
    for text in ("AI Engineering", "C++ at 3.5 GHz", "Hello, world!", "Über (x) 5"):
        assert is_plain(text), text


def test_plain_titles_alone_are_not_worth_another_process():
    """`prepare` hands the texts Markdown parses to the caller's spread (site/parallel.py
    spreads them over the cores); plain titles are only escaped, when they are asked for."""
    spread = []

    def record(function, items, **kwargs):  # noqa: ANN001, ANN003, ANN202
        spread.append(items)
        return [function(item) for item in items]

    renderer = MarkdownRenderer()
    titles = [(f"Project {n}", True) for n in range(500)]
    renderer.prepare(titles, record)
    assert spread == []
    bodies = [(f"Body *{n}*.", False) for n in range(MIN_ITEMS)]
    renderer.prepare(titles + bodies, record)
    assert spread == [bodies]
    assert renderer.block("Body *7*.") == "<p>Body <em>7</em>.</p>"
    assert renderer.inline("Project 7") == "Project 7"
