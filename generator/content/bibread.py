"""Reading BibTeX: `content/*.bib` into located, validated publications, the problems of an
entry that does not fit the model made warnings with a fallback.

Maps bibparse's records (their LaTeX decoded by bibtext) onto the Publication model, with
their dates and citation text, and validates each, a broken entry an error at its key and
line while the others load. Imported only when a .bib file is read.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import functools
import logging
import re
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from generator import urls as routes
from generator.content.bibparse import BibField, BibRecord, parse
from generator.content.bibtext import (
    decode,
    decode_markdown,
    markdown_of_text,
    names,
    split_marks,
    split_names,
    unknown_commands,
    verbatim,
    without_links,
)
from generator.content.bibtypes import (
    ANY_VENUE,
    BIBTEX_TYPE_OF_KIND,
    KIND_OF_BIBTEX_TYPE,
    VENUE_FIELDS,
    entry_text,
)
from generator.content.dates import MONTH_NAMES, month_number
from generator.content.i18n import language_code
from generator.content.markdowntext import escape_markdown
from generator.content.schema import Publication
from generator.content.schema.entries import BIBTEX_KEY_PATTERN
from generator.content.texmacros import balanced
from generator.content.validation import validate
from generator.content.yamlio import Document, Mark
from generator.errors import ContentError, shown
from generator.safeurl import web_address_without_scheme

log = logging.getLogger(__name__)

# Fields read verbatim: LaTeX decoding would mangle `~`, `%` or `_` in an address.
# al-folio's, academicpages' and Hugo Blox's own fields: a second name for a model field
# (`codeurl`, `_venue`), or a link of its own (`video`), in the order links are shown.
# DBLP's older exports name the paper's address `ee` (electronic edition).
SECOND_NAMES = {"code": "codeurl", "slides": "slidesurl", "url": "ee"}
LINKS = {
    "website": "Website",
    "html": "HTML",
    "video": "Video",
    "poster": "Poster",
    "supp": "Supplementary material",
}
VERBATIM = {"url", "doi", "eprint", "pdf", "code", "slides", "isbn", "issn", "codeurl"}
VERBATIM |= {"slidesurl", "ee", *LINKS}
ADDRESSES = VERBATIM - {"eprint", "isbn", "issn"}
# BibBase's links: `url_<label>`, each shown as a link named by its label.
BIBBASE_LINK = re.compile(r"url_(\w+)")
BIBBASE_LABELS = {"pdf": "PDF", "arxiv": "arXiv"}
# Fields shown as Markdown besides the title: a formula in them becomes MathML.
MATH_SHOWN = {"titleaddon", "abstract", "summary"}
ARXIV_ID = re.compile(r"(?:arxiv:\s*)?(\d{4}\.\d{4,5}(?:v\d+)?|[a-z-]+(?:\.[A-Z]{2})?/\d{7})", re.I)
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.I)
_ARXIV_PAGE = re.compile(r"^https?://(?:www\.)?arxiv\.org/abs/", re.I)
_SCOPUS_RECORD = re.compile(r"^https?://(?:www\.)?scopus\.com/", re.I)


# --- records -> publications ----------------------------------------------------------------


@dataclass
class PublicationInput:
    """What a record says in the Publication model's terms, and where each value came from."""

    data: dict[str, Any]
    origin: dict[str, str]  # model field -> BibTeX field

    def put(self, target: str, value: Any, source: str) -> None:
        """Set a model field from a BibTeX field; an empty value is left out."""
        if value not in (None, "", []):
            self.data[target] = value
            self.origin[target] = source


Put = Callable[[str, Any, str], None]
Warn = Callable[[str, str], None]  # (BibTeX field, message)


def publication_input(record: BibRecord, warn: Warn | None = None) -> PublicationInput:
    """What `record` says in the model's terms; `warn(field, message)` hears of what is
    left out (a month that names no month)."""
    warn = warn or (lambda _field, _message: None)
    result = PublicationInput({"key": record.key}, {})
    kind = _kind(record)
    result.put("type", kind, "ENTRYTYPE")
    if BIBTEX_TYPE_OF_KIND[kind] != record.entry_type:
        result.put("bibtex_type", record.entry_type, "ENTRYTYPE")
    _put_texts(record, result.put)
    for target, source in (("authors", "author"), ("editors", "editor")):
        if source in record.fields:
            result.put(target, names(_name_list(record, source)), source)
    _put_venue(record, kind, result.put)
    _publisher_not_the_venue(result)
    if arxiv := _arxiv_id(record):
        result.put("arxiv", *arxiv)
    _one_link_per_address(result)
    _put_links(record, result, warn)
    put_date(record.fields, result.put, result.data, warn)
    _put_selection(record, result.put)
    return result


