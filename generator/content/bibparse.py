"""A .bib text split into located records: each entry's type, key, line and fields as written.

bibtexparser (v2) splits the text; values are made whole here (bibvalues: `#` and @string
macros) and crossref/xdata parents fill in what an entry lacks (bibinherit). Each broken
entry becomes a ContentError naming its key and line while the other entries are still
read. A field, key or @string given twice keeps its first value with a located warning, as
BibTeX and biber do.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

import bibtexparser
from bibtexparser import model as bib

from generator.content.bibinherit import inherited, resolve_all
from generator.content.bibvalues import resolve
from generator.errors import ContentError, library_message, shown

# bibtexparser logs every broken block as a warning of its own; they are reported here,
# with the entry's key, as content errors.
logging.getLogger("bibtexparser.splitter").setLevel(logging.ERROR)
log = logging.getLogger(__name__)

_KEY_IN_RAW = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s]*)")


@dataclass(frozen=True)
class BibField:
    value: str  # as written (LaTeX), `#` and @string macros resolved, outer braces removed
    line: int
    undefined: tuple[str, ...] = ()  # macro names no @string defines, kept as written


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
    """Every entry of a .bib text; broken entries become errors naming their key and line.

    A key or @string given twice keeps its first definition with a warning naming both
    lines (biber's behaviour); crossref and xdata parents fill in what an entry lacks."""
    library = bibtexparser.parse_string(text, parse_stack=[])
    strings = _strings(library.strings, display)
    blocks = list(library.entries)
    errors = []
    for block in library.failed_blocks:
        if isinstance(block, bib.DuplicateFieldKeyBlock):
            blocks.append(block.ignore_error_block)  # `_record` keeps the first of each field
        elif isinstance(block, bib.DuplicateBlockKeyBlock):
            _warn_duplicate(block, display)
        else:
            errors.append(_failure(block, text, display))
    blocks.sort(key=lambda b: b.start_line or 0)
    records = inherit([_record(entry, strings, display) for entry in blocks])
    return BibFile([r for r in records if _is_paper(r, display)], errors)


def _strings(found: list[bib.String], display: str) -> dict[str, str]:
    """@string macros by lower-cased name, each resolved with those defined before it."""
    strings: dict[str, str] = {}
    for string in found:
        name = string.key.lower()
        if name not in strings:
            strings[name] = resolve(str(string.value), strings)[0]
    return strings


def _warn_duplicate(block: bib.DuplicateBlockKeyBlock, display: str) -> None:
    first = (block.previous_block.start_line or 0) + 1
    line = (block.start_line or 0) + 1
    what = "@string" if isinstance(block.previous_block, bib.String) else "key"
    message = (
        f"the {what} {shown(block.key)} is also defined at line {first}; the first is kept, "
        "this one is left out (as biber does)"
    )
    log.warning("%s", ContentError(display, line, 1, block.key, message))


def _is_paper(record: BibRecord, display: str) -> bool:
    """biblatex's @set and @xdata hold no paper of their own: a set's members are entries
    of the file, and xdata fields are copied into the entries that name them."""
    if record.entry_type == "set":
        log.info(
            "%s:%d: %s: a biblatex @set is not shown itself; its members are shown as entries",
            display,
            record.line,
            record.key,
        )
    return record.entry_type not in ("set", "xdata")


def _record(entry: bib.Entry, strings: dict[str, str], display: str) -> BibRecord:
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
        value, undefined = resolve(str(f.value), strings)
        fields[name] = BibField(value.strip(), line, tuple(undefined))
    return BibRecord(entry.key, entry.entry_type.lower(), (entry.start_line or 0) + 1, fields)


def inherit(records: list[BibRecord]) -> list[BibRecord]:
    """Each record with the fields of the entries its crossref and xdata name."""
    by_key = {r.key.lower(): r for r in reversed(records)}  # the first of a key wins

    def links(record: BibRecord) -> tuple[list[str], list[str]]:
        ref = record.fields.get("crossref")
        data = record.fields.get("xdata")
        refs = [ref.value.strip().lower()] if ref else []
        datas = [k.strip().lower() for k in data.value.split(",")] if data else []
        return refs, datas

    def complete(record: BibRecord, refs: list[BibRecord], datas: list[BibRecord]) -> BibRecord:
        given = [("", d.fields) for d in datas]
        fields = inherited(record.fields, record.entry_type, given, xdata=True)
        fields = inherited(fields, record.entry_type, [(p.entry_type, p.fields) for p in refs])
        return BibRecord(record.key, record.entry_type, record.line, fields)

    done = resolve_all(by_key, links, complete)
    # A key that differs from an earlier one only in case is not a parent, and keeps its own.
    return [done[r.key.lower()] if by_key[r.key.lower()] is r else r for r in records]


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
