"""A BibTeX field value as written, made one text: `#` joins, @string macros resolved.

bibtexparser hands over each value as written (`dtv # { and Walter de Gruyter}`); its own
macro middleware resolves a value only when it is one macro alone, so a concatenation kept
its `#` and its macro names. Here a value is read as BibTeX does: pieces in braces, in
quotes, numbers and macro names, joined by `#`. A month macro (`apr`) standing alone is
kept as written (`month = apr` stays so in the citation); inside a concatenation it reads
as the month's name, as BibTeX's standard styles define it. An undefined macro keeps its
name, as BibTeX does after its warning.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

MONTH_NAMES = {
    "jan": "January",
    "feb": "February",
    "mar": "March",
    "apr": "April",
    "may": "May",
    "jun": "June",
    "jul": "July",
    "aug": "August",
    "sep": "September",
    "oct": "October",
    "nov": "November",
    "dec": "December",
}
_NAME = re.compile(r"[^\s#\"{}(),=]+")
# A value longer than this is cut (and marked so): @string macros joined with `#` grow
# exponentially (a13 = a12 # a12 # a12 # a12 ...), and no real field comes near it.
MAX_VALUE = 100_000
CUT = " […]"


def pieces(raw: str) -> list[tuple[str, str]] | None:
    """(kind, text) for each piece of a value: kind is "text" (braced, quoted or a number)
    or "macro". None when the value is not an expression (an unbalanced brace)."""
    found: list[tuple[str, str]] = []
    i, n = 0, len(raw)
    while i < n:
        char = raw[i]
        if char.isspace() or char == "#":
            i += 1
        elif char in '{"':
            end = _closing(raw, i)
            if end is None:
                return None
            found.append(("text", raw[i + 1 : end]))
            i = end + 1
        else:
            match = _NAME.match(raw, i)
            if match is None:
                return None
            word = match.group(0)
            found.append(("text" if word.isdigit() else "macro", word))
            i = match.end()
    return found


def _closing(raw: str, start: int) -> int | None:
    """The index of what closes the brace or quote at `start` (braces nest inside both)."""
    depth = 0
    for i in range(start + 1, len(raw)):
        char = raw[i]
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return i if raw[start] == "{" else None
            depth -= 1
        elif char == '"' and raw[start] == '"' and depth == 0:
            return i
    return None


def resolve(raw: str, strings: Mapping[str, str]) -> tuple[str, list[str]]:
    """The value's text, and the macro names it uses that no @string defines.

    `strings` maps lower-cased macro names to their resolved text."""
    parts = pieces(raw.strip())
    if parts is None:  # not BibTeX syntax after all: the text as given, outer braces off
        return _unwrapped(raw.strip()), []
    if len(parts) == 1 and parts[0][0] == "macro":
        name = parts[0][1]
        if name.lower() in strings:
            return strings[name.lower()], []
        return name, [] if name.lower() in MONTH_NAMES else [name]
    text, undefined = [], []
    for kind, piece in parts:
        if kind == "text":
            text.append(piece)
            continue
        value = strings.get(piece.lower()) or MONTH_NAMES.get(piece.lower())
        if value is None:
            undefined.append(piece)
        text.append(piece if value is None else value)
        if sum(map(len, text)) > MAX_VALUE:
            return "".join(text)[:MAX_VALUE] + CUT, undefined
    return "".join(text), undefined


def _unwrapped(value: str) -> str:
    if len(value) >= 2 and value[0] + value[-1] in ("{}", '""'):
        return value[1:-1]
    return value
