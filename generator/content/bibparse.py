"""A .bib text split into located records: each entry's type, key, line and fields as written.

bibtexparser (v2) splits the text; values are made whole here (`#` joins and @string macros,
as BibTeX reads them) and crossref/xdata parents fill in what an entry lacks, by biblatex's
inheritance rules. Each broken entry becomes a ContentError naming its key and line while
the other entries are still read. A field, key or @string given twice keeps its first value
with a located warning, as BibTeX and biber do.
"""

from __future__ import annotations

import functools
import itertools
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

import bibtexparser
from bibtexparser import model as bib

from generator.content.dates import MONTH_NAMES
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
    text = _without_comment_lines(text)
    read = _read_by_entry(text, display)
    if read is None:  # a broken entry: read whole, for its error as the whole file places it
        read = _read(text, display, 0, ())
    for warning in read.warnings:
        log.warning("%s", warning)
    found, errors = inherit(read.records), read.errors
    cited = {r.fields["crossref"].value.strip().lower() for r in found if "crossref" in r.fields}
    found = [replace(r, volume=True) if r.key.lower() in cited else r for r in found]
    return BibFile([r for r in found if _is_paper(r, display)], errors)


# A line that starts with `%` outside every entry is a comment, as biber reads it: an entry
# put out of use line by line (`% @article{x,` … `% }`) is not read. Inside an entry, `%`
# is text, as BibTeX reads it.
# (After a newline: Python's re finds one fast, where it tries `^` at every character.)
_COMMENT_LINE = re.compile(r"\n[ \t]*%")


def _without_comment_lines(text: str) -> str:
    """`text` with its comment lines emptied; each keeps its line, so that the lines of the
    entries after it stay the file's."""
    text = "\n" + text  # (each line after a newline, the first too; taken off at the end)
    kept, depth, start, counted = [], 0, 0, 0  # kept up to `start`, braces up to `counted`
    for comment in _COMMENT_LINE.finditer(text):
        line = comment.start() + 1
        depth = max(0, depth + text.count("{", counted, line) - text.count("}", counted, line))
        counted = line
        if depth == 0:  # outside every entry: the line goes, its newline stays
            end = text.find("\n", line)
            kept.append(text[start:line])
            start = counted = len(text) if end < 0 else end
    kept.append(text[start:])
    return "".join(kept)[1:]


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
    """Where each block really starts. bibtexparser's line numbers drift in long files; the
    block's own text, found in order, says where it is."""

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
    return BibRecord(entry.key, entry.entry_type.lower(), start, fields)


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


# bibtexparser resolves a macro only when it stands alone, so `dtv # { and Walter de Gruyter}`
# kept its `#` and macro names: a value is read here as BibTeX does, pieces in braces, in
# quotes, numbers and macro names joined by `#`. A month macro (`apr`) alone stays as written
# (the citation keeps `month = apr`); inside a concatenation it reads as the month's name, as
# BibTeX's standard styles define it. An undefined macro keeps its name, as BibTeX does.
_NAME = re.compile(r"[^\s#\"{}(),=]+")
# A value longer than this is cut (and marked so): @string macros joined with `#` grow
# exponentially (a13 = a12 # a12 # a12 # a12 ...), and no real field comes near it.
MAX_VALUE = 100_000
CUT = " […]"


def pieces(raw: str) -> list[tuple[str, str]] | None:
    """(kind, text) for each piece of a value: kind is "text" (braced, quoted or a number)
    or "macro". None when the value is not an expression (an unbalanced brace)."""
    found: list[tuple[str, str]] = []
    i, n = 0, len(raw)
    while i < n:
        char = raw[i]
        if char.isspace() or char == "#":
            i += 1
        elif char in '{"':
            end = _closing(raw, i)
            if end is None:
                return None
            found.append(("text", raw[i + 1 : end]))
            i = end + 1
        else:
            match = _NAME.match(raw, i)
            if match is None:
                return None
            word = match.group(0)
            found.append(("text" if word.isdigit() else "macro", word))
            i = match.end()
    return found


def _closing(raw: str, start: int) -> int | None:
    """The index of what closes the brace or quote at `start` (braces nest inside both)."""
    depth = 0
    for i in range(start + 1, len(raw)):
        char = raw[i]
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return i if raw[start] == "{" else None
            depth -= 1
        elif char == '"' and raw[start] == '"' and depth == 0:
            return i
    return None


