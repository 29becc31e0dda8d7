"""`cvsite import jsonresume FILE`: a JSON Resume document into the import record, the
basics to profile.yaml and each section to the cvsite section that holds all of its fields
(jsonresumetable.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.content.yamlio import Document
from generator.errors import FieldPath, format_field_path
from generator.importers.jsonresumereader import (
    Extra,
    Reader,
    fix_urls,
    mapped,
    read_document,
    with_parenthesis,
    with_summary,
)
from generator.importers.jsonresumetable import (
    ADDRESS,
    BASICS,
    DATE_NAMES,
    LEGACY_NAMES,
    NOT_CONTENT,
    OTHER_NAMES,
    SECTIONS,
)
from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.writing import fallback_name, import_site, profile_file
from generator.safeurl import is_unsafe, normalize_url, url_scheme


def section_entries(reader: Reader, record: Imported, name: str, items: Any) -> None:
    target, table = SECTIONS[name]
    if not isinstance(items, list):
        reader.skip((name,), "expected a list of entries")
        return
    for index, value in enumerate(items):
        path: FieldPath = (name, index)
        value = _as_entry(reader, path, value, table[0][0])
        if value is None:
            continue
        if _empty(value):
            record.report.empty.append(format_field_path("", path))
            continue
        renamed = LEGACY_NAMES.get(name, {}).keys() | OTHER_NAMES.get(name, {}).keys()
        known = {source for source, _ in table} | renamed | DATE_NAMES.keys()
        extras = reader.unknown(path, value, known)
        value = fix_urls(reader, path, reader.current_names(path, value))
        data, origin = mapped(value, table)
        if extras:
            data["summary"] = with_summary(reader, data.get("summary"), extras)
        # JSON Resume leaves endDate out for what is still going on.
        if "start" in data and "end" not in data:
            data["end"] = "present"
        where = record.add_listed(target, data, reader.origins(path, origin))
        reader.placed(path, origin, where)
        reader.kept(extras, f"{where}.summary")


def _as_entry(reader: Reader, path: FieldPath, value: Any, first: str) -> dict | None:
    """The entry; plain text where an entry is expected (`"interests": ["Chess"]`) read as
    the entry's first field; None (reported) for anything else."""
    if isinstance(value, str | int | float) and not isinstance(value, bool) and str(value).strip():
        reader.note(path, f"plain text where an entry is expected: read as {{{first!r}: ...}}")
        return {first: str(value).strip()}
    if isinstance(value, dict):
        return value
    if value not in (None, "", [], {}):
        reader.skip(path, "expected an entry ({...})")
        return None
    return {}


def _empty(value: Any) -> bool:
    """True for a template's entry with nothing filled in (`{"name": "", "keywords": [""]}`)."""
    if isinstance(value, dict):
        return all(_empty(v) for v in value.values())
    if isinstance(value, list):
        return all(_empty(v) for v in value)
    return value is None or (isinstance(value, str) and not value.strip())


def profile_fields(
    reader: Reader, record: Imported, basics: Any, languages: Any, where: str
) -> None:
    if not isinstance(basics, dict):
        reader.skip(("basics",), 'expected the basics ({"name": ...})')
        basics = {}
    known = {source for source, _ in BASICS} | {"image", "location", "profiles"}
    extras = reader.unknown(("basics",), basics, known | LEGACY_NAMES["basics"].keys())
    basics = fix_urls(reader, ("basics",), reader.current_names(("basics",), basics))
    data, origin = mapped(basics, BASICS)
    if data.get("phone"):
        reader.note(("basics", "phone"), PRIVATE.format(what="the phone number", switch="phone"))
    _image(reader, basics.get("image"), data, origin)
    extras += _location(reader, basics.get("location"), data, origin)
    data["links"] = _links(reader, basics.get("profiles") or [], extras)
    if data["links"]:
        origin["links"] = "profiles"
    if extras:
        data["summary"] = with_summary(reader, data.get("summary"), extras)
    if isinstance(languages, list):
        data["languages"] = _languages(reader, languages)
        if data["languages"]:
            line = reader.mark(("languages",)).line
            reader.report.place("languages", line, f"{where}.languages")
    record.profile.update({k: v for k, v in data.items() if v not in (None, [], "")})
    record.profile_origin = reader.origins(("basics",), origin)
    reader.placed(("basics",), origin, where)
    reader.kept(extras, f"{where}.summary")


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
    link = {"label": label, "url": url, "username": profile.get("username")}
    return {key: value for key, value in link.items() if value}


def _languages(reader: Reader, languages: list[Any]) -> list[dict[str, Any]]:
    result = []
    for index, value in enumerate(languages):
        path: FieldPath = ("languages", index)
        if isinstance(value, str) and value.strip():
            reader.note(path, "plain text where a language is expected: read as {'language': ...}")
            value = {"language": value.strip()}
        if not isinstance(value, dict) or not value.get("language"):
            reader.skip(path, 'expected a language ({"language": ..., "fluency": ...})')
            continue
        extras = reader.unknown(path, value, {"language", "fluency"})
        level = with_parenthesis(value.get("fluency") or None, extras)
        reader.kept(extras, f"content/profile.yaml.languages[{len(result)}].level")
        result.append({"name": value["language"], **({"level": level} if level else {})})
    return result


def record_of(document: Document, base_url: str | None, where: str, name: str) -> Imported:
    """The import record of a JSON Resume document; `name` is the profile's when the basics
    give none."""
    record = Imported("jsonresume", Path(document.file).name)
    reader = Reader(document, record.report)
    value: dict[str, Any] = document.data
    reader.unknown((), value, {*SECTIONS, "basics", "languages", *NOT_CONTENT}, room=False)
    profile_fields(reader, record, value.get("basics"), value.get("languages"), where)
    if not record.profile.get("name"):
        record.profile["name"] = name
        record.report.notes.append(f"the basics give no name: the profile's name is {name!r}")
    if base_url:
        record.settings["base_url"] = base_url
    for section in SECTIONS:
        if value.get(section) is not None:
            section_entries(reader, record, section, value[section])
    return record


def import_jsonresume(
    source: Path, site: Path, base_url: str | None = None, *, dry_run: bool = False
) -> Report:
    """Make `site`'s content from a resume.json; with `dry_run`, write nothing."""
    document = read_document(source)
    record = record_of(document, base_url, profile_file(site), fallback_name(source))
    return import_site(record, site, dry_run)
