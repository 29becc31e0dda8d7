"""What reading a content file gives: located entries, and a file's reading kept for the next.

A build that reads a file again hands the reading before to `Validated`, which gives back
the entry objects made before for entries read just as before. Where readings are kept
between builds is the caller's (a `ReadCache`); reading only asks for the three methods below.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from generator.content.schema import Entry
from generator.content.translations import Fallback
from generator.content.yamlio import Document
from generator.errors import ContentError, FieldPath, format_field_path


@dataclass(frozen=True)
class LoadedEntry:
    """One validated entry and where it came from."""

    section: str
    data: Entry
    source: str
    line: int
    index: int | None = None  # position in a YAML list; None for a Markdown file
    stem: str | None = None  # the Markdown file's name without .md
    body_line: int = 0  # first line of a body written below the front matter, else 0
    many: bool = False  # one of many entries of its file (a YAML list, a .bib)
    volume: bool = False  # a .bib entry others name in crossref (bibparse.BibRecord.volume)
    doc: Document | None = field(default=None, compare=False, repr=False)

    def written(self, path: FieldPath) -> FieldPath:
        """`path`, or its `text` where the file gives the value as a mapping of `text` and
        more (a highlight with tags), so that an error about the text names and finds it."""
        within = path if self.index is None else (self.index, *path)
        if self.doc is not None and (*within, "text") in self.doc.marks:
            return (*path, "text")
        return path

    def error(self, path: FieldPath, message: str) -> ContentError:
        """An error about one of this entry's fields, placed at that field in its file."""
        if self.doc is None or (path == ("body",) and self.body_line):
            line, column = (self.body_line, 1) if self.body_line else (self.line, 1)
            return ContentError(self.source, line, column, format_field_path("", path), message)
        if self.index is None:
            return self.doc.error(path, message)
        return self.doc.error((self.index, *path), message, root=self.section)


@dataclass(frozen=True)
class FileRead:
    """One section file as one language reads it: its entries, errors and fallbacks; and its
    valid entries by what they were validated from, for the next reading (`Validated`)."""

    entries: list[LoadedEntry]
    errors: list[ContentError]
    fallbacks: list[Fallback] = field(default_factory=list)
    made: dict[Hashable, Entry] = field(default_factory=dict, compare=False, repr=False)


Made = tuple[Any, list[ContentError]]  # an entry (None if invalid) and its errors


class Validated:
    """Validation of a file's entries that hands back, for an entry read just as before,
    the object its last reading made.

    An edit of one entry in a file of many then leaves the others' objects as they were,
    and with them what builds made from them (rendered cards, feed items, checked Markdown).
    Nothing is shared between two entries: one read twice in a file is validated twice.
    """

    def __init__(self, before: FileRead | None = None):
        self._before = before.made if before is not None else {}
        self.made: dict[Hashable, Entry] = {}

    def unread(self) -> dict[Hashable, Entry]:
        """What to keep for the next reading when this one could not read the file: what
        the last one made, for when the file is fixed."""
        return self._before

    def get(self, key: Hashable | None, make: Callable[[], Made]) -> Made:
        """`make()`, or the entry made before from what `key` names (None: nothing to go by)."""
        if key is None or key in self.made:
            return make()
        found = self._before.get(key)
        if found is not None:
            self.made[key] = found
            return found, []
        entry, problems = make()
        if entry is not None and not problems:
            self.made[key] = entry
        return entry, problems


def frozen(value: Any) -> Hashable | None:
    """YAML data as a key that equal data share (None if it holds an unhashable value).
    Types are part of it: `yes`, `1` and `1.0` are equal in Python, not to a model."""
    try:
        key = _frozen(value)
        hash(key)
    except TypeError:
        return None
    return key


def _frozen(value: Any) -> Hashable:
    if isinstance(value, dict):
        return (dict, tuple((_frozen(k), _frozen(v)) for k, v in value.items()))
    if isinstance(value, list):
        return (list, tuple(_frozen(v) for v in value))
    return (type(value), value)


class ReadCache(Protocol):
    """Where readings of files are kept until the file changes, per reader (a language of the
    site, or None for a file every language reads alike)."""

    def get(self, path: Path, reader: Hashable = None) -> FileRead | None:
        """The reading of `path` by `reader` while the file is unchanged, else None."""

    def before(self, path: Path, reader: Hashable = None) -> FileRead | None:
        """The last reading of `path` by `reader`, even if the file changed since."""

    def put(self, path: Path, reader: Hashable, found: FileRead) -> None:
        """Keep `found` as the reading of `path` by `reader`."""