def resolve(raw: str, strings: Mapping[str, str]) -> tuple[str, list[str]]:
    """The value's text, and the macro names it uses that no @string defines.

    `strings` maps lower-cased macro names to their resolved text."""
    parts = pieces(raw.strip())
    if parts is None:  # not BibTeX syntax after all: the text as given, outer braces off
        value = raw.strip()
        braced = len(value) >= 2 and value[0] + value[-1] in ("{}", '""')
        return value[1:-1] if braced else value, []
    if len(parts) == 1 and parts[0][0] == "macro":
        name = parts[0][1]
        if name.lower() in strings:
            return strings[name.lower()], []
        return name, [] if name.lower() in MONTH_NAMES else [name]
    text, undefined = [], []
    for kind, piece in parts:
        if kind == "text":
            text.append(piece)
            continue
        value = strings.get(piece.lower()) or MONTH_NAMES.get(piece.lower())
        if value is None:
            undefined.append(piece)
        text.append(piece if value is None else value)
        if sum(map(len, text)) > MAX_VALUE:
            return "".join(text)[:MAX_VALUE] + CUT, undefined
    return "".join(text), undefined


# crossref: BibTeX copies each field the child lacks under the same name. biblatex does too,
# and renames the parent's titles by its default inheritance rules (biblatex manual,
# appendix B): a book's `title` is its chapter's `booktitle`, a multi-volume work's `title`
# the `maintitle` of its parts, a periodical's `title` an article's `journaltitle`.
# `xdata` names entries whose fields are all copied.
# Not inherited under their own name: the parent's titles are renamed (below) and these
# belong to the parent entry alone.
_OWN = {
    *("title", "subtitle", "titleaddon", "shorttitle", "sorttitle", "indextitle"),
    *("indexsorttitle", "ids", "crossref", "xref", "xdata", "entryset", "entrysubtype"),
    *("execute", "label", "options", "presort", "related", "relatedoptions", "relatedstring"),
    *("relatedtype", "shorthand", "shorthandintro", "sortkey"),
    # What names one work and not the works inside it: a proceedings' DOI is not its papers'.
    # (biber copies these too; on a paper's page they would point to the wrong work.)
    *("doi", "url", "urldate", "eprint", "eprinttype", "eprintclass", "archiveprefix"),
    *("primaryclass", "pdf", "code", "slides", "abstract", "file", "selected"),
}
_TITLES = ("title", "subtitle", "titleaddon")
_MAIN = ("maintitle", "mainsubtitle", "maintitleaddon")
_BOOK = ("booktitle", "booksubtitle", "booktitleaddon")
_JOURNAL = ("journaltitle", "journalsubtitle", "journaltitleaddon")
_MULTI_VOLUME = {"mvbook", "mvcollection", "mvproceedings", "mvreference"}
_BOOKS = {"book", "collection", "proceedings", "reference", "inbook"}


def title_names(parent_type: str, child_type: str) -> tuple[str, ...]:
    """The child's names for the parent's title, subtitle and titleaddon; () for none."""
    if parent_type in _MULTI_VOLUME:
        return _MAIN
    if parent_type in _BOOKS and child_type != "book":
        return _BOOK
    if parent_type == "periodical":
        return _JOURNAL
    return ()


def inherited(
    fields: dict[str, BibField],
    child_type: str,
    parents: list[tuple[str, dict[str, BibField]]],
    *,
    xdata: bool = False,
) -> dict[str, BibField]:
    """`fields` completed from `parents` (their type and their completed fields), in order;
    a field the child has is never replaced."""
    result = dict(fields)
    for parent_type, parent in parents:
        # A parent's own booktitle first (BibTeX's way, DBLP's files), then its title.
        for name, value in parent.items():
            if xdata or name not in _OWN:
                result.setdefault(name, value)
        names = () if xdata else title_names(parent_type, child_type)
        for source, target in zip(_TITLES, names, strict=False):
            if source in parent:
                result.setdefault(target, parent[source])
    return result


def inherit(records: list[BibRecord]) -> list[BibRecord]:
    """Each record with the fields of the entries its crossref and xdata name, the parents
    completed first; a parent not in the file, or a loop, leaves the entry as it is."""
    by_key = {r.key.lower(): r for r in records}  # keys are unique in any case (see _add)
    done: dict[str, BibRecord] = {}

    def complete(key: str, seen: frozenset[str]) -> BibRecord:
        if key in done:
            return done[key]
        record = by_key[key]
        ref, data = record.fields.get("crossref"), record.fields.get("xdata")
        refs = [ref.value.strip().lower()] if ref else []
        datas = [k.strip().lower() for k in data.value.split(",")] if data else []
        parents, xdata = (
            [complete(k, seen | {k}) for k in keys if k in by_key and k not in seen]
            for keys in (refs, datas)
        )
        given = [("", d.fields) for d in xdata]
        fields = inherited(record.fields, record.entry_type, given, xdata=True)
        fields = inherited(fields, record.entry_type, [(p.entry_type, p.fields) for p in parents])
        done[key] = replace(record, fields=fields)
        return done[key]

    return [complete(r.key.lower(), frozenset({r.key.lower()})) for r in records]
