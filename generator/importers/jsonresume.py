"""`cvsite import jsonresume FILE`: a JSON Resume document as a site's content.

Every field of the JSON Resume schema has a place: the basics go to profile.yaml, each
section to the cvsite section that holds all of its fields (the table below), and a
site.yaml is made when the folder has none. jsonresume.py reads the same table the other
way, so import → build → export gives back the same data. An entry that does not validate
is reported with its line and left out; files that exist are never replaced.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import confined
from generator.content.personname import without_titles
from generator.content.reader import validate
from generator.content.schema import Profile, model_for
from generator.content.textfile import read_text
from generator.content.yamlio import MAX_DEPTH, Document, Mark, load_yaml
from generator.errors import (
    ContentError,
    ContentErrors,
    FieldPath,
    format_field_path,
)
from generator.importers import plan
from generator.importers.jsonresumetable import (
    ADDRESS,
    BASICS,
    LEGACY_NAMES,
    NOT_CONTENT,
    OTHER_NAMES,
    SECTIONS,
    URL_FIELDS,
)
from generator.importers.report import Report
from generator.importers.sitefiles import marked, to_yaml
from generator.safeurl import SAFE_SCHEMES, normalize_url, url_scheme, web_address_without_scheme

PLACEHOLDER_BASE_URL = "https://example.com/"


@dataclass
class ImportReport:
    written: list[str] = field(default_factory=list)  # written or replaced (not dry runs)
    skipped: list[ContentError] = field(default_factory=list)
    ignored: list[ContentError] = field(default_factory=list)  # fields JSON Resume lacks
    notes: list[ContentError] = field(default_factory=list)  # what was read other than written
    fields: Report = field(default_factory=Report)  # every field and where it went; files


@dataclass
class _Reader:
    """The document with its line marks; collects what is skipped or ignored."""

    doc: Document
    report: ImportReport

    def mark(self, path: FieldPath) -> Mark:
        return self.doc.mark(path)

    def unknown(self, path: FieldPath, value: dict[str, Any], known: set[str]) -> None:
        for key in value:
            if key not in known:
                where = self.doc.mark((*path, key), key=True)
                self.report.ignored.append(
                    ContentError(
                        self.doc.file,
                        where.line,
                        where.column,
                        format_field_path("", (*path, key)),
                        "not a JSON Resume field; not imported",
                    )
                )

    def placed(self, path: FieldPath, origin: dict[str, str], where: str) -> None:
        """Each JSON Resume field of the value at `path` with the cvsite field it went to."""
        for target, source in origin.items():
            line = self.mark((*path, source)).line
            self.report.fields.place(
                format_field_path("", (*path, source)), line, f"{where}.{target}"
            )

    def skip(self, path: FieldPath, message: str) -> None:
        self.report.skipped.append(self._at(path, message))

    def note(self, path: FieldPath, message: str) -> None:
        self.report.notes.append(self._at(path, message))

    def _at(self, path: FieldPath, message: str) -> ContentError:
        where = self.mark(path)
        return ContentError(
            self.doc.file, where.line, where.column, format_field_path("", path), message
        )

    def current_names(self, path: FieldPath, value: dict[str, Any]) -> dict[str, Any]:
        """`value` with pre-1.0 field names read as today's, each with a note."""
        renamed = dict(value)
        for names, why in (
            (LEGACY_NAMES, "a name from JSON Resume before 1.0"),
            (OTHER_NAMES, "not a JSON Resume 1.0 name"),
        ):
            for old, new in names.get(str(path[0]), {}).items():
                if old in value and new not in value:
                    renamed[new] = renamed.pop(old)
                    self.note((*path, old), f"{why}; read as '{new}'")
        return renamed

    def web_address(self, path: FieldPath, url: Any) -> Any:
        """A URL as written, or `https://` + it for a web address without a scheme."""
        if not isinstance(url, str):
            return url
        fixed = web_address_without_scheme(normalize_url(url))
        if fixed is None:
            return url
        self.note(path, f"{url!r} has no scheme; read as {fixed!r}")
        return fixed


def read_document(path: Path) -> Document:
    """resume.json with a line mark for every value; a syntax error names its line."""
    display = str(path)
    text = read_text(path, display)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentErrors(
            [ContentError(display, exc.lineno, exc.colno, "", f"not valid JSON: {exc.msg}")]
        ) from None
    except RecursionError:  # the decoder recurses per level: 100,000 '[' exhaust the stack
        raise ContentErrors(
            [ContentError(display, 1, 1, "", f"nested deeper than {MAX_DEPTH} levels")]
        ) from None
    if not isinstance(value, dict):
        raise ContentErrors(
            [ContentError(display, 1, 1, "", "expected a JSON Resume object ({...})")]
        )
    # JSON is YAML; the YAML reader keeps the line of every value (and text as text).
    return load_yaml(text, display)


