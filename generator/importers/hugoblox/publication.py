"""A Hugo Blox publication page as a cvsite publication: the front matter first, its
cite.bib (read by cvsite's own BibTeX reader) for what the front matter leaves out."""

from __future__ import annotations

import re
from typing import Any

from generator.content import bibread
from generator.importers.hugoblox.author import People
from generator.importers.hugoblox.links import LINK_TYPES, PUBLICATION_LINK_FIELDS, icon_name
from generator.importers.report import Report
from generator.importers.sitesource.markup import LEFT_URL, plain, safe_url
from generator.importers.sitesource.trail import Taking

# CSL types (Hugo Blox) and Hugo Academic's numbered types -> cvsite's publication types.
TYPES = {
    "article-journal": "journal",
    "article": "preprint",
    "paper-conference": "conference",
    "chapter": "chapter",
    "book": "book",
    "thesis": "thesis",
    "report": "report",
    "patent": "patent",
    "manuscript": "preprint",
    "speech": "talk",
    "0": "misc",
    "1": "conference",
    "2": "journal",
    "3": "preprint",
    "4": "report",
    "5": "book",
    "6": "chapter",
    "7": "thesis",
    "8": "patent",
}
_EQUAL = re.compile(r"equal", re.I)
_CORRESPONDING = re.compile(r"correspond", re.I)


def fill(take: Taking, fields: dict[str, Any], where: str, people: People) -> None:
    fields["authors"] = _authors(take, where, people)
    kinds = take.get("publication_types")
    kind = str(kinds[0]) if isinstance(kinds, list) and kinds else str(kinds or "")
    fields["type"] = TYPES.get(kind.strip(), "misc")
    take.put("publication_types", f"{where}: type ({fields['type']})")
    take.move("publication", fields, "venue", f"{where}: venue", plain)
    take.move("publication_short", fields, "venue_short", f"{where}: venue_short", plain)
    _date(take, fields, where)
    _identifiers(take, fields, where)
    take.move("abstract", fields, "abstract", f"{where}: abstract")
    if any(str(take.data.get(k, "")).lower() == "true" for k in ("featured", "selected")):
        fields["selected"] = True
    take.put("selected", f"{where}: selected")
    fields["links"] = _links(take, fields, where)


def _authors(take: Taking, where: str, people: People) -> list[str]:
    """Author names, user names (`me`) replaced by the author's name; the notes as marks."""
    authors = [people.name(a) for a in take.get("authors") or []]
    take.put("authors", f"{where}: authors (user names as the author's name)")
    notes = take.get("author_notes") or []
    marked = []
    for index, name in enumerate(authors):
        note = str(notes[index]) if index < len(notes) and notes[index] else ""
        mark = "*" if _EQUAL.search(note) else "†" if _CORRESPONDING.search(note) else ""
        marked.append(name + mark)
    take.put(
        "author_notes", f"{where}: authors' marks (* equal contribution, † corresponding) and body"
    )
    return marked


def author_notes(take: Taking, authors: list[str]) -> str | None:
    """The author notes as a line of the body, so that their words are kept as written."""
    notes = take.data.get("author_notes") or []
    pairs = [f"{a.rstrip('*†')}: {n}" for a, n in zip(authors, notes, strict=False) if n]
    return "Author notes: " + "; ".join(pairs) + "." if pairs else None


def _date(take: Taking, fields: dict[str, Any], where: str) -> None:
    when = take.text("date")
    if when and re.match(r"^\d{4}-\d{2}-\d{2}", when):
        fields["date"] = when[:10]
    elif when and re.match(r"^\d{4}", when):
        fields["year"] = int(when[:4])
    take.put("date", f"{where}: date")


def _identifiers(take: Taking, fields: dict[str, Any], where: str) -> None:
    ids = take.get("hugoblox")
    if isinstance(ids, dict) and isinstance(ids.get("ids"), dict):
        inner = take.child("hugoblox", ids).child("ids", ids["ids"])
        for key in ("doi", "arxiv"):
            inner.move(key, fields, key, f"{where}: {key}")
        inner.finish({}, "an identifier cvsite has no field for")
        take.done.add("hugoblox")
    take.move("doi", fields, "doi", f"{where}: doi")


def _links(take: Taking, fields: dict[str, Any], where: str) -> list[dict[str, Any]]:
    """Hugo Blox's `links: [{type: pdf, url: …}]`: pdf, code and slides as the paper's own
    fields, the others as links labelled by their type."""
    found: list[dict[str, Any]] = []
    for index, item in enumerate(take.get("links") or []):
        part = take.child(f"links[{index}]", item)
        kind = str(part.text("type") or icon_name(part.get("icon")) or "").lower()
        url = safe_url(part.text("url"))
        label = next((part.text(k) for k in ("label", "name", "provider") if part.text(k)), None)
        label = label or LINK_TYPES.get(kind, "Link")
        if url is None:
            part.left("url", LEFT_URL)
        elif kind in PUBLICATION_LINK_FIELDS and kind not in fields:
            fields[kind] = url
            part.put("url", f"{where}: {kind}")
        else:
            found.append({"label": plain(label), "url": url})
            part.put("url", f"{where}: links[{len(found) - 1}]")
        for key in ("type", "label", "name", "provider", "icon", "icon_pack"):
            part.put(key, f"{where}: the link's label" if url else "the link is empty")
        part.finish({}, "not a field of a cvsite link")
    if take.get("links") is None:  # `links: []` is reported too, as empty
        take.left("links", "not a list of links")
    take.done.add("links")
    return found


def with_bib(
    fields: dict[str, Any], bib: str, path: str, where: str, report: Report, keys: set[str]
) -> None:
    """Fill what the front matter left out from the page's cite.bib; the key names the page."""
    parsed = bibread.parse(bib, path)
    if not parsed.records:
        report.leave("(file)", 1, "no BibTeX entry could be read", path)
        return
    record = parsed.records[0]
    given = bibread.publication_input(record)
    for target, value in given.data.items():
        source = given.origin.get(target, target)
        if target in ("year", "month") and "date" in fields:
            report.place(source, record.line, f"{where}: date (the front matter's)", file=path)
            continue
        if target == "key" or target in fields and fields[target] not in (None, "", []):
            why = "the page's key" if target == "key" else f"the front matter gives {target}"
            report.place(source, record.line, f"{where}: {target} ({why})", file=path)
            continue
        if target in ("type", "bibtex_type") and fields.get("type") != "misc":
            report.leave(source, record.line, "the front matter gives the type", path)
            continue
        fields[target] = value
        report.place(source, record.line, f"{where}: {target}", file=path)
    if record.key.casefold() not in keys:
        fields["key"] = record.key
        keys.add(record.key.casefold())
