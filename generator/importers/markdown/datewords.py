"""Dates as résumés write them: "Sep. 2019 – May 2022", "2023.10 - 2024.05", "Summer 2019",
"since 2020", "2022-2025 (expected)", found in a line and turned into cvsite's dates.

Pure functions over one line of text, for the Markdown résumé importer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.content.dates import month_number, parse_date

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_SEASON = r"(?:spring|summer|fall|autumn|winter)"
_PRESENT = r"(?:present|now|current|currently|today|ongoing|date|till date|to date)"
_YEAR = r"(?:19|20)\d\d"


def _point_pattern(p: str) -> str:
    """One point in time, as résumés write it; the named groups (prefixed `p`) say which
    form matched."""
    return (
        rf"(?:(?P<{p}md>{_MONTH})\s*(?P<{p}mdd>\d{{1,2}}),\s*(?P<{p}mdy>{_YEAR})"
        rf"|(?P<{p}dd>\d{{1,2}})\s+(?P<{p}dm>{_MONTH}),?\s*(?P<{p}dy>{_YEAR})"
        rf"|(?P<{p}m>{_MONTH}),?\s*(?P<{p}my>{_YEAR})"
        rf"|(?P<{p}s>{_SEASON})\s+(?P<{p}sy>{_YEAR})"
        rf"|(?P<{p}fy>{_YEAR})[./-](?P<{p}fm>\d{{1,2}})[./-](?P<{p}fd>\d{{1,2}})(?!\d)"
        rf"|(?P<{p}ny>{_YEAR})[./-](?P<{p}nm>\d{{1,2}})(?!\d)"
        rf"|(?P<{p}rm>\d{{1,2}})[./](?P<{p}ry>{_YEAR})"
        rf"|(?P<{p}y>{_YEAR})(?!\d))"
    )


_EXPECTED = r"(?:\(?\s*(?:expected|exp\.|anticipated)\s*\)?)"
_DASH = r"(?:\s*(?:-{1,2}|–|—|~|→)\s*|\s+(?:to|until|till|bis)\s+)"
_RANGE = re.compile(
    rf"(?<![\w/.])(?:since\s+(?P<since>{_point_pattern('a')})"
    rf"|(?:{_EXPECTED}\s*)?(?P<start>{_point_pattern('s')})"
    rf"(?:{_DASH}(?:{_EXPECTED}\s*)?(?:(?P<present>{_PRESENT})\b|(?P<end>{_point_pattern('e')}))"
    rf"|(?P<open>\s*[-–—](?=\s*$|\s{{2,}})))?)"
    rf"(?:\s*{_EXPECTED})?(?!\w)",
    re.IGNORECASE,
)
_EXPECTED_WORD = re.compile(r"\b(?:expected|anticipated)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Dates:
    """Dates found in a line, in cvsite's forms (`2021`, `2021-10`, `present`)."""

    start: str | None = None
    end: str | None = None
    date: str | None = None
    span: tuple[int, int] = (0, 0)  # where in the line they were written
    notes: tuple[str, ...] = ()  # what the forms cannot hold: "expected", a season

    def fields(self) -> dict[str, str]:
        if self.date:
            return {"date": self.date}
        found = {"start": self.start} if self.start else {}
        if self.end:
            found["end"] = self.end
        return found


def _point(match: re.Match, prefix: str) -> tuple[str | None, str | None]:
    """(cvsite date, note) of the point whose groups start with `prefix`."""
    group = match.groupdict()

    def get(name: str) -> str | None:
        return group.get(prefix + name)

    if get("md"):
        month = month_number(get("md"))
        return f"{get('mdy')}-{month:02d}-{int(get('mdd')):02d}", None
    if get("dm"):
        month = month_number(get("dm"))
        return f"{get('dy')}-{month:02d}-{int(get('dd')):02d}", None
    if get("m"):
        return f"{get('my')}-{month_number(get('m')):02d}", None
    if get("s"):
        return get("sy"), f"the season ('{get('s')}') is not kept: cvsite dates are years or months"
    if get("fy"):
        found = parse_date(f"{get('fy')}-{get('fm')}-{get('fd')}")
        return (str(found), None) if found else (None, None)
    if get("ny"):
        month = int(get("nm"))
        return (f"{get('ny')}-{month:02d}", None) if 1 <= month <= 12 else (None, None)
    if get("rm"):
        month = int(get("rm"))
        return (f"{get('ry')}-{month:02d}", None) if 1 <= month <= 12 else (None, None)
    return get("y"), None


def find_dates(text: str) -> Dates | None:
    """The first date or date range in `text`: "Sep. 2019 – May 2022", "2023.10 - 2024.05",
    "Mar 2024 - Present", "2019 - 2023", "since 2020", "Summer 2019", "2022-2025 (expected)"."""
    for match in _RANGE.finditer(text):
        found = _dates_of(match)
        if found is not None:
            return found
    return None


def _dates_of(match: re.Match) -> Dates | None:
    notes: list[str] = []
    if match.group("since"):
        start, note = _point(match, "a")
        return Dates(start=start, end="present", span=match.span(), notes=_notes(note))
    start, note = _point(match, "s")
    if start is None:
        return None
    notes += [note] if note else []
    if _EXPECTED_WORD.search(match.group(0)):
        notes.append("'expected' is not kept: the end date is shown as written")
    if match.group("present"):
        return Dates(start=start, end="present", span=match.span(), notes=tuple(notes))
    if match.group("open"):
        return Dates(start=start, end="present", span=match.span(), notes=tuple(notes))
    if match.group("end"):
        end, note = _point(match, "e")
        if end is None or end < start:
            return None
        notes += [note] if note else []
        if end == start:
            return Dates(date=start, span=match.span(), notes=tuple(notes))
        return Dates(start=start, end=end, span=match.span(), notes=tuple(notes))
    return Dates(date=start, span=match.span(), notes=tuple(notes))


def _notes(note: str | None) -> tuple[str, ...]:
    return (note,) if note else ()


def without_span(text: str, span: tuple[int, int]) -> str:
    """`text` with a span cut out, and the brackets and separators left around it."""
    rest = text[: span[0]] + " " + text[span[1] :]
    rest = re.sub(r"\(\s*\)|\[\s*\]|_\s*_|\*\*\s*\*\*|\*\s*\*", " ", rest)
    return strip_separators(rest)


def strip_separators(text: str) -> str:
    text = re.sub(r"\s{2,}", " ", text).strip(" \t|,;:–—-·•/")
    while text.startswith("(") and text.count("(") > text.count(")"):
        text = text[1:].strip()
    while text.endswith(")") and text.count(")") > text.count("("):
        text = text[:-1].strip()
    if text.startswith("(") and text.endswith(")") and text.count("(") == 1:
        text = text[1:-1].strip()
    return text.strip(" \t|,;:–—-·•/")
