"""`cvsite export rendercv`: the site's data as a RenderCV YAML file, for RenderCV's PDFs.

Written for what RenderCV 2.x reads in all its releases (2.3, the last for Python 3.11,
through 2.8): `cv:` with the header and sections, and `design: {theme: classic}` with the
paper size. Each cvsite section becomes a RenderCV section titled as the site titles it:
education, experience and publications their own entry types (when the fields RenderCV
requires are there), skills one-line entries, every other a normal entry. Owners among
authors are bold (`**Ada Lovelace**`), as RenderCV highlights them. What RenderCV has no
place for (bodies, tags, a phone number it cannot read) is named in a comment at the top.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from generator.content.dates import PartialDate
from generator.importers.importedfiles import to_yaml
from generator.importers.rendercv.networks import from_url
from generator.importers.rendercv.settings import LANGUAGES
from generator.model.resume import Item, Resume

SCHEMA = "https://raw.githubusercontent.com/rendercv/rendercv/refs/tags/v2.3/schema.json"
_PHONE = re.compile(r"^\+[\d\s().\-/]{6,}$")
_NAMES = {code: name for name, code in LANGUAGES.items()}


def export(site: Path) -> str:
    """The RenderCV file's text for the site (its default language)."""
    from generator.model.resume import load

    resume = load(site).resume
    left: list[str] = []
    cv = _header(resume, left)
    sections: dict[str, list[Any]] = {}
    if resume.profile.summary:
        sections["Summary"] = [resume.profile.summary]
    for section in resume.sections:
        entries = [_entry(section.kind, item, left) for item in section.items]
        if entries:
            sections[section.title] = entries
    other = _other_links(resume)
    if other:
        sections["Links"] = other
    if sections:
        cv["sections"] = sections
    design = {"theme": "classic", "page": {"size": resume.config.pdf.paper if resume.config.pdf
                                           else "a4"}}  # fmt: skip
    return _comment(resume, left) + to_yaml({"cv": cv, "design": design})


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
    lines += [f"# Not exported: {what}" for what in dict.fromkeys(left)]
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


def _other_links(resume: Resume) -> list[dict[str, str]]:
    """Profile links RenderCV has no network for, as one-line entries."""
    return [
        {"label": link.label, "details": f"[{link.url}]({link.url})"}
        for link in resume.profile.links
        if from_url(link.url) is None
    ]


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
        entry["summary"] = "\n\n".join(filter(None, [entry.get("summary"), data.summary]))
    highlights = _education_lines(item) + [h.text for h in data.highlights]
    highlights += [f"[{link.label}]({link.url})" for link in data.links]
    if highlights:
        entry["highlights"] = highlights
    return entry


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
    name = f"[{item.title}]({url})" if url else item.title
    entry = {"name": name}
    if data.subtitle:
        entry["summary"] = data.subtitle
    return entry


def _publication(item: Item) -> dict[str, Any]:
    data = item.data
    entry: dict[str, Any] = {
        "title": item.title,
        "authors": [f"**{a.name}**" if a.is_owner else a.name for a in item.authors],
    }
    if item.get("doi"):
        entry["doi"] = item.get("doi")
    if item.get("url"):
        entry["url"] = item.get("url")
    if item.get("venue"):
        entry["journal"] = item.get("venue")
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
