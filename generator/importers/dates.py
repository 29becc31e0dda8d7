"""Dates as other formats write them (`03/2021`, month names and "until now" in the languages
real files use) read into cvsite's; checking.py reads every imported date through
`read_date`."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from babel import Locale

from generator.content.dates import PartialDate, parse_date
from generator.content.i18n import SHIPPED

# Languages whose month names and "present" words an import reads, beyond those shipped:
# the languages of the real files the importers were tried on (Polish JSON Resumes…).
LANGUAGES = (*SHIPPED, "pl", "it", "pt", "nl")
# "Until now", as résumés write it in those languages (lower case, accents kept).
PRESENT = {
    word
    for language in (
        ("present", "now", "current", "currently", "today", "ongoing", "till date", "to date"),
        ("heute", "jetzt", "aktuell", "derzeit", "bis heute", "laufend", "gegenwart"),
        ("présent", "aujourd'hui", "aujourd’hui", "actuel", "actuellement", "en cours"),
        ("presente", "actualidad", "actual", "actualmente", "hoy", "en curso"),
        ("obecnie", "teraz", "dziś", "dzisiaj", "nadal", "aktualnie", "do dziś", "do teraz"),
        ("oggi", "attuale", "attualmente", "in corso", "atual", "atualmente", "hoje"),
        ("heden", "nu", "huidig", "至今", "现在", "目前", "今"),
    )
    for word in language
}
_MONTH_FIRST = re.compile(r"(\d{1,2})\s*[/.\-]\s*(\d{4})")
_NAMED = re.compile(r"(\d{1,2}\.?\s+)?([^\W\d_]+\.?)\s*,?\s*(\d{4})")


@cache
def month_words(languages: tuple[str, ...] = (*LANGUAGES, "en_GB")) -> dict[str, int]:
    """Every month name and abbreviation in `languages` as written, in lower case, with its
    number. British English adds "Sept"."""
    names: dict[str, int] = {}
    for code in languages:
        months = Locale.parse(code).months
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                for number, name in months[context][width].items():
                    names.setdefault(name.casefold(), number)
    return names


@cache
def _month_names() -> dict[str, int]:
    """The month names, folded (no accents, lower case, no final dot)."""
    return {_fold(name): number for name, number in month_words().items()}


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().rstrip(".").casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def read_date(value: object) -> str | None:
    """cvsite's date for `value` (ISO, as precise as written, or `present`); None when it
    is no date in any form this module reads."""
    if isinstance(value, str) and value.strip().casefold() in PRESENT:
        return "present"
    date = parse_date(value)
    if date is None and isinstance(value, str):
        date = _other_forms(value.strip())
    return None if date is None else str(date)


def _other_forms(text: str) -> PartialDate | None:
    if match := _MONTH_FIRST.fullmatch(text):
        return parse_date(f"{match.group(2)}-{int(match.group(1)):02d}")
    if match := _NAMED.fullmatch(text):
        month = _month_names().get(_fold(match.group(2)))
        if month is None:
            return None
        day = match.group(1)
        iso = f"{match.group(3)}-{month:02d}"
        return parse_date(f"{iso}-{int(day.strip(' .')):02d}" if day else iso)
    return None
