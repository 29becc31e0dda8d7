"""The site's machine-readable files: sitemap.xml, robots.txt and the Atom feed.

Built with ElementTree so that every text is escaped; dates come from the content, never from
the clock, so two builds of the same input are byte-identical.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from generator import routes
from generator.dates import PartialDate
from generator.markup import resolve_root
from generator.model import Item, Resume
from generator.render import Page

ATOM = "http://www.w3.org/2005/Atom"
SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
FEED_SECTIONS = ("publications", "projects")


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def sitemap(base_url: str, pages: Iterable[Page]) -> bytes:
    ET.register_namespace("", SITEMAP)
    root = ET.Element(f"{{{SITEMAP}}}urlset")
    for page in pages:
        if page.kind == "404":
            continue
        url = ET.SubElement(root, f"{{{SITEMAP}}}url")
        ET.SubElement(url, f"{{{SITEMAP}}}loc").text = routes.absolute(base_url, page.url)
    return _xml(root)


def robots(base_url: str) -> bytes:
    sitemap_url = routes.absolute(base_url, "/sitemap.xml")
    return f"User-agent: *\nAllow: /\n\nSitemap: {sitemap_url}\n".encode()


def _timestamp(date: PartialDate) -> str:
    return f"{date.year:04d}-{date.month or 1:02d}-{date.day or 1:02d}T00:00:00Z"


def feed_items(resume: Resume) -> list[Item]:
    items = [i for name in FEED_SECTIONS if (s := resume.section(name)) for i in s.items]
    dated = [i for i in items if i.sort_date is not None and not i.sort_date.present]
    dated_ids = {id(i) for i in dated}  # a set: `in` on the list made this quadratic
    undated = [i for i in items if id(i) not in dated_ids]
    dated.sort(key=lambda i: (i.sort_date.year, i.sort_date.month, i.sort_date.day), reverse=True)
    return dated + undated


def atom_feed(resume: Resume, render_summary) -> bytes:  # noqa: ANN001 - str -> str
    """Publications and projects, newest first. Undated entries carry the feed's own date."""
    base = resume.config.base_url
    items = feed_items(resume)
    dates = [i.sort_date for i in items if i.sort_date is not None and not i.sort_date.present]
    updated = (
        _timestamp(max(dates, key=lambda d: (d.year, d.month, d.day)))
        if dates
        else ("1970-01-01T00:00:00Z")
    )
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed")
    ET.SubElement(feed, f"{{{ATOM}}}title").text = resume.config.title
    ET.SubElement(feed, f"{{{ATOM}}}id").text = base
    ET.SubElement(feed, f"{{{ATOM}}}link", href=base)
    ET.SubElement(feed, f"{{{ATOM}}}link", rel="self", href=routes.absolute(base, "/feed.xml"))
    ET.SubElement(feed, f"{{{ATOM}}}updated").text = updated
    author = ET.SubElement(feed, f"{{{ATOM}}}author")
    ET.SubElement(author, f"{{{ATOM}}}name").text = resume.profile.name
    for item in items:
        entry = ET.SubElement(feed, f"{{{ATOM}}}entry")
        link = routes.absolute(base, item.location)
        ET.SubElement(entry, f"{{{ATOM}}}title").text = item.title
        ET.SubElement(entry, f"{{{ATOM}}}id").text = link
        ET.SubElement(entry, f"{{{ATOM}}}link", href=link)
        date = item.sort_date
        stamp = _timestamp(date) if date is not None and not date.present else updated
        ET.SubElement(entry, f"{{{ATOM}}}updated").text = stamp
        ET.SubElement(entry, f"{{{ATOM}}}category", term=item.section)
        text = item.data.summary or getattr(item.data, "abstract", None)
        if text:
            ET.SubElement(entry, f"{{{ATOM}}}summary", type="html").text = resolve_root(
                str(render_summary(text)), base
            )
    return _xml(feed)
