"""A résumé's text as lines told apart by their Markdown (heading, bullet, bold line, quote,
definition, image, layout), the forms of a line the reader asks about, and what reading
gives: sections, entries with their input lines, and where every line went."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

# --- lines -----------------------------------------------------------------------------------


@dataclass
class Line:
    number: int
    raw: str
    kind: str  # blank, heading, bullet, text, quote, definition, image, layout, front
    text: str = ""
    level: int = 0  # a heading's level; a bullet's depth
    bold: bool = False  # the whole line is **bold**
    indent: int = 0
    followers: list[Line] = field(default_factory=list)  # indented lines joined to it


_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_RULE = re.compile(r"^\s{0,3}([-*_=])(?:\s*\1){2,}\s*$")
_BULLET = re.compile(r"^(\s*)(?:[-*+•·▪►●◦‣]|\d{1,2}[.)])\s+(.*)$")
_REFDEF = re.compile(r"^\s{0,3}\[([^\]]+)\]:\s*(\S+)")
_FENCE = re.compile(r"^\s*(```|~~~)")
TAG = re.compile(r"</?[a-zA-Z][^<>]*>")
_IMAGE = re.compile(r"^!\[[^\]]*\]\([^)]*\)$")
_BOLD_LINE = re.compile(r"^(\*\*|__)(.+?)\1[:]?$")
_REFLINK = re.compile(r"\[([^\][]+)\]\s?\[([^\][]*)\]")


def _inline_refs(text: str, refs: dict[str, str]) -> str:
    """`[Julius Baer][jb]` as `[Julius Baer](http://…)` when `[jb]: http://…` is defined."""

    def replace(match: re.Match) -> str:
        url = refs.get((match.group(2) or match.group(1)).casefold())
        return f"[{match.group(1)}]({url})" if url else match.group(0)

    return _REFLINK.sub(replace, text)


def split_lines(text: str) -> list[Line]:
    """Each input line told apart by its Markdown (reference links made inline)."""
    raw_lines = text.split("\n")
    refs = {m.group(1).casefold(): m.group(2) for raw in raw_lines if (m := _REFDEF.match(raw))}
    lines: list[Line] = []
    front = _front_matter_end(raw_lines)
    for index, raw in enumerate(raw_lines):
        number = index + 1
        if front and index <= front:
            kind = "layout" if index in (0, front) else "front"
            lines.append(Line(number, raw, kind, raw.strip()))
            continue
        lines.append(_classify(number, raw, refs))
    _mark_setext(lines)
    _mark_bullet_depths(lines)
    _join_indented(lines)
    return lines


def _join_indented(lines: list[Line]) -> None:
    """Indented lines that go on with the one above (a definition, a list item, or an
    indented paragraph wrapped over lines) join it: "**BSc**; University of / HomeTown" is
    one line."""
    for index in range(1, len(lines)):
        line, head = lines[index], lines[index - 1]
        while head.kind == "joined":
            head = lines[head.level]
        if line.kind != "text" or head.kind not in ("text", "definition", "bullet"):
            continue
        if head.kind == "bullet" and line.indent <= head.indent:
            continue
        if head.kind != "bullet" and (line.indent < 4 or head.kind == "text" and head.indent < 4):
            continue
        head.text = f"{head.text} {line.text}".strip()
        head.followers.append(line)
        line.kind, line.level = "joined", head.number - 1


def _front_matter_end(raw_lines: list[str]) -> int:
    if not raw_lines or raw_lines[0].strip() != "---":
        return 0
    for index in range(1, min(len(raw_lines), 60)):
        if raw_lines[index].strip() in ("---", "..."):
            return index
    return 0


def _classify(number: int, raw: str, refs: dict[str, str]) -> Line:
    stripped = raw.strip()
    indent = len(raw) - len(raw.lstrip(" \t"))
    if not stripped:
        return Line(number, raw, "blank")
    if _FENCE.match(raw) or _RULE.match(raw) or _REFDEF.match(raw):
        return Line(number, raw, "layout", stripped)
    text = _inline_refs(stripped, refs)
    # HTML: a line break (<br>) ends a line; wrappers (<div>, <ins>) carry no text.
    text = re.sub(r"<br\s*/?>", " ", text, flags=re.I).strip()
    if not TAG.sub("", text).strip():
        return Line(number, raw, "layout", stripped)
    text = TAG.sub("", text).strip()
    if len(text) > 2000:  # not read for structure: the regular expressions stay linear
        return Line(number, raw, "text", text, indent=indent)
    if match := _HEADING.match(text):
        return _bold(Line(number, raw, "heading", match.group(2), len(match.group(1))))
    if _IMAGE.match(text):
        return Line(number, raw, "image", text)
    if text.startswith(">"):
        return _bold(Line(number, raw, "quote", text.lstrip("> ").strip(), indent=indent))
    if re.match(r"^:\s+", text):
        return Line(number, raw, "definition", text[1:].strip(), indent=indent)
    if match := _BULLET.match(raw):
        body = _inline_refs(match.group(2).strip(), refs)
        body = TAG.sub("", re.sub(r"<br\s*/?>", " ", body, flags=re.I)).strip()
        return _bold(Line(number, raw, "bullet", body, indent=len(match.group(1))))
    return _bold(Line(number, raw, "text", text, indent=indent))


def _bold(line: Line) -> Line:
    if match := _BOLD_LINE.match(line.text.strip()):
        inner = match.group(2).strip()
        if "**" not in inner and "__" not in inner:
            line.text, line.bold = inner.strip("_* "), True
    return line


def _mark_setext(lines: list[Line]) -> None:
    """ "Name\\n====" and "Experience\\n----": the line above the rule is a heading."""
    for index in range(1, len(lines)):
        line, above = lines[index], lines[index - 1]
        underline = line.kind == "layout" and re.fullmatch(r"\s{0,3}(=+|-+)\s*", line.raw)
        if underline and above.kind == "text" and above.indent < 4:
            above.kind, above.level = "heading", 1 if "=" in line.raw else 2


def _mark_bullet_depths(lines: list[Line]) -> None:
    """A bullet's depth: how many bullets above it, in its list, are less indented."""
    stack: list[int] = []
    for line in lines:
        if line.kind == "bullet":
            while stack and stack[-1] > line.indent:
                stack.pop()
            if not stack or line.indent > stack[-1]:
                stack.append(line.indent)
            line.level = len(stack) - 1
        elif line.kind != "blank" and not (line.kind == "text" and line.indent >= 2):
            stack = []


