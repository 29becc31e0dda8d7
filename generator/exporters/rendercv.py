"""`cvsite export rendercv`: the site's data as a RenderCV 2.x YAML file (what 2.3 to 2.8
all read), each cvsite section a RenderCV section of the nearest entry type. No value holds
a line break: RenderCV 2.3 prints the lines of one over each other and 2.8 shows its
Markdown as written. What RenderCV has no place for is named in a comment at the top and
listed for the terminal.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

from generator.content.authors import Author
from generator.content.dates import PartialDate
from generator.content.markdowntext import ENTITIES
from generator.content.schema import Highlight
from generator.importers.importedfiles import to_yaml
from generator.importers.rendercv.networks import from_url
from generator.importers.rendercv.settings import LANGUAGES
from generator.model.resume import Item, Resume, Section

SCHEMA = "https://raw.githubusercontent.com/rendercv/rendercv/refs/tags/v2.3/schema.json"
_PHONE = re.compile(r"^\+[\d\s().\-/]{6,}$")
_NAMES = {code: name for name, code in LANGUAGES.items()}
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
# The escapes of cvsite's Markdown (a .bib title's `Q\*\*2`, `\_\_init\_\_`, `&#91;C II]`):
# RenderCV reads `\*` alone and prints any other as written.
_SIGNS = {entity: sign for sign, entity in ENTITIES.items()}
_ESCAPED = re.compile(r"\\([\\`_>#+\-.!\[\](){}])|" + "|".join(_SIGNS))


class Exported(NamedTuple):
    text: str  # the RenderCV file
    left: list[str]  # what it does not carry, each named once, in the order met


def export(site: Path) -> Exported:
    """The RenderCV file for the site (its default language), and what it leaves out."""
    from generator.model.resume import load

    resume = load(site).resume
    left: list[str] = []
    cv = _header(resume, left)
    sections: dict[str, list[Any]] = {}
    if resume.profile.summary:
        sections["Summary"] = paragraphs(resume.profile.summary)
    for section in resume.sections:
        entries = _text_section(section) or [
            _entry(section.kind, item, left) for item in section.items
        ]
        if entries:
            sections[section.title] = entries
    other = [
        {"label": link.label, "details": f"[{link.url}]({link.url})"}
        for link in resume.profile.links
        if from_url(link.url) is None  # no RenderCV network: a one-line entry
    ]
    if other:
        sections["Links"] = other
    if sections:
        cv["sections"] = sections
    paper = resume.config.pdf.paper if resume.config.pdf else "a4"
    design = {"theme": "classic", "page": {"size": paper}}
    left = list(dict.fromkeys(left))
    return Exported(_comment(resume, left) + to_yaml({"cv": cv, "design": design}), left)


def paragraphs(text: str) -> list[str]:
    """Text as RenderCV's text entries: one per paragraph, each on one line."""
    return [" ".join(part.split()) for part in _PARAGRAPH_BREAK.split(text) if part.strip()]


def _one_line(text: str) -> str:
    """A summary's paragraphs as one line, the breaks between them a space."""
    return " ".join(paragraphs(text))


def _text_section(section: Section) -> list[str]:
    """The paragraphs of a section that is text: one entry titled as the section, with
    nothing but a summary (what `import rendercv` makes of RenderCV's text section)."""
    if len(section.items) != 1:
        return []
    item = section.items[0]
    if item.data.model_fields_set != {"title", "summary"} or item.title != section.title:
        return []
    return paragraphs(item.data.summary or "")


def _comment(resume: Resume, left: list[str]) -> str:
    lines = [
        f"# yaml-language-server: $schema={SCHEMA}",
        "# Made by `cvsite export rendercv`. Render it with `rendercv render <this file>`.",
    ]
    if resume.language != "en":
        name = _NAMES.get(resume.language.split("-")[0], resume.language)
        lines.append(
            f"# The site is in '{resume.language}': add `locale: {{language: {name}}}` "
            f"(RenderCV 2.4 and later) or `locale: {{language: {resume.language}}}` (2.0-2.3)."
        )
    lines += [f"# Not exported: {what}" for what in left]
    return "\n".join(lines) + "\n"


