"""BibTeX text for a publication, made from its fields (or taken as given)."""

from __future__ import annotations

import re

from generator.authors import _MARKS
from generator.schema import Publication

ENTRY_TYPES = {
    "journal": "article",
    "conference": "inproceedings",
    "workshop": "inproceedings",
    "preprint": "misc",
    "thesis": "phdthesis",
    "report": "techreport",
    "patent": "patent",
    "book": "book",
    "chapter": "incollection",
    "talk": "misc",
    "misc": "misc",
}
VENUE_FIELD = {
    "article": "journal",
    "inproceedings": "booktitle",
    "incollection": "booktitle",
    "techreport": "institution",
    "phdthesis": "school",
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
    return re.sub(r"[^A-Za-z0-9_:.-]", "", slug) or "entry"


def to_bibtex(publication: Publication, key: str) -> str:
    """One BibTeX entry; fields in a fixed order so the output is stable."""
    if publication.bibtex:
        return publication.bibtex.strip() + "\n"
    entry_type = ENTRY_TYPES[publication.type]
    fields: list[tuple[str, str | None]] = [
        ("title", publication.title),
        ("author", " and ".join(a.rstrip(_MARKS).strip() for a in publication.authors) or None),
        (VENUE_FIELD.get(entry_type, "howpublished"), publication.venue),
        ("publisher", publication.publisher if entry_type != "book" else None),
        ("year", str(publication.published.year) if publication.published else None),
        (
            "month",
            str(publication.published.month)
            if publication.published and publication.published.month
            else None,
        ),
        ("volume", publication.volume),
        ("number", publication.issue or publication.number),
        ("pages", publication.pages),
        ("doi", publication.doi),
        ("url", publication.url),
        ("eprint", publication.arxiv),
        ("archiveprefix", "arXiv" if publication.arxiv else None),
        ("note", publication.status.capitalize() if publication.status else None),
    ]
    lines = [f"@{entry_type}{{{key},"]
    lines += [f"  {name} = {{{escape(value)}}}," for name, value in fields if value]
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"
