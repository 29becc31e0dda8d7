"""A .bib text split into located records: each entry's type, key, line and fields as written.

bibtexparser (v2) splits the text; values are made whole here (bibvalues: `#` and @string
macros) and crossref/xdata parents fill in what an entry lacks (bibinherit). Each broken
entry becomes a ContentError naming its key and line while the other entries are still
read. A field, key or @string given twice keeps its first value with a located warning, as
BibTeX and biber do.
"""

from __future__ import annotations

import functools
import itertools
import logging
import re
from dataclasses import dataclass, replace
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
    # Other entries name it in `crossref`: a proceedings or book that BibTeX would only
    # list as an entry of its own when cited (min-crossrefs); its fields fill theirs.
    volume: bool = False


@dataclass
class BibFile:
    records: list[BibRecord]
    errors: list[ContentError]


def parse(text: str, display: str) -> BibFile:
    """Every entry of a .bib text; broken entries become errors naming their key and line.

    Blocks are read in order, as BibTeX reads them: a @string applies to the entries after
    it, and one defined again replaces it from there on. A key given twice (in any case)
    keeps its first entry with a warning naming both lines (biber's behaviour); crossref and
    xdata parents fill in what an entry lacks."""
    read = _read_by_entry(text, display)
    if read is None:  # a broken entry: read whole, for its error as the whole file places it
        read = _read(text, display, 0, ())
    for warning in read.warnings:
        log.warning("%s", warning)
    found, errors = inherit(read.records), read.errors
    cited = {r.fields["crossref"].value.strip().lower() for r in found if "crossref" in r.fields}
    found = [replace(r, volume=True) if r.key.lower() in cited else r for r in found]
    return BibFile([r for r in found if _is_paper(r, display)], errors)


# Where an entry (or @string, @comment…) may start: `@` first on its line.
_ENTRY_START = re.compile(r"^[ \t]*@", re.MULTILINE)


def _read_by_entry(text: str, display: str) -> _Read | None:
    """The text read piece by piece, a piece from one `@` that starts a line to the next,
    each piece's reading remembered (`_read`): after one entry is edited, the others are not
    parsed again. None when a piece is broken: an `@` starting a line inside a value splits
    an entry in two, and the whole text must be read as one."""
    starts = [0, *(m.start() for m in _ENTRY_START.finditer(text) if m.start() > 0), len(text)]
    strings: tuple[tuple[str, str], ...] = ()
    records: dict[str, BibRecord] = {}
    warnings: list[ContentError] = []
    line = 0
    for start, end in itertools.pairwise(starts):
        piece = text[start:end]
        read = _read(piece, display, line, strings)
        if read.errors:
            return None
        warnings += read.warnings
        for record in read.records:
            _add(record, records, display, warnings)
        strings, line = read.strings, line + piece.count("\n")
    return _Read(list(records.values()), [], warnings, strings)


@dataclass(frozen=True)
class _Read:
    records: list[BibRecord]
    errors: list[ContentError]
    warnings: list[ContentError]  # told by `parse`, at every reading
    strings: tuple[tuple[str, str], ...]  # the @strings defined at its end, in order


@functools.lru_cache(maxsize=8192)
def _read(text: str, display: str, line: int, strings: tuple[tuple[str, str], ...]) -> _Read:
    """The records of a .bib text that starts at `line` (0 for the first) of its file, with
    the @strings defined before it."""
    library = bibtexparser.parse_string(text, parse_stack=[])
    defined = dict(strings)
    records: dict[str, BibRecord] = {}  # by lower-cased key: BibTeX's keys ignore case
    errors: list[ContentError] = []
    warnings: list[ContentError] = []
    lines = _Lines(text)
    for block in library.blocks:
        shift = lines.shift(block) + line
        if isinstance(block, bib.DuplicateBlockKeyBlock | bib.DuplicateFieldKeyBlock):
            block = block.ignore_error_block  # keys and fields given twice are handled here
        if isinstance(block, bib.String):
            _define(block, defined, display, shift, warnings)
        elif isinstance(block, bib.Entry):
            _add(_record(block, defined, display, shift, warnings), records, display, warnings)
        elif isinstance(block, bib.ParsingFailedBlock):
            errors.append(_failure(block, text, display, shift))
    return _Read(list(records.values()), errors, warnings, tuple(defined.items()))


