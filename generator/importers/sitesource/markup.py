"""Text from another site generator made safe for cvsite's fields: front matter's little HTML
as Markdown (or left out with a note), and links into the source site written as text."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from generator.safeurl import is_unsafe, url_scheme

_EMPHASIS = {"i": "*", "em": "*", "b": "**", "strong": "**"}
_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)\b[^<>]*?(/?)>")
_IMAGE = re.compile(r"<img\b[^<>]*>", re.I)


def inline_html(text: str, notes: list[str]) -> str:
    """<i>, <em>, <b>, <strong> as Markdown emphasis, <br> as a line break, entities
    decoded; an image and any other tag are left out (their text kept) and noted."""
    if _IMAGE.search(text):
        notes.append("an <img> left out (images are not imported)")
        text = _IMAGE.sub("", text)

    def tag(match: re.Match[str]) -> str:
        closing, name, _ = match.groups()
        name = name.lower()
        if name in _EMPHASIS:
            return _EMPHASIS[name]
        if name == "br":
            return "\n"
        if not closing:
            notes.append(f"the HTML tag <{name}> left out, its text kept")
        return ""

    return html.unescape(_TAG.sub(tag, text)).strip()


def plain(text: str) -> str:
    """Text for a plain field: HTML tags and Markdown emphasis marks out."""
    text = html.unescape(_TAG.sub("", text))
    return re.sub(r"(\*{1,2}|_{1,2})(\S(?:.*?\S)?)\1", r"\2", text).strip()


def safe_url(url: str | None) -> str | None:
    """The URL when cvsite may link to it (safeurl.SAFE_SCHEMES). None for an unsafe
    scheme, a placeholder (`#`), and a path into the source site (`uploads/cv.pdf`,
    `/#contact`), whose page or file is not part of the imported site."""
    url = (url or "").strip()
    if not url or is_unsafe(url) or not url_scheme(url):
        return None
    return url


LEFT_URL = "a placeholder, a path into the source site (not imported) or an unsafe URL"
_LINK = re.compile(
    r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]"  # [label], one level of brackets inside
    r"\(\s*<?([^()\s>]*(?:\([^()\s]*\)[^()\s>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)"  # (target "title")
)


def local_links_as_text(text: str, notes: list[str]) -> str:
    """Markdown links into the source site (`[Guide](guide/)`, `/contact`) as their text:
    those pages are not part of the imported site, and a link to them would be broken."""

    def link(match: re.Match[str]) -> str:
        image, label, target = match.groups()
        if safe_url(target) or target.startswith("#") and target != "#":
            return match.group(0)
        if url_scheme(target):  # javascript:, data:… never linked
            notes.append(f"a link with an unsafe URL ({target[:40]}) written as its text")
            return "" if image else label
        notes.append(f"a link into the source site ({target or 'empty'}) written as its text")
        return "" if image else label

    return _LINK.sub(link, text)


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def outside_code(text: str, change: Callable[[str], str]) -> str:
    """`change` applied to the text outside fenced code blocks (code is shown as written)."""
    pieces: list[str] = []
    prose: list[str] = []
    fence = ""
    for line in text.split("\n"):
        opening = _FENCE.match(line)
        if not fence and opening:
            pieces.append(change("\n".join(prose))) if prose else None
            prose, fence = [], opening.group(1)
            pieces.append(line)
        elif fence:
            pieces.append(line)
            if line.strip().startswith(fence) and not line.strip().strip(fence[0]):
                fence = ""
        else:
            prose.append(line)
    if prose:
        pieces.append(change("\n".join(prose)))
    return "\n".join(pieces)