# Web of Science's export braces every value twice, a list of names too (`Editor =
# {{Jaworski, M and Marciniak, M}}`), which BibTeX would read as one name. Its records carry
# its id, `Unique-ID = {{ISI:000297859300134}}` (now `WOS:`).
_WOS_ID = re.compile(r"\W*(?:WOS|ISI):", re.IGNORECASE)


def _name_list(record: BibRecord, source: str) -> str:
    """The names of `source` as written; a Web of Science record's without its extra braces."""
    value = record.fields[source].value.strip()
    wos = _WOS_ID.match(record.fields["unique-id"].value) if "unique-id" in record.fields else None
    if wos and value[:1] == "{" and value[-1:] == "}" and balanced(value[1:-1]):
        return value[1:-1]
    return value


def _publisher_not_the_venue(result: PublicationInput) -> None:
    """A publisher that is the venue's name again (a Mendeley export's `publisher = {Chin.
    Phys. Lett.}` beside the same `journal`) is shown once, as the venue."""
    publisher, venue = result.data.get("publisher"), result.data.get("venue")
    if publisher and venue and publisher.casefold() == venue.casefold():
        del result.data["publisher"], result.origin["publisher"]


def _one_link_per_address(result: PublicationInput) -> None:
    """A `url` that is the address of the paper's DOI or arXiv id is that link, shown once:
    Crossref's and the ACM's exports give `url` beside `doi`, JabRef's arXiv entries beside
    `eprint`. DOIs ignore case. Scopus's `url` is its own record of the paper, which most
    readers reach only with a subscription: beside a DOI, the DOI is the paper's link."""
    url, doi, arxiv = (result.data.get(name) for name in ("url", "doi", "arxiv"))
    if not url:
        return
    doi_page = _DOI_PREFIX.match(url) and unquote(_DOI_PREFIX.sub("", url)).casefold()
    arxiv_page = _ARXIV_PAGE.match(url) and _ARXIV_PAGE.sub("", url)
    if (
        (doi and doi_page == doi.casefold())
        or (arxiv and arxiv_page == arxiv)
        or (doi and _SCOPUS_RECORD.match(url))
    ):
        del result.data["url"], result.origin["url"]


def _text(record: BibRecord, name: str, *, paragraphs: bool = False) -> str | None:
    """A field as plain text (None if the record has none): decoded, or verbatim for URLs."""
    field = record.fields.get(name)
    if field is None:
        return None
    if name in ("title", "subtitle"):  # a title that is a link reads as its text
        return markdown_of_text(decode(without_links(field.value)[0]))
    if name in VERBATIM or BIBBASE_LINK.fullmatch(name):
        text = verbatim(field.value)
        return _address(text) if name in ADDRESSES else text
    # Titles and abstracts are Markdown, where a formula is MathML and `Q**2` is escaped to
    # read as written; the rest is plain text.
    if name in MATH_SHOWN:
        return markdown_of_text(decode(field.value, paragraphs=paragraphs))
    return decode(field.value, paragraphs=paragraphs, math_as_text=True)


def _address(text: str) -> str:
    """A URL as a browser reads it: a line break with its indent is BibTeX's wrapping of a
    long line and goes; a space left inside is percent-encoded."""
    return re.sub(r"\s", "%20", re.sub(r"\s*\n\s*", "", text))


def _either(record: BibRecord, *names: str) -> tuple[str | None, str]:
    """The text of the first of `names` that has one; and the first field the record has
    of them, named as its source."""
    value = next((text for name in names if (text := _text(record, name))), None)
    return value, next((n for n in names if n in record.fields), names[-1])


def _titled(record: BibRecord, title: str, subtitle: str, addon: str) -> str | None:
    """A title with its subtitle and addon, as biblatex prints them: `Title: Sub. Addon`."""
    main = _text(record, title)
    sub, extra = _text(record, subtitle), _text(record, addon)
    if main and sub:
        main = f"{main}{'' if main[-1] in '?!:.' else ':'} {sub}"
    if main and extra:
        main = f"{main}{'' if main[-1] in '?!.' else '.'} {extra}"
    return main


