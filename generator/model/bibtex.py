"""BibTeX text for a publication, made from its fields (or taken as given)."""

from __future__ import annotations

import re

from generator.content.authors import ET_AL, NAME_MARKS
from generator.content.bibtypes import BIBTEX_TYPE_OF_KIND as ENTRY_TYPES
from generator.content.bibtypes import entry_text
from generator.content.schema import Publication

VENUE_FIELD = {
    "article": "journal",
    "inproceedings": "booktitle",
    "conference": "booktitle",
    "incollection": "booktitle",
    "inbook": "booktitle",
    "techreport": "institution",
    "report": "institution",
    "phdthesis": "school",
    "mastersthesis": "school",
    "thesis": "school",
    "patent": "holder",
    "misc": "howpublished",
    "book": "publisher",
}
_SPECIAL = re.compile(r"([&%$#_])")


def escape(value: str) -> str:
    """Escape BibTeX's special characters; braces are balanced away rather than escaped."""
    value = _SPECIAL.sub(r"\\\1", value)
    if value.count("{") != value.count("}"):
        value = value.replace("{", "").replace("}", "")
    return value


def citation_key(publication: Publication, slug: str) -> str:
    """The paper's own key when it has one, else its URL name."""
    if publication.key:
        return publication.key
    return re.sub(r"[^A-Za-z0-9_:.-]", "", slug) or "entry"


def _names(names: list[str]) -> str | None:
    """Authors or editors for BibTeX: marks dropped, "et al." written as BibTeX's `others`."""
    cleaned = [n.strip().strip(NAME_MARKS).strip() for n in names]
    return " and ".join("others" if n == ET_AL else n for n in cleaned) or None


def to_bibtex(publication: Publication, key: str) -> str:
    """One BibTeX entry; fields in a fixed order so the output is stable."""
    if publication.bibtex:
        return publication.bibtex.strip() + "\n"
    entry_type = publication.bibtex_type or ENTRY_TYPES[publication.type]
    published = publication.published
    fields: list[tuple[str, str | None]] = [
        ("title", publication.title),
        ("author", _names(publication.authors)),
        ("editor", _names(publication.editors)),
        (VENUE_FIELD.get(entry_type, "howpublished"), publication.venue),
        ("series", publication.series),
        ("edition", publication.edition),
        ("publisher", publication.publisher if entry_type != "book" or publication.venue else None),
        ("address", publication.location),
        ("year", str(published.year) if published and not published.present else None),
        ("month", str(published.month) if published and published.month else None),
        ("volume", publication.volume),
        ("number", publication.issue or publication.number),
        ("pages", publication.pages),
        ("isbn", publication.isbn),
        ("issn", publication.issn),
        ("doi", publication.doi),
        ("url", publication.url),
        ("eprint", publication.arxiv),
        ("archiveprefix", "arXiv" if publication.arxiv else None),
        (
            "note",
            publication.note or (publication.status.capitalize() if publication.status else None),
        ),
    ]
    written = [(name, f"{{{escape(value)}}}") for name, value in fields if value]
    return entry_text(entry_type, key, written)
