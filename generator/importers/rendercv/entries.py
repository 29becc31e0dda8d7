"""RenderCV's entries (each type found by its fields, as RenderCV finds it) as the fields of
the cvsite section they go to, with which input field went where. Plain-text fields lose
their Markdown marks and keep their links in `links`; summaries and highlights stay
Markdown."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from generator.content.schema import Link, model_for
from generator.importers.markdown.vocabulary import find_dates
from generator.importers.rendercv import inline

COMMON = ("date", "start_date", "end_date", "location", "summary", "highlights")
_EXACT_DATE = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$")


def type_of(entry: Any) -> str | None:
    if isinstance(entry, str):
        return "text"
    if isinstance(entry, dict):  # the first type it has a field of (a grade tells none)
        keys = set(entry) - {"grade"}
        return next((name for name, (own, _) in TYPES.items() if keys & set(own)), None)
    return None


@dataclass
class Mapped:
    """One entry in cvsite's fields; `origin` is (input field, cvsite field, note) each."""

    fields: dict[str, Any] = field(default_factory=dict)
    origin: list[tuple[str, str, str]] = field(default_factory=list)
    left: list[tuple[str, str]] = field(default_factory=list)  # (input field, why)
    owners: list[str] = field(default_factory=list)  # authors RenderCV's marks highlight

    def put(self, source: str, target: str, value: Any, note: str = "") -> None:
        if value in (None, "", []):
            return
        if target == "links" and not _valid_link(value):
            target, value = "body", f"{value['label']}: {value['url']}\n"
            note = "not a link a site may make; kept as text"
        if target in self.fields and target not in ("links", "body"):
            target = "body"  # a second value for one field: kept in the body
            value = f"{source}: {value}\n"
        if target == "links":
            self.fields.setdefault("links", []).append(value)
        elif target == "body":
            self.fields["body"] = self.fields.get("body", "") + value
        else:
            self.fields[target] = value
        self.origin.append((source, target, note))

    def text(self, source: str, target: str, value: Any) -> None:
        """A field cvsite shows as text: Markdown marks off, links into `links`."""
        if value is None:
            return
        read = inline.plain(str(value))
        self.put(source, target, read.text)
        for label, url in read.links:
            self.put(source, "links", {"label": label, "url": url}, "the link in it")


def _valid_link(link: dict[str, Any]) -> bool:
    try:
        Link.model_validate(link)
    except ValidationError:
        return False
    return True


def _listed(value: Any) -> list[Any]:
    """A list as given; one value alone as a list of it (never a string's characters)."""
    if value in (None, ""):
        return []
    return value if isinstance(value, list) else [value]


def map_entry(kind: str, entry: Any, section: str) -> Mapped:
    """The entry of RenderCV type `kind` as fields of the cvsite section `section`."""
    mapped = Mapped()
    if kind == "text":
        mapped.put("", "summary", str(entry))
        return mapped
    model = model_for(section).model_fields
    own, read = TYPES[kind]
    read(mapped, entry, model)
    _common(mapped, entry)
    known = set(own) | set(COMMON)
    for key, value in entry.items():
        if key not in known and value not in (None, "", []):
            mapped.put(key, "body", f"**{key}:** {_shown(value)}\n")
    return mapped


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _one_line(mapped: Mapped, entry: dict, model: dict) -> None:
    mapped.text("label", "title", entry.get("label"))
    if "items" in model:  # skills: `details: "Python, C++, CUDA"` is a list of items
        details = entry.get("details")
        if details not in (None, ""):
            mapped.put("details", "items", listed_items(str(details)))
    else:
        mapped.put("details", "summary", entry.get("details"))


def listed_items(details: str) -> list[str]:
    """The items of a comma-separated list; a comma inside brackets stays in its item
    (`AWS (Lambda, S3)` is one)."""
    items, depth, start = [], 0, 0
    for index, char in enumerate(details):
        depth += (char in "([{") - (char in ")]}")
        if char == "," and depth <= 0:
            items.append(details[start:index])
            start = index + 1
    items.append(details[start:])
    return [item.strip() for item in items if item.strip()]


def _normal(mapped: Mapped, entry: dict, model: dict) -> None:
    mapped.text("name", "title", entry.get("name"))


def _experience(mapped: Mapped, entry: dict, model: dict) -> None:
    mapped.text("position", "position" if "position" in model else "title", entry.get("position"))
    mapped.text("company", "organization", entry.get("company"))


def _education(mapped: Mapped, entry: dict, model: dict) -> None:
    if "institution" in model:
        mapped.text("institution", "institution", entry.get("institution"))
        mapped.text("area", "area", entry.get("area"))
        degree = entry.get("degree") or None
        mapped.text("degree", "degree", degree)
        if degree is None:  # cvsite needs a title: the area stands in, as RenderCV shows it
            mapped.fields.setdefault("title", mapped.fields.get("area"))
        mapped.text("grade", "grade", entry.get("grade"))
        return
    mapped.text("degree", "title", entry.get("degree") or entry.get("area"))
    if entry.get("degree"):
        mapped.text("area", "subtitle", entry.get("area"))
    mapped.text("institution", "organization", entry.get("institution"))
    mapped.text("grade", "summary", entry.get("grade"))