def _header(resume: Resume, left: list[str]) -> dict[str, Any]:
    profile = resume.profile
    cv: dict[str, Any] = {"name": profile.name}
    for key in ("headline", "location", "email", "website"):
        if getattr(profile, key):
            cv[key] = str(getattr(profile, key))
    if profile.phone and _PHONE.match(profile.phone):
        cv["phone"] = profile.phone.replace(" ", "-")
    elif profile.phone:
        left.append(f"the phone number {profile.phone!r} (RenderCV wants +country-number)")
    networks = [from_url(link.url) for link in profile.links]
    social = [{"network": n, "username": u} for n, u in filter(None, networks)]
    if social:
        cv["social_networks"] = social
    return cv


def _entry(kind: str, item: Item, left: list[str]) -> dict[str, Any]:
    data = item.data
    if item.body:
        left.append(f"the page text of {item.section}/{item.slug}")
    if kind == "skills":
        names = [s.name + (f" ({s.level})" if s.level else "") for s in item.get("items") or []]
        return {"label": item.title, "details": ", ".join(names) or data.summary or item.title}
    if kind == "publications" and item.authors:
        return _publication(item)
    entry = _typed(kind, item)
    entry.update(_dates(data.start, data.end, data.date))
    if data.location:
        entry["location"] = data.location
    if data.summary:
        if len(paragraphs(data.summary)) > 1:
            left.append(f"the paragraph breaks in the summary of {item.section}/{item.slug}")
        entry["summary"] = " — ".join(filter(None, [entry.get("summary"), _one_line(data.summary)]))
    highlights = _education_lines(item) + [_highlight(h) for h in data.highlights]
    highlights += [f"[{link.label}]({link.url})" for link in data.links]
    if highlights:
        entry["highlights"] = highlights
    return entry


def _highlight(highlight: Highlight) -> str:
    """A highlight on one line; the points under it each after " - ", RenderCV's mark of a
    nested bullet."""
    return " - ".join(_one_line(text) for text in (highlight.text, *highlight.items))


def _education_lines(item: Item) -> list[str]:
    """An education's grade, thesis and courses, which RenderCV has no fields for."""
    lines = [f"Grade: {item.get('grade')}"] if item.get("grade") else []
    thesis = item.get("thesis")
    if thesis is not None and thesis.title:
        lines.append(f"Thesis: {thesis.title}")
    if item.get("courses"):
        lines.append("Courses: " + ", ".join(item.get("courses")))
    return lines


def _typed(kind: str, item: Item) -> dict[str, Any]:
    """The fields that tell RenderCV the entry's type."""
    data = item.data
    organization = data.organization or item.get("institution")
    if kind == "education" and organization:
        entry = {"institution": organization, "area": item.get("area") or item.title}
        if item.get("degree") and item.get("area"):
            entry["degree"] = item.get("degree")
        return entry
    if kind in ("experience", "volunteer") and organization:
        return {"company": organization, "position": item.title}
    url = item.get("url")
    title = _unescaped(item.title)
    name = f"[{title}]({url})" if url else title
    entry = {"name": name}
    if data.subtitle:
        entry["summary"] = data.subtitle
    return entry


def _unescaped(text: str) -> str:
    """`text` with the escapes RenderCV would print as written undone."""
    return _ESCAPED.sub(lambda m: m.group(1) or _SIGNS[m.group(0)], text)


def _author(author: Author) -> str:
    """RenderCV's highlight: the owner's name in bold (within a group's name, only theirs)."""
    if not author.is_owner:
        return author.name
    before, own, after = author.owner_parts
    return f"{before}**{own}**{after}"


def _publication(item: Item) -> dict[str, Any]:
    data = item.data
    entry: dict[str, Any] = {
        "title": _unescaped(item.title),
        "authors": [_author(a) for a in item.authors],
    }
    for key, field in (("doi", "doi"), ("url", "url"), ("journal", "venue")):
        if item.get(field):
            entry[key] = item.get(field)
    published = data.published if hasattr(data, "published") else data.date
    if published is not None and not published.present:
        entry["date"] = str(published)
    return entry


def _dates(start: PartialDate | None, end: PartialDate | None, date: PartialDate | None) -> dict:
    if date is not None:
        return {"date": "present" if date.present else str(date)}
    found: dict[str, str] = {}
    if start is not None:
        found["start_date"] = str(start)
        found["end_date"] = "present" if end is None or end.present else str(end)
    return found