def _put_texts(record: BibRecord, put: Put) -> None:
    # An untitled work (APA: a photograph, raw data) is described by its titleaddon.
    title = _titled(record, "title", "subtitle", "titleaddon") or _text(record, "titleaddon")
    put("title", title, "title" if "title" in record.fields else "titleaddon")
    if "url" not in record.fields and "title" in record.fields:  # `\href{url}{Title}`
        put("url", next(iter(without_links(record.fields["title"].value)[1]), None), "title")
    for name in ("series", "edition", "volume", "pages", "publisher", "collaboration"):
        put(name, _text(record, name), name)
    note = None
    if "note" in record.fields and not citation_count(record):  # \href and \url are links
        note = decode_markdown(record.fields["note"].value)
    put("note", note, "note")
    if _invited(record):
        put("invited", True, "invite")
    for name in ("url", "pdf", "code", "slides", "isbn", "issn"):
        put(name, *_either(record, name, SECOND_NAMES.get(name, name)))
    for name in ("url", "code"):  # `citeseer.nj.nec.com/x.html` is a web address, not a path
        if name in record.fields and (found := web_address_without_scheme(_text(record, name))):
            put(name, found, name)
    html = _text(record, "html")
    if "url" not in record.fields and html and urlsplit(html).scheme in ("http", "https"):
        put("url", html, "html")  # al-folio's link to the paper's page
    put("abstract", _text(record, "abstract", paragraphs=True), "abstract")
    # bibtex2web's paper summary (a paragraph under the paper on its owner's list)
    put("summary", _text(record, "summary", paragraphs=True), "summary")
    # Scopus's stage of a paper online before its issue ("Article in press"; else "Final")
    if (_text(record, "publication_stage") or "").casefold() == "article in press":
        put("status", "in press", "publication_stage")
    status, source = _either(record, "status", "pubstate")
    if source == "pubstate" and status:
        status = _PUBSTATES.get(status.casefold(), status)
    put("status", status, source)
    put("location", *_either(record, "address", "location"))
    put("language", *_language(record))


# biblatex's `pubstate` is a key of its localised strings (its manual, 4.9.2.11): `inpress`
# prints "in press". A value not among them is printed as written, and so shown.
_PUBSTATES = {
    "inpreparation": "in preparation",
    "submitted": "submitted",
    "forthcoming": "forthcoming",
    "inpress": "in press",
    "prepublished": "pre-published",
}


def _language(record: BibRecord) -> tuple[str | None, str]:
    """The paper's language as a BCP 47 code: biblatex's `langid` (babel's `japanese`), a
    `language` (Zotero's `en`, Scopus's `English`; biblatex's list, `english and german`,
    by its first) or a `lang` (`ja`); a name no language has is no language."""
    for name in ("langid", "language", "lang"):
        text = _text(record, name)
        if text and (code := language_code(re.split(r"\s+and\s+|[,;]", text)[0])):
            return code, name
    return None, "language"


def _invited(record: BibRecord) -> bool:
    """Whether the list marks the work invited: `invite = {1}` (or 2), as Shoichi Koyama's
    list does for its page's "[Invited]"; a number other than 0, or `true`."""
    value = record.fields["invite"].value.strip().casefold() if "invite" in record.fields else ""
    return value == "true" or (value.isdigit() and int(value) > 0)


# Scopus writes its count of the paper's citations in `note` (`cited By 12`; newer exports
# `Cited by: 3; All Open Access, Gold Open Access`, with its open-access flags): a number the
# database keeps, changing, and no note of the paper.
_CITED_BY = re.compile(r"\s*cited by:?\s*\d+(?:\s*;[^;]*open access[^;]*)*\s*", re.IGNORECASE)


def citation_count(record: BibRecord) -> bool:
    """Whether the record's `note` is only Scopus's count of its citations."""
    note = record.fields.get("note")
    return note is not None and _CITED_BY.fullmatch(note.value) is not None