def _publication(mapped: Mapped, entry: dict, model: dict) -> None:
    mapped.text("title", "title", entry.get("title"))
    read = [inline.author(str(a)) for a in _listed(entry.get("authors")) if a]
    authors = [name for name, _ in read]
    mapped.owners += [name for name, marked in read if marked]
    if "authors" in model:
        mapped.put("authors", "authors", authors or None, "RenderCV's highlight marks taken off")
    elif authors:
        mapped.put("authors", "subtitle", ", ".join(authors))
    mapped.text("journal", "venue" if "venue" in model else "organization", entry.get("journal"))
    doi = entry.get("doi")
    if doi and "doi" in model:
        mapped.put("doi", "doi", str(doi))
    elif doi:
        mapped.put("doi", "links", {"label": f"doi:{doi}", "url": f"https://doi.org/{doi}"})
    url = entry.get("url")
    if url and "url" in model:
        mapped.put("url", "url", str(url))
    elif url:
        mapped.put("url", "links", {"label": str(url), "url": str(url)})


def _one_text(field_name: str):  # noqa: ANN202 - a reader for the three one-field types
    def read(mapped: Mapped, entry: dict, model: dict) -> None:
        value = entry.get(field_name)
        if value is not None:
            mapped.put(field_name, "title", str(value))

    return read


# RenderCV's entry types, in the order RenderCV tries them: the fields that are each one's own
# (the rest are common or extra keys), and its reader.
TYPES = {
    "one_line": (("label", "details"), _one_line),
    "normal": (("name",), _normal),
    "experience": (("company", "position"), _experience),
    "education": (("institution", "area", "degree", "grade"), _education),
    "publication": (("title", "authors", "doi", "url", "journal"), _publication),
    "bullet": (("bullet",), _one_text("bullet")),
    "numbered": (("number",), _one_text("number")),
    "reversed_numbered": (("reversed_number",), _one_text("reversed_number")),
}


def _common(mapped: Mapped, entry: dict) -> None:
    mapped.text("location", "location", entry.get("location"))
    mapped.put("summary", "summary", _markdown(entry.get("summary")))
    highlights = [_highlight(h) for h in _listed(entry.get("highlights")) if h not in (None, "")]
    mapped.put("highlights", "highlights", highlights or None)
    _dates(mapped, entry)


def _markdown(value: Any) -> str | None:
    return None if value in (None, "") else str(value)


def _highlight(value: Any) -> str | dict[str, Any]:
    """RenderCV's nested bullets: " - " in a highlight starts a point under it (an indented
    `- ` line, which YAML folds into the highlight, reads the same)."""
    text, *points = str(value).split(" - ")
    return {"text": text, "items": points} if points else text


def _dates(mapped: Mapped, entry: dict) -> None:
    """RenderCV's rules: `date` wins over start/end; a start alone runs to the present; an
    end alone is a single date. `date` may be any text ("Fall 2023")."""
    date, start, end = (entry.get(k) for k in ("date", "start_date", "end_date"))
    date, start, end = (None if v in (None, "") else str(v) for v in (date, start, end))
    if date is None and start is None and end is not None:
        date, end = end, None
        mapped.origin.append(("end_date", "date", "an end alone is one date, as RenderCV reads it"))
        _date_text(mapped, "end_date", date)
        return
    if date is not None:
        for name, value in (("start_date", start), ("end_date", end)):
            if value is not None:
                mapped.left.append((name, "RenderCV ignores it when `date` is given"))
        _date_text(mapped, "date", date)
        return
    if start is not None:
        mapped.put("start_date", "start", start)
        mapped.put("end_date", "end", end or "present")


def _date_text(mapped: Mapped, source: str, text: str) -> None:
    """An exact date as cvsite's date; other text read for a date, its words kept."""
    if _EXACT_DATE.match(text) or text.casefold() == "present":
        mapped.put(source, "date", text.casefold() if text.casefold() == "present" else text)
        return
    link = inline.only_link(text)
    if link:
        mapped.put(source, "links", {"label": link[0], "url": link[1]}, "a link written as date")
        return
    found = find_dates(text)
    if found is not None and found.span == (0, len(text)) and not found.notes:
        for name, value in found.fields().items():
            mapped.put(source, name, value, f"read from {text!r}")
        return
    if found is not None:
        for name, value in found.fields().items():
            mapped.put(source, name, value, f"read from {text!r}")
    target = "subtitle" if "subtitle" not in mapped.fields else "body"
    mapped.put(source, target, text if target == "subtitle" else f"{text}\n", "as written")
