"""The résumé in one language: its sections, menu links and what every page shares; and its
free pages, content/<name>.md each a page of its own at /<name>/, in the menu, not the CV."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from generator import urls as routes
from generator.content.i18n import Locale
from generator.content.reader import LoadedEntry
from generator.content.schema import SECTION_MODELS, PageMatter, Profile, SiteConfig
from generator.content.translations import Fallback, Languages
from generator.content.yamlio import Document
from generator.errors import ErrorCollector
from generator.markdown.renderer import MarkdownRenderer
from generator.model.entries import Item, Tag

# Dated, but a record rather than news: by default not in the feed (see feed_sections).
NOT_IN_FEED = (
    "education",
    "experience",
    "volunteer",
    "teaching",
    "skills",
    "interests",
    "references",
)


@dataclass(eq=False)
class Section:
    name: str
    title: str
    kind: str  # a known section name, or "generic"
    items: list[Item]
    sources: list[str]
    root: str = "/"  # where the pages of its language are (routes.language_root)
    more: int = 0  # entries the CV leaves out (site.yaml `cv.publications`); its page has all

    @property
    def url(self) -> str:
        return routes.section(self.name, self.root)


@dataclass(frozen=True)
class NavLink:
    label: str
    url: str
    external: bool = False
    section: str | None = None


@dataclass(eq=False)
class Resume:
    """The résumé in one language. `config.language` is that language (see `languages`)."""

    config: SiteConfig
    profile: Profile
    sections: list[Section]
    tags: list[Tag]
    nav: list[NavLink]
    assets: list[str]  # paths inside content/, as they appear in the site
    markdown: MarkdownRenderer
    locale: Locale
    languages: Languages
    fallbacks: list[Fallback] = field(default_factory=list)  # translations this one lacks
    pages: list[FreePage] = field(default_factory=list)  # free pages, in menu order
    # profile.yaml as read, to place what is found wrong later (an avatar that is no image)
    profile_doc: Document | None = field(default=None, repr=False)

    @property
    def language(self) -> str:
        return self.config.language

    @property
    def root(self) -> str:
        """Where this language's pages are: `/`, or `/de/` for a language other than the default."""
        return routes.language_root(self.language, self.languages.default)

    def section(self, name: str) -> Section | None:
        return next((s for s in self.sections if s.name == name), None)

    @functools.cached_property
    def nav_urls(self) -> frozenset[str]:
        """The URLs the menu links to (a page among them is the menu's current one)."""
        return frozenset(link.url for link in self.nav)

    @property
    def news(self) -> Section | None:
        """The first section of news or posts (news, posts, blog), for the home page."""
        return next((s for s in self.sections if s.kind == "news"), None)

    @property
    def cv_sections(self) -> list[Section]:
        """The sections /cv/ and cv.pdf show: site.yaml's `cv.sections`, or all but news."""
        chosen = self.config.cv.sections
        if chosen is None:
            shown = [s for s in self.sections if s.kind != "news"]
        else:
            shown = [s for name in chosen if (s := self.section(name)) is not None]
        return [_cut(s, self.config.cv.publications) for s in shown]

    @property
    def feed_sections(self) -> list[Section]:
        """The sections feed.xml covers: site.yaml's `feed.sections`, or every section of
        events and works (not the record of a life: schooling, jobs, skills), a section
        of another name when it has a dated entry."""
        chosen = self.config.feed.sections
        if chosen is not None:
            return [s for s in self.sections if s.name in chosen]
        return [
            s
            for s in self.sections
            if s.kind not in NOT_IN_FEED
            and (s.kind != "generic" or any(i.sort_date is not None for i in s.items))
        ]

    @property
    def items(self) -> Iterable[Item]:
        for section in self.sections:
            yield from section.items


def _cut(section: Section, shown: str | int) -> Section:
    """A publications section as the CV shows it (site.yaml `cv.publications`): all its
    papers, its selected ones, or its `shown` most recent, in the section's order."""
    if section.kind != "publications" or shown == "all":
        return section
    items = section.items
    if shown == "selected":
        kept = [item for item in items if vars(item.data).get("selected")]
    else:
        newest = sorted(items, key=_recency, reverse=True)[: int(shown)]
        chosen = {id(item) for item in newest}
        kept = [item for item in items if id(item) in chosen]
    return replace(section, items=kept, more=len(items) - len(kept))


def _recency(item: Item) -> tuple[int, int, int]:
    date = item.sort_date
    if date is None or date.present:
        return (0, 0, 0) if date is None else (9999, 12, 31)
    return (date.year, date.month or 0, date.day or 0)


def section_title(name: str, locale: Locale) -> str:
    """A known section's title in the site's language; another's made from its name."""
    if name in SECTION_MODELS:
        return locale.t(name)
    return name.replace("-", " ").replace("_", " ").capitalize()


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
