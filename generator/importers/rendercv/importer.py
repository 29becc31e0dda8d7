"""`cvsite import rendercv FILE`: a RenderCV YAML file (1.x or 2.x) into the import record:
`cv:` the profile and the sections, `design:`, `locale:` and `settings:` the nearest
site.yaml settings; every input field reported with its line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.content.textfile import read_text
from generator.content.yamlio import Document, load_yaml
from generator.errors import ContentError, ContentErrors, format_field_path
from generator.importers.checking import safe_markdown
from generator.importers.record import Imported
from generator.importers.rendercv import entries as rcv
from generator.importers.rendercv import header, sections
from generator.importers.rendercv import settings as rcv_settings
from generator.importers.report import Report
from generator.importers.writing import existing_name, fallback_name, import_site, profile_file

_TOP = {"cv", "design", "locale", "locale_catalog", "settings", "rendercv_settings"}
_INDEX = re.compile(r"\[(\d+)\]")


@dataclass
class _Import:
    """The document and the record being made of it."""

    doc: Document
    record: Imported
    profile_where: str = "content/profile.yaml"

    @property
    def report(self) -> Report:
        return self.record.report

    def line(self, path: tuple[Any, ...]) -> int:
        try:
            return self.doc.mark(path).line
        except (KeyError, IndexError, TypeError):
            return self.doc.mark(path[:-1]).line if path else 1

    def place(self, base: tuple[Any, ...], source: str, where: str, note: str = "") -> None:
        path = (*base, *_parts(source))
        self.report.place(format_field_path("", path), self.line(path), where, note)

    def leave(self, base: tuple[Any, ...], source: str, why: str) -> None:
        path = (*base, *_parts(source))
        self.report.leave(format_field_path("", path), self.line(path), why)


def _parts(source: str) -> tuple[Any, ...]:
    """ "social_networks[0].network" -> ("social_networks", 0, "network")."""
    parts: list[Any] = []
    for piece in source.split(".") if source else []:
        name, *indices = _INDEX.split(piece)
        parts += [name] if name else []
        parts += [int(i) for i in indices if i]
    return tuple(parts)


def read_document(source: Path) -> Document:
    """The RenderCV file with a line mark for every value; it must have a `cv:` mapping."""
    display = str(source)
    document = load_yaml(read_text(source, display), display)
    data = document.data
    if not isinstance(data, dict) or not isinstance(data.get("cv"), dict):
        raise ContentErrors(
            [ContentError(display, 1, 1, "cv", "expected a RenderCV file: a `cv:` mapping")]
        )
    return document


# --- the profile -----------------------------------------------------------------------------


def _profile(state: _Import, cv: dict[str, Any], site: Path, source: Path) -> dict[str, Any]:
    mapped = header.profile(cv)
    where = state.profile_where
    if not mapped.fields.get("name"):
        name = existing_name(site) or fallback_name(source)
        mapped.fields["name"] = name
        state.report.notes.append(f"the file gives no cv.name: the profile's name is {name!r}")
    for key, value in cv.items():
        if key not in header.HEADER and value not in (None, "", []):
            why = "RenderCV's order of entries; cvsite keeps the order written"
            state.leave(("cv",), key, why if key == "sort_entries" else "not a RenderCV field")
    if mapped.fields.get("phone"):
        state.record.settings["contact"] = {"phone": True}  # header.PHONE_SHOWN says why
    for source_field, target, note in mapped.origin:
        state.place(("cv",), source_field, f"{where}.{target}", note)
    for source_field, why in mapped.left:
        state.leave(("cv",), source_field, why)
    return mapped.fields


# --- the sections ----------------------------------------------------------------------------


def _sections(state: _Import, cv: dict[str, Any], profile: dict[str, Any]) -> None:
    given = cv.get("sections")
    if not isinstance(given, dict):
        if given not in (None, ""):
            state.leave(("cv",), "sections", "expected a mapping of titles to lists of entries")
        return
    kinds = {}
    for key, items in given.items():
        listed = items if isinstance(items, list) else []
        kind = next((k for k in map(rcv.type_of, listed) if k), None)
        if kind:
            kinds[str(key)] = kind
        else:
            state.leave(("cv", "sections"), str(key), "expected a list of RenderCV entries")
    for placement in sections.place_all(kinds, summary_free="summary" not in profile):
        _section(state, placement, given[placement.key], profile)


def _section(state: _Import, placement: sections.Placement, items: list, profile: dict) -> None:
    base = ("cv", "sections", placement.key)
    if placement.kind == "text":  # paragraphs: the profile's summary, or one entry's
        summary = "\n\n".join(str(item) for item in items if item)
        if placement.section == "profile.summary":
            profile["summary"], where = summary, state.profile_where
        else:
            state.record.labels[placement.section] = placement.label
            entry = {"title": placement.label, "summary": summary}
            where = state.record.add(placement.section, entry)
        for index in range(len(items)):
            state.place(base, f"[{index}]", f"{where}.summary")
        return
    state.record.labels[placement.section] = placement.label
    for index, item in enumerate(items):
        kind = rcv.type_of(item)
        if kind is None:
            state.leave(base, f"[{index}]", "not a RenderCV entry: no field tells its type")
            continue
        mapped = rcv.map_entry(kind, item, placement.section)
        if kind in ("bullet", "numbered", "reversed_numbered"):  # Markdown, shown inline
            title = mapped.fields["title"]
            notes = state.report.notes
            mapped.fields["title"] = safe_markdown(title, placement.section, notes)
        place = state.record.add(placement.section, mapped.fields)
        state.record.aliases += mapped.owners
        for source, target, note in mapped.origin:
            state.place((*base, index), source, f"{place}.{target}", note)
        for source, why in mapped.left:
            state.leave((*base, index), source, why)


# --- the whole import ------------------------------------------------------------------------


def import_rendercv(source: Path, site: Path, *, dry_run: bool = False) -> Report:
    """Import `source` into `site`; with `dry_run`, decide everything and write nothing."""
    document = read_document(source)
    state = _Import(document, Imported("rendercv", source.name), profile_file(site))
    for key in document.data:
        if key not in _TOP:
            state.leave((), str(key), "not a RenderCV field")
    cv = document.data["cv"]
    state.record.profile = _profile(state, cv, site, source)
    _sections(state, cv, state.record.profile)
    settings = rcv_settings.read(document.data)
    state.record.settings.update(settings.values)
    for path, where, note in settings.placed:
        if where:
            state.place(path, "", where, note)
        else:
            state.leave(path, "", note)
    return import_site(state.record, site, dry_run)
