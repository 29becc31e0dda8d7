"""Fields a real resume.json carries that the JSON Resume schema lacks: one whose value reads
as text is kept, labelled with its key, where its item has room for text (a summary, a
language's level); what is not text (an object, a flag, an icon name) is reported and left
out."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from generator.errors import FieldPath

# Keys other tools use for how to draw an item, not for what it says (al-folio's icon names).
PRESENTATION = {"icon"}


@dataclass(frozen=True)
class Extra:
    """One field the schema lacks, kept as text: where it was, its key and its text."""

    path: FieldPath
    label: str
    text: str

    @property
    def line(self) -> str:
        return f"{self.label}: {self.text}"


def as_text(value: Any) -> str | None:
    """The value as a reader would write it ("100", "Go, Rust"), or None when it is not text."""
    if isinstance(value, list):
        parts = [as_text(item) for item in value]
        if not parts or None in parts or any(isinstance(item, list) for item in value):
            return None
        return ", ".join(p for p in parts if p) or None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    return str(value).strip() or None


def why_left_out(key: str, value: Any) -> str:
    """Why a field the schema lacks has no place on a page."""
    if key in PRESENTATION:
        return "not a JSON Resume field; a theme's icon name, not content; not imported"
    if isinstance(value, bool):
        return "not a JSON Resume field; a yes/no setting of some theme, not text; not imported"
    if value in (None, "", [], {}):
        return "not a JSON Resume field; empty; not imported"
    kind = "an object" if isinstance(value, dict) else "a list that is not text"
    return f"not a JSON Resume field; {kind} has no place on a page; not imported"


def kept_where(where: str, extra: Extra) -> str:
    """The report's note for a kept field."""
    return f"not a JSON Resume field; shown in {where} as {extra.line!r}"


def with_paragraphs(text: str | None, lines: Iterable[str]) -> str | None:
    """Markdown text with each line (an extra's, made safe) as a paragraph of its own."""
    paragraphs = [text.rstrip()] if text and text.strip() else []
    return "\n\n".join([*paragraphs, *lines]) or None


def with_parenthesis(text: str | None, extras: Iterable[Extra]) -> str | None:
    """A short plain text (a language's level) with the extras after it, in parentheses."""
    lines = "; ".join(extra.line for extra in extras)
    if not lines:
        return text
    return f"{text} ({lines})" if text else lines
