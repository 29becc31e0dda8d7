"""Markdown's HTML read as text: blocks of styled runs for a typesetter (the PDF CV,
cvdocument.py), or the plain text of a line for where no markup can go. A formula reads as
its symbols (mathtext.py: `$\\sqrt{s} = 13$` is `√s = 13`) on paper and in a screen
reader's label; in `<title>`, the meta tags, JSON-LD and the feed it stays TeX, as arXiv
gives it there (nothing of it is lost, and Scholar matches it to arXiv's record)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from html import unescape
from html.parser import HTMLParser
from typing import Any
from xml.etree import ElementTree

from generator.markdown.renderer import MarkdownRenderer, is_plain
from generator.render.mathtext import MathNode, Piece, math_pieces

Runs = list[dict[str, Any]]
Blocks = list[dict[str, Any]]


def read_blocks(html: str, *, tex: bool = False) -> Blocks:
    """The blocks of `html`, each with its runs; with `tex`, a formula is its TeX source
    (`$\\sqrt{s}$`), else the symbols it shows."""
    runs = _formula_runs(html, tex)
    if runs is None:
        return parsed_blocks(html, tex=tex)
    runs = flatten(runs)  # then as the reader ends a paragraph (_HtmlReader._end_block)
    if runs:
        runs[-1]["text"] = runs[-1]["text"].rstrip(" ")
    runs = [run for run in runs if run["text"]]
    return [{"kind": "paragraph", "runs": runs}] if runs else []


def parsed_blocks(html: str, *, tex: bool = False) -> Blocks:
    """`read_blocks` by the HTML parser, whatever the HTML holds."""
    reader = _HtmlReader(tex)
    reader.feed(html)
    reader.close()
    return reader.done()


# Inline elements and the style each gives its text.
_STYLES = {
    "strong": "strong",
    "b": "strong",
    "em": "emph",
    "i": "emph",
    "cite": "emph",
    "code": "code",
    "kbd": "code",
    "samp": "code",
    "sup": "super",
    "sub": "sub",
    "del": "strike",
    "s": "strike",
}
# Elements that start a block of their own (a paragraph, unless said otherwise).
_BLOCKS = {
    "p",
    "div",
    "blockquote",
    "pre",
    "table",
    "tr",
    "dl",
    "dt",
    "dd",
    "figure",
    "figcaption",
    *(f"h{level}" for level in range(1, 7)),
    "hr",
    "ul",
    "ol",
    "li",
    "section",
    "details",
    "summary",
}
_HIDDEN = {"script", "style", "template"}  # raw HTML (with `unsafe_html`) whose text is no text


class _HtmlReader(HTMLParser):
    """Rendered Markdown -> blocks of runs, whitespace collapsed as a browser does."""

    def __init__(self, tex: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.tex = tex
        self.blocks: Blocks = []
        self.runs: Runs = []
        self.kind = "paragraph"
        self.styles: list[tuple[str, str, str | None]] = []  # (tag, style, link)
        self.lists: list[bool] = []  # ordered?, per open list
        self.numbers: list[int] = []
        self.hidden = 0
        # The open elements of a formula, outermost first: read as a whole when it closes,
        # since a script, a fraction or a root is laid out from all of its parts.
        self.formula: list[MathNode] = []
        self.pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.formula or tag == "math":
            node = MathNode(tag, dict(attrs))
            if self.formula:
                self.formula[-1].children.append(node)
            self.formula.append(node)
        elif tag in _HIDDEN:
            self.hidden += 1
        elif tag == "br":
            self.runs.append({"text": "", "break": True})
        elif tag == "img":
            alt = dict(attrs).get("alt")
            if alt:
                self._text(alt)
        elif tag in _BLOCKS:
            self._start_block(tag, dict(attrs))
        elif tag == "a":
            href = dict(attrs).get("href") or None
            link = None if href is None or href.startswith("#") else href
            self.styles.append((tag, "", link))
        elif tag in _STYLES:
            self.styles.append((tag, _STYLES[tag], None))
        elif tag in ("td", "th") and self.runs:
            self._text(" · ")

    def _start_block(self, tag: str, attrs: dict[str, str | None]) -> None:
        self._end_block()
        if tag in ("ul", "ol"):
            self.lists.append(tag == "ol")
            start = attrs.get("start")
            self.numbers.append(int(start) - 1 if start and start.isdigit() else 0)
        elif tag == "li":
            self.kind = "item"
            if self.numbers:
                self.numbers[-1] += 1
        elif tag == "pre":
            self.kind = "code"
            self.pre += 1
        elif (tag[0] == "h" and tag[1:].isdigit()) or tag in ("dt", "summary"):
            self.kind = "heading"

    def handle_endtag(self, tag: str) -> None:
        if self.formula:
            self._end_math_element(tag)
        elif tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCKS:
            self._end_block()
            if tag in ("ul", "ol") and self.lists:
                self.lists.pop()
                self.numbers.pop()
            elif tag == "pre":
                self.pre = max(0, self.pre - 1)
        else:
            for index in range(len(self.styles) - 1, -1, -1):
                if self.styles[index][0] == tag:
                    del self.styles[index:]
                    break

    def _end_math_element(self, tag: str) -> None:
        """Closes the formula's open `tag` (and any left open inside it); the whole formula,
        once closed, becomes runs."""
        if tag not in (node.tag for node in self.formula):
            return
        node = self.formula.pop()
        while node.tag != tag:
            node = self.formula.pop()
        if self.formula or self.hidden:
            return
        source = _tex_of(node) if self.tex else None
        if source is not None:
            sign = "$$" if node.attrs.get("display") == "block" else "$"
            self._text(f"{sign}{source}{sign}", collapse=False)
            return
        for text, styles in math_pieces(node):
            self._text(text, styles, collapse=False)

    def handle_data(self, data: str) -> None:
        if self.formula:
            self.formula[-1].children.append(data)
        elif not self.hidden:
            self._text(data)

    def _text(self, data: str, styles: Iterable[str] = (), collapse: bool = True) -> None:
        """Text, in the open styles and `styles`; its white space collapsed as a browser
        does unless in <pre> or not `collapse` (a formula's thin spaces are its own)."""
        if not self.pre:
            if collapse:
                data = re.sub(r"\s+", " ", data)
            if not self.runs or self.runs[-1].get("break") or self.runs[-1]["text"].endswith(" "):
                data = data.lstrip(" ")
        if not data:
            return
        run: dict[str, Any] = {"text": data}
        for style in styles:
            run[style] = True
        for _, style, link in self.styles:
            if style:
                run[style] = True
            if link:
                run["link"] = link
        self.runs.append(run)

    def _end_block(self) -> None:
        runs = flatten(self.runs)
        if runs and self.kind != "code":
            runs[-1]["text"] = runs[-1]["text"].rstrip(" ")
            runs = [run for run in runs if run["text"] or run.get("break")]
        if runs:
            block: dict[str, Any] = {"kind": self.kind, "runs": runs}
            if self.kind == "item":
                block["depth"] = max(0, len(self.lists) - 1)
                block["number"] = self.numbers[-1] if self.lists and self.lists[-1] else None
            if self.kind == "code":
                block = {"kind": "code", "text": "".join(run["text"] for run in runs)}
            self.blocks.append(block)
        self.runs = []
        self.kind = "item" if self.lists and self.kind == "item" else "paragraph"

    def done(self) -> Blocks:
        if self.formula:  # a formula never closed: read what it holds
            self._end_math_element(self.formula[0].tag)
        self._end_block()
        return self.blocks


def flatten(blocks_or_runs: Any) -> Runs:
    """Runs of the same styles as one; from blocks, their runs joined."""
    if blocks_or_runs and "kind" in blocks_or_runs[0]:
        runs = []
        for block in blocks_or_runs:
            if runs:
                runs.append({"text": " "})
            runs += block.get("runs") or [{"text": block.get("text", "")}]
    else:
        runs = blocks_or_runs
    merged: Runs = []
    for run in runs:
        if merged and {**merged[-1], "text": ""} == {**run, "text": ""} and not run.get("break"):
            merged[-1] = {**merged[-1], "text": merged[-1]["text"] + run["text"]}
        else:
            merged.append(dict(run))
    return merged


def _tex_of(formula: MathNode) -> str | None:
    """The TeX a formula was written in, as its <annotation> keeps it."""
    for node in formula.elements():
        if node.tag == "annotation" and node.attrs.get("encoding") == "application/x-tex":
            return node.text()
        found = _tex_of(node)
        if found is not None:
            return found
    return None


def line_text(markdown: MarkdownRenderer, text: str | None, *, tex: bool = True) -> str:
    """One line of Markdown (an entry's title) as the text it shows: `High Q\\*\\*2` reads
    `High Q**2`, `*in situ*` reads `in situ`; a formula as its TeX, or without `tex` as
    its symbols."""
    if not text:
        return ""
    if is_plain(text):  # most titles: Markdown would only escape them
        return " ".join(text.split())
    return plain_text(markdown.inline(text), tex=tex)


def block_text(markdown: MarkdownRenderer, text: str | None) -> str:
    """Markdown's blocks (an abstract) as their text, the paragraphs joined by a space, its
    formulas as their TeX."""
    return _text_of(markdown.block(text), tex=True) if text else ""


@functools.lru_cache(maxsize=8192)  # a title is asked for by its page's head and every label
def plain_text(html: str, *, tex: bool = True) -> str:
    """The text of `html`, as a browser shows it without its styles."""
    return _text_of(html, tex=tex)


def _text_of(html: str, *, tex: bool) -> str:
    runs = flatten(read_blocks(html, tex=tex))
    return "".join(" " if run.get("break") else run["text"] for run in runs).strip()


# A formula as the Markdown renderer writes it (markdown/math.py), its TeX in <annotation>.
_FORMULA = re.compile(
    r'<math display="(inline|block)"><semantics>.*?'
    r'<annotation encoding="application/x-tex">([^<]*)</annotation></semantics></math>',
    re.DOTALL,
)
_SPACE = re.compile(r"\s+")


def _formula_runs(html: str, tex: bool) -> Runs | None:
    """The runs of HTML that holds only text and formulas (most .bib titles), read without
    HTMLParser, whose Python callbacks for every element of MathML made a physicist's list
    slow to read (bench/README.md); None for any other markup. A formula is read from the
    standard library's XML parser. tests/unit/render/test_htmltext.py checks that this
    reads as the parser does, on the real .bib files' titles."""
    runs: Runs = []

    def add(data: str, styles: Iterable[str] = (), collapse: bool = True) -> None:
        # as _HtmlReader._text: spaces collapsed, none at the start of the line or after one
        data = _SPACE.sub(" ", data) if collapse else data
        if not runs or runs[-1]["text"].endswith(" "):
            data = data.lstrip(" ")
        if data:
            runs.append({"text": data, **dict.fromkeys(styles, True)})

    html, position = str(html), 0  # slices of Markup would be Markup, escaped anew
    for match in _FORMULA.finditer(html):
        between = html[position : match.start()]
        if "<" in between or match.group(0).count("<math") > 1:  # other markup; or a formula
            return None  # without its TeX, which the match ran past
        add(unescape(between))
        position = match.end()
        if tex:
            sign = "$$" if match.group(1) == "block" else "$"
            add(sign + unescape(match.group(2)) + sign, collapse=False)
            continue
        pieces = _formula_pieces(match.group(0))
        if pieces is None:
            return None
        for text, styles in pieces:
            add(text, styles, collapse=False)
    if "<" in html[position:]:
        return None
    add(unescape(html[position:]))
    return runs


@functools.lru_cache(maxsize=4096)  # a physicist's titles repeat their formulas (√s = 13 TeV)
def _formula_pieces(mathml: str) -> tuple[Piece, ...] | None:
    try:
        return tuple(math_pieces(_math_node(ElementTree.fromstring(mathml))))
    except ElementTree.ParseError:
        return None


def _math_node(element: ElementTree.Element) -> MathNode:
    node = MathNode(element.tag, dict(element.attrib))
    node.children += [element.text] if element.text else []
    for child in element:
        node.children.append(_math_node(child))
        node.children += [child.tail] if child.tail else []
    return node
