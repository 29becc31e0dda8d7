"""The CV as plain data for a typesetter: what /cv/ shows, in JSON-able dicts and lists.

A PDF template (themes/*/typst/cv.typ) gets this document as data, never as source code:
text stays text, and Markdown becomes runs of text with their styles
(`[{"text": "Go", "strong": true}, {"text": " and MPI"}]`), so no value can ever be read as
markup. The fields are documented in docs/themes.md ("The PDF CV"). A CV for one
application is the same document with fewer entries: filtering happens before or after this,
never in a template.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote

from generator import urls as routes
from generator.content.authors import Author
from generator.content.i18n import STRINGS_EN
from generator.content.schema import Link, Publication
from generator.markdown.renderer import resolve_root
from generator.model.resume import Item, Resume, Section
from generator.render.textruns import Blocks, Runs, flatten, read_blocks

MAX_KEYWORDS = 30  # the PDF's keywords: the most used tags


def cv_document(
    resume: Resume, *, paper: str = "a4", options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The CV of `resume` in its language, as /cv/ shows it: profile, then every section.

    `options` are the theme's (colours, say), passed on as they are for the template.
    """
    return _Builder(resume).document(paper, dict(options or {}))


class _Builder:
    def __init__(self, resume: Resume):
        self.resume = resume
        self.locale = resume.locale
        self.base_url = resume.config.base_url

    def document(self, paper: str, options: dict[str, Any]) -> dict[str, Any]:
        resume = self.resume
        return {
            "meta": self.meta(paper),
            "labels": {key: self.locale.t(key) for key in STRINGS_EN},
            "options": options,
            "profile": self.profile(),
            "sections": [self.section(section) for section in resume.cv_sections],
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
            "contact": self.contact(),
            "languages": [{"name": lang.name, "level": lang.level} for lang in profile.languages],
            "interests": list(profile.interests),
        }

    def contact(self) -> list[dict[str, Any]]:
        """What the CV's contact line shows, in its order. `text` is what paper prints (the
        address, the handle, the site without its scheme), `url` where a click leads."""
        profile = self.resume.profile
        found = []
        place = profile.place
        if place:
            found.append(_contact("location", place))
        if profile.email:
            found.append(_contact("email", profile.email, f"mailto:{profile.email}"))
        if profile.phone:
            found.append(_contact("phone", profile.phone, "tel:" + profile.phone.replace(" ", "")))
        if profile.website:
            found.append(_contact("website", printed(profile.website), profile.website))
        found += [{"kind": "link", **self.link(link)} for link in profile.links]
        return found

    def link(self, link: Link) -> dict[str, Any]:
        """`text` is what paper prints: the address, with the handle when the address does
        not say it; a profile without an address prints its handle (or its label)."""
        url = self.file_url(link.url) if link.url else None
        text = printed(url) if url else link.username or link.label
        if url and link.username and link.username.casefold() not in text.casefold():
            text = f"{text} ({link.username})"
        return {"label": link.label, "text": text, "url": url, "icon": link.icon}

    # --- sections and entries ---------------------------------------------------------------

    def section(self, section: Section) -> dict[str, Any]:
        items = section.items
        publications = section.kind == "publications"
        authors = [a for item in items for a in item.authors] if publications else []
        return {
            "name": section.name,
            "title": section.title,
            "kind": section.kind,
            "entries": [_with_length(self.entry(item)) for item in items],
            # Left out by site.yaml `cv.publications`: a line says how many, linking all.
            "more": self._more(section),
            # What the marks after authors' names mean, when the section uses them.
            "marks": {
                "equal": any(a.equal for a in authors),
                "corresponding": any(a.corresponding for a in authors),
            },
        }

    def _more(self, section: Section) -> dict[str, Any] | None:
        if not section.more:
            return None
        text = self.resume.locale.t("more_count").replace("{count}", str(section.more))
        return {"text": text, "url": self.absolute(section.url)}

    def entry(self, item: Item) -> dict[str, Any]:
        data = item.data
        common = {
            "kind": "entry",
            "section": item.section,
            "title": self.inline(item.title),
            "title_text": item.title,
            "url": self.absolute(item.url) if item.url else None,
            "date": self.dates(item),
            "tags": [tag.name for tag in item.tags],
        }
        if isinstance(data, Publication):
            return {**common, **self.publication(item, data)}
        return {**common, **self.other(item)}

    def other(self, item: Item) -> dict[str, Any]:
        """What an entry other than a publication shows."""
        data, get = item.data, item.get
        organization = (
            data.organization or get("institution") or get("issuer") or get("awarder")
        ) or get("event")
        grade = get("grade")
        grade_text = f"{self.locale.t('grade')}: {grade}" if grade else None
        meta = [
            data.subtitle,
            ", ".join(author.name for author in item.authors),  # a talk's speakers
            get("area"),  # an education's field of study
            organization,
            get("description"),
            data.location,
            get("role"),
            ", ".join(get("roles") or []),
            get("type") if item.section == "projects" else None,
            get("term"),
            grade_text,
        ]
        skills = get("items") or []
        return {
            "subtitle": data.subtitle,
            "organization": organization,
            "description": get("description"),
            "location": data.location,
            "role": get("role"),
            "term": get("term"),
            "grade": grade,
            "meta": [part for part in meta if part],  # the line under the title, as /cv/'s
            "thesis": self.thesis(get("thesis")),
            "summary": self.blocks(data.summary),
            "highlights": [self.inline(h.text) for h in data.highlights],
            "courses": list(get("courses") or []),
            "skills": [{"name": self.inline(s.name), "level": s.level} for s in skills],
            "level": get("level"),
            "keywords": list(get("keywords") or []),
            "links": self.entry_links(item),
        }

    def entry_links(self, item: Item) -> list[dict[str, Any]]:
        links = [self.link(link) for link in item.data.links]
        if item.get("url"):
            url = self.file_url(item.get("url"))
            links.append({"label": self.locale.t("link"), "text": printed(url), "url": url})
        return links

    def thesis(self, thesis: Any) -> dict[str, Any] | None:
        if thesis is None:
            return None
        return {
            "title": self.inline(thesis.title) if thesis.title else None,
            "summary": self.blocks(thesis.summary),
            "advisors": list(thesis.advisors),
            "highlights": [self.inline(h.text) for h in thesis.highlights],
        }

    def publication(self, item: Item, data: Publication) -> dict[str, Any]:
        t = self.locale.t
        return {
            "kind": "publication",
            "authors": [_author(author) for author in item.authors],
            "editors": [_author(editor) for editor in item.editors],
            "editors_label": t("editor_abbr" if len(item.editors) == 1 else "editors_abbr"),
            "type": data.type,
            "type_label": t(f"type_{data.type}"),
            "venue": data.venue,
            "venue_short": data.venue_short,
            "publisher": data.publisher,
            "number": data.number if data.type == "patent" else None,  # as /cv/ shows it
            "year": item.year,
            "status": data.status,
            "summary": self.blocks(data.summary),
            "advisors": list(data.advisors),
            "doi": data.doi,
            "arxiv": data.arxiv,
            "links": self.publication_links(data),
        }

    def publication_links(self, data: Publication) -> list[dict[str, Any]]:
        t = self.locale.t
        links = []
        for kind, target in (("pdf", data.pdf), ("code", data.code), ("slides", data.slides)):
            if target:
                url = self.file_url(target)
                links.append({"kind": kind, "label": t(kind), "text": printed(url), "url": url})
        if data.url:
            url = self.file_url(data.url)
            links.append({"kind": "link", "label": t("link"), "text": printed(url), "url": url})
        if data.doi:
            url = routes.doi(data.doi)
            links.append({"kind": "doi", "label": t("doi"), "text": data.doi, "url": url})
        if data.arxiv:
            url = routes.arxiv(data.arxiv)
            links.append({"kind": "arxiv", "label": t("arxiv"), "text": data.arxiv, "url": url})
        links += [{"kind": "link", **self.link(link)} for link in data.links]
        return links

    def dates(self, item: Item) -> str:
        """The entry's dates as /cv/ shows them (the themes' `date_range`)."""
        data = item.data
        if isinstance(data, Publication) and not data.spans:
            return self.locale.date(data.published)
        if data.date is not None:
            return self.locale.date(data.date)
        return self.locale.date_range(data.start, data.until)

    # --- text and links ---------------------------------------------------------------------

    def absolute(self, url: str) -> str:
        return routes.absolute(self.base_url, url)

    def file_url(self, path: str) -> str:
        """A link the user gave, as a full URL: paper cannot follow a relative one."""
        return routes.full_url(self.base_url, path)

    def inline(self, text: str | None) -> Runs:
        html = self.resume.markdown.inline(text) if text else ""
        return flatten(self._read(html))

    def blocks(self, text: str | None) -> Blocks:
        return self._read(self.resume.markdown.block(text)) if text else []

    def _read(self, html: str) -> Blocks:
        return read_blocks(resolve_root(html, self.base_url))


def _with_length(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry with its `length`: about how much text it holds (the UTF-8 bytes of its
    texts), from which a template tells whether it may break across pages. Counted here:
    the same count in Typst took a tenth of a 1,000-entry CV's typesetting."""
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


def _contact(kind: str, text: str, url: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "label": text, "text": text, "url": url, "icon": None}


def _author(author: Author) -> dict[str, Any]:
    return {
        "name": author.name,
        "owner": author.is_owner,
        "equal": author.equal,
        "corresponding": author.corresponding,
    }


def printed(url: str) -> str:
    """A link as paper shows it: an address, a number, or a site without `https://`."""
    for scheme in ("mailto:", "tel:"):
        if url.lower().startswith(scheme):
            return unquote(url[len(scheme) :])
    shown = re.sub(r"^https?://", "", url, flags=re.IGNORECASE)
    return shown[:-1] if shown.endswith("/") and shown.count("/") == 1 else shown
