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

# What a list's `and others` (BibTeX) stands as: no person.
ET_AL = "et al."
EQUAL_MARK = "*"
CORRESPONDING_MARK = "†"
# Every mark that may follow a name in an author list; none is part of the name. `+` is
# what some labs write for a co-corresponding author (`Lew$^+$, Matthew D.`).
NAME_MARKS = "*†‡+"
# A Chinese, Japanese or Korean name, or a part of one: Han, kana, Hangul (and the iteration
# mark 々). Such a name reads family name first and runs together, as GB/T 7714 prints
# `不二咲, 千尋`: 不二咲千尋; written with a space (`浅原 正幸`), it is the same name.
CJK_NAME = re.compile(r"[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")


@dataclass(frozen=True)
class Author:
    name: str
    is_owner: bool = False
    equal: bool = False
    corresponding: bool = False
    url: str | None = None  # a co-author's page (content/people.yaml); never the owner's
    marks: str = ""  # every mark after (or before) the name, in NAME_MARKS's order
    # The owner named inside a group's name ("ACM Task Force (…; editor, Benjamin C.
    # Pierce)"): where in `name`, so that only the owner is highlighted.
    owner_at: tuple[int, int] | None = None

    @property
    def owner_parts(self) -> tuple[str, str, str]:
        """The name before the owner, the owner, after: ("", name, "") for the owner."""
        start, end = self.owner_at or (0, len(self.name))
        return self.name[:start], self.name[start:end], self.name[end:]


# A co-author as author lists match them: (where the name links to, (name, *aliases)).
Coauthor = tuple[str, tuple[str, ...]]


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    # U+2010 HYPHEN (Wiley's, and what NFKD makes of the non-breaking U+2011) is a hyphen
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("\u2010", "-")


def _interpretations(name: str) -> list[tuple[str, list[str]]]:
    """Every (family name, given names) reading of a name.

    'Family, Given' has one reading; 'Given Family' and 'Family Given' (common in Chinese
    and Hungarian usage, and in 'Zhang Z.') cannot be told apart, so both are kept.
    """
    name = name.strip().strip(NAME_MARKS).strip()
    if CJK_NAME.fullmatch(together := re.sub(r"[\s,]+", "", name)):
        return [(_fold(together), [])]
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
    within = None if is_owner else owner_in_group(name, owner_names)
    is_owner = is_owner or within is not None
    url = None if is_owner else _link(name, people)
    shown = "".join(mark for mark in NAME_MARKS if mark in marks)
    equal, corresponding = EQUAL_MARK in marks, CORRESPONDING_MARK in marks
    return Author(name, is_owner, equal, corresponding, url, shown, within)


# What joins people in a group's name: `;`, parentheses, "and", "&". A name without any is
# one person's, however long ("Maria de la Cruz Juan"), and is never searched inside.
_GROUP_JOINS = re.compile(r"\s*(?:[;()&]|\band\b)\s*")
_NAME_WORD = re.compile(r"[^\s,]+")


def owner_in_group(name: str, owner_names: list[str]) -> tuple[int, int] | None:
    """Where a group's name (a braced .bib author such as Mendeley's "{Park, Sanghwa; Seidl,
    Ralf; Beaumier, Michael; Hollis}" or a task force "(co-chairs, …; executive editor,
    Benjamin C. Pierce)") names the owner in full: the longest match, first, of two to four
    words in one part between the joins, as "Given Family" or "Family, Given"."""
    if not _GROUP_JOINS.search(name):
        return None
    found: tuple[int, int] | None = None
    start = 0
    for join in [*_GROUP_JOINS.finditer(name), None]:
        end = join.start() if join else len(name)
        found = _longest(found, _owner_in_part(name, start, end, owner_names))
        start = join.end() if join else end
    return found


def _owner_in_part(
    name: str, start: int, end: int, owner_names: list[str]
) -> tuple[int, int] | None:
    """The owner among the words of name[start:end]: the whole part ("Beaumier, Michael"),
    or a run of its words after its last comma ("executive editor, Benjamin C. Pierce")."""
    part = name[start:end]
    if "," in part and _is_owner(part, owner_names):
        return start, end
    words = [m.span() for m in _NAME_WORD.finditer(name, start + part.rfind(",") + 1, end)]
    for size in range(min(4, len(words)), 1, -1):
        for first in range(len(words) - size + 1):
            at = (words[first][0], words[first + size - 1][1])
            if _is_owner(name[at[0] : at[1]], owner_names):
                return at
    return None


def _is_owner(text: str, owner_names: list[str]) -> bool:
    """A name of two words or more that can be the owner (a family name alone cannot)."""
    return len(_NAME_WORD.findall(text)) > 1 and any(same_person(text, o) for o in owner_names)


def _longest(a: tuple[int, int] | None, b: tuple[int, int] | None) -> tuple[int, int] | None:
    if a is None or (b is not None and b[1] - b[0] > a[1] - a[0]):
        return b
    return a


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
