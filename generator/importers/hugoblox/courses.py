"""Hugo Blox courses as teaching: each course (a folder of `content/courses/`, with its
`_index.md`) is one teaching entry, its lesson pages the chapters of the entry's body, in
Hugo's order (weight, then path)."""

from __future__ import annotations

from datetime import date
from typing import Any

from babel.dates import format_date

from generator.content.dates import parse_date
from generator.importers.hugoblox.pages import HUGO_ONLY, body_of, page_slug, section_page
from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.sitesource.folder import Page, SourceFolder
from generator.importers.sitesource.markup import plain
from generator.importers.sitesource.trail import Taking, line_finder

SECTION = "teaching"
_LESSON_ONLY = {**HUGO_ONLY, "linkTitle": "Hugo's short title for menus (the title is kept)"}
_META = {"content_type": "Type", "difficulty": "Difficulty", "prerequisites": "Prerequisites"}


def import_courses(folder: SourceFolder, record: Imported, report: Report) -> None:
    root = "content/courses"
    pages = [p for p in (folder.page(path) for path in folder.files(root, (".md",))) if p]
    by_course: dict[str, list[Page]] = {}
    for page in pages:
        parts = page.path.split("/")
        if len(parts) == 3 and parts[2] == "_index.md":
            section_page(page, SECTION, record, report)
            continue
        course = parts[2] if len(parts) > 3 else parts[2].removesuffix(".md")
        by_course.setdefault(course, []).append(page)
    for course, members in by_course.items():
        _course(course, members, record, report)


def _course(course: str, members: list[Page], record: Imported, report: Report) -> None:
    # The course's own page: its (_)index.md, else a page at the top of courses/.
    top = [p for p in members if p.path.count("/") <= 3 and p.path.endswith("index.md")]
    top += [p for p in members if p.path.count("/") == 2]
    index = (top or members)[0]
    fields: dict[str, Any] = {}
    where = record.add_paged(SECTION, page_slug(index, record.taken(SECTION)), fields)
    take = Taking(report, index.path, index.meta, line_finder(index.document))
    fields["course"] = plain(take.text("title") or course)
    take.put("title", f"{where}: course")
    take.move("summary", fields, "summary", f"{where}: summary")
    take.move("date", fields, "date", f"{where}: date", lambda date: date[:10])
    fields["tags"] = [plain(str(t)) for t in take.put("tags", f"{where}: tags") or []]
    fields["highlights"] = _meta(take, where)
    chapters = [body_of(index, where, report)]
    lessons = sorted((p for p in members if p is not index), key=_order)
    chapters += [_lesson(page, where, report) for page in lessons]
    fields["body"] = "\n\n".join(c for c in chapters if c) or None
    take.finish(_LESSON_ONLY, "not a field cvsite has")


def _order(page: Page) -> tuple[int, str]:
    weight = str(page.meta.get("weight") or "0")
    index_first = 0 if page.path.endswith("_index.md") else 1
    place = f"{page.path.rsplit('/', 1)[0]}/{index_first}{page.path}"
    return int(weight) if weight.lstrip("-").isdigit() else 0, place


def _meta(take: Taking, where: str) -> list[str]:
    meta = take.get("content_meta")
    if not isinstance(meta, dict):
        return []
    part = take.child("content_meta", meta)
    found = []
    for key, label in _META.items():
        value = part.get(key)
        if value:
            shown = ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
            found.append(f"{label}: {plain(shown)}")
        part.put(key, f"{where}: highlights")
    part.finish({"trending": "a Hugo Blox badge"}, "not a field cvsite has")
    take.done.add("content_meta")
    return found


def _lesson(page: Page, where: str, report: Report) -> str:
    take = Taking(report, page.path, page.meta, line_finder(page.document))
    title = plain(take.text("title") or page.path.rsplit("/", 1)[-1])
    take.put("title", f"{where}: body (a chapter's heading)")
    summary = take.text("summary")
    take.put("summary", f"{where}: body")
    if take.text("date"):
        take.put("date", f"{where}: body (under the chapter's heading)")
    take.finish(_LESSON_ONLY, "not a field cvsite has")
    dated = _shown_date(str(page.meta.get("date") or ""))
    parts = [f"## {title}", dated, summary, body_of(page, where, report)]
    return "\n\n".join(p for p in parts if p)


def _shown_date(value: str) -> str | None:
    """A lesson's date as the site shows dates (in English: Feb 17, 2024)."""
    when = parse_date(value[:10]) if value else None
    if when is None or not when.day:
        return None
    return "*" + format_date(date(when.year, when.month, when.day), "medium", locale="en") + "*"
