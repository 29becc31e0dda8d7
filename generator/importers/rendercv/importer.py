"""`cvsite import rendercv FILE`: a RenderCV YAML file (1.x or 2.x) as a site.

`cv:` becomes the profile and the sections (header.py, sections.py, entries.py);
`design:`, `locale:` and `settings:` the nearest site.yaml settings (settings.py). Every
value is checked by cvsite's own models (plan.py), the files are loaded as a site before
any is written, and they are written through sitefiles.decide/apply: importing again
changes nothing, and a file the user edited is never replaced. The report names every
field of the input with its line, and where it went or why it was left.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.personname import without_titles
from generator.content.schema import SiteConfig
from generator.content.textfile import read_text
from generator.content.yamlio import Document, load_yaml
from generator.errors import ContentError, ContentErrors, UsageError
from generator.importers import plan
from generator.importers.markdown.importer import fallback_name
from generator.importers.rendercv import entries as rcv
from generator.importers.rendercv import header, sections
from generator.importers.rendercv import settings as rcv_settings
from generator.importers.report import Report
from generator.importers.sitefiles import to_yaml

PLACEHOLDER_BASE_URL = "https://example.com/"
_TOP = {"cv", "design", "locale", "locale_catalog", "settings", "rendercv_settings"}
_INDEX = re.compile(r"\[(\d+)\]")


@dataclass
class _Import:
    """The document, the report and what is being made."""

    doc: Document
    report: Report
    origin: str
    files: dict[str, str] = field(default_factory=dict)
    nav: list[tuple[str, str]] = field(default_factory=list)
    owners: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    profile_where: str = "content/profile.yaml"

    def line(self, path: tuple[Any, ...]) -> int:
        try:
            return self.doc.mark(path).line
        except (KeyError, IndexError, TypeError):
            return self.doc.mark(path[:-1]).line if path else 1

    def place(self, base: tuple[Any, ...], source: str, where: str, note: str = "") -> None:
        path = (*base, *_parts(source))
        self.report.place(_shown(path), self.line(path), where, note)

    def leave(self, base: tuple[Any, ...], source: str, why: str) -> None:
        path = (*base, *_parts(source))
        self.report.leave(_shown(path), self.line(path), why)


def _parts(source: str) -> tuple[Any, ...]:
    """ "social_networks[0].network" -> ("social_networks", 0, "network")."""
    parts: list[Any] = []
    for piece in source.split(".") if source else []:
        name, *indices = _INDEX.split(piece)
        parts += [name] if name else []
        parts += [int(i) for i in indices if i]
    return tuple(parts)


def _shown(path: tuple[Any, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


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
    where = plan.profile_file(site)
    if not mapped.fields.get("name"):
        name = plan.existing_name(site) or fallback_name(source)
        mapped.fields["name"] = name
        state.report.notes.append(f"the file gives no cv.name: the profile's name is {name!r}")
    for key, value in cv.items():
        if key not in header.HEADER and value not in (None, "", []):
            why = "RenderCV's order of entries; cvsite keeps the order written"
            state.leave(("cv",), key, why if key == "sort_entries" else "not a RenderCV field")
    fields = plan.checked_profile(mapped.fields, state.moved)
    for source_field, target, note in mapped.origin:
        if target in fields:
            state.place(("cv",), source_field, f"{where}.{target}", note)
        else:
            state.leave(("cv",), source_field, "cvsite's profile refuses it (see the notes)")
    for source_field, why in mapped.left:
        state.leave(("cv",), source_field, why)
    return fields


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
    if placement.section == "profile.summary":
        profile["summary"] = "\n\n".join(str(item) for item in items if item)
        for index in range(len(items)):
            state.place(base, f"[{index}]", f"{state.profile_where}.summary")
        return
    state.nav.append((placement.section, placement.label))
    if placement.kind == "text":
        _text_section(state, placement, items)
        return
    mapped_all, entries = [], []
    for index, item in enumerate(items):
        kind = rcv.type_of(item)
        if kind is None:
            state.leave(base, f"[{index}]", "not a RenderCV entry: no field tells its type")
            continue
        mapped = rcv.map_entry(kind, item, placement.section)
        _ensure_title(mapped.fields, placement.label)
        if kind in ("bullet", "numbered", "reversed_numbered"):  # Markdown, shown inline
            title = mapped.fields["title"]
            mapped.fields["title"] = plan.safe_markdown(title, placement.section, state.moved)
        mapped_all.append((index, mapped))
        entries.append(plan.checked_entry(placement.section, mapped.fields, state.moved))
        state.owners += mapped.owners
    files, places = plan.section_files(placement.section, entries, state.origin)
    state.files.update(files)
    for (index, mapped), place, entry in zip(mapped_all, places, entries, strict=True):
        _report_entry(state, (*base, index), mapped, place, entry)


def _text_section(state: _Import, placement: sections.Placement, items: list) -> None:
    """Paragraphs: one entry titled as the section, the paragraphs its summary."""
    texts = [str(item) for item in items if item]
    entry = {"title": placement.label, "summary": "\n\n".join(texts)}
    entry = plan.checked_entry(placement.section, entry, state.moved)
    files, places = plan.section_files(placement.section, [entry], state.origin)
    state.files.update(files)
    for index in range(len(items)):
        where = places[0] + (".summary" if "summary" in entry else ".body")
        state.place(("cv", "sections", placement.key), f"[{index}]", where)


def _ensure_title(fields: dict[str, Any], label: str) -> None:
    """cvsite needs a title: RenderCV may leave a position or degree out."""
    if not any(fields.get(k) for k in ("title", "position", "degree", "course")):
        fields["title"] = fields.get("organization") or fields.get("institution") or label


def _report_entry(state: _Import, base: tuple, mapped: rcv.Mapped, place: str, entry: dict):  # noqa: ANN202
    """Each input field with the file and field it went to; a value cvsite's model refused
    is in the entry's body (its page)."""
    for source, target, note in mapped.origin:
        if target in entry:
            state.place(base, source, f"{place}.{target}", note)
        elif place.endswith(".md"):
            state.place(base, source, f"{place} (body)", note or "kept in the page's text")
        else:
            state.leave(base, source, "cvsite's model refuses it (see the notes)")
    for source, why in mapped.left:
        state.leave(base, source, why)


