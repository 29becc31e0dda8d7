"""The CV as plain data for a typesetter: what /cv/ shows, in JSON-able dicts and lists
(docs/themes.md, "The PDF CV"). Markdown's HTML becomes blocks of styled text runs
(`[{"text": "MPI", "strong": true}]`, raw HTML its text only), so that no value can ever be
read as markup."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator import urls as routes
from generator.content.authors import Author
from generator.content.i18n import STRINGS_EN
from generator.content.schema import Highlight, Publication
from generator.markdown.renderer import resolve_root
from generator.model.resume import Item, Resume, Section
from generator.render.htmltext import Blocks, Runs, flatten, read_blocks
from generator.render.icons import svg_document
from generator.render.presenter import EntryView, LinkView, Presenter, printed

MAX_KEYWORDS = 30  # the PDF's keywords: the most used tags


def cv_document(
    resume: Resume, *, paper: str = "a4", options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The CV of `resume` in its language, as /cv/ shows it, with the theme's `options`."""
    return _Builder(resume).document(paper, dict(options or {}))


class _Builder:
    def __init__(self, resume: Resume):
        self.resume = resume
        self.locale = resume.locale
        self.base_url = resume.config.base_url
        self.presenter = Presenter(resume.locale, resume.config)

    def document(self, paper: str, options: dict[str, Any]) -> dict[str, Any]:
        resume = self.resume
        profile = self.profile()
        return {
            "meta": self.meta(paper),
            "labels": {key: self.locale.t(key) for key in STRINGS_EN},
            "options": options,
            "settings": self.settings(),
            "icons": {c["icon"]: svg_document(c["icon"]) for c in profile["contact"]},
            "profile": profile,
            "sections": [self.section(section) for section in resume.cv_sections],
        }

    def settings(self) -> dict[str, Any]:
        """site.yaml's `pdf` settings, as the template reads them (sizes in pt and mm)."""
        pdf = self.resume.config.pdf
        return {
            "font_size": pdf.font_size,
            "margin": pdf.margin,
            "accent": pdf.accent,
            "tags": pdf.tags,
            "one_page": pdf.one_page,
            "min_font_size": min(pdf.min_font_size, pdf.font_size),
        }

    def meta(self, paper: str) -> dict[str, Any]:
        resume = self.resume
        profile = resume.profile
        language, _, rest = resume.language.partition("-")
        region = next((p.upper() for p in rest.split("-") if len(p) == 2 and p.isalpha()), None)
        used = sorted(resume.tags, key=lambda tag: (-tag.count, tag.name.casefold()))
        return {
            "title": f"{profile.name} — {self.locale.t('cv')}",  # as the /cv/ page's title
            "author": profile.name,
            "subject": profile.headline or resume.config.description or "",
            "keywords": [tag.name for tag in used[:MAX_KEYWORDS]],
            "language": language,
            "region": region,
            "paper": paper,
            "url": self.absolute(routes.localized(resume.root, routes.CV)),
            "site": resume.config.title,
        }

    # --- the profile -----------------------------------------------------------------------

    def profile(self) -> dict[str, Any]:
        profile = self.resume.profile
        return {
            "name": profile.name,
            "headline": profile.headline,
            "summary": self.blocks(profile.summary),
            "contact": [self.link(shown) for shown in self.presenter.contact(profile)],
            "languages": [{"name": lang.name, "level": lang.level} for lang in profile.languages],
            "interests": list(profile.interests),
        }

    def link(self, link: LinkView) -> dict[str, Any]:
        """`text` is what paper prints: the address, or the handle it does not say."""
        # A full URL: paper cannot follow a relative one.
        url = routes.full_url(self.base_url, link.url) if link.url else None
        text = link.text if url == link.url else printed(url)
        if url and link.handle and link.handle.casefold() not in text.casefold():
            text = f"{text} ({link.handle})"
        return {"kind": link.kind, "label": link.label, "text": text, "url": url, "icon": link.icon}

    # --- sections and entries ---------------------------------------------------------------

    def section(self, section: Section) -> dict[str, Any]:
        items = section.items
        legend = self.presenter.legend(items)
        return {
            "name": section.name,
            "title": section.title,
            "kind": section.kind,
            "numbered": section.name in self.resume.config.pdf.numbered,
            "entries": [_with_length(self.entry(item)) for item in items],
            # Left out by site.yaml `cv.publications`: a line says how many, linking all.
            "more": self._more(section),
            # What the marks after authors' names mean, when the section uses them.
            "legend": [{"symbol": m.symbol, "meaning": m.meaning} for m in legend],
        }

    def _more(self, section: Section) -> dict[str, Any] | None:
        if not section.more:
            return None
        url = self.absolute(section.url)
        text = self.resume.locale.t("more_count", count=section.more)
        return {"text": text, "url": url, "address": printed(url)}  # read on paper too

    def entry(self, item: Item) -> dict[str, Any]:
        view = self.presenter.present(item)
        title = self.inline(view.title)
        common = {
            "kind": "entry",
            "section": item.section,
            "title": title,
            "title_text": "".join(run["text"] for run in title),  # as printed: no TeX, no markup
            "url": self.absolute(item.url) if item.url else None,
            "date": view.dates,
            "place": view.place,
            "organization": view.organization,
            "meta": list(view.details),  # the line under the title, as /cv/'s
            "links": [self.link(link) for link in view.links],
            "tags": [tag.name for tag in item.tags],
            "authors": [self.author(author) for author in item.authors],
        }
        if isinstance(item.data, Publication):
            return {**common, **self.publication(item, item.data, view)}
        return {**common, **self.other(item)}

    def other(self, item: Item) -> dict[str, Any]:
        """What an entry other than a publication shows besides its words."""
        data, get = item.data, item.get
        skills = get("items") or []
        return {
            "thesis": self.thesis(get("thesis")),
            "summary": self.blocks(data.summary),
            "highlights": self.highlights(data.highlights),
            "courses": list(get("courses") or []),
            "skills": [{"name": self.inline(s.name), "level": s.level} for s in skills],
            "level": get("level"),
            "keywords": list(get("keywords") or []),
        }

    def thesis(self, thesis: Any) -> dict[str, Any] | None:
        if thesis is None:
            return None
        return {
            "title": self.inline(thesis.title) if thesis.title else None,
            "summary": self.blocks(thesis.summary),
            "advisors": list(thesis.advisors),
            "highlights": self.highlights(thesis.highlights),
        }

    def highlights(self, highlights: list[Highlight]) -> list[dict[str, Any]]:
        """Each highlight's runs, and the runs of the points under it."""
        return [
            {"text": self.inline(h.text), "items": [self.inline(point) for point in h.items]}
            for h in highlights
        ]

    def publication(self, item: Item, data: Publication, view: EntryView) -> dict[str, Any]:
        t = self.locale.t
        return {
            "kind": "publication",
            "collaboration": view.collaboration,
            "editors": [self.author(editor) for editor in item.editors],
            "editors_label": t("editor_abbr" if len(item.editors) == 1 else "editors_abbr"),
            "type": data.type,
            "language": self._other_language(data.language),
            "type_label": view.badge,  # none for a paper of unknown type
            "venue": data.venue,
            "venue_short": data.venue_short,
            "publisher": data.publisher,
            "number": data.number if data.type == "patent" else None,  # as /cv/ shows it
            "year": item.year,
            "status": view.status,  # in the CV's language where cvsite knows it
            "invited": view.invited,  # none, or the word
            "summary": self.blocks(data.summary),
            "advisors": list(data.advisors),
            "doi": data.doi,
            "arxiv": data.arxiv,
        }

    def _other_language(self, language: str | None) -> str | None:
        """A paper's language (as Typst's `lang` takes it, without a region) when it is not
        the CV's: its title is set in it (hyphenation, and the PDF's language of the part)."""
        primary = (language or "").split("-")[0].casefold()
        return primary if primary and primary != self.resume.language.split("-")[0] else None

    def author(self, author: Author) -> dict[str, Any]:
        return {
            "name": author.name,
            "owner": author.is_owner,
            "owner_parts": list(author.owner_parts),  # before the owner, the owner, after
            "marks": [mark.symbol for mark in self.presenter.marks(author)],
        }

    # --- text and links ---------------------------------------------------------------------

    def absolute(self, url: str) -> str:
        return routes.absolute(self.base_url, url)

    def inline(self, text: str | None) -> Runs:
        html = self.resume.markdown.inline(text) if text else ""
        return flatten(self._read(html))

    def blocks(self, text: str | None) -> Blocks:
        return self._read(self.resume.markdown.block(text)) if text else []

    def _read(self, html: str) -> Blocks:
        return read_blocks(resolve_root(html, self.base_url))


def _with_length(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry with its `length` in UTF-8 bytes (may it break across pages?)."""
    entry["length"] = _length(entry)
    return entry


def _length(value: Any) -> int:
    if isinstance(value, str):
        return len(value.encode())
    if isinstance(value, dict):
        return sum(_length(each) for each in value.values())
    if isinstance(value, list):
        return sum(_length(each) for each in value)
    return 0
