"""`cvsite import markdown FILE`: the parsed résumé (reader.py) as the import record, every
input line reported with its kind and where it went."""

from __future__ import annotations

import re
from pathlib import Path

from generator.content.textfile import read_text
from generator.importers.importedfiles import front_matter
from generator.importers.markdown.document import ParsedResume, plain
from generator.importers.markdown.reader import parse
from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.writing import existing_name, fallback_name, import_site, profile_file

NOTES_SECTION = "notes"


# --- the record ------------------------------------------------------------------------------


def record_of(parsed: ParsedResume, origin: str) -> tuple[Imported, dict[str, str]]:
    """The import record, and for each entry where it is written (for the report):
    "experience[#12]" -> "content/experience.yaml[2]"."""
    imported = Imported("markdown", origin, profile=dict(parsed.profile))
    places: dict[str, str] = {}
    for section in parsed.sections:
        label = _label(section.name, parsed.headings.get(section.name, ""))
        if label:
            imported.labels[section.name] = label
        imported.sections.setdefault(section.name, [])
        for entry in section.entries:
            places[f"{section.name}[#{entry.line}]"] = imported.add(section.name, entry.fields)
    if parsed.notes:
        places["notes"] = _notes_file(imported, parsed.notes, origin)
    return imported, places


def _label(section: str, heading: str) -> str | None:
    """The heading as the menu label, when it says more than the section's name."""
    if heading and _words(heading) != _words(section.replace("-", " ")):
        return plain(heading).title() if heading.isupper() else plain(heading)
    return None


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold().replace("&", "and")))


def _notes_file(imported: Imported, notes: list[tuple[int, str]], origin: str) -> str:
    """What the importer could not place: a draft entry (built only with --drafts), its
    lines as they were written, each with its line number, in a code block (never read as
    Markdown or HTML)."""
    longest = max((len(m) for _, t in notes for m in re.findall(r"`+", t)), default=0)
    fence = "`" * max(3, longest + 1)
    lines = "\n".join(f"{number:>4}  {text}" for number, text in notes)
    body = (
        f"Lines of {origin} that `cvsite import markdown` could not place. Move what you "
        f"want to keep into your content, then delete this file.\n\n{fence}text\n{lines}\n{fence}\n"
    )
    relative = f"content/{NOTES_SECTION}/imported-notes.md"
    imported.texts[relative] = front_matter({"title": "Notes from the import", "draft": True}, body)
    return relative


# --- the whole import ------------------------------------------------------------------------


def _report_lines(
    parsed: ParsedResume, places: dict[str, str], report: Report, profile: str
) -> None:
    """Every input line, with the kind of line (field, structure, body, notes, layout) and
    where it went."""
    for placement in parsed.placements.values():
        where = ", ".join(w for w in (_file_of(w, places, profile) for w in placement.where) if w)
        if where:
            report.place(placement.kind, placement.line, where, placement.note)
        else:
            report.leave(placement.kind, placement.line, placement.note or "markup only")


def _file_of(where: str, places: dict[str, str], profile: str) -> str:
    """ "experience[#12].highlights[0]" -> "content/experience.yaml[2].highlights[0]"."""
    if match := re.match(r"^([\w-]+\[#\d+\])(.*)$", where):
        place = places.get(match.group(1))
        if place:
            return place + match.group(2)
    if where.startswith("profile"):
        return profile + where.removeprefix("profile")
    if where == "notes":
        return places.get("notes", "notes")
    if where.startswith("section "):
        name = where.removeprefix("section ")
        return f"section {name} (content/{name})"
    return where


def import_markdown(
    source: Path, site: Path, *, dry_run: bool = False, name: str | None = None
) -> Report:
    """Import `source` into `site`; with `dry_run`, decide everything and write nothing."""
    text = read_text(source, str(source))
    parsed = parse(text, name or existing_name(site) or fallback_name(source))
    imported, places = record_of(parsed, source.name)
    if not parsed.name_found:
        imported.report.notes.append(
            f"no name at the top of {source.name}: the profile's name is "
            f"'{parsed.profile['name']}' (from --name, the site's profile or the file's name)"
        )
    _report_lines(parsed, places, imported.report, profile_file(site))
    return import_site(imported, site, dry_run)
