"""An entry being read, as data: its fields so far, where each came from, its summary and
body lines; and what reading it needs of the reader (`ReaderView`), so that an entry knows
nothing of how the whole résumé is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from generator.importers.markdown import datewords, words
from generator.importers.markdown.lines import Line
from generator.importers.markdown.result import Placement


class ReaderView(Protocol):
    """What an entry asks of the reader: the lines, the profile so far, and where each line
    went (reading.ReaderState is one)."""

    lines: list[Line]
    profile: dict[str, Any]
    fallback_name: str | None
    headings: dict[str, str]
    placements: dict[int, Placement]
    entry_lines: dict[str, set[int]]

    def place(self, line: Line, kind: str, where: str, note: str = "") -> None: ...

    def next_content(self, index: int, skip: int = 3) -> Line | None: ...

    def is_tags_line(self, text: str) -> bool: ...


@dataclass
class DraftFields:
    """An entry being read: its fields so far, where each came from, and its body."""

    section: str
    line: int
    fields: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, list[int]] = field(default_factory=dict)
    summary: list[tuple[int, str]] = field(default_factory=list)
    body: list[tuple[int, str]] = field(default_factory=list)
    in_header: bool = True
    after_list: bool = False
    thesis: bool = False  # reading a thesis: title, summary and highlights go there
    items: list[Any] = field(default_factory=list)
    from_label: bool = False  # a skill group written as `Group: a, b` on one line
    columns: bool = False  # a skill group written as `Group    a b c`, perhaps over lines

    @property
    def dated(self) -> bool:
        return any(k in self.fields for k in ("start", "date"))

    def has_content(self) -> bool:
        keys = ("highlights", "tags", "summary", "thesis", "items", "authors")
        return bool(self.summary or self.body or any(k in self.fields for k in keys))

    def full_header(self) -> bool:
        return all(k in self.fields for k in ("title", "organization")) and (
            "location" in self.fields or self.section == "publications"
        )

    def level_below(self, line: Line) -> bool:
        return line.level > 0

    def put(
        self, key: str, value: Any, line: Line | None, reader: ReaderView, note: str = ""
    ) -> None:
        self.fields[key] = value
        if line is not None:
            self.origin.setdefault(key, []).append(line.number)
            reader.place(line, "field", self.where(key), note)

    def where(self, key: str) -> str:
        return f"{self.section}[#{self.line}].{key}"

    def append(self, key: str, value: Any, line: Line, reader: ReaderView, note: str = "") -> None:
        values = self.fields.setdefault(key, [])
        values.append(value)
        self.origin.setdefault(f"{key}[{len(values) - 1}]", []).append(line.number)
        reader.place(line, "field", self.where(f"{key}[{len(values) - 1}]"), note)

    def put_dates(self, dates: datewords.Dates, line: Line, reader: ReaderView) -> None:
        for key, value in dates.fields().items():
            self.put(key, value, line, reader, "; ".join(dates.notes))

    def add_link(self, label: str, url: str, line: Line, reader: ReaderView) -> None:
        url, added = words.with_scheme(url)
        self.append("links", {"label": label, "url": url}, line, reader, "https:// added" * added)

    def body_line(self, line: Line, reader: ReaderView, note: str = "") -> None:
        self.body.append((line.number, line.text if line.kind != "image" else line.raw.strip()))
        reader.place(line, "body", self.where("body"), note)

    def skill_items(self, line: Line, reader: ReaderView, items: list[str]) -> None:
        for item in items:
            name, level = words.item_level(item.strip())
            self.items.append({"name": name, "level": level} if level else name)
        self.origin.setdefault("items", []).append(line.number)
        reader.place(line, "field", self.where("items"))
