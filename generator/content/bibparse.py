"""A .bib text split into located records: each entry's type, key, line and fields as written.

bibtexparser (v2) splits the text and resolves @string macros; each broken entry becomes
a ContentError naming its key and line while the other entries are still read. A field
given twice keeps its first value with a located warning, as BibTeX and biber do.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

import bibtexparser
from bibtexparser import model as bib
from bibtexparser.middlewares.middleware import BlockMiddleware
from bibtexparser.middlewares.parsestack import default_parse_stack

from generator.errors import ContentError, library_message, shown

# bibtexparser logs every broken block as a warning of its own; they are reported here,
# with the entry's key, as content errors.
logging.getLogger("bibtexparser.splitter").setLevel(logging.ERROR)
log = logging.getLogger(__name__)

_KEY_IN_RAW = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s]*)")


@dataclass(frozen=True)
class BibField:
    value: str  # as written (LaTeX), @string macros resolved, outer braces or quotes removed
    line: int


@dataclass(frozen=True)
class BibRecord:
    """One entry of a .bib file, fields as written, names lower-cased."""

    key: str
    entry_type: str
    line: int
    fields: dict[str, BibField]


@dataclass
class BibFile:
    records: list[BibRecord]
    errors: list[ContentError]


def parse(text: str, display: str) -> BibFile:
    """Every entry of a .bib text; broken entries become errors naming their key and line."""
    # Entries with a field given twice go through the usual @string and brace handling.
    stack = [_KeepEntriesWithDuplicateFields(), *default_parse_stack()]
    library = bibtexparser.parse_string(text, parse_stack=stack)
    errors = [_failure(block, text, display) for block in library.failed_blocks]
    records = [_record(entry, display) for entry in library.entries]
    return BibFile(records, errors)


class _KeepEntriesWithDuplicateFields(BlockMiddleware):
    """A DuplicateFieldKeyBlock back to its entry (all fields, in order); `_record` keeps
    the first of each name."""

    def transform_failed_block(
        self, failed_block: bib.ParsingFailedBlock, library: bibtexparser.Library
    ) -> bib.Block:
        if isinstance(failed_block, bib.DuplicateFieldKeyBlock):
            return failed_block.ignore_error_block
        return failed_block


def _record(entry: bib.Entry, display: str) -> BibRecord:
    """The entry's fields by lower-cased name; a name given again (in any case) keeps its
    first value and warns at the line of the repeat."""
    fields: dict[str, BibField] = {}
    for f in entry.fields:
        line = (f.start_line or entry.start_line or 0) + 1
        name = f.key.lower()
        if name in fields:
            message = (
                f"the field {shown(name)} is given twice in this entry; the first value "
                f"(line {fields[name].line}) is kept, this one is ignored"
            )
            log.warning("%s", ContentError(display, line, 1, f"{entry.key}.{name}", message))
            continue
        fields[name] = BibField(_text(f.value), line)
    return BibRecord(entry.key, entry.entry_type.lower(), (entry.start_line or 0) + 1, fields)


def _text(value: Any) -> str:
    return str(value).strip()


def _failure(block: bib.ParsingFailedBlock, text: str, display: str) -> ContentError:
    line = (block.start_line or 0) + 1
    match = _KEY_IN_RAW.match((block.raw or "").lstrip())
    key = match.group(1) if match and match.group(1) else "?"
    if isinstance(block, bib.DuplicateBlockKeyBlock):
        first = (block.previous_block.start_line or 0) + 1
        message = f"the key {shown(block.key)} is used twice in this file (first at line {first})"
        return ContentError(display, line, 1, block.key, message)
    reason = getattr(block.error, "abort_reason", None) or str(block.error)
    reason = library_message(" ".join(reason.split()))
    end = getattr(block.error, "end_index", None)
    if end is not None:
        reason += f" (at line {text.count(chr(10), 0, end) + 1})"
    return ContentError(display, line, 1, key, f"this entry is broken and was not read: {reason}")
