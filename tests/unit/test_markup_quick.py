"""Skipping preprocessors, inline patterns, block tests and tree processors a text cannot match
gives exactly Python-Markdown's own output."""

from __future__ import annotations

import markdown.util
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown.inlinepatterns import LinkInlineProcessor
from markdown.preprocessors import NormalizeWhitespace
from markdown.treeprocessors import InlineProcessor

from generator.markup import (
    _BLOCK_TRIGGERS,
    _PRE_TRIGGERS,
    _TREE_TRIGGERS,
    MarkdownRenderer,
    UnsafeUrl,
    _Delimiters,
    _QuickInlineProcessor,
    _QuickWhitespace,
)
from tests.helpers import REPO

# Pieces that start or end every inline construct, and text between them.
PIECES = [
    "word",
    " ",
    "  \n",
    "\n",
    "\n\n",
    "*",
    "**",
    "_",
    "__",
    "`",
    "``",
    "\\",
    "\\*",
    "[",
    "]",
    "(",
    ")",
    "![",
    "[^1]",
    "[^1]: note\n",
    "[a](https://example.org)",
    "[ref]",
    "[ref]: /files/a.pdf\n",
    "[a][ref]",
    "[a] [ref]",
    "[a]\n[ref]",
    "![a] [ref]",
    "[ref][]",
    "![ref]",
    "][",
    "] [",
    "]\n[",
    "![alt](img.png)",
    "<https://example.org>",
    "<a@b.org>",
    "<b>",
    "&amp;",
    "&copy;",
    "&",
    "'",
    '"',
    "--",
    "...",
    "- ",
    "1. ",
    "> ",
    "    code",
    "```\n",
    "```python\n",
    "~~~\n",
    "~~~~\n",
    "\t",
    " \n",
    "   \n",
    "\r\n",
    "\r",
    "\x02",
    "\x03",
    "{: .cls }",
    "{#id}",
    "{.a .b}",
    "{",
    "}",
    "\\{",
    "\\_",
    "*a*{: .c }",
    "Term\n: definition\n",
    ":",
    "# ",
    "#",
    "## Title ##",
    "\n===",
    "\n---",
    "\n-",
    "|",
    " | ",
    "| a | b |\n",
    "|---|---|\n",
    ">",
]


def _renderers(unsafe_html: bool) -> tuple[MarkdownRenderer, MarkdownRenderer]:
    quick = MarkdownRenderer(unsafe_html=unsafe_html)
    stock = MarkdownRenderer(unsafe_html=unsafe_html)
    md = stock._converter()
    md.preprocessors.register(NormalizeWhitespace(md), "normalize_whitespace", 30)
    for name in _PRE_TRIGGERS:  # back to each preprocessor's own run
        assert vars(md.preprocessors[name]).pop("run")
    md.treeprocessors.register(InlineProcessor(md), "inline", 20)
    for name in _BLOCK_TRIGGERS:  # back to each processor's own test
        assert vars(md.parser.blockprocessors[name]).pop("test")
    for name in _TREE_TRIGGERS:  # and to each tree processor's own run
        assert vars(md.treeprocessors[name]).pop("run")
    assert vars(md).pop("is_block_level")  # Markdown's own method
    if _Delimiters is not None:  # and emphasis paired by Markdown's own steps only
        assert vars(md.inlinePatterns["em_strong"]).pop("handleMatch")
    for pattern in md.inlinePatterns:  # and links read one character at a time
        if isinstance(pattern, LinkInlineProcessor):
            vars(pattern).pop("getText", None)
            vars(pattern).pop("getLink", None)
    assert vars(quick._converter().inlinePatterns["link"]).get("getLink")
    assert isinstance(quick._converter().treeprocessors["inline"], _QuickInlineProcessor)
    assert isinstance(quick._converter().preprocessors["normalize_whitespace"], _QuickWhitespace)
    return quick, stock


def _html(renderer: MarkdownRenderer, text: str, inline: bool) -> str:
    try:
        return str(renderer._render(text, inline))
    except UnsafeUrl as exc:
        return f"unsafe {exc.urls}"


RENDERERS = {flag: _renderers(flag) for flag in (False, True)}


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(PIECES), max_size=25).map("".join),
    st.booleans(),
    st.booleans(),
)
def test_quick_processing_equals_python_markdowns(text: str, inline: bool, unsafe: bool):
    quick, stock = RENDERERS[unsafe]
    assert _html(quick, text, inline) == _html(stock, text, inline)


