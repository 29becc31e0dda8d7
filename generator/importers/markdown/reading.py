"""The state of a résumé being read, and what every part of the reading does with it: note
where each line went, fill the profile, look ahead, close the entry being read.

A `ReaderState` is handed to nobody but the entry it reads (as entryfields.ReaderView).
"""

from __future__ import annotations

import re
from typing import Any

from generator.importers.markdown import datewords, words
from generator.importers.markdown.entry import Draft
from generator.importers.markdown.lines import LABEL, LEAD_IN, TAG, Line
from generator.importers.markdown.result import Placement, Section

_ENTRY_PLACE = re.compile(r"^[\w-]+\[#\d+\]\.")


class ReaderState:
    """What the reader holds while it reads the lines in one pass, and the steps every part
    of the reading takes. State is this object's, handed to nobody but the entry it reads."""

    def __init__(self, lines: list[Line], fallback_name: str | None):
        self.lines = lines
        self.fallback_name = fallback_name
        self.profile: dict[str, Any] = {}
        self.profile_origin: dict[str, list[int]] = {}
        self.sections: dict[str, Section] = {}
        self.headings: dict[str, str] = {}
        self.notes: list[tuple[int, str]] = []
        self.placements: dict[int, Placement] = {}
        self.entry_lines: dict[str, set[int]] = {}  # "experience[#12]." -> its lines
        self.section: str | None = None  # the section being read; None before the first
        self.section_level = 0  # the heading level that opened it
        self.style: dict[str, str] = {}  # section -> how its entries start: heading, bold
        self.entry: Draft | None = None
        self.pending_dates: tuple[Line, datewords.Dates] | None = None
        self.name_found = False
        self.seen_text = False  # a line with words was read (the first one may be the name)

    def place(self, line: Line, kind: str, where: str, note: str = "") -> None:
        if kind != "layout" and TAG.search(line.raw) and not note:
            note = "HTML tags left out, their text kept"
        for follower in line.followers:
            self.place(follower, kind, where, note)
        if entry := _ENTRY_PLACE.match(where):
            self.entry_lines.setdefault(entry.group(0), set()).add(line.number)
        found = self.placements.get(line.number)
        if found is None:
            self.placements[line.number] = Placement(line.number, line.raw, kind, [where], note)
            return
        if where not in found.where:
            found.where.append(where)
        if kind in ("body", "notes") or found.kind == "layout":
            found.kind = kind
        if note and note not in found.note:
            found.note = f"{found.note}; {note}" if found.note else note

    def note_line(self, line: Line, why: str) -> None:
        self.notes.append((line.number, line.raw.strip()))
        self.place(line, "notes", "notes", why)

    def set_profile(self, key: str, value: Any, line: Line, note: str = "") -> bool:
        if key in self.profile:
            return False
        self.profile[key] = value
        self.profile_origin[key] = [line.number]
        self.place(line, "field", f"profile.{key}", note)
        return True

    def next_content(self, index: int, skip: int = 3) -> Line | None:
        """The next non-blank line after `index`, looking at most `skip` lines on."""
        for line in self.lines[index + 1 : index + 1 + skip]:
            if line.kind != "blank":
                return line
        return None

    def is_lead_in(self, text: str) -> bool:
        return bool(LEAD_IN.match(text)) and not LABEL.match(text)

    def is_tags_line(self, text: str) -> bool:
        return words.looks_like_names(text) and not datewords.find_dates(text)

    def names(self, text: str) -> list[str]:
        return words.split_names(text) if "," not in text else words.split_list(text)

    def entry_has_content(self) -> bool:
        return self.entry is not None and self.entry.has_content()

    def close_entry(self) -> None:
        if self.entry is None:
            return
        entry = self.entry.finish(self)
        self.sections.setdefault(self.entry.section, Section(self.entry.section)).entries.append(
            entry
        )
        self.entry = None
