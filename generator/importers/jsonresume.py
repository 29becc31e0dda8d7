"""`cvsite import jsonresume FILE`: a JSON Resume document as a site's content.

Every field of the JSON Resume schema has a place: the basics go to profile.yaml, each
section to the cvsite section that holds all of its fields (the table below), and a
site.yaml is made when the folder has none. jsonresume.py reads the same table the other
way, so import → build → export gives back the same data. An entry that does not validate
is reported with its line and left out; files that exist are never replaced.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator import confined
from generator.content.personname import without_titles
from generator.content.schema import Profile, model_for
from generator.content.yamlio import Document
from generator.errors import ContentErrors, FieldPath
from generator.importers import plan
from generator.importers.jsonresumeextra import Extra, with_parenthesis
from generator.importers.jsonresumereader import (
    ImportReport,
    Reader,
    fix_urls,
    mapped,
    read_document,
    validated,
    with_summary,
)
from generator.importers.jsonresumetable import (
    ADDRESS,
    BASICS,
    LEGACY_NAMES,
    NOT_CONTENT,
    OTHER_NAMES,
    SECTIONS,
)
from generator.importers.sitefiles import marked, to_yaml
from generator.safeurl import is_unsafe, normalize_url, url_scheme

PLACEHOLDER_BASE_URL = "https://example.com/"


def section_entries(reader: Reader, name: str, items: Any) -> list[dict[str, Any]]:
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
        extras = reader.unknown(path, value, {source for source, _ in table} | renamed)
        value = fix_urls(reader, path, reader.current_names(path, value))
        data, origin = mapped(value, table)
        if extras:
            data["summary"] = with_summary(reader, data.get("summary"), extras)
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
        if validated(reader, model_for(target), data, origin, path):
            reader.placed(path, origin, f"content/{target}.yaml[{len(entries)}]")
            reader.kept(extras, f"content/{target}.yaml[{len(entries)}].summary")
            entries.append(data)
    return entries


def profile_fields(reader: Reader, basics: Any, languages: Any) -> dict[str, Any] | None:
    if not isinstance(basics, dict):
        reader.skip(("basics",), 'expected the basics ({"name": ...})')
        return None
    known = {source for source, _ in BASICS} | {"image", "location", "profiles"}
    extras = reader.unknown(("basics",), basics, known | LEGACY_NAMES["basics"].keys())
    basics = fix_urls(reader, ("basics",), reader.current_names(("basics",), basics))
    data, origin = mapped(basics, BASICS)
    if data.get("phone"):
        reader.note(("basics", "phone"), PRIVATE.format(what="the phone number", switch="phone"))
    _image(reader, basics.get("image"), data, origin)
    extras += _location(reader, basics.get("location"), data, origin)
    data["links"] = _links(reader, basics.get("profiles") or [], extras)
    origin["links"] = "profiles"
    if extras:
        data["summary"] = with_summary(reader, data.get("summary"), extras)
    if isinstance(languages, list):
        data["languages"] = _languages(reader, languages)
        if data["languages"]:
            line = reader.mark(("languages",)).line
            reader.report.fields.place("languages", line, "content/profile.yaml.languages")
    if validated(reader, Profile, data, origin, ("basics",)):
        origin = {k: v for k, v in origin.items() if data.get(k) not in (None, [], "")}
        reader.placed(("basics",), origin, "content/profile.yaml")
        reader.kept(extras, "content/profile.yaml.summary")
        return {k: v for k, v in data.items() if v not in (None, [], "")}
    return None


def _image(reader: Reader, image: Any, data: dict[str, Any], origin: dict[str, str]) -> None:
    """The photo: a path in content/ (`avatar`), or an address on another host kept for
    resume.json (`image_url`; pages load nothing from elsewhere). An address a picture
    cannot have (`javascript:`, or an application's such as `skype:`) is left out."""
    if isinstance(image, str):
        image = normalize_url(image)  # what is checked is what is written
        if is_unsafe(image, loaded=True):
            reader.note(("basics", "image"), f"{image!r} is not the address of a picture; left out")
            return
    if image:
        remote = isinstance(image, str) and (url_scheme(image) or image.startswith("//"))
        target = "image_url" if remote else "avatar"
        data[target], origin[target] = image, "image"


# A private fact is kept, and published only when site.yaml says so.
PRIVATE = (
    "{what} is kept in content/profile.yaml but published only with `contact: {{{switch}: "
    "true}}` in site.yaml"
)


def _location(
    reader: Reader, location: Any, data: dict[str, Any], origin: dict[str, str]
) -> list[Extra]:
    """The postal address into `data` (and the contact line's place); the location's fields
    the schema lacks, for the summary."""
    if not isinstance(location, dict):
        return []
    path: FieldPath = ("basics", "location")
    extras = reader.unknown(path, location, {source for source, _ in ADDRESS})
    address, _ = mapped(location, ADDRESS)
    if address:
        data["address"], origin["address"] = address, "location"
        if address.get("street") or address.get("postal_code"):
            reader.note(path, PRIVATE.format(what="the street address", switch="address"))
        shown = [address.get(k) for k in ("city", "region", "country_code")]
        if any(shown):
            data["location"] = ", ".join(p for p in shown if p)
    return extras


def _links(reader: Reader, profiles: list[Any], extras: list[Extra]) -> list[dict[str, Any]]:
    """The profiles as links; their fields the schema lacks go to `extras`, labelled with
    the network ("GitHub followers: 10"), for the profile's summary."""
    links = []
    for index, profile in enumerate(profiles):
        path: FieldPath = ("basics", "profiles", index)
        if not isinstance(profile, dict):
            reader.skip(path, 'expected a profile ({"network": ..., "url": ...})')
            continue
        own = reader.unknown(path, profile, {"network", "username", "url"})
        link = _link(reader, path, profile)
        if link:
            links.append(link)
            extras += [Extra(e.path, f"{link['label']} {e.label}", e.text) for e in own]
    return links


def _link(reader: Reader, path: FieldPath, profile: dict[str, Any]) -> dict[str, Any] | None:
    """A profile as a link; one without a web address is kept as its network and username
    (shown as text), and one with neither is reported and left out."""
    url = reader.web_address((*path, "url"), profile.get("url"))
    if isinstance(url, str) and is_unsafe(url):
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


def _languages(reader: Reader, languages: list[Any]) -> list[dict[str, Any]]:
    result = []
    for index, value in enumerate(languages):
        path: FieldPath = ("languages", index)
        if not isinstance(value, dict) or not value.get("language"):
            reader.skip(path, 'expected a language ({"language": ..., "fluency": ...})')
            continue
        extras = reader.unknown(path, value, {"language", "fluency"})
        language = {"name": value["language"]}
        level = with_parenthesis(value.get("fluency") or None, extras)
        if level:
            language["level"] = level
        reader.kept(extras, f"content/profile.yaml.languages[{len(result)}].level")
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
    reader = Reader(document, report)
    value: dict[str, Any] = document.data
    reader.unknown((), value, {*SECTIONS, "basics", "languages", *NOT_CONTENT}, room=False)
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