# Runs of `*` and `_`, and what stands beside them: a run opens, closes or both by what is
# on either side (CommonMark's flanking rules), and pairs by its length.
EMPHASIS = [
    "*",
    "**",
    "***",
    "****",
    "_",
    "__",
    "___",
    "a",
    "word",
    " ",
    "\n",
    "\n\n",
    ".",
    "*a*",
    "**a**",
    "_a_",
    "__a__",
    "a_b",
    "a*b",
    "\\*",
    "`",
    "[a](b)",
    "- ",
]
# Links, and what makes Python-Markdown count brackets or quotes in them.
LINKS = [
    "[",
    "]",
    "(",
    ")",
    "[a]",
    "(b)",
    "[a](b)",
    "[a](<b>)",
    "[a](b 'c')",
    '[a](b "c")',
    "![a](b)",
    "'",
    '"',
    "<",
    ">",
    " ",
    "x",
    "\\",
    "\\)",
    "\\]",
    "*",
    "`",
    "\n",
    "[ref]: /r\n",
    "[a][ref]",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(EMPHASIS), max_size=16).map("".join), st.booleans())
def test_emphasis_is_paired_as_python_markdown_pairs_it(text: str, inline: bool):
    quick, stock = RENDERERS[False]
    assert _html(quick, text, inline) == _html(stock, text, inline)


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(LINKS), max_size=16).map("".join), st.booleans())
def test_links_are_read_as_python_markdown_reads_them(text: str, unsafe: bool):
    quick, stock = RENDERERS[unsafe]
    assert _html(quick, text, False) == _html(stock, text, False)


@pytest.mark.parametrize(
    "text",
    [
        "a **b** c *d* e",
        "**a** **b**",
        "*a**b*",
        "**a*b**",
        "***a***",
        "**a*",
        "*a**",
        "_a_ *b*",
        "__a__b",
        "a**b**c",
        "**a\nb**",
        "*a _b_ c*",
        "* a*",
        "*a *",
    ],
)
def test_common_emphasis_renders_as_python_markdown_renders_it(text: str):
    for quick, stock in RENDERERS.values():
        assert _html(quick, text, False) == _html(stock, text, False)
        assert _html(quick, text, True) == _html(stock, text, True)


@pytest.mark.parametrize("unsafe", [False, True])
def test_every_markdown_text_of_the_sample_site_and_fixtures_renders_the_same(unsafe: bool):
    quick, stock = RENDERERS[unsafe]
    texts = [
        path.read_bytes().decode("utf-8", errors="replace")  # some fixtures are broken on purpose
        for folder in (REPO / "content", REPO / "tests")
        for path in sorted(folder.rglob("*"))
        if path.suffix in (".md", ".yaml", ".yml", ".bib") and path.stat().st_size < 200_000
    ]
    assert len(texts) > 20
    for text in texts:
        assert _html(quick, text, False) == _html(stock, text, False)


REFERENCE_FORMS = [
    "[a][ref]",
    "[a] [ref]",
    "[a]\n[ref]",
    "[a]  [ref]",
    "[ref][]",
    "[ref]",
    "![a][ref]",
    "![a] [ref]",
    "![ref]",
    "[a][nowhere]",
    "[a] (ref)",
]


@pytest.mark.parametrize("form", REFERENCE_FORMS)
@pytest.mark.parametrize("defined", ["", "[ref]: /files/a.pdf\n\n"])
def test_links_to_references_render_as_python_markdown_renders_them(form: str, defined: str):
    # Reference patterns are skipped in a text without definitions, or without `]`, at most
    # one space and `[`: each form here, with and without a definition, must still match.
    text = f"{defined}see {form} here"
    for quick, stock in RENDERERS.values():
        assert _html(quick, text, False) == _html(stock, text, False)


def test_markdown_extensions_are_python_markdowns_own_not_looked_up_by_name(
    monkeypatch: pytest.MonkeyPatch,
):
    # A name is looked up among every installed package's entry points: slow to import and
    # read, and another package may register the same name.
    def looked_up() -> list:
        raise AssertionError("extensions looked up by name")

    monkeypatch.setattr(markdown.util, "get_installed_extensions", looked_up)
    html = str(MarkdownRenderer()._render("| a |\n|---|\n| b |\n\nx[^1]\n\n[^1]: n\n", False))
    assert "<table>" in html and 'class="footnote"' in html


def test_a_pattern_registered_after_the_first_text_is_tried_too():
    """The quick inline processor makes its list of patterns on its first run."""
    from markdown.inlinepatterns import SimpleTagInlineProcessor

    md = MarkdownRenderer()._converter()
    md.reset().convert("a")
    md.inlinePatterns.register(SimpleTagInlineProcessor(r"()~~(.+?)~~", "del"), "del", 45)
    assert md.reset().convert("~~x~~") == "<p><del>x</del></p>"


def test_processors_registered_or_removed_later_are_run_or_not():
    """The registries list their processors once (_ListedRegistry), until they change."""
    from markdown.postprocessors import Postprocessor

    class Shout(Postprocessor):
        def run(self, text: str) -> str:
            return text.upper()

    md = MarkdownRenderer()._converter()
    assert md.reset().convert("a") == "<p>a</p>"
    md.postprocessors.register(Shout(md), "shout", 1)
    assert md.reset().convert("a") == "<P>A</P>"
    md.postprocessors.deregister("shout")
    assert md.reset().convert("a") == "<p>a</p>"
