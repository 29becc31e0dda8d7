"""Places, countries, languages and organisations as résumés name them: "Ann Arbor, MI",
"Göttingen, Germany", "Remote", "Chinese", "University of Göttingen, Germany".

Pure functions over one line of text, for the Markdown résumé importer. Country and
language names come from CLDR through Babel (a dependency already), so they are told
without a hand-kept list.
"""

from __future__ import annotations

import re
from functools import cache

_US_STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa",
    "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
    "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi",
    "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
    "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee",
    "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington",
    "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming", "DC": "District of Columbia",
    "ON": "Ontario", "QC": "Quebec", "BC": "British Columbia", "AB": "Alberta",
}  # fmt: skip
_WORK_MODES = {"remote", "hybrid", "on-site", "onsite", "on site", "remote job", "various"}
_ORGANISATION_WORDS = re.compile(
    r"\b(?:university|universität|college|school|institute|academy|inc|ltd|llc|gmbh|corp"
    r"|corporation|company|co|labs?|group|foundation|agency|bank|hospital|centre|center"
    r"|department|ministry|council|society|association|technologies|systems|solutions)\b\.?",
    re.IGNORECASE,
)


@cache
def _countries() -> frozenset[str]:
    from babel import Locale

    english = Locale("en")
    names = {name.casefold() for code, name in english.territories.items() if code.isalpha()}
    names |= {"usa", "u.s.", "u.s.a.", "uk", "u.k.", "prc", "uae"}
    return frozenset(names)


@cache
def _country_codes() -> frozenset[str]:
    from babel import Locale

    return frozenset(code for code in Locale("en").territories if code.isalpha())


@cache
def language_names() -> frozenset[str]:
    from babel import Locale

    return frozenset(name.casefold() for name in Locale("en").languages.values())


def is_language(name: str) -> bool:
    """ "English", "Chinese", "Mandarin": a language's name in English."""
    other_names = {"mandarin", "cantonese", "bengali", "farsi", "tagalog", "flemish"}
    return name.strip().casefold() in language_names() or name.strip().lower() in other_names


def is_country(word: str) -> bool:
    return word.strip(" .").casefold() in _countries() or word.strip().upper() in ("USA", "UK")


def is_place(text: str) -> bool:
    """A place: "Ann Arbor, MI", "Göttingen, Germany", "Remote", "Boston MA"."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    if not text or len(text) > 80 or any(ch.isdigit() for ch in text) or "(" in text:
        return False
    if text.casefold() in _WORK_MODES or is_country(text):
        return True
    if _ORGANISATION_WORDS.search(text):
        return False
    parts = [p.strip() for p in re.split(r",|\s+&\s+|\s+and\s+", text) if p.strip()]
    if len(parts) >= 2:
        last = parts[-1]
        return (
            is_country(last)
            or last in _US_STATES
            or last in _US_STATES.values()
            or (len(last) == 2 and last.isupper())
        )
    words = text.split()
    # "Boston MA", "Somerville MA USA": a city then a state code (and a country).
    while words and is_country(words[-1]):
        words.pop()
    return len(words) >= 2 and words[-1] in _US_STATES and all(w[:1].isupper() for w in words)


def split_place(text: str) -> tuple[str, str | None]:
    """("University of Göttingen", "Germany") from "University of Göttingen, Germany": the
    place written after the last comma, dash or bracket, when it is one."""
    stripped = text.strip()
    match = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", stripped)
    if match and is_place(match.group(2)):
        return match.group(1).strip(), match.group(2).strip()
    for separator in (" - ", " – ", " — ", ", "):
        if separator not in stripped:
            continue
        head, _, tail = stripped.partition(separator)
        if separator == ", ":
            # The shortest tail first: "Mianyang Lunqi Robotics Co., Ltd." keeps its comma.
            head, _, tail = stripped.rpartition(separator)
            code = re.fullmatch(r"[A-Z]{2}", tail) and tail in _country_codes()
            if (is_place(tail) or code) and head:
                # "Seattle, Washington" at the end of "X, Seattle, Washington".
                more_head, _, more = head.rpartition(", ")
                if more_head and is_place(f"{more}, {tail}") and not is_place(more_head):
                    return more_head.strip(), f"{more}, {tail}".strip()
                return head.strip(), tail.strip()
        elif is_place(tail):
            return head.strip(), tail.strip()
    return stripped, None


def has_organisation_word(text: str) -> bool:
    return _ORGANISATION_WORDS.search(text) is not None