def _mapped(
    value: dict[str, Any], table: list[tuple[str, str]]
) -> tuple[dict[str, Any], dict[str, str]]:
    """(cvsite fields, cvsite field -> JSON Resume field), empty values left out."""
    data: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for source, target in table:
        given = _without_empty(value.get(source))
        if given in (None, "", []):
            continue
        if isinstance(data.get(target), list) and isinstance(given, list):
            # Two lists for one field (a project's keywords and technologies): one list.
            data[target] = list(dict.fromkeys([*data[target], *given]))
            continue
        data[target] = given
        origin[target] = source
    return data, origin


def _without_empty(value: Any) -> Any:
    """A list without its empty strings (`"courses": [""]` is a list of nothing)."""
    if isinstance(value, list):
        return [item for item in value if not (isinstance(item, str) and not item.strip())]
    return value


def _fix_urls(reader: _Reader, path: FieldPath, value: dict[str, Any]) -> dict[str, Any]:
    fixed = dict(value)
    for name in URL_FIELDS & value.keys():
        fixed[name] = reader.web_address((*path, name), value[name])
    return fixed


def _validated(
    reader: _Reader, model: type, data: dict[str, Any], origin: dict[str, str], path: FieldPath
) -> bool:
    """True when `data` is a valid `model`; else every error is reported at its JSON field."""
    marks = {(): reader.mark(path)}
    marks.update({(target,): reader.mark((*path, source)) for target, source in origin.items()})
    local = Document(reader.doc.file, data, marks)
    _, errors = validate(local, data, model, (), "")
    for error in errors:
        name = error.field.split(".")[0].split("[")[0]
        where = format_field_path("", (*path, origin.get(name, name)))
        reader.report.skipped.append(
            ContentError(error.file, error.line, error.column, where, error.message)
        )
    return not errors


def section_entries(reader: _Reader, name: str, items: Any) -> list[dict[str, Any]]:
    target, table = SECTIONS[name]
    if not isinstance(items, list):
        reader.skip((name,), "expected a list of entries")
        return []
    entries = []
    for index, value in enumerate(items):
        path: FieldPath = (name, index)
        if not isinstance(value, dict):
            reader.skip(path, "expected an entry ({...})")
            continue
        renamed = LEGACY_NAMES.get(name, {}).keys() | OTHER_NAMES.get(name, {}).keys()
        reader.unknown(path, value, {source for source, _ in table} | renamed)
        value = _fix_urls(reader, path, reader.current_names(path, value))
        data, origin = _mapped(value, table)
        # cvsite needs a title; JSON Resume may leave position or studyType out. The
        # fallback is left out again on export (jsonresume.py), so the data round-trips.
        title_field = model_for(target).title_field
        if title_field != "title" and title_field not in data:
            fallback = data.get("organization") or data.get("area") or data.get("institution")
            if fallback:
                data["title"] = fallback
        # JSON Resume leaves endDate out for what is still going on.
        if "start" in data and "end" not in data:
            data["end"] = "present"
        if _validated(reader, model_for(target), data, origin, path):
            reader.placed(path, origin, f"content/{target}.yaml[{len(entries)}]")
            entries.append(data)
    return entries


def profile_fields(reader: _Reader, basics: Any, languages: Any) -> dict[str, Any] | None:
    if not isinstance(basics, dict):
        reader.skip(("basics",), 'expected the basics ({"name": ...})')
        return None
    known = {source for source, _ in BASICS} | {"image", "location", "profiles"}
    reader.unknown(("basics",), basics, known | LEGACY_NAMES["basics"].keys())
    basics = _fix_urls(reader, ("basics",), reader.current_names(("basics",), basics))
    data, origin = _mapped(basics, BASICS)
    image = basics.get("image")
    if isinstance(image, str):
        image = normalize_url(image)  # what is checked is what is written
    if image:
        # A photo on another host is kept for resume.json; pages load nothing from elsewhere.
        remote = isinstance(image, str) and (url_scheme(image) or image.startswith("//"))
        target = "image_url" if remote else "avatar"
        data[target], origin[target] = image, "image"
    location = basics.get("location")
    if isinstance(location, dict):
        reader.unknown(("basics", "location"), location, {source for source, _ in ADDRESS})
        address, _ = _mapped(location, ADDRESS)
        if address:
            data["address"], origin["address"] = address, "location"
            shown = [address.get(k) for k in ("city", "region", "country_code")]
            data["location"] = ", ".join(p for p in shown if p) or None
            if data["location"] is None:
                del data["location"]
    data["links"] = _links(reader, basics.get("profiles") or [])
    origin["links"] = "profiles"
    if isinstance(languages, list):
        data["languages"] = _languages(reader, languages)
        if data["languages"]:
            line = reader.mark(("languages",)).line
            reader.report.fields.place("languages", line, "content/profile.yaml.languages")
    if _validated(reader, Profile, data, origin, ("basics",)):
        origin = {k: v for k, v in origin.items() if data.get(k) not in (None, [], "")}
        reader.placed(("basics",), origin, "content/profile.yaml")
        return {k: v for k, v in data.items() if v not in (None, [], "")}
    return None


