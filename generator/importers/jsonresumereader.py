"""Reading a JSON Resume document for the importer: the document with a line mark for every
value, and the reader that maps its fields through jsonresumetable's tables and reports
everything it reads differently, skips or leaves out. A field the schema lacks whose value
reads as text is kept, labelled with its key, where its item has room for text (a summary,
a language's level); what is not text (an object, a flag, an icon name) is left out."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.content.textfile import read_text
from generator.content.yamlio import MAX_DEPTH, Document, Mark, load_yaml
from generator.errors import ContentError, ContentErrors, FieldPath, format_field_path
from generator.importers.checking import safe_markdown
from generator.importers.jsonbounds import check_bounds
from generator.importers.jsonresumetable import DATE_NAMES, LEGACY_NAMES, OTHER_NAMES, URL_FIELDS
from generator.importers.record import Origin
from generator.importers.report import Report
from generator.safeurl import normalize_url, web_address_without_scheme

# Why a field the schema lacks, at the top of the document, is left out.
OUTSIDE = "not a JSON Resume field; outside every entry, it has no place on a page; not imported"
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


def with_parenthesis(text: str | None, extras: Iterable[Extra]) -> str | None:
    """A short plain text (a language's level) with the extras after it, in parentheses."""
    lines = "; ".join(extra.line for extra in extras)
    if not lines:
        return text
    return f"{text} ({lines})" if text else lines


@dataclass
class Reader:
    """The document with its line marks; collects what is skipped or ignored."""

    doc: Document
    report: Report

    def mark(self, path: FieldPath) -> Mark:
        return self.doc.mark(path)

    def unknown(
        self, path: FieldPath, value: dict[str, Any], known: set[str], room: bool = True
    ) -> list[Extra]:
        """The fields of `value` the schema lacks that read as text (kept by the caller, if
        its item has `room`); the others are reported and left out."""
        kept = []
        for key, given in value.items():
            if key in known:
                continue
            text = None if key in PRESENTATION or not room else as_text(given)
            if text is not None:
                kept.append(Extra((*path, key), str(key), text))
                continue
            why = why_left_out(key, given) if room else OUTSIDE
            where = self.doc.mark((*path, key), key=True)
            self.report.leave(format_field_path("", (*path, key)), where.line, why)
        return kept

    def kept(self, extras: list[Extra], where: str) -> None:
        """Report each extra as shown at `where` (a cvsite field)."""
        for extra in extras:
            note = f"not a JSON Resume field; shown in {where.rsplit('.', 1)[-1]} as {extra.line!r}"
            self.note(extra.path, note)
            line = self.mark(extra.path).line
            self.report.place(format_field_path("", extra.path), line, where, note)

    def placed(self, path: FieldPath, origin: dict[str, str], where: str) -> None:
        """Each JSON Resume field of the value at `path` with the cvsite field it went to."""
        for target, source in origin.items():
            line = self.mark((*path, source)).line
            self.report.place(format_field_path("", (*path, source)), line, f"{where}.{target}")

    def origins(self, path: FieldPath, origin: dict[str, str]) -> dict[str, Origin]:
        """cvsite field -> where its value was, for the warnings of the back end."""
        found = {}
        for target, source in origin.items():
            mark = self.mark((*path, source))
            shown = format_field_path("", (*path, source))
            found[target] = Origin(self.doc.file, mark.line, shown, mark.column)
        return found

    def skip(self, path: FieldPath, message: str) -> None:
        self.report.skipped.append(self._at(path, message))

    def note(self, path: FieldPath, message: str) -> None:
        self.report.notes.append(str(self._at(path, message)))

    def _at(self, path: FieldPath, message: str) -> ContentError:
        where = self.mark(path)
        return ContentError(
            self.doc.file, where.line, where.column, format_field_path("", path), message
        )

    def current_names(self, path: FieldPath, value: dict[str, Any]) -> dict[str, Any]:
        """`value` with pre-1.0 field names read as today's, each with a note."""
        renamed = dict(value)
        for names, why in (
            (LEGACY_NAMES.get(str(path[0]), {}), "a name from JSON Resume before 1.0"),
            (OTHER_NAMES.get(str(path[0]), {}), "not a JSON Resume 1.0 name"),
            (DATE_NAMES, "not a JSON Resume 1.0 name"),
        ):
            for old, new in names.items():
                if old in value and new not in value:
                    renamed[new] = renamed.pop(old)
                    self.note((*path, old), f"{why}; read as '{new}'")
        return renamed

    def web_address(self, path: FieldPath, url: Any) -> Any:
        """A URL as written, or `https://` + it for a web address without a scheme."""
        if not isinstance(url, str):
            return url
        fixed = web_address_without_scheme(normalize_url(url))
        if fixed is None:
            return url
        self.note(path, f"{url!r} has no scheme; read as {fixed!r}")
        return fixed


def read_document(path: Path) -> Document:
    """resume.json with a line mark for every value; a syntax error names its line."""
    display = str(path)
    text = read_text(path, display)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentErrors(
            [ContentError(display, exc.lineno, exc.colno, "", f"not valid JSON: {exc.msg}")]
        ) from None
    except RecursionError:  # the decoder recurses per level: 100,000 '[' exhaust the stack
        raise ContentErrors(
            [ContentError(display, 1, 1, "", f"nested deeper than {MAX_DEPTH} levels")]
        ) from None
    if not isinstance(value, dict):
        raise ContentErrors(
            [ContentError(display, 1, 1, "", "expected a JSON Resume object ({...})")]
        )
    check_bounds(value, text, display)
    # JSON is YAML; the YAML reader keeps the line of every value (and text as text).
    document = load_yaml(text, display)
    document.data = with_flags(value, document.data)
    return document


def with_flags(parsed: Any, data: Any) -> Any:
    """The YAML reader's data with JSON's `true` and `false` as yes/no again (it reads every
    scalar as text, so `"pinned": true` would look like the word "true")."""
    if isinstance(parsed, bool):
        return parsed
    if isinstance(parsed, dict) and isinstance(data, dict):
        return {key: with_flags(parsed.get(key), given) for key, given in data.items()}
    if isinstance(parsed, list) and isinstance(data, list) and len(parsed) == len(data):
        return [with_flags(p, given) for p, given in zip(parsed, data, strict=True)]
    return data


def mapped(
    value: dict[str, Any], table: list[tuple[str, str]]
) -> tuple[dict[str, Any], dict[str, str]]:
    """(cvsite fields, cvsite field -> JSON Resume field), empty values left out."""
    data: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for source, target in table:
        given = value.get(source)
        if isinstance(given, list):  # `"courses": [""]` is a list of nothing
            given = [item for item in given if not (isinstance(item, str) and not item.strip())]
        if given in (None, "", []):
            continue
        if isinstance(data.get(target), list) and isinstance(given, list):
            # Two lists for one field (a project's keywords and technologies): one list.
            data[target] = list(dict.fromkeys([*data[target], *given]))
            continue
        data[target] = given
        origin[target] = source
    return data, origin


def fix_urls(reader: Reader, path: FieldPath, value: dict[str, Any]) -> dict[str, Any]:
    fixed = dict(value)
    for name in URL_FIELDS & value.keys():
        fixed[name] = reader.web_address((*path, name), value[name])
    return fixed


def with_summary(reader: Reader, summary: str | None, extras: list[Extra]) -> str | None:
    """The summary with each extra as a paragraph of its own, as Markdown that shows it."""
    moved: list[str] = []
    lines = [safe_markdown(extra.line, extra.line, moved) for extra in extras]
    for extra, line in zip(extras, lines, strict=True):
        if line != extra.line:
            reader.note(extra.path, "written as text (it holds HTML or an unsafe link)")
    paragraphs = [summary.rstrip()] if summary and summary.strip() else []
    return "\n\n".join([*paragraphs, *lines]) or None
