"""`cvsite import markdown FILE`: a résumé written as Markdown or plain text, as a site.

text.py reads the text (pure); this module makes the files of it and writes them
through sitefiles.py. Every value is checked by cvsite's own models first: a field they
refuse is moved to the entry's body, text is escaped where Markdown would read it as HTML
or as an unsafe link, and the files made are loaded as a site before any is written, so an
imported site always builds. The report names every input line and where it went.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from generator import urls as routes
from generator.content.personname import without_titles
from generator.content.schema import Profile, model_for
from generator.content.textfile import read_text
from generator.errors import BuildError, ContentErrors, UsageError
from generator.importers import sitefiles
from generator.importers.markdown import text as resumetext
from generator.importers.markdown.lines import plain
from generator.importers.markdown.result import ParsedResume, Placement
from generator.importers.sitefiles import front_matter, to_yaml
from generator.markdown.renderer import MarkdownProblem, MarkdownRenderer, UnsafeUrl

PLACEHOLDER_BASE_URL = "https://example.com/"
NOTES_SECTION = "notes"
# Markdown fields of an entry (checked for unsafe links and raw HTML before writing).
_MARKDOWN = ("summary", "body", "abstract")
_MARKDOWN_LISTS = ("highlights",)
_HTML_TAG = re.compile(r"<(?=[A-Za-z/!?])")
_MARKDOWN_MARK = re.compile(r"[\\`*_{}\[\]()>#+\-.!|]")  # what a backslash makes plain text


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
    """A YAML list, and a Markdown file for each entry with a body (it gets a page). When a
    section has both, every entry gets a weight so that the order written stays."""
    listed = [e for e in entries if "body" not in e]
    paged = [e for e in entries if "body" in e]
    if listed and paged:
        for position, entry in enumerate(entries):
            entry["weight"] = position
    taken: set[str] = set()
    listed_index = 0
    for entry, parsed_entry in zip(entries, section.entries, strict=True):
        key = f"{section.name}[#{parsed_entry.line}]"
        if "body" in entry:
            slug = routes.unique_slug(routes.slugify(_title_of(entry), "entry"), taken)
            relative = f"content/{section.name}/{slug}.md"
            body = entry.pop("body")
            text = front_matter(entry, body if body.endswith("\n") else body + "\n")
            planned.files[relative] = sitefiles.in_front_matter(text, origin)
            planned.places[key] = relative
        else:
            planned.places[key] = f"content/{section.name}.yaml[{listed_index}]"
            listed_index += 1
    if listed:
        planned.files[f"content/{section.name}.yaml"] = _mark(to_yaml(listed), origin)


def _title_of(entry: dict) -> str:
    for key in ("title", "position", "degree", "course"):
        if entry.get(key):
            return str(entry[key])
    return "entry"


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


# --- checking values with cvsite's models ----------------------------------------------------


def _checked_profile(parsed: ParsedResume, report: ImportReport) -> dict[str, Any]:
    profile = dict(parsed.profile)
    if "summary" in profile:
        profile["summary"] = _safe_markdown(profile["summary"], "profile.summary", report)
    for _ in range(20):  # each pass drops one refused field
        try:
            Profile.model_validate(profile)
            return profile
        except ValidationError as exc:
            _drop_refused(profile, exc, "profile", report)
    return {"name": profile["name"]}


def _checked_entry(section: str, fields: dict[str, Any], report: ImportReport) -> dict:
    entry = {k: v for k, v in fields.items() if v not in (None, "", [], {})}
    where = f"{section}: {_title_of(entry)}"
    for key in _MARKDOWN:
        if isinstance(entry.get(key), str):
            entry[key] = _safe_markdown(entry[key], f"{where}: {key}", report)
    for key in _MARKDOWN_LISTS:
        if isinstance(entry.get(key), list):
            entry[key] = [_safe_markdown(v, f"{where}: {key}", report) for v in entry[key]]
    if isinstance(entry.get("thesis"), dict):
        thesis = entry["thesis"]
        if "summary" in thesis:
            thesis["summary"] = _safe_markdown(thesis["summary"], f"{where}: thesis", report)
    model = model_for(section)
    for _ in range(20):
        try:
            model.model_validate(entry)
            return entry
        except ValidationError as exc:
            _drop_refused(entry, exc, where, report, to_body=True)
    raise BuildError(f"{where}: the importer made an entry cvsite refuses: {entry}")


def _drop_refused(
    data: dict, exc: ValidationError, where: str, report: ImportReport, to_body: bool = False
) -> None:
    """Take out the first field a model refuses; an entry keeps its value in its body."""
    error = exc.errors(include_url=False)[0]
    loc = [str(part) for part in error["loc"] if not isinstance(part, int)]
    key = loc[0] if loc else (error.get("ctx") or {}).get("field")
    if key is None or key not in data:
        # A rule about the whole entry (an end before its start): drop the dates.
        key = next((k for k in ("end", "start", "date") if k in data), None)
        if key is None:
            raise BuildError(f"{where}: {error['msg']}")
    value = data.pop(key)
    report.moved.append(f"{where}: {key} {value!r} refused ({error['msg']}); kept in the body")
    if to_body:
        data["body"] = f"{data.get('body', '')}{key}: {value}\n"


def _safe_markdown(text: str, where: str, report: ImportReport) -> str:
    """Text as Markdown that shows what was written: raw HTML escaped (whatever the site's
    `unsafe_html`), and a link with an unsafe scheme written out rather than linked."""
    if _HTML_TAG.search(text):
        text = _HTML_TAG.sub("&lt;", text)
        report.moved.append(f"{where}: HTML written as text")
    try:
        MarkdownRenderer().block(text)
    except UnsafeUrl:
        text = text.replace("[", "\\[").replace("](", "\\](").replace("<", "&lt;")
        report.moved.append(f"{where}: a link with an unsafe URL scheme, written as text")
    except MarkdownProblem:  # a fenced code option, or Markdown too costly to read
        text = _MARKDOWN_MARK.sub(r"\\\g<0>", text)
        report.moved.append(f"{where}: Markdown the site would refuse, written as text")
    return text


# --- the whole import ------------------------------------------------------------------------


def _check_loads(files: dict[str, str]) -> None:
    """Load the files made as a site of their own: what is written must build."""
    from generator.model.resume import load

    with tempfile.TemporaryDirectory(prefix="cvsite-import-") as scratch:
        root = Path(scratch)
        for relative, text in files.items():
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        try:
            load(root)
        except ContentErrors as exc:
            raise BuildError(
                "the imported content does not load (a bug in the importer):\n"
                + "\n".join(str(e) for e in exc.errors)
            ) from None


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
    _check_loads(planned.files)
    if (site / "content" / "profile.yml").exists():
        # The site's profile is profile.yml: a profile.yaml beside it would be a second one.
        planned.files["content/profile.yml"] = planned.files.pop("content/profile.yaml")
    _report_lines(parsed, planned, report)
    report.files = sitefiles.decide(site, planned.files)
    if not dry_run:
        sitefiles.apply(site, report.files, planned.files)
    return report


def _existing_name(site: Path) -> str | None:
    profile = site / "content" / "profile.yaml"
    if not profile.is_file() or profile.is_symlink():
        return None
    match = re.search(r"^name:\s*(.+)$", profile.read_text(encoding="utf-8"), re.M)
    return match.group(1).strip().strip("'\"") if match else None