def _put_links(record: BibRecord, result: PublicationInput, warn: Warn) -> None:
    """al-folio's buttons (`website`, `video`, `poster`, `supp`; `html` beside a `url`), BibBase's
    `url_<label>` fields and bibtex2web's downloads as links."""
    links = []
    arxiv = result.data.get("arxiv")
    shown = {result.data.get(name) for name in ("url", "pdf", "code", "slides")}
    shown |= {f"{scheme}://arxiv.org/abs/{arxiv}" for scheme in ("http", "https")}
    bibbase = {
        name: BIBBASE_LABELS.get(match.group(1), match.group(1).replace("_", " ").capitalize())
        for name in record.fields
        if (match := BIBBASE_LINK.fullmatch(name))
    }
    for name, label in {**LINKS, **bibbase}.items():
        url = _text(record, name)
        if url in shown and name in bibbase:
            continue  # BibBase's `url_arxiv` beside the arXiv id: one link
        if url and urlsplit(url).scheme in ("http", "https") and result.origin.get("url") != name:
            result.origin[f"links[{len(links)}]"] = name
            links.append({"label": label, "url": url})
    for name, label, url in _downloads(record):
        if urlsplit(url).scheme in ("http", "https"):
            result.origin[f"links[{len(links)}]"] = name
            links.append({"label": label, "url": url})
        elif _AS_TEXT.match(url):
            noted(result.data, url, f"{label}: {url}", name, warn)
            result.origin.setdefault("note", name)
    if links:
        result.data["links"] = links


def _downloads(record: BibRecord) -> list[tuple[str, str, str]]:
    """(field, label, address) of each link bibtex2web's `downloadsnonlocal` and `downloads`
    give (the paper's PDF, its slides, its code), written `address label; address label`;
    web and `ftp:` addresses (a file name alone is no address)."""
    found = []
    for name in ("downloadsnonlocal", "downloads"):
        items = record.fields[name].value.split(";") if name in record.fields else []
        for address, *label in (item.split(None, 1) for item in items if item.strip()):
            url = verbatim(address)
            if label and (urlsplit(url).scheme in ("http", "https") or _AS_TEXT.match(url)):
                found.append((name, decode(label[0]), url))
    return found


def _put_venue(record: BibRecord, kind: str, put: Put) -> None:
    fields = record.fields
    venue_source = next((n for n in VENUE_FIELDS.get(kind, ()) if n in fields), None)
    other = None
    if venue_source:
        put("venue", _venue(record, venue_source), venue_source)
    elif "maintitle" in fields:  # a volume of a multi-volume work
        put("venue", _titled(record, "maintitle", "mainsubtitle", "maintitleaddon"), "maintitle")
    elif other := _other_venue(record):
        put("venue", _venue(record, other), other)
    # A proceedings' sponsor, printed where a publisher is; once, when it is not the venue.
    if "publisher" not in fields and "organization" not in (venue_source, other):
        put("publisher", _text(record, "organization"), "organization")
    # A talk's host, beside its event (`eventtitle = {Advanced Research Seminar}`,
    # `institution = {King's College London}`), as a CV lists a talk.
    if "eventtitle" in (venue_source, other) and not {"publisher", "organization"} & set(fields):
        put("publisher", _text(record, "institution"), "institution")
    put("venue_short", *_either(record, "venue_short", "abbr", "_venue"))
    if "number" in fields:
        put("issue" if kind == "journal" else "number", _text(record, "number"), "number")
    if "doi" in fields:
        put("doi", _DOI_PREFIX.sub("", _text(record, "doi") or ""), "doi")


def _other_venue(record: BibRecord) -> str | None:
    """A venue in a field another type uses (`journal` in an @inproceedings, a proceedings'
    `organization`): shown anyway, as BibTeX styles print what a file gives."""
    title = _text(record, "title")
    return next((n for n in ANY_VENUE if n in record.fields and _text(record, n) != title), None)


def _venue(record: BibRecord, source: str) -> str | None:
    """The venue with its subtitle; a chapter's book with the multi-volume work it is in."""
    stem = source.removesuffix("title")
    if stem not in ("book", "journal"):
        return _text(record, source)
    venue = _titled(record, source, f"{stem}subtitle", f"{stem}titleaddon")
    main = _titled(record, "maintitle", "mainsubtitle", "maintitleaddon")
    return f"{main}: {venue}" if main and venue and stem == "book" else venue


def _put_selection(record: BibRecord, put: Put) -> None:
    """cvsite's own fields: `selected` and `tags`."""
    fields = record.fields
    if "selected" in fields:
        put("selected", fields["selected"].value.strip(), "selected")
    if "tags" in fields:
        tags = re.split(r"[,;]", _text(record, "tags") or "")
        put("tags", [t.strip() for t in tags if t.strip()], "tags")


