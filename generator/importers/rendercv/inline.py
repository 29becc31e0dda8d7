"""RenderCV's Markdown in fields cvsite reads as plain text: marks taken off, links' URLs
kept apart; author names lose RenderCV's highlight marks, which say the name is the owner's."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_LINK = re.compile(r"\[([^\]\n]+)\]\((\S+?)\)")
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1")
_HIGHLIGHT = re.compile(r"^(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1$")


@dataclass
class Plain:
    """A Markdown value as text, with the links it held."""

    text: str
    links: list[tuple[str, str]] = field(default_factory=list)  # (label, url)


def plain(value: str) -> Plain:
    """`[Example Project](https://example.com)` -> "Example Project" and its link;
    `**Python**` -> "Python"."""
    links: list[tuple[str, str]] = []

    def link(match: re.Match) -> str:
        links.append((match.group(1), match.group(2)))
        return match.group(1)

    text = _LINK.sub(link, value)
    for _ in range(3):  # nested marks: ***a*** is **a** inside *…*
        text = _EMPHASIS.sub(r"\2", text)
    return Plain(text.strip(), links)


def author(name: str) -> tuple[str, bool]:
    """(the name, whether RenderCV's marks highlight it)."""
    stripped = name.strip()
    match = _HIGHLIGHT.match(stripped)
    if match is None:
        return plain(stripped).text, False
    return plain(match.group(2)).text, True


def only_link(value: str) -> tuple[str, str] | None:
    """(label, url) when the whole value is one Markdown link, as a v1 `date` could be."""
    match = _LINK.fullmatch(value.strip())
    return (match.group(1), match.group(2)) if match else None
