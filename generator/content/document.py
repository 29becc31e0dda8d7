"""Data read from a text file, with the line and column of every value and mapping key.

Every reader of content (YAML, front matter, BibTeX) hands over a Document, so that any
later check can place its error at the field the user wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from generator.errors import ContentError, FieldPath, format_field_path


class Mark(NamedTuple):
    """A 1-based position in a file. (A tuple: one is made for every value read.)"""

    line: int
    column: int


@dataclass
class Document:
    """Data read from one YAML text, with the position of every value and mapping key."""

    file: str
    data: Any
    marks: dict[FieldPath, Mark] = field(default_factory=dict)
    key_marks: dict[FieldPath, Mark] = field(default_factory=dict)
    # Paths of data that was moved when read (a translation resolved) -> where it is written.
    shown: dict[FieldPath, FieldPath] = field(default_factory=dict)

    def mark(self, path: FieldPath, *, key: bool = False) -> Mark:
        """The position of `path`, or of its nearest known ancestor."""
        path = tuple(path)
        while True:
            if key and path in self.key_marks:
                return self.key_marks[path]
            if path in self.marks:
                return self.marks[path]
            if not path:
                return Mark(1, 1)
            path = path[:-1]

    def field_name(self, root: str, path: FieldPath) -> str:
        """`path` as the user wrote it: `title.de` for the German value of a translated title."""
        path = tuple(path)
        if self.shown:
            for end in range(len(path), 0, -1):
                if path[:end] in self.shown:
                    path = (*self.shown[path[:end]], *path[end:])
                    break
        return format_field_path(root, path)

    def error(self, path: FieldPath, message: str, *, root: str = "", key: bool = False):
        field_name = self.field_name(root, path)
        return ContentError(self.file, *self.mark(path, key=key), field_name, message)
