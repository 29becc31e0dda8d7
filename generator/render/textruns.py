"""Markdown's HTML as blocks of styled text runs (`[{"text": "MPI", "strong": true}]`), for
a typesetter that must never read markup. Raw HTML (`unsafe_html`) keeps its text only."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

Runs = list[dict[str, Any]]
Blocks = list[dict[str, Any]]


def read_blocks(html: str) -> Blocks:
    """The blocks of `html`, each with its runs."""
    reader = _HtmlReader()
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
# A formula (MathML) is read as the TeX it was written in, kept in its annotation: MathML's
# own text (`\frac{a}{b}` is "ab") would say something else.
_MATH_TEXT = "annotation"


class _HtmlReader(HTMLParser):
    """Rendered Markdown -> blocks: paragraphs, headings, list items (with their depth) and
    code, each a list of runs. Whitespace is collapsed as a browser would, except in code."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: Blocks = []
        self.runs: Runs = []
        self.kind = "paragraph"
        self.styles: list[tuple[str, str, str | None]] = []  # (tag, style, link)
        self.lists: list[bool] = []  # ordered?, per open list
        self.numbers: list[int] = []
        self.hidden = 0
        self.math = 0  # open <math> elements: their text is their annotation's TeX
        self.pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag == "math":
            self.math += 1
            self.hidden += 1
        elif tag == _MATH_TEXT and self.math:
            self.hidden -= 1
            self._text("$")
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
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag == "math" and self.math:
            self.math -= 1
            self.hidden = max(0, self.hidden - 1)
        elif tag == _MATH_TEXT and self.math:
            self._text("$")
            self.hidden += 1
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

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self._text(data)

    def _text(self, data: str) -> None:
        if not self.pre:
            data = re.sub(r"\s+", " ", data)
            if not self.runs or self.runs[-1].get("break") or self.runs[-1]["text"].endswith(" "):
                data = data.lstrip(" ")
        if not data:
            return
        run: dict[str, Any] = {"text": data}
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
        self._end_block()
        return self.blocks


def flatten(blocks_or_runs: Any) -> Runs:
    """Runs with the same styles next to each other, as one run; from blocks, their runs
    joined (an inline text is one paragraph)."""
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
