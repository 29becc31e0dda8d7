"""Google Scholar's Highwire Press `citation_*` meta tags for a paper's page, which Scholar
reads to index a paper hosted on a personal site."""

from __future__ import annotations

import re

from generator import urls as routes
from generator.content.authors import ET_AL
from generator.content.schema import Publication
from generator.model.resume import Item

VENUE_TAG = {
    "journal": "citation_journal_title",
    "conference": "citation_conference_title",
    "workshop": "citation_conference_title",
    "chapter": "citation_inbook_title",
    "thesis": "citation_dissertation_institution",
    "report": "citation_technical_report_institution",
}
NUMBER_TAG = {"report": "citation_technical_report_number", "patent": "citation_patent_number"}


def publication_date(data: Publication) -> str | None:
    """2021/10/05, 2021/10 or 2021: the form Scholar asks for."""
    date = data.published
    if date is None or date.present:
        return None
    parts = [f"{date.year:04d}"]
    if date.month:
        parts.append(f"{date.month:02d}")
        if date.day:
            parts.append(f"{date.day:02d}")
    return "/".join(parts)


def page_range(pages: str | None) -> tuple[str | None, str | None]:
    """'10--20', '10–20' or '10-20' -> ('10', '20'); a single page is the first page."""
    if not pages:
        return None, None
    parts = re.split(r"\s*(?:-+|–|—)\s*", pages.strip(), maxsplit=1)
    return parts[0] or None, (parts[1] if len(parts) > 1 and parts[1] else None)


def citation_tags(item: Item, base_url: str, title: str) -> list[tuple[str, str]]:
    """(name, content) pairs, in the order Scholar's guidelines list them; `title` is the
    paper's title as text (htmltext.line_text)."""
    data: Publication = item.data
    tags: list[tuple[str, str | None]] = [("citation_title", title)]
    tags += [("citation_author", a.name) for a in item.authors if a.name != ET_AL]
    tags.append(("citation_publication_date", publication_date(data)))
    tags.append((VENUE_TAG.get(data.type, ""), data.venue))
    tags.append((NUMBER_TAG.get(data.type, ""), data.number))
    first, last = page_range(data.pages)
    tags += [
        ("citation_volume", data.volume),
        ("citation_issue", data.issue),
        ("citation_firstpage", first),
        ("citation_lastpage", last),
        ("citation_publisher", data.publisher),
        ("citation_isbn", data.isbn),
        ("citation_issn", data.issn),
        ("citation_doi", data.doi),
        ("citation_arxiv_id", data.arxiv),
        ("citation_pdf_url", routes.full_url(base_url, data.pdf) if data.pdf else None),
        ("citation_abstract_html_url", routes.absolute(base_url, item.url) if item.url else None),
    ]
    tags.append(("citation_language", data.language))
    tags += [("citation_keywords", tag.name) for tag in item.tags]
    return [(name, value) for name, value in tags if name and value]
