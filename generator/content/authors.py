"""Author lists: marks for equal contribution and corresponding author, and finding the owner.

The owner is matched in any name order and with initials: for "Zili Zhang", the forms
"Zhang, Zili", "Z. Zhang", "Zhang Z" and "ZHANG Zili" all match; and by the bare name, without
the titles a profile gives it ("Dr. Alex Johnson", "Jane Roe, PhD").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

EQUAL_MARK = "*"
CORRESPONDING_MARK = "†"
# Every mark that may follow a name in an author list; none is part of the name. `+` is
# what some labs write for a co-corresponding author (`Lew$^+$, Matthew D.`).
NAME_MARKS = "*†‡+"


@dataclass(frozen=True)
class Author:
    name: str
    is_owner: bool = False
    equal: bool = False
    corresponding: bool = False
    url: str | None = None  # a co-author's page (content/people.yaml); never the owner's
    marks: str = ""  # every mark after (or before) the name, in NAME_MARKS's order


# A co-author as author lists match them: (where the name links to, (name, *aliases)).
Coauthor = tuple[str, tuple[str, ...]]


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _interpretations(name: str) -> list[tuple[str, list[str]]]:
    """Every (family name, given names) reading of a name.

    'Family, Given' has one reading; 'Given Family' and 'Family Given' (common in Chinese
    and Hungarian usage, and in 'Zhang Z.') cannot be told apart, so both are kept.
    """
    name = name.strip().strip(NAME_MARKS).strip()
    if "," in name:
        family, _, given = name.partition(",")
        return [(_fold(family).strip(), _given_names(given))]
    words = name.split()
    if not words:
        return []
    if len(words) == 1:
        return [(_fold(words[0]).strip("."), [])]
    last_first = (_fold(words[-1]).strip("."), _given_names(" ".join(words[:-1])))
    first_first = (_fold(words[0]).strip("."), _given_names(" ".join(words[1:])))
    return [last_first, first_first]


# Initials run together, as Zotero, Scopus and Vancouver lists write them: `Pérez-Luque, AJ`,
# `Smith JP`. Only two or three capitals alone: `Li` or `LEE` stay names.
_RUN_TOGETHER = re.compile(r"(?<![\w-])([A-Z])([A-Z])([A-Z])?(?![\w-])")


def _given_names(text: str) -> list[str]:
    text = _RUN_TOGETHER.sub(lambda m: " ".join(c for c in m.groups() if c), text)
    return [part for part in re.split(r"[\s.\-]+", _fold(text).strip()) if part]


def _given_compatible(author: list[str], owner: list[str]) -> bool:
    """An author's given names fit the owner's: equal, or an initial of them ('z' fits 'zili').

    Not the other way round: the owner alias 'Z. Zhang' must not claim 'Zhen Zhang'.
    """
    for x, y in zip(author, owner, strict=False):
        if len(x) == 1 and len(y) > 1:
            if x != y[0]:
                return False
        elif x != y:
            return False
    return True


def same_person(author: str, owner: str) -> bool:
    """True when `author` (as written in a paper) can be `owner` (a name or alias of the owner)."""
    return any(
        family_a == family_o and family_a and _given_compatible(given_a, given_o)
        for family_a, given_a in _interpretations(author)
        for family_o, given_o in _interpretations(owner)
    )


# RenderCV's way to highlight its owner among the authors: the name in Markdown emphasis.
_EMPHASIS = re.compile(r"(\*{1,3})([^*]+?)\1")


def parse_author(raw: str, owner_names: list[str], people: tuple[Coauthor, ...] = ()) -> Author:
    """A name with its marks: `Zili Zhang*†` (after the name, or before it: `*Ce Pang`, as
    some al-folio sites mark students) is equal contribution and corresponding author;
    `*John Doe*` (RenderCV) is the owner, highlighted, whatever highlight_author says."""
    name = raw.strip()
    if emphasis := _EMPHASIS.fullmatch(name):
        return Author(emphasis.group(2).strip(), True)
    marks = ""
    while name and name[-1] in NAME_MARKS:
        marks, name = marks + name[-1], name[:-1].rstrip()
    while name and name[0] in NAME_MARKS:
        marks, name = marks + name[0], name[1:].lstrip()
    is_owner = any(same_person(name, owner) for owner in owner_names)
    url = None if is_owner else _link(name, people)
    shown = "".join(mark for mark in NAME_MARKS if mark in marks)
    return Author(name, is_owner, EQUAL_MARK in marks, CORRESPONDING_MARK in marks, url, shown)


def _link(name: str, people: tuple[Coauthor, ...]) -> str | None:
    """Where the first co-author whose name or alias `name` can be links to (matched as the
    owner is: any order, initials)."""
    for url, names in people:
        if any(same_person(name, known) for known in names):
            return url
    return None


def parse_authors(
    raw: list[str], owner_names: list[str], people: tuple[Coauthor, ...] = ()
) -> list[Author]:
    owners = tuple(owner_names)
    return [_parse_author(name, owners, people) for name in raw]


@functools.lru_cache(maxsize=65536)  # pure; a rebuild asks again for every author
def _parse_author(name: str, owner_names: tuple[str, ...], people: tuple[Coauthor, ...]) -> Author:
    return parse_author(name, list(owner_names), people)


def shorten(authors: list[Author], limit: int) -> list[Author | None]:
    """A long author list cut to about `limit` names around the owner; None stands for a gap.

    Kept: the first three, each owner with a neighbour either side, and the last. A list
    that would hide fewer than two names is shown whole.
    """
    if len(authors) <= max(limit, 4):
        return list(authors)
    last = len(authors) - 1
    owners = [i for i, a in enumerate(authors) if a.is_owner]
    head = 3 if owners else max(limit - 1, 3)
    keep = set(range(head)) | {last}
    for index in owners:
        keep |= {index - 1, index, index + 1}
    keep = {i for i in keep if 0 <= i <= last}
    if len(authors) - len(keep) < 2:
        return list(authors)
    shown: list[Author | None] = []
    for index, author in enumerate(authors):
        if index in keep:
            shown.append(author)
        elif shown and shown[-1] is not None:
            shown.append(None)
    return shown


# Titles before a name, in any order and number ("Prof. Dr.", "Dr. rer. nat.").
_BEFORE = re.compile(
    r"^(?:(?:prof(?:essor)?|dr(?:\.?-ing)?|dres|mr|mrs|ms|mx|miss|sir|dame|rev|hon)\.?\s+"
    # what follows a German doctorate: "Dr. rer. nat.", "Dr. med.", "Dr. h.c." (with dots)
    r"(?:(?:rer\.\s*nat|med|phil|h\.\s*c)\.\s+)*)+",
    re.IGNORECASE,
)
# Degrees and post-nominal letters after a name, after a comma or a space ("Jane Roe, PhD",
# "Jane Roe PhD, MBA"). Suffixes of the name itself (Jr., III) stay.
_DEGREE = (
    r"ph\.?\s?d\.?|d\.?\s?phil\.?|m\.?\s?d\.?|m\.?\s?sc\.?|m\.?\s?s\.?|m\.?\s?a\.?|m\.?\s?eng\.?|"
    r"m\.?\s?b\.?\s?a\.?|b\.?\s?sc\.?|b\.?\s?s\.?|b\.?\s?a\.?|b\.?\s?eng\.?|j\.?\s?d\.?|"
    r"ll\.?\s?m\.?|d\.?\s?sc\.?|ed\.?\s?d\.?|pe|cpa|rn|facs|frs|fieee|ieee\s+fellow"
)
_AFTER_COMMA = re.compile(rf",\s*(?:{_DEGREE})\s*$", re.IGNORECASE)
# Without a comma only a doctorate is taken: "Amy Ma" keeps her family name.
_AFTER_SPACE = re.compile(r"\s+(?:Ph\.?\s?D\.?|PHD|D\.?\s?Phil\.?)\s*$")


def without_titles(name: str) -> str:
    """`name` without honorifics before it and degrees after it; the name itself if that
    would leave nothing."""
    bare = _BEFORE.sub("", name.strip())
    while True:
        shorter = _AFTER_SPACE.sub("", _AFTER_COMMA.sub("", bare))
        if shorter == bare:
            break
        bare = shorter
    return bare.strip(" ,") or name.strip()
