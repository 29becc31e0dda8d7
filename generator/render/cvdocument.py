"""The CV as plain data for a typesetter: what /cv/ shows, in JSON-able dicts and lists
(docs/themes.md, "The PDF CV"). Markdown's HTML becomes blocks of styled text runs
(`[{"text": "MPI", "strong": true}]`, raw HTML its text only), so that no value can ever be
read as markup."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from html.parser import HTMLParser
from typing import Any

from generator import urls as routes
from generator.content.authors import Author
from generator.content.i18n import STRINGS_EN
from generator.content.schema import Highlight, Publication
from generator.markdown.renderer import resolve_root
from generator.model.resume import Item, Resume, Section
from generator.render.icons import svg_document
from generator.render.mathtext import MathNode, math_pieces
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
            "type_label": view.badge,  # none for a paper of unknown type
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
        }

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


# --- Markdown's HTML as runs of styled text --------------------------------------------------


Runs = list[dict[str, Any]]
Blocks = list[dict[str, Any]]


def read_blocks(html: str) -> Blocks:
    """The blocks of `html`, each with its runs."""
    reader = _HtmlReader()
    reader.feed(html)
    reader.close()
    return reader.done()


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
    "p",
    "div",
    "blockquote",
    "pre",
    "table",
    "tr",
    "dl",
    "dt",
    "dd",
    "figure",
    "figcaption",
    *(f"h{level}" for level in range(1, 7)),
    "hr",
    "ul",
    "ol",
    "li",
    "section",
    "details",
    "summary",
}
_HIDDEN = {"script", "style", "template"}  # raw HTML (with `unsafe_html`) whose text is no text


class _HtmlReader(HTMLParser):
    """Rendered Markdown -> blocks of runs, whitespace collapsed as a browser does."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: Blocks = []
        self.runs: Runs = []
        self.kind = "paragraph"
        self.styles: list[tuple[str, str, str | None]] = []  # (tag, style, link)
        self.lists: list[bool] = []  # ordered?, per open list
        self.numbers: list[int] = []
        self.hidden = 0
        # The open elements of a formula, outermost first: read as a whole when it closes,
        # since a script, a fraction or a root is laid out from all of its parts.
        self.formula: list[MathNode] = []
        self.pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.formula or tag == "math":
            node = MathNode(tag, dict(attrs))
            if self.formula:
                self.formula[-1].children.append(node)
            self.formula.append(node)
        elif tag in _HIDDEN:
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
        if self.formula:
            self._end_math_element(tag)
        elif tag in _HIDDEN:
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

    def _end_math_element(self, tag: str) -> None:
        """Closes the formula's open `tag` (and any left open inside it); the whole formula,
        once closed, becomes runs."""
        if tag not in (node.tag for node in self.formula):
            return
        node = self.formula.pop()
        while node.tag != tag:
            node = self.formula.pop()
        if not self.formula and not self.hidden:
            for text, styles in math_pieces(node):
                self._text(text, styles, collapse=False)

    def handle_data(self, data: str) -> None:
        if self.formula:
            self.formula[-1].children.append(data)
        elif not self.hidden:
            self._text(data)

    def _text(self, data: str, styles: Iterable[str] = (), collapse: bool = True) -> None:
        """Text, in the open styles and `styles`; its white space collapsed as a browser
        does unless in <pre> or not `collapse` (a formula's thin spaces are its own)."""
        if not self.pre:
            if collapse:
                data = re.sub(r"\s+", " ", data)
            if not self.runs or self.runs[-1].get("break") or self.runs[-1]["text"].endswith(" "):
                data = data.lstrip(" ")
        if not data:
            return
        run: dict[str, Any] = {"text": data}
        for style in styles:
            run[style] = True
        for _, style, link in self.styles:
            if style:
                run[style] = True
            if link:
                run["link"] = link
        self.runs.append(run)

    def _end_block(self) -> None:
        runs = flatten(self.runs)
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
        if self.formula:  # a formula never closed: read what it holds
            self._end_math_element(self.formula[0].tag)
        self._end_block()
        return self.blocks


def flatten(blocks_or_runs: Any) -> Runs:
    """Runs of the same styles as one; from blocks, their runs joined."""
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
