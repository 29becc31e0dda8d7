"""`cvsite import markdown FILE`: a résumé written as Markdown or plain text, as a site.

text.py reads the text (pure); this module makes the files of it and writes them
through sitefiles.py. Every value is checked by cvsite's own models first: a field they
refuse is moved to the entry's body, text is escaped where Markdown would read it as HTML
or as an unsafe link, and the files made are loaded as a site before any is written, so an
imported site always builds. The report names every input line and where it went.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.personname import without_titles
from generator.content.textfile import read_text
from generator.errors import UsageError
from generator.importers import plan as plan_files
from generator.importers import sitefiles
from generator.importers.markdown import text as resumetext
from generator.importers.markdown.lines import plain
from generator.importers.markdown.result import ParsedResume, Placement
from generator.importers.sitefiles import front_matter, to_yaml

PLACEHOLDER_BASE_URL = "https://example.com/"
NOTES_SECTION = "notes"


@dataclass
class ImportReport:
    files: list[sitefiles.Outcome] = field(default_factory=list)
    lines: list[Placement] = field(default_factory=list)  # every non-blank input line
    moved: list[str] = field(default_factory=list)  # values the models refused, and why
    notes: list[str] = field(default_factory=list)  # general remarks (name, site.yaml)

    def count(self, *kinds: str) -> int:
        return sum(1 for p in self.lines if p.kind in kinds)


@dataclass
class Planned:
    """The files to write, and for each entry where it is written (for the report)."""

    files: dict[str, str] = field(default_factory=dict)
    places: dict[str, str] = field(default_factory=dict)  # "experience[#12]" -> file[index]


# --- making the files ------------------------------------------------------------------------


def fallback_name(source: Path) -> str:
    """ "Silin Zhao" from resume-silin-zhao.txt: a name for a text that does not give one."""
    stem = re.sub(r"(?i)\b(?:resume|résumé|cv|curriculum[ _-]?vitae|readme|final|en|de)\b", " ",
                  source.stem.replace("_", " ").replace("-", " "))  # fmt: skip
    words = [w for w in stem.split() if w.isalpha()]
    return " ".join(w.capitalize() for w in words[:4]) or "Your Name"


def plan(parsed: ParsedResume, origin: str, report: ImportReport) -> Planned:
    planned = Planned()
    profile = _checked_profile(parsed, report)
    planned.files["site.yaml"] = _site_yaml(parsed, profile["name"], origin)
    planned.files["content/profile.yaml"] = _mark(to_yaml(profile), origin)
    for section in parsed.sections:
        entries = [_checked_entry(section.name, e.fields, report) for e in section.entries]
        _section_files(planned, section, entries, origin)
    if parsed.notes:
        _notes_file(planned, parsed.notes, origin)
    return planned


def _mark(text: str, origin: str) -> str:
    return sitefiles.marked(text, origin)


def _site_yaml(parsed: ParsedResume, name: str, origin: str) -> str:
    nav: list[Any] = []
    for section in parsed.sections:
        heading = parsed.headings.get(section.name, "")
        default = section.name.replace("-", " ")
        if heading and _words(heading) != _words(default):
            label = plain(heading).title() if heading.isupper() else plain(heading)
            nav.append({"section": section.name, "label": label})
        else:
            nav.append(section.name)
    settings = {
        "title": name,
        "base_url": PLACEHOLDER_BASE_URL,
        "language": "en",
        "theme": "meridian",
        "highlight_author": without_titles(name),
        "nav": [*nav, "cv"],
    }
    note = (
        f"# Made by `cvsite import markdown` from {origin}. Set base_url to where the site is "
        "published.\n"
    )
    return note + to_yaml(settings)


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold().replace("&", "and")))


def _section_files(planned: Planned, section, entries: list[dict], origin: str) -> None:  # noqa: ANN001
    files, places = plan_files.section_files(section.name, entries, origin)
    planned.files.update(files)
    for parsed_entry, place in zip(section.entries, places, strict=True):
        planned.places[f"{section.name}[#{parsed_entry.line}]"] = place


def _notes_file(planned: Planned, notes: list[tuple[int, str]], origin: str) -> None:
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
    meta = {"title": "Notes from the import", "draft": True}
    relative = f"content/{NOTES_SECTION}/imported-notes.md"
    planned.files[relative] = sitefiles.in_front_matter(front_matter(meta, body), origin)
    planned.places["notes"] = relative


# --- checking values with cvsite's models (plan.py) ------------------------------------------


def _checked_profile(parsed: ParsedResume, report: ImportReport) -> dict[str, Any]:
    return plan_files.checked_profile(dict(parsed.profile), report.moved)


def _checked_entry(section: str, fields: dict[str, Any], report: ImportReport) -> dict:
    return plan_files.checked_entry(section, fields, report.moved)


# --- the whole import ------------------------------------------------------------------------


def _report_lines(parsed: ParsedResume, planned: Planned, report: ImportReport) -> None:
    for placement in parsed.placements.values():
        placement.where = [_file_of(where, planned) for where in placement.where]
        report.lines.append(placement)


def _file_of(where: str, planned: Planned) -> str:
    """ "experience[#12].highlights[0]" -> "content/experience.yaml[2].highlights[0]"."""
    if match := re.match(r"^([\w-]+\[#\d+\])(.*)$", where):
        place = planned.places.get(match.group(1))
        if place:
            return place + match.group(2)
    if where.startswith("profile"):
        name = "profile.yml" if "content/profile.yml" in planned.files else "profile.yaml"
        return f"content/{name}" + where.removeprefix("profile")
    if where == "notes":
        return planned.places.get("notes", "notes")
    if where.startswith("section "):
        name = where.removeprefix("section ")
        return f"section {name} (content/{name})"
    return where


def import_markdown(
    source: Path, site: Path, *, dry_run: bool = False, name: str | None = None
) -> ImportReport:
    """Import `source` into `site`; with `dry_run`, decide everything and write nothing."""
    if site.exists() and not site.is_dir():
        raise UsageError(f"--site {site}: not a folder")
    text = read_text(source, str(source))
    parsed = resumetext.parse(text, name or _existing_name(site) or fallback_name(source))
    report = ImportReport()
    if not parsed.name_found:
        report.notes.append(
            f"no name at the top of {source.name}: the profile's name is "
            f"'{parsed.profile['name']}' (from --name, the site's profile or the file's name)"
        )
    planned = plan(parsed, source.name, report)
    plan_files.check_loads(planned.files)
    if (site / "content" / "profile.yml").exists():
        # The site's profile is profile.yml: a profile.yaml beside it would be a second one.
        planned.files["content/profile.yml"] = planned.files.pop("content/profile.yaml")
    _report_lines(parsed, planned, report)
    report.files = plan_files.write(site, planned.files, dry_run)
    return report


def _existing_name(site: Path) -> str | None:
    return plan_files.existing_name(site)