def _kind(record: BibRecord) -> str:
    kind = KIND_OF_BIBTEX_TYPE.get(record.entry_type, "misc")
    fields = record.fields
    # Scopus exports a paper in a proceedings series (Lecture Notes in Computer Science…) as
    # an @ARTICLE of the series, and says in its document type what the paper is
    scopus_type = fields.get("document_type") or fields.get("type") or BibField("", 0)
    if kind == "journal" and scopus_type.value.strip().casefold() == "conference paper":
        kind = "conference"
    # Scopus names the proceedings of a @CONFERENCE paper in `journal`
    proceedings = fields.get("booktitle") or fields.get("journal") or BibField("", 0)
    if kind == "conference" and re.search(r"workshop", proceedings.value, re.I):
        return "workshop"
    # INSPIRE gives a paper not yet in a journal as an @article with only its arXiv id.
    journal = any(name in fields for name in ("journal", "journaltitle"))
    if (kind == "misc" or (kind == "journal" and not journal)) and _arxiv_id(record):
        return "preprint"
    return kind


def _arxiv_id(record: BibRecord) -> tuple[str, str] | None:
    """(id, its field): from Mendeley's `arxivId`, eprint, an `arxiv` field, or a venue such
    as 'arXiv:2101.00001'."""
    fields = record.fields
    # Mendeley's arxivId names an old id whole (hep-ex/0401008) where its eprint drops the
    # archive (0401008)
    if "arxivid" in fields and (match := ARXIV_ID.search(verbatim(fields["arxivid"].value))):
        return match.group(1), "arxivid"
    prefix = (fields.get("archiveprefix") or fields.get("eprinttype") or BibField("", 0)).value
    if "eprint" in fields and (
        prefix.lower() == "arxiv" or ARXIV_ID.fullmatch(verbatim(fields["eprint"].value))
    ):
        return verbatim(fields["eprint"].value), "eprint"
    if "arxiv" in fields:
        return verbatim(fields["arxiv"].value), "arxiv"
    for name in ("journal", "howpublished", "note"):
        value = fields.get(name)
        if value and "arxiv" in value.value.lower() and (match := ARXIV_ID.search(value.value)):
            return match.group(1), name
    return None


# (key, make) -> make(), or what an earlier make() gave for that key: see reader.Validated
Outcome = tuple[Publication | None, list[ContentError]]
Validating = Callable[[Hashable, Callable[[], Outcome]], Outcome]
# `spread(function, items, cost=…)`: `[function(x) for x in items]`, over the cores
Spread = Callable[..., list]


# --- fallbacks ----------------------------------------------------------------------------
# A .bib file usually comes from elsewhere (Zotero, DBLP, a colleague's), so its problems are
# not the site's to refuse: each becomes a located warning with a fallback (a refused field
# left out, an `ftp:` address shown as text, the key for a missing title, a slug for a key a
# URL cannot hold), and the entry is shown. Only an entry that cannot be read stays an error.

_LINK_FIELDS = ("url", "pdf", "code", "slides")
# Addresses of file servers: harmless, no longer opened by browsers, still worth reading.
_AS_TEXT = re.compile(r"^(?:s?ftps?|gopher):", re.IGNORECASE)
Attempt = Callable[[dict[str, Any]], tuple[Any, list[ContentError]]]


@dataclass(frozen=True)
class Warner:
    """Located warnings about one record's fields, kept in `said` until they are told
    (`tell`): a record may be read in another process, and its warnings are told here, in
    the file's order."""

    record: BibRecord
    display: str
    said: list[ContentError] = dataclasses.field(default_factory=list)

    def __call__(self, source: str, message: str, cause: str = "") -> None:
        """A warning about field `source`; with a `cause`, told once per file (Tally)."""
        field = self.record.fields.get(source)
        line = field.line if field else self.record.line
        where = f"{self.record.key}.{source}" if source else self.record.key
        if cause:
            self.said.append(Tallied(self.display, line, 1, where, message, cause))
        else:
            self.said.append(ContentError(self.display, line, 1, where, message))


@dataclass(frozen=True, order=True)
class Tallied(ContentError):
    """A warning whose `cause` many places of a file may share (an unknown command, a
    macro no @string defines): told once, at its first place, with how many there are."""

    cause: str = ""


def warn_unknown(warn: Warner, commands: list[str]) -> None:
    """A warning per command, at the first field of the record that writes it."""
    for command in commands:
        written = re.compile(rf"\\{command}(?![A-Za-z])")
        fields = warn.record.fields.items()
        source = next((name for name, field in fields if written.search(field.value)), "")
        message = (
            f"\\{command} is a TeX command cvsite does not know; it is shown as its name "
            f"{shown(command)} (write out what it stands for)"
        )
        warn(source, message, cause=f"\\{command}")