def _links(reader: _Reader, profiles: list[Any]) -> list[dict[str, Any]]:
    links = []
    for index, profile in enumerate(profiles):
        path: FieldPath = ("basics", "profiles", index)
        if not isinstance(profile, dict):
            reader.skip(path, 'expected a profile ({"network": ..., "url": ...})')
            continue
        reader.unknown(path, profile, {"network", "username", "url"})
        link = _link(reader, path, profile)
        if link:
            links.append(link)
    return links


def _link(reader: _Reader, path: FieldPath, profile: dict[str, Any]) -> dict[str, Any] | None:
    """A profile as a link; one without a web address is kept as its network and username
    (shown as text), and one with neither is reported and left out."""
    url = reader.web_address((*path, "url"), profile.get("url"))
    if isinstance(url, str) and url_scheme(url) not in (None, *SAFE_SCHEMES):
        reader.note((*path, "url"), f"{url!r} is not a web address a site can link to; left out")
        url = None
    label = profile.get("network") or profile.get("username") or url
    if not label:
        reader.skip(path, "a profile needs a network, a username or a url")
        return None
    link: dict[str, Any] = {"label": label}
    if url:
        link["url"] = url
    if profile.get("username"):
        link["username"] = profile["username"]
    return link


def _languages(reader: _Reader, languages: list[Any]) -> list[dict[str, Any]]:
    result = []
    for index, value in enumerate(languages):
        path: FieldPath = ("languages", index)
        if not isinstance(value, dict) or not value.get("language"):
            reader.skip(path, 'expected a language ({"language": ..., "fluency": ...})')
            continue
        reader.unknown(path, value, {"language", "fluency"})
        language = {"name": value["language"]}
        if value.get("fluency"):
            language["level"] = value["fluency"]
        result.append(language)
    return result


def site_yaml(name: str, base_url: str | None) -> str:
    settings = {
        "title": name,
        "base_url": base_url or PLACEHOLDER_BASE_URL,
        "language": "en",
        "theme": "meridian",
        "highlight_author": without_titles(name),
    }
    note = "# Made by `cvsite import jsonresume`. Set base_url to where the site is published.\n"
    return note + to_yaml(settings)


def plan_files(document: Document, report: ImportReport, base_url: str | None) -> dict[str, str]:
    """Site-relative path -> text, for every file the import makes."""
    reader = _Reader(document, report)
    value: dict[str, Any] = document.data
    reader.unknown((), value, {*SECTIONS, "basics", "languages", *NOT_CONTENT})
    files: dict[str, str] = {}
    profile = profile_fields(reader, value.get("basics"), value.get("languages"))
    if profile is None:
        return files
    files["site.yaml"] = site_yaml(profile["name"], base_url)
    files["content/profile.yaml"] = to_yaml(profile)
    for name, (target, _) in SECTIONS.items():
        if name in value and value[name] is not None:
            entries = section_entries(reader, name, value[name])
            if entries:
                files[f"content/{target}.yaml"] = to_yaml(entries)
    return files


def import_jsonresume(
    source: Path, site: Path, base_url: str | None = None, *, dry_run: bool = False
) -> ImportReport:
    """Make `site`'s content from a resume.json, through sitefiles.decide/apply: importing
    again changes nothing, and a file the user edited is kept (the new version goes to
    imported/). With `dry_run`, decide everything and write nothing."""
    report = ImportReport()
    files = plan_files(read_document(source), report, base_url)
    if not files:
        raise ContentErrors(report.skipped)
    confined.check(site, files)  # before anything is written: a link out is refused
    origin = source.name
    marked_files = {
        path: text if path == "site.yaml" else marked(text, origin) for path, text in files.items()
    }
    plan.check_loads(marked_files)
    outcomes = plan.write(site, marked_files, dry_run)
    report.fields.files = outcomes
    if not dry_run:
        report.written = [o.path for o in outcomes if o.action in ("write", "update")]
    return report
