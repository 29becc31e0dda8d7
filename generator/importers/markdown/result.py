"""What reading a résumé gives: the profile, the sections and their entries, each value with
the input lines it came from, and where every input line went (a `Placement`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
    profile_origin: dict[str, list[int]]
    sections: list[Section]
    notes: list[tuple[int, str]]
    placements: dict[int, Placement]
    headings: dict[str, str]  # section -> the heading it was written with
    name_found: bool = True
