"""What a Hugo Blox site's home page holds. Landing pages (`content/_index.md`…) are blocks
that show what is imported elsewhere, except a `markdown` block's text, the owner's own,
added to the profile's summary under its title. Hugo Academic's widgets (`content/home/*.md`)
hold the experience and accomplishments lists as résumé entries, the widget's title as the
menu label; the other widgets only lay out the home page."""

from __future__ import annotations

from typing import Any

from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.sitesource.folder import Page, SourceFolder, truthy
from generator.importers.sitesource.markup import LEFT_URL, plain, safe_url
from generator.importers.sitesource.trail import Taking, line_finder

# --- landing pages ---------------------------------------------------------------------------

TEXT_BLOCKS = {"markdown"}
BLOCK_SHOWS = "lays the page out, showing the author file or a section imported elsewhere"
PAGE_ONLY = {
    "title": "the landing page's title",
    "summary": "the landing page's summary",
    "date": "the page's date in Hugo",
    "type": "Hugo's layout",
    "design": "Hugo Blox's design",
    "cascade": "Hugo's settings for pages below",
}


def import_landing(folder: SourceFolder, record: Imported, report: Report) -> set[str]:
    """Text blocks of the landing pages at the top of content/; the pages read."""
    read = set()
    for path in folder.files("content", (".md",)):
        page = folder.page(path) if path.count("/") == 1 else None
        if page is not None and isinstance(page.meta.get("sections"), list):
            _landing_page(page, record, report)
            read.add(path)
    return read


def _landing_page(page: Page, record: Imported, report: Report) -> None:
    lines = line_finder(page.document)
    take = Taking(report, page.path, page.meta, lines)
    for index, block in enumerate(take.get("sections") or []):
        where = f"sections[{index}]"
        kind = str(block.get("block") or "") if isinstance(block, dict) else ""
        content = block.get("content") if isinstance(block, dict) else None
        if kind in TEXT_BLOCKS and isinstance(content, dict) and not truthy(block.get("demo")):
            part = take.child(where, block)
            _text_block(part.child("content", content), record)
            part.done.add("content")
            part.finish({}, "the block's layout")
            continue
        why = "a block of Hugo Blox's demo site" if truthy(block.get("demo")) else BLOCK_SHOWS
        report.leave(where, lines(where), f"{kind or 'block'}: {why}", page.path)
    take.done.add("sections")
    take.finish(PAGE_ONLY, "a landing page's setting cvsite has no place for")


def _text_block(part: Taking, record: Imported) -> None:
    text = part.text("text")
    title = plain(part.text("title") or "")
    if text:
        heading = f"**{title}**\n\n" if title else ""
        summary = record.profile.get("summary")
        record.profile["summary"] = "\n\n".join(p for p in (summary, heading + text) if p)
    part.put("text", "content/profile.yaml: summary")
    part.put("title", "content/profile.yaml: summary (its heading)")
    part.finish({}, "a block setting cvsite has no place for")


# --- Hugo Academic's widgets -----------------------------------------------------------------

# widget -> (its list, cvsite section, source field -> cvsite field, URL field, link label)
WIDGETS: dict[str, tuple[str, str, dict[str, str], str]] = {
    "experience": (
        "experience",
        "experience",
        {
            "title": "position",
            "company": "organization",
            "location": "location",
            "date_start": "start",
            "date_end": "end",
            "description": "summary",
        },
        "company_url",
    ),
    "accomplishments": (
        "item",
        "awards",
        {
            "title": "title",
            "organization": "awarder",
            "date_start": "start",
            "date_end": "end",
            "description": "summary",
        },
        "organization_url",
    ),
}
WIDGET_ONLY = {
    "widget": "the kind of widget",
    "headless": "a Hugo setting",
    "active": "a Hugo setting",
    "weight": "the widget's order on the home page",
    "date_format": "Hugo's date format (the site formats dates itself)",
    "subtitle": "empty",
}
_LABELS = {"url": "Website", "certificate_url": "Certificate"}
# How each field's text is read (dates without their time of day).
_READ = {
    **dict.fromkeys(("position", "organization", "title", "awarder", "location"), plain),
    "start": lambda date: date[:10],
    "end": lambda date: date[:10],
}


def import_widgets(folder: SourceFolder, record: Imported, report: Report) -> set[str]:
    """The résumé widgets into `record`; the paths read, so the rest can be reported."""
    read = set()
    for path in folder.files("content/home", (".md",)):
        page = folder.page(path)
        kind = str(page.meta.get("widget") or "") if page else ""
        if page is not None and kind in WIDGETS:
            _widget(page, kind, record, report)
            read.add(path)
    return read


def _widget(page: Page, kind: str, record: Imported, report: Report) -> None:
    key, section, table, url_key = WIDGETS[kind]
    take = Taking(report, page.path, page.meta, line_finder(page.document))
    take.move("title", record.labels, section, f"site.yaml: nav label of {section}", plain)
    for index, item in enumerate(take.get(key) or []):
        entry: dict[str, Any] = {}
        where = record.add_listed(section, entry)
        _item(take.child(f"{key}[{index}]", item), table, url_key, entry, where)
    take.done.add(key)
    take.finish(WIDGET_ONLY, "a widget setting cvsite has no place for")
    if page.body.strip():
        report.leave("(body)", page.body_line, "a widget's text: not imported", page.path)


def _item(part: Taking, table: dict[str, str], url_key: str, entry: dict, where: str) -> None:
    for source, target in table.items():
        part.move(source, entry, target, f"{where}.{target}", _READ.get(target, str))
    for key in ("url", url_key, "certificate_url"):
        url = safe_url(part.text(key))
        if url:
            label = _LABELS.get(key) or entry.get("organization") or entry.get("awarder") or "Link"
            entry.setdefault("links", []).append({"label": label, "url": url})
            part.put(key, f"{where}.links")
        part.left(key, LEFT_URL if part.text(key) else "empty: nothing to import")
    part.finish({}, "not a field cvsite has")
