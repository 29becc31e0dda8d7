"""Résumé dates: a year, a month or a day, or `present`, parsed from the forms people write."""

from __future__ import annotations

import re
from dataclasses import dataclass

EXPECTED = "expected YYYY, YYYY-MM, YYYY-MM-DD or present"

# The months by BibTeX's macro names, which are the usual abbreviations.
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
_MONTHS = {
    **{name.lower(): number for number, name in enumerate(MONTH_NAMES.values(), start=1)},
    **{short: number for number, short in enumerate(MONTH_NAMES, start=1)},
    "sept": 9,
}
PRESENT_WORDS = ("present", "now", "current", "today", "ongoing")

_NUMERIC = re.compile(r"(\d{4})(?:[-./](\d{1,2})(?:[-./](\d{1,2}))?)?")
_MONTH_YEAR = re.compile(r"([A-Za-z]+)\.?,?\s+(\d{4})")
_DAY_MONTH_YEAR = re.compile(r"(\d{1,2})\s+([A-Za-z]+)\.?,?\s+(\d{4})")
_MONTH_DAY_YEAR = re.compile(r"([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})")

_DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


@dataclass(frozen=True, order=True)
class PartialDate:
    """A date known to the year, the month or the day. `present` sorts after every date."""

    year: int
    month: int = 0
    day: int = 0
    present: bool = False

    def precedes(self, other: PartialDate) -> bool:
        """True when self is surely before other, compared at the precision both have.

        `2021-05` does not precede `2021`: a year-only end means some time in that year.
        """
        if self.present or other.present:
            return other.present and not self.present
        parts = 1 + (self.month > 0 and other.month > 0) + (self.day > 0 and other.day > 0)
        mine = (self.year, self.month, self.day)[:parts]
        theirs = (other.year, other.month, other.day)[:parts]
        return mine < theirs

    def __str__(self) -> str:
        """ISO form, as precise as the date is: `2021`, `2021-10` or `2021-10-05`."""
        if self.present:
            return "present"
        text = f"{self.year:04d}"
        if self.month:
            text += f"-{self.month:02d}"
        if self.day:
            text += f"-{self.day:02d}"
        return text

    def iso(self) -> str:
        return str(self)


PRESENT = PartialDate(9999, 12, 31, present=True)


def _build(year: int, month: int | None = None, day: int | None = None) -> PartialDate | None:
    """A PartialDate from parts that were written; a written month or day of 0 is no date."""
    if not 1 <= year <= 9998:
        return None
    if month is not None and not 1 <= month <= 12:
        return None
    if day is not None and (month is None or not 1 <= day <= _DAYS_IN_MONTH[month - 1]):
        return None
    if month == 2 and day == 29 and not (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)):
        return None
    return PartialDate(year, month or 0, day or 0)


def _number(text: str | None) -> int | None:
    return None if text is None else int(text)


def month_number(text: str) -> int | None:
    """1-12 from `10`, `oct`, `Oct.` or `October`; None for anything else."""
    text = text.strip().rstrip(".").lower()
    if text.isdigit():
        return int(text) if 1 <= int(text) <= 12 else None
    return _MONTHS.get(text)


def parse_date(value: object) -> PartialDate | None:
    """A PartialDate, or None when the text is not a date in any accepted form."""
    if isinstance(value, PartialDate):
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return _build(value)
    if hasattr(value, "year") and hasattr(value, "month") and hasattr(value, "day"):
        return _build(value.year, value.month, value.day)  # a datetime.date
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text.lower() in PRESENT_WORDS:
        return PRESENT
    if match := _NUMERIC.fullmatch(text):
        year, month, day = match.groups()
        return _build(int(year), _number(month), _number(day))
    if match := _MONTH_YEAR.fullmatch(text):
        month = _MONTHS.get(match.group(1).lower())
        return _build(int(match.group(2)), month) if month else None
    if match := _DAY_MONTH_YEAR.fullmatch(text):
        month = _MONTHS.get(match.group(2).lower())
        return _build(int(match.group(3)), month, int(match.group(1))) if month else None
    if match := _MONTH_DAY_YEAR.fullmatch(text):
        month = _MONTHS.get(match.group(1).lower())
        return _build(int(match.group(3)), month, int(match.group(2))) if month else None
    return None