@dataclass
class Tally:
    """The tallied warnings of one file: cause -> (places, the first one's warning)."""

    met: dict[str, tuple[int, Tallied]] = dataclasses.field(default_factory=dict)

    def add(self, warning: Tallied) -> None:
        count, first = self.met.get(warning.cause, (0, warning))
        self.met[warning.cause] = (count + 1, first)

    def report(self) -> None:
        for count, first in self.met.values():
            times = "" if count == 1 else f"; {count} places of the file, this one first"
            log.warning("%s%s", first, times)


# The file being read (`load_publications`), whose tallied warnings are told once each.
_FILE_TALLY: contextvars.ContextVar[Tally | None] = contextvars.ContextVar(
    "file_tally", default=None
)


@contextlib.contextmanager
def _tallied_once() -> Iterator[None]:
    tally = Tally()
    token = _FILE_TALLY.set(tally)
    try:
        yield
    finally:
        _FILE_TALLY.reset(token)
    tally.report()


def tell(warnings: list[ContentError]) -> None:
    tally = _FILE_TALLY.get()
    for warning in warnings:
        if isinstance(warning, Tallied) and tally is not None:
            tally.add(warning)
        else:
            log.warning("%s", warning)


def repair(data: dict[str, Any], warn: Warner) -> None:
    """Fallbacks that need no validation first: the title and the key."""
    key = warn.record.key
    if not data.get("title"):
        data["title"] = key
        warn("title", f"the entry has no title; it is shown under its key {shown(key)}")
    if not re.fullmatch(BIBTEX_KEY_PATTERN, key) or len(key) > 100:
        data["key"] = routes.key_slug(key)
        page = "after its first characters" if len(key) > 100 else f"{shown(data['key'])}"
        warn(
            "",
            "this key is too long or has characters a page address cannot hold; its page "
            f"is named {page} and its citation keeps the key",
        )


def warn_undefined(origin: dict[str, str], warn: Warner) -> None:
    """A macro no @string defines, in a field that is shown: BibTeX warns and prints its name
    (Ernst's `MITaddr` in 40 entries: one line, with the count)."""
    for source in dict.fromkeys(origin.values()):
        field = warn.record.fields.get(source)
        for name in field.undefined if field is not None else ():
            message = f"{shown(name)} is no @string of this file; shown as written"
            warn(source, message, cause=f"@string {name}")


def validate_leniently(
    data: dict[str, Any], origin: dict[str, str], warn: Warner, attempt: Attempt
) -> tuple[Any, list[ContentError]]:
    """`attempt(data)`, again without each field it refuses (each one warned about), until
    it passes or refuses nothing that can be left out."""
    result, errors = attempt(data)
    for _ in range(3):
        if result is not None or not errors:
            break
        dropped = [name for e in errors if (name := _drop(e, data, origin, warn))]
        if not dropped:
            break
        result, errors = attempt(data)
    return result, errors


def noted(data: dict[str, Any], address: str, text: str, source: str, warn: Warn) -> None:
    """An `ftp:` address, which cvsite does not link, as `text` in the note, with a warning."""
    note = data.get("note")
    text = escape_markdown(text)  # the note is inline Markdown
    data["note"] = f"{note} {text}" if note else text
    warn(
        source,
        f"{shown(address)}: cvsite does not link ftp: addresses (browsers no longer open "
        "them); it is shown as text in the note",
    )


def _drop(error: ContentError, data: dict[str, Any], origin: dict[str, str], warn: Warner) -> str:
    """Leave out the field `error` is about; '' when it names none that can go."""
    prefix = f"{warn.record.key}."
    name = error.field[len(prefix) :] if error.field.startswith(prefix) else ""
    name = re.split(r"[.\[]", name, maxsplit=1)[0]
    if name in ("", "key", "title", "type") or name not in data:
        return ""
    value = data.pop(name)
    source = origin.get(name, name)
    if name in _LINK_FIELDS and isinstance(value, str) and _AS_TEXT.match(value):
        noted(data, value, value, source, warn)
    else:
        warn(source, f"{error.message}; the field is left out")
    return name


# --- validation ------------------------------------------------------------------------------


def validate_record(
    record: BibRecord, display: str, *, with_bibtex: bool = True
) -> tuple[Publication | None, list[ContentError]]:
    """The record as a Publication, or the errors that stop it (placed at the field's line).
    What it warns of is logged."""
    publication, errors, warnings = _validation(record, display, with_bibtex)
    tell(warnings)
    return publication, errors


