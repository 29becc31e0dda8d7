"""The résumé sections of a Hugo Blox author file: education (and the older
`education.courses`), experience (`work` since v5), skills with their levels, and awards."""

from __future__ import annotations

from typing import Any

from generator.importers.hugoblox.links import ICON_REASON, link
from generator.importers.record import Imported
from generator.importers.sitesource.markup import (
    LEFT_URL,
    local_links_as_text,
    outside_code,
    plain,
    safe_url,
)
from generator.importers.sitesource.trail import Taking

NOT_CVSITE = "not a field cvsite has"
_ICONS = {"icon": ICON_REASON, "icon_pack": ICON_REASON}
_LOGO = {"company_logo": "a logo from the site's assets, which cvsite does not show"}
# Source field -> cvsite field, per section.
EDUCATION = {
    "degree": "degree",
    "course": "degree",
    "area": "area",
    "institution": "institution",
    "location": "location",
    "start": "start",
    "end": "end",
    "date_start": "start",  # Hugo Blox v5+ (2024 on)
    "date_end": "end",
    "year": "date",
    "date": "date",
    "summary": "summary",
    "url": "url",
}
EXPERIENCE = {
    "role": "position",
    "title": "position",
    "position": "position",  # Hugo Blox v5+ `work`
    "org": "organization",
    "company": "organization",
    "company_name": "organization",
    "organization": "organization",
    "location": "location",
    "start": "start",
    "end": "end",
    "date_start": "start",
    "date_end": "end",
    "date": "date",
    "summary": "summary",
    "url": "url",
    "company_url": "url",
}
AWARDS = {
    "title": "title",
    "awarder": "awarder",
    "date": "date",
    "summary": "summary",
    "url": "url",
}
_COLOUR = "a colour of Hugo Blox's design"
_GROUP_ONLY = {**_ICONS, "color": _COLOUR, "color_border": _COLOUR}
_PLAIN = {"degree", "institution", "position", "organization", "title", "awarder", "area"}


def sections(take: Taking, record: Imported) -> None:
    education = take.get("education")
    if isinstance(education, dict):  # Hugo Academic: education: {courses: [...]}
        inner = take.child("education", education)
        _entries(inner, "courses", "education", EDUCATION, record)
        inner.finish({}, NOT_CVSITE)
        take.done.add("education")
    else:
        _entries(take, "education", "education", EDUCATION, record)
    _entries(take, "experience", "experience", EXPERIENCE, record)
    _entries(take, "work", "experience", EXPERIENCE, record)  # Hugo Blox v5+ (2024 on)
    _entries(take, "awards", "awards", AWARDS, record)
    _skills(take, record)


def _entries(take: Taking, key: str, section: str, table: dict[str, str], record: Imported) -> None:
    items = take.get(key)
    if not isinstance(items, list):
        take.left(key, "not a list of entries")
        return
    take.done.add(key)
    for index, item in enumerate(items):
        part = take.child(f"{key}[{index}]", item)
        entry: dict[str, Any] = {}
        where = record.add_listed(section, entry)
        _fill(part, table, entry, where)
        button = part.get("button")
        if isinstance(button, dict):
            made = link(part.child("button", button), f"{where}.links[0]")
            part.done.add("button")
            if made:
                entry["links"] = [made]
        part.finish({**_ICONS, **_LOGO}, NOT_CVSITE)


def _fill(part: Taking, table: dict[str, str], entry: dict[str, Any], where: str) -> None:
    for source, target in table.items():
        value = part.text(source)
        if value is None or target in entry:
            part.put(source, f"{where}.{target}")
            continue
        if target == "url" and safe_url(value) is None:  # `uploads/x.pdf`: not imported
            part.left(source, LEFT_URL)
            continue
        part.put(source, f"{where}.{target}")
        entry[target] = plain(value) if target in _PLAIN else value
        if target == "summary":
            entry[target] = _without_local_links(part, value)
    if "date" in entry and "start" in entry:
        entry.pop("date")


def _without_local_links(part: Taking, text: str) -> str:
    """Markdown links into the source site (`[Certificate](uploads/x.pdf)`) as their text."""
    notes: list[str] = []
    text = outside_code(text, lambda prose: local_links_as_text(prose, notes))
    part.report.notes += [f"{part.source} {part.prefix}: {note}" for note in notes]
    return text


def _skills(take: Taking, record: Imported) -> None:
    groups = take.get("skills")
    if not isinstance(groups, list):
        take.left("skills", "not a list of skill groups")
        return
    take.done.add("skills")
    for index, group in enumerate(groups):
        part = take.child(f"skills[{index}]", group)
        entry: dict[str, Any] = {"title": plain(part.text("name") or "Skills"), "items": []}
        where = record.add_listed("skills", entry)
        part.put("name", f"{where}.title")
        for number, item in enumerate(part.get("items") or []):
            made = _skill(part.child(f"items[{number}]", item), f"{where}.items[{number}]")
            if made:
                entry["items"].append(made)
        part.done.add("items")
        part.finish(_GROUP_ONLY, NOT_CVSITE)


def _skill(part: Taking, where: str) -> dict[str, Any] | None:
    name = part.text("label") or part.text("name")
    part.put("label", f"{where}.name")
    part.put("name", f"{where}.name")
    description = part.text("description")
    part.put("description", f"{where}.name")
    if not name:
        part.finish(_ICONS, NOT_CVSITE)
        return None
    level = _level(part, where)
    part.finish(_ICONS, NOT_CVSITE)
    shown = f"{name} ({description})" if description else name
    return {"name": plain(shown), **({"level": level} if level else {})}


def _level(part: Taking, where: str) -> str | None:
    """Hugo Blox's 1–5 `level` as "4/5", Hugo Academic's `percent` as "80%"."""
    level, percent = part.text("level"), part.text("percent")
    part.put("level", f"{where}.level")
    part.put("percent", f"{where}.level")
    if level:
        return f"{level}/5" if level.isdigit() else level
    return f"{percent}%" if percent else None
