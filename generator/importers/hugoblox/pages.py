"""Hugo Blox's pages: publications (with their cite.bib), events as talks, and projects,
each a cvsite entry with a page of its own; every front matter field reported."""

from __future__ import annotations

from typing import Any

from generator import urls as routes
from generator.importers.hugoblox import publication
from generator.importers.hugoblox.author import People
from generator.importers.hugoblox.links import LINK_TYPES, PUBLICATION_LINK_FIELDS, links
from generator.importers.hugoblox.shortcodes import Converter
from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.sitesource.folder import Page, SourceFolder, truthy
from generator.importers.sitesource.markup import LEFT_URL, plain, safe_url
from generator.importers.sitesource.trail import Taking, line_finder

NOT_CVSITE = "not a field cvsite has"
# Front matter that only steers Hugo: why each is left.
HUGO_ONLY = {
    "image": "a featured image (images are not imported)",
    "projects": "Hugo's links between pages (cvsite does not link papers to projects)",
    "slides": "a Hugo slide deck (content/slides is not imported)",
    "publishDate": "Hugo's date to publish the page",
    "lastmod": "Hugo's date of the last change",
    "event_all_day": "whether Hugo shows times",
    "authors": "the site's owner alone (a talk or project is theirs)",
    "weight": "Hugo's order of pages",
    "type": "Hugo's layout",
    "layout": "Hugo's layout",
    "math": "a Hugo setting (cvsite renders math when it finds it)",
    "highlight": "a Hugo setting",
    "share": "a Hugo setting",
    "commentable": "a Hugo setting",
    "editable": "a Hugo setting",
    "summary_length": "a Hugo setting",
    "toc": "a Hugo setting",
    "view": "Hugo's list layout",
    "header": "a header image",
    "banner": "a header image",
    "cms_exclude": "a Hugo setting",
    "show_date": "a Hugo setting",
    "reading_time": "a Hugo setting",
    "profile": "a Hugo setting",
    "categories": "Hugo's categories (tags are kept)",
}
LIST_PAGE_ONLY = {
    **HUGO_ONLY,
    "sections": "Hugo's page layout",
    "cascade": "Hugo's settings for pages below",
    "design": "Hugo's page layout",
}
SECTIONS = {
    "publication": "publications",
    "event": "talks",
    "talk": "talks",  # Hugo Academic before version 5
    "project": "projects",
}


def page_slug(page: Page, taken: set[str]) -> str:
    """A bundle's folder name (`content/events/example/index.md` -> example), unique."""
    parts = page.path.split("/")
    stem = parts[-2] if parts[-1] in ("index.md", "_index.md") else parts[-1].rsplit(".", 1)[0]
    return routes.unique_slug(routes.slugify(stem, "entry"), taken)


def import_pages(folder: SourceFolder, record: Imported, report: Report, people: People) -> None:
    for top in sorted(p.name for p in (folder.root / "content").glob("*") if p.is_dir()):
        kind = next((k for k in SECTIONS if top.startswith(k)), None)
        if kind is None:
            continue
        for path in folder.files(f"content/{top}", (".md",)):
            page = folder.page(path)
            if page is None:
                continue
            if path.endswith("/_index.md") and path.count("/") == 2:
                section_page(page, SECTIONS[kind], record, report)
            elif not path.endswith("_index.md"):
                entry(folder, page, kind, record, report, people)


def section_page(page: Page, section: str, record: Imported, report: Report) -> None:
    """A section's list page: its title becomes the menu label."""
    take = Taking(report, page.path, page.meta, line_finder(page.document))
    take.move("title", record.labels, section, f"site.yaml: nav label of {section}", plain)
    take.finish(LIST_PAGE_ONLY, "a list page's field cvsite has no place for")
    if page.body.strip():
        report.leave("(body)", page.body_line, "a list page's text: not imported", page.path)


def entry(
    folder: SourceFolder,
    page: Page,
    kind: str,
    record: Imported,
    report: Report,
    people: People,
) -> None:
    section = SECTIONS[kind]
    take = Taking(report, page.path, page.meta, line_finder(page.document))
    fields: dict[str, Any] = {}
    notes = None
    where = record.add_paged(section, page_slug(page, record.taken(section)), fields)
    if kind == "publication":
        publication.fill(take, fields, where, people)
        notes = publication.author_notes(take, fields["authors"])
        bib = page.path.rsplit("/", 1)[0] + "/cite.bib"
        text = folder.text(bib)  # None when there is none; a link is noted, never read
        if text is not None:
            publication.with_bib(fields, text, bib, where, report, record.keys)
    elif kind in ("event", "talk"):
        _talk(take, fields, where)
        _with(take, fields, where, people)
    else:
        _project(take, fields, where)
        _with(take, fields, where, people)
    _common(take, fields, where, section)
    fields["body"] = body_of(page, where, report, fields.get("body"))
    if notes:
        fields["body"] = f"{fields['body'] or ''}\n\n{notes}".strip()
    take.finish(HUGO_ONLY, NOT_CVSITE)


