"""Every value of an import checked with cvsite's models before anything is written: a value
a model refuses is taken out of its entry (to a page's body, or left out with a warning at
the source's field and line), never the entry; the imported site always builds."""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from generator.content.dates import parse_date
from generator.content.markdowntext import unlinked
from generator.content.schema import Profile, model_for
from generator.errors import BuildError, ContentError
from generator.importers.dates import read_date
from generator.importers.record import Entry, Origin
from generator.importers.report import Placed, Report
from generator.markdown.renderer import MarkdownProblem, MarkdownRenderer, UnsafeUrl

MARKDOWN_FIELDS = ("summary", "body", "abstract")
# What a backslash makes plain text; `[` has no such escape (markdowntext.ENTITIES), and an
# escaped `(` or `[` would open a formula (`\\(x\\)`).
_MARKDOWN_MARK = re.compile(r"[\\`*_{}\]>#+\-.!|]")
_MAX_PASSES = 20  # each pass takes out one refused field
_TITLE_FALLBACK = ("organization", "area", "institution", "awarder", "issuer", "event")
# Fields written first, in this order, so that each file reads from its title.
_FIRST = ("key", "title", "course", "position", "degree", "authors", "type", "event")


def safe_markdown(text: str, where: str, notes: list[str]) -> str:
    """Markdown that the build accepts: a link with an unsafe scheme (javascript:) is
    written out as text rather than linked, and Markdown the site would refuse (a fenced
    code option, text too costly to read) is escaped. Raw HTML is left to the site's
    renderer, which escapes it as it does in content (nh3 cleans what `unsafe_html` lets
    through)."""
    try:
        MarkdownRenderer().block(text)
    except UnsafeUrl:
        text = unlinked(text)
        notes.append(f"{where}: a link with an unsafe URL scheme, written as text")
    except MarkdownProblem:
        text = unlinked(_MARKDOWN_MARK.sub(r"\\\g<0>", text))
        notes.append(f"{where}: Markdown the site would refuse, written as text")
    return text


def _safe(data: dict[str, Any], where: str, notes: list[str]) -> dict[str, Any]:
    """The values given, less empty ones, Markdown made safe, the title's fields first."""
    data = {k: v for k, v in data.items() if v not in (None, "", [], {})}
    for key in MARKDOWN_FIELDS:
        if isinstance(data.get(key), str):
            data[key] = safe_markdown(data[key], f"{where}: {key}", notes)
    if isinstance(data.get("highlights"), list):
        data["highlights"] = [
            _safe_item(h, f"{where}: highlights", notes) for h in data["highlights"]
        ]
    if isinstance(data.get("thesis"), dict) and isinstance(data["thesis"].get("summary"), str):
        summary = data["thesis"]["summary"]
        data["thesis"] = {**data["thesis"], "summary": safe_markdown(summary, where, notes)}
    first = {k: data.pop(k) for k in _FIRST if k in data}
    return {**first, **data}


def _safe_item(item: Any, where: str, notes: list[str]) -> Any:
    """A highlight: text, or a mapping of its text and the points under it (`items`)."""
    if not isinstance(item, dict):
        return safe_markdown(str(item), where, notes)
    safe = {**item, "text": safe_markdown(str(item.get("text", "")), where, notes)}
    if isinstance(item.get("items"), list):
        safe["items"] = [safe_markdown(str(point), where, notes) for point in item["items"]]
    return safe


def checked_profile(
    profile: dict[str, Any], origin: dict[str, Origin], report: Report, where: str
) -> dict[str, Any]:
    """The profile with every field cvsite's model refuses taken out (and reported)."""
    profile = _safe(profile, where, report.notes)
    profile.setdefault("name", "Your Name")
    for _ in range(_MAX_PASSES):
        try:
            Profile.model_validate(profile)
            return profile
        except ValidationError as exc:
            _take_refused(profile, exc, where, origin, report, to_body=False)
    return {"name": profile["name"]}


