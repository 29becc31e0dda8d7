"""Smart punctuation for Markdown: typographic quotes, dashes and ellipses.

Not Python-Markdown's `smarty`, which decides each quote inside one inline pattern, so the
quote after a link opens (`"[a](u)"` gives “a“) and so does an inch mark (5'10" gives 5‘10”).
This makes one pass over the finished element tree, in document order, so a quote knows the
character before it even across `*emphasis*` and links. Code, escaped characters (still
placeholders at this stage) and raw HTML are left alone.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

_UNTOUCHED = {"code", "pre", "kbd", "samp", "script", "style", "math", "var"}
_BLOCKS = {
    *("p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "td", "th", "dt", "dd"),
    *("div", "ol", "ul", "dl", "table", "thead", "tbody", "tr", "hr", "figcaption"),
}
# Characters after which a quote opens. \x03 ends Python-Markdown's placeholders for raw
# HTML: a quote right after an HTML tag opens, as it would after a space.
_OPENING_CONTEXT = set(" \t\n([{\u2014\u2013-/\u201c\u2018\x03") | {""}
_QUOTE = re.compile(r"[\"']")
_DASHES = (("---", "\u2014"), ("--", "\u2013"), ("...", "\u2026"))


def smarten(text: str, before: str) -> str:
    """`text` with typographic punctuation; `before` is the character that precedes it."""
    for plain, fancy in _DASHES:
        if plain in text:
            text = text.replace(plain, fancy)
    if "'" not in text and '"' not in text:
        return text
    pieces: list[str] = []
    last = 0
    previous = before
    for match in _QUOTE.finditer(text):
        start = match.start()
        between = text[last:start]
        if between:
            pieces.append(between)
            previous = between[-1]
        previous = _quote(match.group(), previous, text[start + 1 : start + 2])
        pieces.append(previous)
        last = start + 1
    pieces.append(text[last:])
    return "".join(pieces)


def _quote(mark: str, previous: str, following: str) -> str:
    opening = previous in _OPENING_CONTEXT or previous.isspace()
    if mark == '"':
        return "\u201c" if opening else "\u201d"
    if opening and following.isdigit():
        return "\u2019"  # '80s: an apostrophe for the missing digits
    return "\u2018" if opening else "\u2019"


class SmartTreeprocessor(Treeprocessor):
    """Applies `smarten` to every text of the tree outside code, in document order."""

    def run(self, root: etree.Element) -> None:
        self._walk(root, "")

    def _walk(self, element: etree.Element, before: str) -> str:
        if element.tag in _BLOCKS:
            before = ""
        if element.tag in _UNTOUCHED:
            inner = "".join(element.itertext())
            return inner[-1:] or before
        before = self._text(element, "text", before)
        for child in element:
            before = self._walk(child, before)
            if child.tag in _BLOCKS:
                before = ""
            before = self._text(child, "tail", before)
        return before

    @staticmethod
    def _text(element: etree.Element, attribute: str, before: str) -> str:
        value = getattr(element, attribute)
        if not value:
            return before
        if not isinstance(value, AtomicString):
            value = smarten(value, before)
            setattr(element, attribute, value)
        return value[-1]


class SmartPunctuation(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 - Markdown's API
        # Like smarty: \" and \' are escapes that keep a straight quote.
        md.ESCAPED_CHARS.extend(c for c in "\"'" if c not in md.ESCAPED_CHARS)
        # After inline processing (20) and before escaped characters are put back (0).
        md.treeprocessors.register(SmartTreeprocessor(md), "cvsite_smart_punctuation", 5)
