"""A .bib entry's citation, as a publication's page offers it: the entry as written, less
what is not a citation (its abstract, files, marks on authors' names)."""

from __future__ import annotations

from bibtexparser.middlewares.names import split_multiple_persons_names

from generator.content.bibparse import BibRecord
from generator.content.bibtext import split_marks

# Fields that belong in a citation; the rest (abstract, pdf, file, timestamp…) do not.
CITATION_FIELDS = (
    "author",
    "title",
    "journal",
    "journaltitle",
    "booktitle",
    "eventtitle",
    "editor",
    "series",
    "volume",
    "number",
    "pages",
    "chapter",
    "edition",
    "publisher",
    "organization",
    "institution",
    "school",
    "holder",
    "howpublished",
    "address",
    "location",
    "type",
    "year",
    "month",
    "date",
    "note",
    "isbn",
    "issn",
    "doi",
    "url",
    "eprint",
    "archiveprefix",
    "eprinttype",
    "primaryclass",
    "pubstate",
)
MONTH_MACROS = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}


def citation_text(record: BibRecord) -> str:
    """The entry as written, less what is not a citation (abstract, pdf, marks on names)."""
    lines = [f"@{record.entry_type}{{{record.key},"]
    for name, field in record.fields.items():
        if name not in CITATION_FIELDS:
            continue
        value = " ".join(field.value.split())
        if name in ("author", "editor"):
            value = " and ".join(split_marks(n)[0] for n in split_multiple_persons_names(value))
        bare = value.isdigit() or (name == "month" and value.lower() in MONTH_MACROS)
        lines.append(f"  {name} = {value if bare else '{' + value + '}'},")
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"