def _validation(
    record: BibRecord, display: str, with_bibtex: bool = True
) -> tuple[Publication | None, list[ContentError], list[ContentError]]:
    """`validate_record`'s result, and its warnings, not yet told."""
    warn = Warner(record, display)
    with unknown_commands() as met:
        given = publication_input(record, warn)
    warn_unknown(warn, met)
    data = dict(given.data)
    if with_bibtex:
        data["bibtex"] = citation_text(record)
    repair(data, warn)
    warn_undefined(given.origin, warn)
    marks = {(): Mark(record.line, 1)}
    for target, source in given.origin.items():
        field = record.fields.get(source)
        marks[(target,)] = Mark(field.line if field else record.line, 1)

    def attempt(data: dict[str, Any]) -> Outcome:
        return validate(Document(display, data, marks), data, Publication, (), record.key)

    publication, errors = validate_leniently(data, given.origin, warn, attempt)
    errors = [_bib_field_names(e, record.key, given.origin) for e in errors]
    return publication, errors, warn.said


def _bib_field_names(error: ContentError, key: str, origin: dict[str, str]) -> ContentError:
    """Name the field as the .bib file does (journal, not venue)."""
    head, _, rest = error.field.partition(".")
    name = re.split(r"[.\[]", rest, maxsplit=1)[0] if rest else ""
    source = origin.get(name)
    if head == key and source and source != "ENTRYTYPE":
        return dataclasses.replace(error, field=f"{key}.{source}")
    return error


def load_publications(
    text: str, display: str, validated: Validating | None = None, spread: Spread | None = None
) -> tuple[list[tuple[BibRecord, Publication]], list[ContentError]]:
    """Every valid publication of a .bib text, with every error found in it.

    `validated(key, make)` may answer for `make()`, the record's validation, from an earlier
    reading of the same record (see reader.Validated). `spread`, for a first reading,
    validates every record at once, over the cores (decoding LaTeX is most of the work)."""
    parsed = parse(text, display)
    errors = list(parsed.errors)
    loaded = []
    made = _validations(parsed.records, display, spread)
    with _tallied_once():
        for record, make in zip(parsed.records, made, strict=True):
            if validated is None:
                publication, problems = make()
            else:
                publication, problems = validated(record_key(record), make)
            errors.extend(problems)
            if publication is not None:
                loaded.append((record, publication))
    return loaded, errors


def _validations(
    records: list[BibRecord], display: str, spread: Spread | None
) -> list[Callable[[], Outcome]]:
    """Each record's validation, as a call that gives it and tells its warnings: made now,
    over the cores, with `spread`; else when it is called."""
    if spread is None:
        return [functools.partial(validate_record, record, display) for record in records]
    made = spread(functools.partial(_validation, display=display), records, cost=_length)
    return [functools.partial(_told, *outcome) for outcome in made]


def _told(
    publication: Publication | None, errors: list[ContentError], warnings: list[ContentError]
) -> Outcome:
    tell(warnings)
    return publication, errors


def _length(record: BibRecord) -> int:
    return sum(len(field.value) for field in record.fields.values())


def record_key(record: BibRecord) -> Hashable:
    """What a record's Publication is made from: all but the lines it stands on."""
    fields = tuple((name, field.value) for name, field in record.fields.items())
    return (record.entry_type, record.key, fields)


_MONTH_WORD = re.compile(rf"\b({'|'.join(MONTH_NAMES)})[a-z]*\.?", re.IGNORECASE)
_MONTH_NUMBER = re.compile(r"^\W*(\d{1,2})(?!\d)")
_EDTF = re.compile(r"(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?")


def first_month(text: str) -> int | None:
    """The first month `text` names: `April 12` -> 4, `28--30 Mar` -> 3, `1--2` -> 1."""
    if (number := month_number(text)) is not None:
        return number
    if match := _MONTH_WORD.search(text):
        return month_number(match.group(1))
    if (match := _MONTH_NUMBER.match(text)) and 1 <= int(match.group(1)) <= 12:
        return int(match.group(1))
    return None


def _edtf(text: str) -> str | None:
    """`2004-04-05~` -> `2004-04-05`; None when `text` starts with no year."""
    match = _EDTF.match(text.strip().strip("?~%"))
    if match is None:
        return None
    year, month, day = match.groups()
    if month is None or not 1 <= int(month) <= 12:  # 21-24 are EDTF's seasons
        return year
    return "-".join(part for part in (year, month, day) if part)


