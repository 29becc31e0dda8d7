"""Free pages: content/<name>.md as a page of its own at /<name>/, in the menu, never on the CV."""

from __future__ import annotations

from dataclasses import dataclass

from generator import urls as routes
from generator.content.reader import LoadedEntry
from generator.content.schema import PageMatter
from generator.errors import ErrorCollector


@dataclass(frozen=True)
class FreePage:
    """One free page as templates see it: `title`, `description`, `body` (Markdown)."""

    name: str  # the file's name without .md: the page's URL name
    title: str
    description: str | None
    nav_label: str | None
    weight: int
    body: str | None
    source: str
    line: int
    root: str = "/"

    @property
    def url(self) -> str:
        return routes.section(self.name, self.root)

    @property
    def label(self) -> str:
        """What the menu shows for it."""
        return self.nav_label or self.title


def make_pages(
    loaded: list[LoadedEntry],
    sections: set[str],
    errors: ErrorCollector,
    root: str = "/",
    include_drafts: bool = False,
) -> list[FreePage]:
    """The free pages in menu order (weight, then name), drafts left out unless asked for.

    A page may not take a section's name: both would be at /<name>/."""
    pages = []
    for entry in loaded:
        data: PageMatter = entry.data  # type: ignore[assignment]
        name = entry.stem or ""
        if name in sections:
            message = (
                f"content/{name}.md and the section {name} would both be at /{name}/; "
                "rename one of them"
            )
            errors.add(entry.source, 1, 1, "", message)
            continue
        if data.draft and not include_drafts:
            continue
        fields = (data.title, data.description, data.nav_label, data.weight, data.body)
        pages.append(FreePage(name, *fields, entry.source, entry.line, root))
    return sorted(pages, key=lambda page: (page.weight, page.name))
