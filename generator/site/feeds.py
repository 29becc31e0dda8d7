"""The site's machine-readable files: sitemap.xml, robots.txt and the Atom feed, built with
ElementTree (every text escaped), dated from the content, never the clock."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from generator import urls as routes
from generator.content.dates import PartialDate
from generator.markdown.renderer import MarkdownRenderer, resolve_root
from generator.model.resume import Item, Resume
from generator.render.htmltext import line_text
from generator.render.renderer import Page

ATOM = "http://www.w3.org/2005/Atom"
SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def sitemap(base_url: str, pages: Iterable[Page]) -> bytes:
    """Every page of every language; a page in several languages lists its versions."""
    ET.register_namespace("", SITEMAP)
    ET.register_namespace("xhtml", XHTML)
    root = ET.Element(f"{{{SITEMAP}}}urlset")
    for page in pages:
        if page.kind == "404" or page.noindex:
            continue
        url = ET.SubElement(root, f"{{{SITEMAP}}}url")
        ET.SubElement(url, f"{{{SITEMAP}}}loc").text = routes.absolute(base_url, page.url)
        for code, target in _hreflang(page):
            ET.SubElement(
                url,
                f"{{{XHTML}}}link",
                rel="alternate",
                hreflang=code,
                href=routes.absolute(base_url, target),
            )
    return _xml(root)


def _hreflang(page: Page) -> list[tuple[str, str]]:
    """(hreflang, URL) of a page's versions in other languages, and x-default."""
    links = [(link.code, link.url) for link in page.alternates]
    default = page.x_default
    return links + [("x-default", default.url)] if default is not None else links


def robots(base_url: str) -> bytes:
    sitemap_url = routes.absolute(base_url, "/sitemap.xml")
    return f"User-agent: *\nAllow: /\n\nSitemap: {sitemap_url}\n".encode()


def _timestamp(date: PartialDate) -> str:
    return f"{date.year:04d}-{date.month or 1:02d}-{date.day or 1:02d}T00:00:00Z"


def feed_items(resume: Resume) -> list[tuple[Item, PartialDate | None]]:
    """The feed's entries, newest first, each with its date (None: undated)."""
    items = [i for section in resume.feed_sections for i in section.items]
    pairs = [(i, _feed_date(i)) for i in items]
    dated = [pair for pair in pairs if pair[1] is not None]
    undated = [pair for pair in pairs if pair[1] is None]
    dated.sort(key=lambda pair: (pair[1].year, pair[1].month, pair[1].day), reverse=True)
    return dated + undated


def _feed_date(item: Item) -> PartialDate | None:
    """An ongoing entry is dated by its start, a date that does not move with every build."""
    date = item.sort_date
    if date is not None and date.present:
        return getattr(item.data, "start", None)
    return date


def atom_feed(resume: Resume) -> bytes:
    """The entries of the feed's sections (`Resume.feed_sections`), newest first; undated ones
    carry the feed's own date."""
    base = resume.config.base_url
    items = feed_items(resume)
    dates = [date for _, date in items if date is not None]
    latest = max(dates, key=lambda d: (d.year, d.month, d.day), default=None)
    updated = _timestamp(latest) if latest is not None else "1970-01-01T00:00:00Z"
    home = routes.absolute(base, resume.root)
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed", {XML_LANG: resume.language})
    ET.SubElement(feed, f"{{{ATOM}}}title").text = resume.config.title
    ET.SubElement(feed, f"{{{ATOM}}}id").text = home
    ET.SubElement(feed, f"{{{ATOM}}}link", href=home)
    self_url = routes.absolute(base, routes.localized(resume.root, routes.FEED))
    ET.SubElement(feed, f"{{{ATOM}}}link", rel="self", href=self_url)
    ET.SubElement(feed, f"{{{ATOM}}}updated").text = updated
    author = ET.SubElement(feed, f"{{{ATOM}}}author")
    ET.SubElement(author, f"{{{ATOM}}}name").text = resume.profile.name
    for item, date in items:
        # A dated entry's date comes from its data; an undated one shows the feed's.
        stamp = _timestamp(date) if date is not None else updated
        _feed_entry(feed, item, stamp, base, resume.markdown)
    return _xml(feed)


def _feed_entry(
    feed: ET.Element, item: Item, stamp: str, base: str, markdown: MarkdownRenderer
) -> None:
    """One <entry> of `feed`."""
    entry = ET.SubElement(feed, f"{{{ATOM}}}entry")
    language = getattr(item.data, "language", None)  # a paper's, when it has its own
    if language and language.split("-")[0] != feed.get(XML_LANG, "").split("-")[0]:
        entry.set(XML_LANG, language)
    link = routes.absolute(base, item.location)
    ET.SubElement(entry, f"{{{ATOM}}}title").text = line_text(markdown, item.title)
    ET.SubElement(entry, f"{{{ATOM}}}id").text = link
    ET.SubElement(entry, f"{{{ATOM}}}link", href=link)
    ET.SubElement(entry, f"{{{ATOM}}}updated").text = stamp
    ET.SubElement(entry, f"{{{ATOM}}}category", term=item.section)
    text = item.data.summary or getattr(item.data, "abstract", None)
    if text:
        ET.SubElement(entry, f"{{{ATOM}}}summary", type="html").text = resolve_root(
            str(markdown.block(text)), base
        )
