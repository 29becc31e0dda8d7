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
from html.parser import HTMLParser
from typing import Any
from urllib.parse import unquote

from generator import urls as routes
from generator.content.authors import Author
from generator.content.i18n import STRINGS_EN
from generator.content.schema import Link, Publication
from generator.markdown.renderer import resolve_root
from generator.model.resume import Item, Resume, Section

MAX_KEYWORDS = 30  # the PDF's keywords: the most used tags

Runs = list[dict[str, Any]]
Blocks = list[dict[str, Any]]


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
            "sections": [self.section(section) for section in resume.sections],
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
        if profile.location:
            found.append(_contact("location", profile.location))
        if profile.email:
            found.append(_contact("email", profile.email, f"mailto:{profile.email}"))
        if profile.phone:
            found.append(_contact("phone", profile.phone, "tel:" + profile.phone.replace(" ", "")))
        if profile.website:
            found.append(_contact("website", printed(profile.website), profile.website))
        found += [{"kind": "link", **self.link(link)} for link in profile.links]
        return found

    def link(self, link: Link) -> dict[str, Any]:
        url = self.file_url(link.url)
        return {"label": link.label, "text": printed(url), "url": url, "icon": link.icon}

    # --- sections and entries ---------------------------------------------------------------

    def section(self, section: Section) -> dict[str, Any]:
        items = section.items
        publications = section.kind == "publications"
        authors = [a for item in items for a in item.authors] if publications else []
        return {
            "name": section.name,
            "title": section.title,
            "kind": section.kind,
            "entries": [self.entry(item) for item in items],
            # What the marks after authors' names mean, when the section uses them.
            "marks": {
                "equal": any(a.equal for a in authors),
                "corresponding": any(a.corresponding for a in authors),
            },
        }

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
        get = item.get
        organization = (
            data.organization or get("institution") or get("issuer") or get("awarder")
        ) or get("event")
        grade = get("grade")
        grade_text = f"{self.locale.t('grade')}: {grade}" if grade else None
        meta = [
            data.subtitle,
            organization,
            get("description"),
            data.location,
            get("role"),
            get("term"),
            grade_text,
        ]
        links = [self.link(link) for link in data.links]
        if get("url"):
            url = self.file_url(get("url"))
            links.append({"label": self.locale.t("link"), "text": printed(url), "url": url})
        skills = get("items") or []
        return {
            **common,
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
            "highlights": [self.inline(text) for text in data.highlights],
            "courses": list(get("courses") or []),
            "skills": [{"name": self.inline(s.name), "level": s.level} for s in skills],
            "level": get("level"),
            "keywords": list(get("keywords") or []),
            "links": links,
        }

    def thesis(self, thesis: Any) -> dict[str, Any] | None:
        if thesis is None:
            return None
        return {
            "title": self.inline(thesis.title) if thesis.title else None,
            "summary": self.blocks(thesis.summary),
            "advisors": list(thesis.advisors),
            "highlights": [self.inline(text) for text in thesis.highlights],
        }

    def publication(self, item: Item, data: Publication) -> dict[str, Any]:
        t = self.locale.t
        return {
            "kind": "publication",
            "authors": [_author(author) for author in item.authors],
            "type": data.type,
            "type_label": t(f"type_{data.type}"),
            "venue": data.venue,
            "venue_short": data.venue_short,
            "publisher": data.publisher,
            "number": data.number if data.type == "patent" else None,  # as /cv/ shows it
            "year": item.year,
            "status": data.status,
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
        if isinstance(data, Publication):
            return self.locale.date(data.published)
        if data.date is not None:
            return self.locale.date(data.date)
        return self.locale.date_range(data.start, data.end)

    # --- text and links ---------------------------------------------------------------------

    def absolute(self, url: str) -> str:
        return routes.absolute(self.base_url, url)

    def file_url(self, path: str) -> str:
        """A link the user gave, as a full URL: paper cannot follow a relative one."""
        return routes.full_url(self.base_url, path)

    def inline(self, text: str | None) -> Runs:
        html = self.resume.markdown.inline(text) if text else ""
        return _flatten(self._read(html))

    def blocks(self, text: str | None) -> Blocks:
        return self._read(self.resume.markdown.block(text)) if text else []

    def _read(self, html: str) -> Blocks:
        reader = _HtmlReader()
        reader.feed(resolve_root(html, self.base_url))
        reader.close()
        return reader.done()


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


# --- Markdown's HTML as runs ------------------------------------------------------------------

# Inline elements and the style each gives its text.
_STYLES = {
    "strong": "strong",
    "b": "strong",
    "em": "emph",
    "i": "emph",
    "cite": "emph",
    "code": "code",
    "kbd": "code",
    "samp": "code",
    "sup": "super",
    "sub": "sub",
    "del": "strike",
    "s": "strike",
}
# Elements that start a block of their own (a paragraph, unless said otherwise).
_BLOCKS = {
    "p", "div", "blockquote", "pre", "table", "tr", "dl", "dt", "dd", "figure", "figcaption",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "ul", "ol", "li", "section", "details", "summary",
}  # fmt: skip
_HIDDEN = {"script", "style", "template"}  # raw HTML (with `unsafe_html`) whose text is no text


class _HtmlReader(HTMLParser):
    """Rendered Markdown -> blocks: paragraphs, headings, list items (with their depth) and
    code, each a list of runs. Whitespace is collapsed as a browser would, except in code."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: Blocks = []
        self.runs: Runs = []
        self.kind = "paragraph"
        self.styles: list[tuple[str, str, str | None]] = []  # (tag, style, link)
        self.lists: list[bool] = []  # ordered?, per open list
        self.numbers: list[int] = []
        self.hidden = 0
        self.pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag == "br":
            self.runs.append({"text": "", "break": True})
        elif tag == "img":
            alt = dict(attrs).get("alt")
            if alt:
                self._text(alt)
        elif tag in _BLOCKS:
            self._start_block(tag, dict(attrs))
        elif tag == "a":
            href = dict(attrs).get("href") or None
            link = None if href is None or href.startswith("#") else href
            self.styles.append((tag, "", link))
        elif tag in _STYLES:
            self.styles.append((tag, _STYLES[tag], None))
        elif tag in ("td", "th") and self.runs:
            self._text(" · ")

    def _start_block(self, tag: str, attrs: dict[str, str | None]) -> None:
        self._end_block()
        if tag in ("ul", "ol"):
            self.lists.append(tag == "ol")
            start = attrs.get("start")
            self.numbers.append(int(start) - 1 if start and start.isdigit() else 0)
        elif tag == "li":
            self.kind = "item"
            if self.numbers:
                self.numbers[-1] += 1
        elif tag == "pre":
            self.kind = "code"
            self.pre += 1
        elif (tag[0] == "h" and tag[1:].isdigit()) or tag in ("dt", "summary"):
            self.kind = "heading"

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCKS:
            self._end_block()
            if tag in ("ul", "ol") and self.lists:
                self.lists.pop()
                self.numbers.pop()
            elif tag == "pre":
                self.pre = max(0, self.pre - 1)
        else:
            for index in range(len(self.styles) - 1, -1, -1):
                if self.styles[index][0] == tag:
                    del self.styles[index:]
                    break

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self._text(data)

    def _text(self, data: str) -> None:
        if not self.pre:
            data = re.sub(r"\s+", " ", data)
            if not self.runs or self.runs[-1].get("break") or self.runs[-1]["text"].endswith(" "):
                data = data.lstrip(" ")
        if not data:
            return
        run: dict[str, Any] = {"text": data}
        for _, style, link in self.styles:
            if style:
                run[style] = True
            if link:
                run["link"] = link
        self.runs.append(run)

    def _end_block(self) -> None:
        runs = _flatten(self.runs)
        if runs and self.kind != "code":
            runs[-1]["text"] = runs[-1]["text"].rstrip(" ")
            runs = [run for run in runs if run["text"] or run.get("break")]
        if runs:
            block: dict[str, Any] = {"kind": self.kind, "runs": runs}
            if self.kind == "item":
                block["depth"] = max(0, len(self.lists) - 1)
                block["number"] = self.numbers[-1] if self.lists and self.lists[-1] else None
            if self.kind == "code":
                block = {"kind": "code", "text": "".join(run["text"] for run in runs)}
            self.blocks.append(block)
        self.runs = []
        self.kind = "item" if self.lists and self.kind == "item" else "paragraph"

    def done(self) -> Blocks:
        self._end_block()
        return self.blocks


def _flatten(blocks_or_runs: Any) -> Runs:
    """Runs with the same styles next to each other, as one run; from blocks, their runs
    joined (an inline text is one paragraph)."""
    if blocks_or_runs and "kind" in blocks_or_runs[0]:
        runs = []
        for block in blocks_or_runs:
            if runs:
                runs.append({"text": " "})
            runs += block.get("runs") or [{"text": block.get("text", "")}]
    else:
        runs = blocks_or_runs
    merged: Runs = []
    for run in runs:
        if merged and {**merged[-1], "text": ""} == {**run, "text": ""} and not run.get("break"):
            merged[-1] = {**merged[-1], "text": merged[-1]["text"] + run["text"]}
        else:
            merged.append(dict(run))
    return merged
