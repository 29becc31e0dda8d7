"""BibTeX's entry types and the publication kinds they map to, both ways; an entry's text.

Reading a .bib file (content/bibread.py) maps an entry type to a kind; writing a citation
(model/bibtex.py) maps a kind back. A publication keeps its own type when that round trip
would change it, so the two tables live together.
"""

# A BibTeX (or BibLaTeX) entry type read -> the kind of publication it is.
KIND_OF_BIBTEX_TYPE = {
    "article": "journal",
    "inproceedings": "conference",
    "conference": "conference",
    "proceedings": "book",
    "book": "book",
    "inbook": "chapter",
    "incollection": "chapter",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "techreport": "report",
    "report": "report",
    "manual": "report",
    "patent": "patent",
    "unpublished": "preprint",
    "misc": "misc",
    "online": "misc",
    "booklet": "misc",
}
# Where each kind of publication names its venue, first found wins.
VENUE_FIELDS = {
    "journal": ("journal", "journaltitle"),
    "conference": ("booktitle", "eventtitle"),
    "workshop": ("booktitle", "eventtitle"),
    "chapter": ("booktitle",),
    "thesis": ("school", "institution"),
    "report": ("institution", "organization"),
    "patent": ("holder", "organization", "institution"),
    "preprint": ("howpublished", "journal", "booktitle"),
    "misc": ("howpublished", "journal", "booktitle"),
    "book": (),
}
# A venue in a field the entry's type does not use (`journal` in an @inproceedings): shown
# when the type's own is missing, as BibTeX styles print what a file gives.
ANY_VENUE = (
    "journal",
    "journaltitle",
    "booktitle",
    "eventtitle",
    "howpublished",
    "organization",
    "institution",
    "school",
)
# A kind of publication -> the BibTeX entry type it is written as.
BIBTEX_TYPE_OF_KIND = {
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


def entry_text(entry_type: str, key: str, fields: list[tuple[str, str]]) -> str:
    """A BibTeX entry; `fields` are (name, value as written, braces included)."""
    lines = [f"@{entry_type}{{{key},", *(f"  {name} = {value}," for name, value in fields)]
    return "\n".join(lines).rstrip(",") + "\n}\n"
