"""When a BibTeX or biblatex entry appeared: `year` and `month`, or biblatex's `date`.

Real files write more than a month in `month` (`apr # " 12"`, `{28--30 Mar}`, `1--2`,
`February/March`): the first month named is the month, the rest is left to the citation.
biblatex's `date` may be a range (`1984/1986`) or open (`1984/`: ongoing), with EDTF's
marks of uncertainty (`1997?`, `2004~`) ignored.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from generator.content.bibtext import decode
from generator.content.dates import month_number

Put = Callable[[str, Any, str], None]
Warn = Callable[[str, str], None]  # (BibTeX field, message)

_MONTH_WORD = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?", re.IGNORECASE
)
_MONTH_NUMBER = re.compile(r"^\W*(\d{1,2})(?!\d)")
_EDTF = re.compile(r"(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?")


def first_month(text: str) -> int | None:
    """The first month `text` names: `April 12` -> 4, `28--30 Mar` -> 3, `1--2` -> 1."""
    if (number := month_number(text)) is not None:
        return number
    if match := _MONTH_WORD.search(text):
        return month_number(match.group(1))
    if (match := _MONTH_NUMBER.match(text)) and 1 <= int(match.group(1)) <= 12:
        return int(match.group(1))
    return None


def _edtf(text: str) -> str | None:
    """`2004-04-05~` -> `2004-04-05`; None when `text` starts with no year."""
    match = _EDTF.match(text.strip().strip("?~%"))
    if match is None:
        return None
    year, month, day = match.groups()
    if month is None or not 1 <= int(month) <= 12:  # 21-24 are EDTF's seasons
        return year
    return "-".join(part for part in (year, month, day) if part)


def put_date(fields: dict[str, Any], put: Put, data: dict[str, Any], warn: Warn) -> None:
    """year and month; biblatex's `date` (a range as start and end); a year like 'in press'
    is a status. `fields` are the record's (name -> BibField)."""
    year = fields.get("year")
    if year is not None:
        match = re.fullmatch(r"(\d{4})[a-z]?", year.value.strip())
        if match:
            put("year", match.group(1), "year")
        elif _EDTF.fullmatch(year.value.strip().split("/")[0].strip("?~%")):
            _put_range(year.value, put, warn, "year")  # biblatex-ieee: year = {1995-09/1995-10}
        elif "status" not in data:
            put("status", decode(year.value), "year")
    elif "date" in fields:
        _put_range(fields["date"].value, put, warn, "date")
    month = fields.get("month")
    if month is not None and "year" in data:
        number = first_month(decode(month.value))
        if number is None:
            warn("month", f"{month.value.strip()!r} names no month; the month is left out")
        else:
            put("month", str(number), "month")


def _put_range(value: str, put: Put, warn: Warn, source: str) -> None:
    start_text, slash, end_text = value.strip().partition("/")
    start = _edtf(start_text)
    if start is None:
        warn(source, f"{value.strip()!r} is not a date (expected e.g. 2021-05 or 1984/1986)")
        return
    end = _edtf(end_text) if end_text.strip(" .") else ("present" if slash else None)
    if end is None or end == start:
        year, _, rest = start.partition("-")
        put("year", year, source)
        if rest:
            put("month", str(int(rest[:2])), source)
        return
    put("start", start, source)
    put("end", end, source)