# --- dates ----------------------------------------------------------------------------------
# Real files write more than a month in `month` (`apr # " 12"`, `{28--30 Mar}`, `1--2`,
# `February/March`): the first month named is the month, the rest is left to the citation.
# biblatex's `date` may be a range (`1984/1986`) or open (`1984/`: ongoing), with EDTF's
# marks of uncertainty (`1997?`, `2004~`) ignored.


def put_date(fields: dict[str, Any], put: Put, data: dict[str, Any], warn: Warn) -> None:
    """year and month; biblatex's `date` (a range as start and end); a year like 'in press'
    is a status. `fields` are the record's (name -> BibField)."""
    year = fields.get("year")
    if year is not None:
        bare = year.value.strip().removeprefix("{").removesuffix("}").strip()  # WoS: {{2012}}
        match = re.fullmatch(r"(\d{4})[a-z]?", bare)
        if match:
            put("year", match.group(1), "year")
        elif _EDTF.fullmatch(bare.split("/")[0].strip("?~%")):
            _put_range(bare, put, warn, "year")  # biblatex-ieee: year = {1995-09/1995-10}
        elif "status" not in data:
            put("status", decode(year.value), "year")
    elif "date" in fields:
        _put_range(fields["date"].value, put, warn, "date")
    elif "earlyaccessdate" in fields:  # Web of Science's paper online before its issue
        _put_early_access(decode(fields["earlyaccessdate"].value), put, data)
    month = fields.get("month")
    if month is not None and month.value.strip() and "year" in data:  # IEEE's `month={}`
        number = first_month(decode(month.value))
        if number is None:
            warn("month", f"{month.value.strip()!r} names no month; the month is left out")
        else:
            put("month", str(number), "month")


def _put_early_access(text: str, put: Put, data: dict[str, Any]) -> None:
    """`EarlyAccessDate = {MAR 2021}` of a paper with no year yet: its date, and its status."""
    if match := re.search(r"\b\d{4}\b", text):
        put("year", match.group(0), "earlyaccessdate")
        if (month := first_month(text)) is not None:
            put("month", str(month), "earlyaccessdate")
        if "status" not in data:
            put("status", "early access", "earlyaccessdate")


def _put_range(value: str, put: Put, warn: Warn, source: str) -> None:
    start_text, slash, end_text = value.strip().partition("/")
    start = _edtf(start_text)
    if start is None:
        warn(source, f"{value.strip()!r} is not a date (expected e.g. 2021-05 or 1984/1986)")
        return
    end = _edtf(end_text) if end_text.strip(" .") else ("present" if slash else None)
    if end is None or end == start:
        year, _, rest = start.partition("-")
        put("year", year, source)
        if rest:
            put("month", str(int(rest[:2])), source)
        return
    put("start", start, source)
    put("end", end, source)


# --- citation -------------------------------------------------------------------------------

# Fields that belong in a citation; the rest (abstract, pdf, file, timestamp…) do not.
CITATION_FIELDS = frozenset(
    {
        *("author", "title", "journal", "journaltitle", "booktitle", "eventtitle", "editor"),
        *("series", "volume", "number", "pages", "chapter", "edition", "publisher"),
        *("organization", "institution", "school", "holder", "howpublished", "address"),
        *("location", "type", "year", "month", "date", "note", "isbn", "issn", "doi", "url"),
        *("eprint", "archiveprefix", "eprinttype", "primaryclass", "pubstate", "collaboration"),
        # APS's journal `issue` and an article's number (`eid`, e1234) where it has no pages:
        # printed by biblatex's styles and the astronomers' (aa.bst, mnras.bst)
        *("issue", "eid"),
        # Scopus's and Web of Science's article number, likewise
        *("art_number", "article-number"),
    }
)


def citation_text(record: BibRecord) -> str:
    """The entry as written, less what is not a citation (abstract, pdf, marks on names)."""
    fields = []
    for name, field in record.fields.items():
        if name not in CITATION_FIELDS or (name == "note" and citation_count(record)):
            continue
        value = " ".join(field.value.split())
        if name in ("author", "editor"):
            value = " and ".join(split_marks(n)[0] for n in split_names(value))
        bare = value.isdigit() or (name == "month" and value.lower() in MONTH_NAMES)
        fields.append((name, value if bare else "{" + value + "}"))
    return entry_text(record.entry_type, record.key, fields)
