"""The one record every importer fills: profile, sections and entries (listed, or with a page),
menu labels, site.yaml settings and files to copy, each value with its place in the source;
writing.py writes every record the same way."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import urls as routes
from generator.importers.report import Report

_TITLE_FIELDS = ("title", "position", "degree", "course")  # what an entry's slug is made of


@dataclass(frozen=True)
class Origin:
    """Where a value was in the source: its file ("" for the one file imported), line, and
    the source's own name for the field ("work[0].startDate")."""

    file: str
    line: int
    field: str
    column: int = 1


@dataclass
class Entry:
    """One entry: its cvsite fields, the page it gets (`slug`; None: listed in
    content/<section>.yaml), and where each field came from."""

    fields: dict[str, Any]
    slug: str | None = None
    origin: dict[str, Origin] = field(default_factory=dict)


@dataclass
class Imported:
    """What an import will write. `kind` and `origin` name the importer and the source (in
    site.yaml's comment and every file's marker line). `profile` None: the site's own is
    kept (a BibTeX import into a site)."""

    kind: str
    origin: str
    report: Report = field(default_factory=Report)
    profile: dict[str, Any] | None = field(default_factory=dict)
    profile_origin: dict[str, Origin] = field(default_factory=dict)
    owner: str = ""  # the owner's name as author lists write it (highlight_author)
    aliases: list[str] = field(default_factory=list)
    sections: dict[str, list[Entry]] = field(default_factory=dict)  # in the source's order
    labels: dict[str, str] = field(default_factory=dict)  # section -> its menu label
    settings: dict[str, Any] = field(default_factory=dict)  # site.yaml values the source gives
    # Site-relative path -> the source's file to copy there; None for a file the site has.
    assets: dict[str, Path | None] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)  # other files, as written (notes)
    keys: set[str] = field(default_factory=set)  # publication keys given (case-folded)

    def add_listed(
        self, section: str, fields: dict[str, Any], origin: dict[str, Origin] | None = None
    ) -> str:
        """Add an entry to content/<section>.yaml; where it is, for the report."""
        entries = self.sections.setdefault(section, [])
        index = sum(1 for e in entries if e.slug is None)
        entries.append(Entry(fields, None, origin or {}))
        return f"content/{section}.yaml[{index}]"

    def add_paged(
        self,
        section: str,
        slug: str,
        fields: dict[str, Any],
        origin: dict[str, Origin] | None = None,
    ) -> str:
        """Add an entry with a page of its own, content/<section>/<slug>.md."""
        self.sections.setdefault(section, []).append(Entry(fields, slug, origin or {}))
        return f"content/{section}/{slug}.md"

    def add(
        self, section: str, fields: dict[str, Any], origin: dict[str, Origin] | None = None
    ) -> str:
        """Add an entry: with a page when it has a body (its slug made of its title)."""
        if "body" not in fields:
            return self.add_listed(section, fields, origin)
        title = next((str(fields[k]) for k in _TITLE_FIELDS if fields.get(k)), "entry")
        slug = routes.unique_slug(routes.slugify(title, "entry"), self.taken(section))
        return self.add_paged(section, slug, fields, origin)

    def taken(self, section: str) -> set[str]:
        return {e.slug for e in self.sections.get(section, []) if e.slug}