# --- forms of lines --------------------------------------------------------------------------

LEAD_IN = re.compile(r"^[^.!?]{2,80}:$")
LABEL = re.compile(r"^(?:\*\*|__)?([A-Z][\w /&.+#-]{1,40}?)(?::\*\*|:__|\*\*:|__:|:)\s+(.+)$")
MD_LINK = re.compile(r"\[([^\][]+)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def plain(text: str) -> str:
    """The words of a line without Markdown emphasis and with links as their text."""
    text = MD_LINK.sub(r"\1", text)
    text = re.sub(r"(\*\*|__|\*|_(?=\S)|(?<=\S)_|`)", "", text)
    return text.strip()


def titleish(text: str) -> bool:
    """Short enough, and not a sentence, to be a title, a name or an organisation."""
    text = plain(text)
    abbreviation = re.search(r"\b(?:Ltd|Inc|Co|Corp|LLC|Jr|Sr|Bros|GmbH|AG|S\.A|Pvt)\.$", text)
    if not text or len(text) > 110 or text.endswith((":", ";", ",")):
        return False
    if text.endswith(".") and not abbreviation:
        return False
    return len(text.split()) <= 14 and not text[0].islower()


# --- what reading gives ----------------------------------------------------------------------


@dataclass
class Placement:
    """Where one input line went: `kind` is field, structure, body, notes or layout."""

    line: int
    text: str
    kind: str
    where: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def structured(self) -> bool:
        return self.kind in ("field", "structure")


@dataclass
class Entry:
    """One entry: its fields, and for each field path the input lines it came from."""

    fields: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, list[int]] = field(default_factory=dict)
    line: int = 0  # the line it started at: the report names it `section[#line]`


@dataclass
class Section:
    name: str  # cvsite's section name: experience, education, or one made from the heading
    heading: str = ""
    line: int = 0
    entries: list[Entry] = field(default_factory=list)


@dataclass
class ParsedResume:
    profile: dict[str, Any]
    sections: list[Section]
    notes: list[tuple[int, str]]
    placements: dict[int, Placement]
    headings: dict[str, str]  # section -> the heading it was written with
    name_found: bool = True
