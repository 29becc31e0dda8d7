"""The résumé in one language: its sections, menu links and what every page shares."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from generator import urls as routes
from generator.content.i18n import Locale
from generator.content.schema import SECTION_MODELS, Profile, SiteConfig
from generator.content.translations import Fallback, Languages
from generator.content.yamlio import Document
from generator.markdown.renderer import MarkdownRenderer
from generator.model.entries import Item, Tag
from generator.model.pages import FreePage

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