# --- site.yaml and the whole import ----------------------------------------------------------


def _site_yaml(state: _Import, name: str, document: dict[str, Any]) -> str:
    read = rcv_settings.read(document)
    owner = without_titles(name)
    aliases = sorted({o for o in state.owners if o != owner})
    values: dict[str, Any] = {
        "title": name,
        "base_url": PLACEHOLDER_BASE_URL,
        "language": "en",
        "theme": "meridian",
        "highlight_author": {"name": owner, "aliases": aliases} if aliases else owner,
        "nav": plan.nav_items(state.nav),
        **read.values,
    }
    SiteConfig.model_validate(values)
    for path, where, note in read.placed:
        if where:
            state.place(path, "", where, note)
        else:
            state.leave(path, "", note)
    note = (
        f"# Made by `cvsite import rendercv` from {state.origin}. Set base_url to where the "
        "site is published.\n"
    )
    return note + to_yaml(values)


def import_rendercv(source: Path, site: Path, *, dry_run: bool = False) -> Report:
    """Import `source` into `site`; with `dry_run`, decide everything and write nothing."""
    if site.exists() and not site.is_dir():
        raise UsageError(f"--site {site}: not a folder")
    document = read_document(source)
    state = _Import(document, Report(), source.name, profile_where=plan.profile_file(site))
    for key in document.data:
        if key not in _TOP:
            state.leave((), str(key), "not a RenderCV field")
    cv = document.data["cv"]
    profile = _profile(state, cv, site, source)
    _sections(state, cv, profile)
    profile = plan.checked_profile(profile, state.moved)
    files = {"site.yaml": _site_yaml(state, profile["name"], document.data)}
    files[plan.profile_file(site)] = plan.marked_yaml(profile, state.origin)
    files.update(state.files)
    plan.check_loads(files)
    state.report.notes += state.moved
    state.report.files = plan.write(site, files, dry_run)
    return state.report
