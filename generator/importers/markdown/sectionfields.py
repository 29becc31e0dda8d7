"""An entry's fields named as its cvsite section names them (title -> position, degree,
course; organization -> institution, issuer, event), and what a section has no field for
moved into the body, so that nothing read is lost."""

from __future__ import annotations

import re
from typing import Any

from generator.importers.markdown.entryfields import ReaderView

TITLE_FIELDS = {
    "experience": "position",
    "volunteer": "position",
    "education": "degree",
    "teaching": "course",
}


_ORGANISATION_FIELDS = {
    "education": "institution",
    "teaching": "institution",
    "awards": "awarder",
    "certificates": "issuer",
    "talks": "event",
    "publications": "venue",
}


_KNOWN_FIELDS = {
    "experience": {"position", "description"},
    "volunteer": {"position"},
    "education": {"degree", "institution", "area", "grade", "thesis", "courses"},
    "projects": {"roles", "type"},
    "publications": {
        "authors", "venue", "venue_short", "type", "year", "month", "status", "doi",
        "publisher", "number", "advisors", "note",
    },
    "awards": {"awarder"},
    "certificates": {"issuer"},
    "skills": {"items", "level"},
    "teaching": {"course", "role", "institution", "term"},
    "talks": {"event"},
}  # fmt: skip


_COMMON = {
    "title", "subtitle", "organization", "location", "start", "end", "date", "summary",
    "highlights", "tags", "links", "body",
}  # fmt: skip


def section_fields(
    section: str, fields: dict[str, Any], origin: dict[str, list[int]]
) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """The draft's fields named as the section names them (title -> position), and what the
    section has no field for moved to the body."""
    renames = {}
    if section in TITLE_FIELDS:
        renames["title"] = TITLE_FIELDS[section]
    if section in _ORGANISATION_FIELDS:
        renames["organization"] = _ORGANISATION_FIELDS[section]
    if section == "publications" and "venue" in fields and "organization" in fields:
        renames.pop("organization")
    result: dict[str, Any] = {}
    moved: dict[str, list[int]] = {}
    allowed = _COMMON | _KNOWN_FIELDS.get(section, set())
    for key, value in fields.items():
        target = renames.get(key, key)
        if target not in allowed:
            text = f"{key}: {value}"
            result["body"] = f"{result.get('body', '')}{text}\n"
            moved[key] = origin.get(key, [])
            continue
        result[target] = value
    renamed_origin = {}
    for path, lines in origin.items():
        head = re.split(r"[.\[]", path, maxsplit=1)[0]
        target = renames.get(head, head)
        if head in moved:
            renamed_origin.setdefault("body", []).extend(lines)
            continue
        renamed_origin[target + path[len(head) :]] = lines
    return result, renamed_origin


def rename_places(reader: ReaderView, prefix: str, section: str, fields: dict[str, Any]) -> None:
    """The report's places named as the written fields are (title -> position)."""
    renames = {
        "title": TITLE_FIELDS.get(section),
        "organization": _ORGANISATION_FIELDS.get(section),
    }
    for number in sorted(reader.entry_lines.get(prefix, ())):
        placement = reader.placements[number]
        for position, where in enumerate(placement.where):
            if not where.startswith(prefix):
                continue
            rest = where[len(prefix) :]
            head = re.split(r"[.\[]", rest, maxsplit=1)[0]
            target = renames.get(head)
            if target and target in fields:
                placement.where[position] = prefix + target + rest[len(head) :]
            elif head and head not in fields and head not in ("dates", "thesis", "body"):
                if head in ("start", "end", "date") or "body" not in fields:
                    continue
                placement.where[position] = prefix + "body"
