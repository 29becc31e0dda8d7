"""academicpages' collections (`_publications`, `_talks`, `_teaching`, `_portfolio`) as
entries with pages, a paper's own PDF or slides copied; every field reported."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from generator import urls as routes
from generator.importers.markdown.vocabulary import publication_type
from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.sitesource.folder import Page, SourceFolder
from generator.importers.sitesource.markup import (
    LEFT_URL,
    inline_html,
    local_links_as_text,
    outside_code,
    plain,
    safe_url,
)
from generator.importers.sitesource.trail import Taking, line_finder

# Collection folder -> cvsite section, and the field a collection's title goes to.
COLLECTIONS = {
    "_publications": ("publications", "title"),
    "_talks": ("talks", "title"),
    "_teaching": ("teaching", "course"),
    "_portfolio": ("projects", "title"),
}
JEKYLL_ONLY = {
    "collection": "Jekyll's collection (the folder says it)",
    "permalink": "the page's address on the academicpages site",
    "layout": "Jekyll's layout",
    "header": "a header image",
    **dict.fromkeys(
        ("author_profile", "share", "comments", "redirect_from", "read_time", "published"),
        "a Jekyll setting",
    ),
}
_DATED = re.compile(r"^\d{4}-\d{2}-\d{2}-")


@dataclass(frozen=True)
class Site:
    """The source site, for the paths into it its pages give (`/files/paper.pdf`, or its
    own address followed by one)."""

    folder: SourceFolder
    address: str  # _config.yml's `url`, e.g. https://name.github.io

    def own_file(self, url: str) -> str | None:
        """The site's file that `url` names, as a path in the source; None for another URL."""
        parts = urlsplit(url)
        home = urlsplit(self.address)
        if (parts.scheme or parts.netloc) and parts.netloc.lower() != (home.netloc or "-").lower():
            return None
        path = unquote(parts.path).lstrip("/")
        safe = path and ".." not in path.split("/") and not parts.query
        return path if safe and self.folder.exists(path) else None

    def address_of(self, url: str) -> str | None:
        """A path into the site as the address it has on the web, when the site gives one."""
        if urlsplit(url).scheme or not url.startswith("/") or not self.address:
            return None
        return safe_url(self.address.rstrip("/") + url)


def import_collections(folder: SourceFolder, record: Imported) -> None:
    document = folder.yaml("_config.yml")
    config = document.data if document is not None and isinstance(document.data, dict) else {}
    site = Site(folder, str(config.get("url") or ""))
    for name, (section, title_field) in COLLECTIONS.items():
        for path in folder.files(name, (".md", ".markdown", ".html")):
            page = folder.page(path)
            if page is not None:
                _entry(page, section, title_field, record, site)


def _slug(page: Page, taken: set[str]) -> str:
    stem = page.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return routes.unique_slug(routes.slugify(_DATED.sub("", stem) or stem, "entry"), taken)


def _entry(page: Page, section: str, title_field: str, record: Imported, site: Site) -> None:
    report = record.report
    take = Taking(report, page.path, page.meta, line_finder(page.document))
    fields: dict[str, Any] = {}
    where = record.add_paged(section, _slug(page, record.taken(section)), fields)
    notes: list[str] = []
    fields[title_field] = plain(take.text("title") or "Untitled")
    take.put("title", f"{where}: {title_field}")
    take.move("excerpt", fields, "summary", f"{where}: summary", lambda e: inline_html(e, notes))
    take.move("date", fields, "date", f"{where}: date", lambda date: date[:10])
    fields["links"] = []
    _BY_SECTION[section](take, fields, where)
    _urls(take, fields, where, section, (site, record))
    fields["body"] = _body(page, fields.pop("citation", None), where, notes, report)
    report.notes += [f"{page.path}: {note}" for note in notes]
    take.finish(JEKYLL_ONLY, "not a field cvsite has")


def _type(category: str) -> str:
    """A publication category as a type: `conferences`, `books`, `theses`… name theirs."""
    category = category.strip().lower()
    if category == "manuscripts":  # academicpages' own name for journal articles
        return "journal"
    for word in (category, category.removesuffix("s")):
        found = publication_type(word)
        if found and found[1] == len(word):
            return found[0]
    return "misc"


def _publication(take: Taking, fields: dict[str, Any], where: str) -> None:
    fields["type"] = _type(take.text("category") or "")
    take.put("category", f"{where}: type ({fields['type']})")
    take.move("venue", fields, "venue", f"{where}: venue", plain)
    authors = take.get("authors") or take.get("author")
    if isinstance(authors, str):
        authors = [a.strip() for a in re.split(r",| and ", authors) if a.strip()]
    fields["authors"] = [plain(str(a)) for a in authors or []]
    take.put("authors", f"{where}: authors")
    take.put("author", f"{where}: authors")
    take.move("pages", fields, "pages", f"{where}: pages")
    take.move("citation", fields, "citation", f"{where}: body (the recommended citation)")


def _plain_fields(*moves: tuple[str, str, str]):  # noqa: ANN202 - a reader, as _publication
    """A reader of a collection's own fields: each (its field, cvsite's, a note for the
    report) as text without markup."""

    def read(take: Taking, fields: dict[str, Any], where: str) -> None:
        for source, target, note in moves:
            take.move(source, fields, target, f"{where}: {target}{note}", plain)

    return read


_talk = _plain_fields(
    ("venue", "event", ""),
    ("location", "location", ""),
    ("type", "subtitle", " (the kind of talk)"),
)
_teaching = _plain_fields(
    ("venue", "institution", ""),
    ("location", "location", ""),
    ("type", "subtitle", " (the kind of course)"),
)
_project = _plain_fields()


_BY_SECTION = {
    "publications": _publication,
    "talks": _talk,
    "teaching": _teaching,
    "projects": _project,
}
# URL fields -> (publication field, or a link's label).
URLS = {
    "paperurl": ("pdf", "Paper"),
    "slidesurl": ("slides", "Slides"),
    "slides": ("slides", "Slides"),
    "bibtexurl": (None, "BibTeX"),
    "talkurl": (None, "Talk"),
    "talk_url": (None, "Talk"),
    "codeurl": ("code", "Code"),
    "link": (None, "Link"),
}


def _urls(
    take: Taking, fields: dict[str, Any], where: str, section: str, into: tuple[Site, Imported]
) -> None:
    site, record = into
    for key, (target, label) in URLS.items():
        written = take.text(key) or ""
        own = site.own_file(written) if written else None
        if own and section == "publications" and target in ("pdf", "slides"):
            fields[target] = own  # copied into content/, where a paper's files are
            record.assets[f"content/{own}"] = site.folder.root / own
            take.put(key, f"{where}: {target} (the file, copied to content/{own})")
            continue
        url = safe_url(written) or site.address_of(written)
        if url is None:
            take.left(key, LEFT_URL)
            continue
        if section == "publications" and target:
            target = target if target != "pdf" or url.lower().endswith(".pdf") else "url"
            fields[target] = url
            take.put(key, f"{where}: {target}")
        else:
            fields["links"].append({"label": label, "url": url})
            take.put(key, f"{where}: links ({label})")


def _body(
    page: Page, citation: str | None, where: str, notes: list[str], report: Report
) -> str | None:
    body = page.body.strip()
    if page.path.endswith(".html"):
        body = inline_html(body, notes)
    body = outside_code(body, lambda prose: local_links_as_text(prose, notes))
    if body:
        report.place("(body)", page.body_line, f"{where}: body", file=page.path)
    if citation:
        body = f"{body}\n\nRecommended citation: {inline_html(citation, notes)}".strip()
    return body or None
