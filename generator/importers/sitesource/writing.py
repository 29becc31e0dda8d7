"""The files an import makes, checked and written: entries are checked by cvsite's own
models first (a refused value is left out and reported, in a page's body when it has one),
the files are loaded as a site of their own before anything is written (an imported site
always builds), and sitefiles' decide/apply writes them: importing again changes nothing,
and a file the user edited is never overwritten (the new version goes beside it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from generator.content.personname import without_titles
from generator.content.schema import Profile, model_for
from generator.errors import BuildError, UsageError
from generator.importers import sitefiles
from generator.importers.plan import check_loads, drop_refused
from generator.importers.sitesource.markup import safe_markdown
from generator.importers.sitesource.trail import ImportReport

PLACEHOLDER_BASE_URL = "https://example.com/"
_MAX_PASSES = 20
_MARKDOWN = ("summary", "body", "abstract")
# Fields written first, in this order, so that each file reads from its title.
_FIRST = (
    "key",
    "title",
    "course",
    "position",
    "degree",
    "authors",
    "type",
    "event",
)  # each pass drops one refused field


@dataclass
class Plan:
    """What an import will write: the profile, listed entries (content/<section>.yaml),
    entries with a page (content/<section>/<slug>.md), and the menu labels."""

    profile: dict[str, Any] = field(default_factory=dict)
    listed: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    paged: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # section -> its menu label
    order: list[str] = field(default_factory=list)  # sections in menu order
    keys: set[str] = field(default_factory=set)  # publication keys given (case-folded)

    def add_listed(self, section: str, entry: dict[str, Any]) -> str:
        """Add an entry to content/<section>.yaml; where it is, for the report."""
        entries = self.listed.setdefault(section, [])
        entries.append(entry)
        self._seen(section)
        return f"content/{section}.yaml[{len(entries) - 1}]"

    def add_paged(self, section: str, slug: str, entry: dict[str, Any]) -> str:
        self.paged.setdefault(section, {})[slug] = entry
        self._seen(section)
        return f"content/{section}/{slug}.md"

    def taken(self, section: str) -> set[str]:
        return set(self.paged.get(section, {}))

    def _seen(self, section: str) -> None:
        if section not in self.order:
            self.order.append(section)


def files_of(plan: Plan, origin: str, kind: str, report: ImportReport) -> dict[str, str]:
    """Every file's text, checked, with the import's marker line."""
    files = {"site.yaml": _site_yaml(plan, kind, origin)}
    profile = _checked_profile(plan.profile, report)
    files["content/profile.yaml"] = sitefiles.marked(sitefiles.to_yaml(profile), origin)
    for section, entries in plan.listed.items():
        checked = [_checked(section, e, f"content/{section}.yaml", report) for e in entries]
        files[f"content/{section}.yaml"] = sitefiles.marked(sitefiles.to_yaml(checked), origin)
    for section, pages in plan.paged.items():
        for slug, entry in pages.items():
            relative = f"content/{section}/{slug}.md"
            checked = _checked(section, entry, relative, report)
            body = checked.pop("body", "")
            text = sitefiles.front_matter(checked, body.rstrip("\n") + "\n" if body else "")
            files[relative] = sitefiles.in_front_matter(text, origin)
    return files


def _site_yaml(plan: Plan, kind: str, origin: str) -> str:
    name = plan.profile.get("name", "")
    nav: list[Any] = []
    for section in plan.order:
        label = plan.labels.get(section)
        nav.append({"section": section, "label": label} if label else section)
    settings = {
        "title": name,
        "base_url": PLACEHOLDER_BASE_URL,
        "language": "en",
        "theme": "meridian",
        "highlight_author": without_titles(plan.profile.get("owner", name)),
        "nav": [*nav, "cv"],
    }
    note = (
        f"# Made by `cvsite import {kind}` from {origin}. Set base_url to where the site is "
        "published.\n"
    )
    return note + sitefiles.to_yaml(settings)


def _safe(data: dict[str, Any], where: str, report: ImportReport) -> dict[str, Any]:
    """The values given, less empty ones, Markdown made safe to build (markup.py)."""
    data = {k: v for k, v in data.items() if v not in (None, "", [], {})}
    for key in _MARKDOWN:
        if isinstance(data.get(key), str):
            data[key] = safe_markdown(data[key], f"{where}: {key}", report.moved)
    if isinstance(data.get("highlights"), list):
        data["highlights"] = [
            safe_markdown(str(h), f"{where}: highlights", report.moved) for h in data["highlights"]
        ]
    return data


def _checked_profile(profile: dict[str, Any], report: ImportReport) -> dict[str, Any]:
    profile = _safe(
        {k: v for k, v in profile.items() if k != "owner"}, "content/profile.yaml", report
    )
    profile.setdefault("name", "Your Name")
    for _ in range(_MAX_PASSES):
        try:
            Profile.model_validate(profile)
            return profile
        except ValidationError as exc:
            drop_refused(profile, exc, "content/profile.yaml", report.moved)
    return {"name": profile["name"]}


def _checked(section: str, entry: dict[str, Any], where: str, report: ImportReport) -> dict:
    entry = _safe(entry, where, report)
    first = {k: entry.pop(k) for k in _FIRST if k in entry}
    entry = {**first, **entry}
    model = model_for(section)
    for _ in range(_MAX_PASSES):
        try:
            model.model_validate(entry)
            return entry
        except ValidationError as exc:
            drop_refused(entry, exc, where, report.moved, to_body=where.endswith(".md"))
    raise BuildError(f"{where}: the importer made an entry cvsite refuses: {entry}")


def write(site: Path, files: dict[str, str], report: ImportReport, dry_run: bool) -> None:
    """Decide what happens to each file (refusing links out of the site), then write."""
    if site.exists() and not site.is_dir():
        raise UsageError(f"--site {site}: not a folder")
    check_loads(files)
    report.files = sitefiles.decide(site, files)
    if not dry_run:
        sitefiles.apply(site, report.files, files)