def _common(take: Taking, fields: dict[str, Any], where: str, section: str) -> None:
    fields.setdefault("title", plain(take.text("title") or "Untitled"))
    take.put("title", f"{where}: title")
    take.move("draft", fields, "draft", f"{where}: draft", truthy)  # built only with --drafts
    fields["summary"] = take.text("summary") or take.text("abstract_short")
    take.put("summary", f"{where}: summary")
    take.put("abstract_short", f"{where}: summary")
    fields["tags"] = [plain(str(t)) for t in take.put("tags", f"{where}: tags") or []]
    take.move("featured", fields, "featured", f"{where}: featured", truthy)
    found = fields.setdefault("links", [])
    for key in ("links", "url_custom"):
        found += links(take, key, f"{where}: links", len(found)) if key in take.data else []
    _url_fields(take, fields, where, section)
    if section != "talks" and take.text("date") and "date" not in fields and "year" not in fields:
        fields["date"] = take.text("date")[:10]
        take.put("date", f"{where}: date")


def _url_fields(take: Taking, fields: dict[str, Any], where: str, section: str) -> None:
    """Hugo Academic's url_pdf, url_code… as the publication's fields or as links."""
    for kind, label in LINK_TYPES.items():
        url = safe_url(take.text(f"url_{kind}"))
        if url is None:
            take.left(f"url_{kind}", LEFT_URL)
            continue
        if section == "publications" and kind in PUBLICATION_LINK_FIELDS and kind not in fields:
            fields[kind] = url
            take.put(f"url_{kind}", f"{where}: {kind}")
        else:
            fields["links"].append({"label": label, "url": url})
            take.put(f"url_{kind}", f"{where}: links ({label})")


def _talk(take: Taking, fields: dict[str, Any], where: str) -> None:
    event = take.text("event_name") or take.text("event")
    if event:
        fields["event"] = plain(event)
    take.put("event_name", f"{where}: event")
    take.put("event", f"{where}: event")
    event_url = safe_url(take.text("event_url"))
    if event_url:
        fields["links"] = [{"label": plain(event or "Event"), "url": event_url}]
    take.put("event_url", f"{where}: links")
    fields["location"] = _place(take, where)
    _talk_dates(take, fields, where)
    abstract = take.text("abstract")
    take.put("abstract", f"{where}: body (first)")
    fields["body"] = abstract


def _place(take: Taking, where: str) -> str | None:
    location = take.text("location")
    take.put("location", f"{where}: location")
    address = take.get("address")
    parts = [location] if location else []
    if isinstance(address, dict):
        part = take.child("address", address)
        keys = ("street", "city", "region", "postcode", "country")
        parts += [str(address[k]) for k in keys if address.get(k)]
        for key in keys:
            part.put(key, f"{where}: location")
        part.finish({}, NOT_CVSITE)
        take.done.add("address")
    return ", ".join(plain(p) for p in parts) or None


def _talk_dates(take: Taking, fields: dict[str, Any], where: str) -> None:
    """Hugo Blox's event_start/event_end, or the older date/date_end."""
    start = take.text("event_start") or take.text("date")
    end = take.text("event_end") or take.text("date_end")
    if start and end and end[:10] != start[:10]:
        fields["start"], fields["end"] = start[:10], end[:10]
    elif start:
        fields["date"] = start[:10]
    for key in ("event_start", "event_end", "date_end"):
        take.put(key, f"{where}: date (the day; cvsite keeps no time of day)")
    if take.text("event_start"):
        take.left("date", "the page's date; the talk's own dates are event_start/event_end")
    else:
        take.put("date", f"{where}: date")


def _with(take: Taking, fields: dict[str, Any], where: str, people: People) -> None:
    """The other people of a talk or project (the owner's own user name is implied)."""
    named = [people.name(a) for a in take.get("authors") or []]
    others = [p for p in named if p != people.owner]
    if others:
        fields["subtitle"] = "With " + ", ".join(others)
        take.put("authors", f"{where}: subtitle (the people besides the owner)")


def _project(take: Taking, fields: dict[str, Any], where: str) -> None:
    if safe_url(take.text("external_link")):
        take.move("external_link", fields, "url", f"{where}: url", safe_url)


def body_of(page: Page, where: str, report: Report, first: str | None = None) -> str | None:
    """The page's body as Markdown (after `first`), reported; each shortcode noted."""
    converter = Converter(page.body_line)
    body = converter.convert(page.body).strip()
    if body:
        report.place("(body)", page.body_line, f"{where}: body", file=page.path)
    report.notes += [f"{page.path} {note}" for note in converter.notes]
    parts = [p for p in (first, body) if p]
    return "\n\n".join(parts) or None