def checked_entry(section: str, entry: Entry, where: str, report: Report) -> dict[str, Any]:
    """The entry as the section's model accepts it; a refused value goes to the body of a
    page, or is left out of a listed entry, reported either way."""
    model = model_for(section)
    fields = dict(entry.fields)
    _ensure_title(fields, model.title_field, section)
    fields = _safe(fields, where, report.notes)
    _dates(fields, where, entry.origin, report)
    for _ in range(_MAX_PASSES):
        try:
            model.model_validate(fields)
            return fields
        except ValidationError as exc:
            _take_refused(fields, exc, where, entry.origin, report, to_body=entry.slug is not None)
    raise BuildError(f"{where}: the importer made an entry cvsite refuses: {fields}")


def _ensure_title(fields: dict[str, Any], title_field: str, section: str) -> None:
    """cvsite needs a title: a source may leave a position or a degree out (JSON Resume's
    studyType, Hugo Blox's v5 education): the organization, the area, or the section."""
    if any(fields.get(k) for k in (title_field, "title")):
        return
    fallback = next((fields[k] for k in _TITLE_FALLBACK if fields.get(k)), None)
    fields["title"] = fallback or section.replace("-", " ").capitalize()


def _dates(fields: dict[str, Any], where: str, origin: dict[str, Origin], report: Report) -> None:
    """Dates in the forms other formats write (dates.py) as cvsite's; an end before its
    start keeps both dates, the other way round, with a warning (a typo, most often)."""
    for key in ("start", "end", "date"):
        value = fields.get(key)
        if isinstance(value, str) and parse_date(value) is None and (date := read_date(value)):
            fields[key] = date
    start, end = parse_date(fields.get("start")), parse_date(fields.get("end"))
    if start is not None and end is not None and end.precedes(start):
        fields["start"], fields["end"] = fields["end"], fields["start"]
        source = origin.get("end")
        message = f"{end} is before the start {start}: both kept, the earlier as the start"
        if source is None:
            report.notes.append(f"{where}: {message}")
        else:
            report.warnings.append(
                ContentError(source.file, source.line, source.column, source.field, message)
            )


def _take_refused(
    data: dict,
    exc: ValidationError,
    where: str,
    origin: dict[str, Origin],
    report: Report,
    *,
    to_body: bool,
) -> None:
    """Take out the first field a model refuses. On a page the body keeps it, as a
    paragraph of its own; else a warning names the source's field and line."""
    error = exc.errors(include_url=False)[0]
    if error["type"] == "end_only" and "date" not in data:  # its start was refused
        end = data.pop("end")
        if getattr(parse_date(end), "present", False):  # "until now" says nothing alone
            report.notes.append(f"{where}: an open end without a start, left out")
            _replace(report, where, "end", "", "an open end without a start")
            return
        data["date"] = end
        report.notes.append(f"{where}: an end without a start, kept as the entry's date")
        _replace(report, where, "end", f"{where}.date", "without a start: the date")
        return
    loc = [str(part) for part in error["loc"] if not isinstance(part, int)]
    key = loc[0] if loc else (error.get("ctx") or {}).get("field")
    if key is None or key not in data:
        # A rule about the whole entry (a date beside a start and an end): a date goes.
        key = next((k for k in ("end", "start", "date") if k in data), None)
        if key is None:
            raise BuildError(f"{where}: {error['msg']}")
    value = data.pop(key)
    if to_body:
        data["body"] = f"{data.get('body', '')}\n\n{key}: {value}\n".lstrip("\n")
        report.notes.append(f"{where}: {key} {value!r} refused ({error['msg']}); kept in the body")
        _replace(report, where, key, f"{where} (body)", "")
        return
    source = origin.get(key)
    if source is None:
        report.notes.append(f"{where}: {key} {value!r} refused ({error['msg']}); left out")
    else:
        said = error["msg"] if repr(value) in error["msg"] else f"{value!r}: {error['msg']}"
        message = f"{said}; left out (the entry is kept, without it)"
        report.warnings.append(
            ContentError(source.file, source.line, source.column, source.field, message)
        )
    _replace(report, where, key, "", f"{error['msg']}; left out")


def _replace(report: Report, where: str, key: str, new_where: str, note: str) -> None:
    """The report's line for a refused value says where it went now, or why it was left."""
    targets = {f"{where}.{key}", f"{where}: {key}"}
    for index, placed in enumerate(report.fields):
        if placed.where in targets:
            report.fields[index] = Placed(placed.file, placed.line, placed.field, new_where, note)