class _Lines:
    """Where each block really starts. bibtexparser's line numbers drift in long files (by
    11 lines in pierce-bcp.bib); the block's own text, found in order, says where it is."""

    def __init__(self, text: str):
        self.text, self.position, self.line = text, 0, 0

    def shift(self, block: bib.Block) -> int:
        """What to add to the block's start_line (and its fields') to get its real line."""
        found = self.text.find(block.raw, self.position) if block.raw else -1
        if found < 0:
            return 0
        line = self.line + self.text.count("\n", self.position, found)
        # past the block: a second block with the same text (a key given twice) is after it
        end = found + len(block.raw)
        self.line, self.position = line + self.text.count("\n", found, end), end
        return line - (block.start_line or 0)


def _define(
    string: bib.String, strings: dict[str, str], display: str, shift: int, warnings: list
) -> None:
    """A @string, resolved with those defined before it; a second definition replaces the
    first for the entries after it, as in BibTeX."""
    name = string.key.lower()
    if name in strings:
        line = (string.start_line or 0) + shift + 1
        message = (
            f"the @string {shown(string.key)} is defined again; from here on this value is used"
        )
        warnings.append(ContentError(display, line, 1, string.key, message))
    strings[name] = resolve(str(string.value), strings)[0]


def _add(record: BibRecord, records: dict[str, BibRecord], display: str, warnings: list) -> None:
    """The record, unless its key (in any case) is taken: then a warning names both lines."""
    first = records.get(record.key.lower())
    if first is None:
        records[record.key.lower()] = record
        return
    message = (
        f"this key is also used at line {first.line}; the first entry is kept, this one is "
        "left out (as biber does)"
    )
    warnings.append(ContentError(display, record.line, 1, record.key, message))


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


def _record(
    entry: bib.Entry, strings: dict[str, str], display: str, shift: int, warnings: list
) -> BibRecord:
    """The entry's fields by lower-cased name; a name given again (in any case) keeps its
    first value and warns at the line of the repeat."""
    fields: dict[str, BibField] = {}
    start = (entry.start_line or 0) + shift + 1
    lines = _field_lines(entry, start)
    for f, line in zip(entry.fields, lines, strict=True):
        name = f.key.lower()
        if name in fields:
            message = (
                f"the field {shown(name)} is given twice in this entry; the first value "
                f"(line {fields[name].line}) is kept, this one is ignored"
            )
            warnings.append(ContentError(display, line, 1, f"{entry.key}.{name}", message))
            continue
        value, undefined = resolve(str(f.value), strings)
        fields[name] = BibField(value.strip(), line, tuple(undefined))
    line = start
    return BibRecord(entry.key, entry.entry_type.lower(), line, fields)


def _field_lines(entry: bib.Entry, start: int) -> list[int]:
    """The line of each field, found in the entry's own text in order (bibtexparser's
    drift inside an entry too, after a value with `\\\\` in it)."""
    raw, position, lines = entry.raw or "", 0, []
    for f in entry.fields:
        match = re.compile(rf"(?<![\w-]){re.escape(f.key)}\s*=").search(raw, position)
        if match is None:  # not expected; bibtexparser's count is the best there is
            lines.append((f.start_line or 0) - (entry.start_line or 0) + start)
            continue
        position = match.end()
        lines.append(start + raw.count("\n", 0, match.start()))
    return lines


def inherit(records: list[BibRecord]) -> list[BibRecord]:
    """Each record with the fields of the entries its crossref and xdata name."""
    by_key = {r.key.lower(): r for r in records}  # keys are unique in any case (see _add)

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
    return [done[r.key.lower()] for r in records]


def _text(value: Any) -> str:
    return str(value).strip()


def _failure(block: bib.ParsingFailedBlock, text: str, display: str, shift: int) -> ContentError:
    line = (block.start_line or 0) + shift + 1
    match = _KEY_IN_RAW.match((block.raw or "").lstrip())
    key = match.group(1) if match and match.group(1) else "?"
    reason = getattr(block.error, "abort_reason", None) or str(block.error)
    reason = library_message(" ".join(reason.split()))
    end = getattr(block.error, "end_index", None)
    if end is not None:
        reason += f" (at line {text.count(chr(10), 0, end) + 1})"
    return ContentError(display, line, 1, key, f"this entry is broken and was not read: {reason}")
