"""Every field of every real .bib fixture is on its paper's page, or named here with why.

For each file of test_realworld_bib_shown's OWNERS, each entry that has a page
(publications/<key's slug>/index.html) and each of its fields as bibparse reads them
(crossref's fields included, as they flow into the paper): the field's fact is on the page
as text a reader sees, as a link's address, or in the Cite block (the BibTeX shown), or the
field is named below: among the fields that are no fact of a paper (NOT_FACTS), among a
file's own bookkeeping (NOT_FACTS_OF_FILE), or in KNOWINGLY_MISSED (a fact the page does
not show, the field named in backticks in its why).

Compared: in the Cite block, the value as written (whitespace as one space, the marks on
names left out); on the page, the value decoded by bibtext, word for word (case, quotes,
Markdown's marks aside); a month by its name, an address or an arXiv id by a link's
address, a name list name by name.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from generator.content.bibparse import BibRecord, parse
from generator.content.bibread import ARXIV_ID, citation_count, first_month
from generator.content.bibtext import decode, names, split_marks, split_names, verbatim
from generator.content.dates import MONTH_NAMES
from generator.urls import key_slug
from tests.e2e.test_realworld_bib_shown import KNOWINGLY_MISSED, OWNERS, _built
from tests.e2e.test_realworld_bibtex import REAL
from tests.htmlread import Element, parse_page


def _named_as(why: str, *fields: str) -> dict[str, str]:
    return dict.fromkeys(fields, why)


# Fields that are no fact of the paper, in any file, with why.
NOT_FACTS: dict[str, str] = {
    **_named_as(
        "a reference manager's record of its own copy (when it was added or changed, by "
        "whom, where its files are kept)",
        *("timestamp", "date-added", "date-modified", "owner", "file", "added-at", "added-by"),
        *("bdsk-file-1", "bdsk-file-2", "bdsk-file-3", "bdsk-file-4", "entered", "updated"),
    ),
    **_named_as(
        "BibDesk's copies of the entry's links, kept beside its `url`, `doi` and `eprint`",
        *("bdsk-url-1", "bdsk-url-2", "bdsk-url-3"),
    ),
    **_named_as(
        "the day the writer last opened the address: about the copy, not the paper",
        *("urldate", "urlyear"),
    ),
    **_named_as(
        "where a database's entry came from (DBLP's `biburl`, `bibsource`, `bibdate`; "
        "INSPIRE's `SLACcitation`)",
        *("biburl", "bibsource", "bibdate", "slaccitation"),
    ),
    **_named_as(
        "the keeper's notes on the work (biblatex's `annotation`, for an annotated "
        "bibliography): Zotero puts its Extra field there ('Accepted: 2007-04-23T17:09:44Z'), "
        "al-folio the legend of its author marks (cvsite's own legend gives it), others "
        "their reading notes",
        *("annotation", "annote"),
    ),
    **_named_as(
        "a short form for citing (`shorttitle`, `shortjournal`, `shortauthor`, Scopus's "
        "`abbrev_source_title`): the page gives the full one",
        *("shorttitle", "shortjournal", "shortauthor", "abbrev_source_title"),
    ),
    **_named_as(
        "the language of the paper, for biblatex's hyphenation and its 'in German': the "
        "title and abstract show it",
        "language",
    ),
    **_named_as("biblatex's other keys for the same entry", "ids"),
    **_named_as(
        "the crossref'd entry's key: its fields are the paper's, and are checked as such",
        "crossref",
    ),
    **_named_as(
        "subject words a reference manager or a database attaches (Zotero's and Mendeley's "
        "tags, ADS's journal keywords): cvsite's tags are the owner's own, and these would "
        "fill the tag pages with another's words",
        *("keywords", "keyword", "mendeley-tags"),
    ),
    **_named_as(
        "how biblatex typesets the entry (hyphenation language, sorting, index and label "
        "forms, options), not what the paper is",
        *("langid", "langidopts", "sorttitle", "sortname", "sortyear", "indextitle"),
        *("indexsorttitle", "options", "label", "shorthand", "presort", "entrysubtype"),
    ),
    **_named_as(
        "biblatex's annotations of names (`author+an = {1=highlight}`): cvsite highlights "
        "the owner by the name in site.yaml",
        *("author+an", "author+an:role", "author+an:username", "advisor+an:role"),
        *("citation+an:citedate", "citation+an:citeinfo", "citation+an:citeorg"),
    ),
    **_named_as(
        "an entry's link to another entry of the file (biblatex's `related`): both are "
        "listed, unlinked",
        *("related", "relatedtype", "relatedstring"),
    ),
    **_named_as(
        "al-folio's switches for its own page (show the BibTeX, a preview picture, "
        "Altmetric, Dimensions and Scholar badges by id)",
        *("bibtex_show", "preview", "altmetric", "dimensions", "google_scholar_id"),
        "inspirehep_id",
    ),
    **_named_as(
        "where the paper is listed (among the selected papers of the home page), not a "
        "fact of its own page",
        "selected",
    ),
    **_named_as(
        "a database's own number for its record (PubMed, Web of Science, ACM, the "
        "Microsoft Academic and Software Heritage ids): the paper is linked by its DOI",
        *("pmid", "pmcid", "wok-uid", "acmid", "masid", "swhid", "oai", "urn"),
        *("unique-id", "pubmed_id"),
    ),
    **_named_as(
        "the authors' ids that Web of Science lists (ORCID, ResearcherID): about the people, "
        "not the paper (the owner's ORCID is a link of the profile)",
        *("orcid-numbers", "researcherid-numbers"),
    ),
    **_named_as(
        "a count a database keeps (times cited), or its licence text for the abstract",
        *("times-cited", "copyright"),
    ),
    **_named_as(
        "ADS's credit line (Provided by the SAO/NASA Astrophysics Data System), its "
        "record's address, and arXiv's comment (pages, figures)",
        *("adsnote", "adsurl", "adscomment"),
    ),
    **_named_as(
        "INSPIRE's and the experiments' report numbers (CERN-EP-2018-123): the paper's "
        "numbers in its collaboration's series; its DOI and arXiv links name it on the page",
        *("reportnumber", "report"),
    ),
    **_named_as(
        "the arXiv category of a preprint (hep-ex): the arXiv link is shown",
        "eprintclass",
    ),
    **_named_as(
        "library catalogue data a database copies (CODEN, LCCN, a journal's electronic ISSN "
        "beside the one cited, call numbers, Mathematical Reviews classes, the catalogue's "
        "subject terms, price)",
        *("coden", "lccn", "lccnalt", "callnumber", "callno", "mrclass", "mrnumber"),
        *("classification", "classcodes", "genterms", "descriptor", "thesaurus", "subject"),
        *("treatment", "corpsource", "price", "pubcountry", "format", "identifier", "eissn"),
    ),
    **_named_as(
        "the page count and article number beside `pages` (ACM's `numpages`, "
        "`articleno`), the issue's date beside `year` and `month`",
        *("numpages", "articleno", "issue_date", "pagetotal"),
    ),
}

# A file's own bookkeeping fields, by file, with why.
NOT_FACTS_OF_FILE: dict[str, dict[str, str]] = {
    "bibtex/ernst.bib": _named_as(
        "bibtex2web's own fields for Michael Ernst's web pages: the file names of a "
        "paper's downloads, its category on his list, which entry supersedes which, ASCII "
        "spellings of the names, what is still to do, and fields put out of use",
        *("basefilename", "category", "futurecategory"),
        *("olddownloads", "lostdownloadsnonlocal", "otherdownloadsnonlocal", "nodownloads"),
        *("omitdownloads", "tododownloads", "tododownloadsnonlocal", "needdownloadsnonlocal"),
        *("downloadsnonlocaltodo", "supersededby", "tobesupersededby", "notsupersededby"),
        *("noteaboutsupersededby", "noteaboutbasefilename", "authorascii", "authorascii1"),
        *("authorascii2", "authornonascii", "pseudoauthor", "undergradcoauthor", "alsosee"),
        *("usesdaikon", "usesdaikonastestsubject", "omitfromcv", "omiteditor", "omitnote"),
        *("omiturl", "needabstract", "needsummary", "neednumber", "needpages", "noabstract"),
        *("nopages", "nonpag", "oldnote", "oldhowpublished", "monthandday"),
        "omitdownloads_because_synoptic_does_not_yet_handle_partially_ordered_logs",
        "alternateabstract",
    ),
    "bibtex/duarte-cv-publications.bib": _named_as(
        "Javier Duarte's own switches for his CV: a `number` put out of use "
        "(`numberremove`), the collaboration his CV groups a paper under (`usera`)",
        *("numberremove", "usera"),
    ),
    "bibtex/ginsburg-ads-cv.bib": _named_as(
        "BibDesk's copy of the arXiv address: each of these papers has an `eprint`, whose "
        "arXiv link is shown",
        "arxivurl",
    ),
    "bibtex/kassung-publications.bib": _named_as(
        "Christian Kassung's own kind of a publication (Aufsatz, Monographie), which the "
        "entry's type gives",
        "mode",
    ),
    "bibtex/lealtaixe-bibdesk.bib": _named_as(
        "her Jekyll site's own picture and list of links (paths in that site, "
        "`{{ site.url }}/images/…`), beside the entry's `url`",
        *("icon", "pllinks"),
    ),
    "bibtex/pierce-bcp.bib": _named_as(
        "Benjamin Pierce's own bookkeeping in the master bibliography of his group: which "
        "lists an entry is on (`bcp`, `plclub`, `keys`), who checked it, his notes and "
        "queries, the full and short forms he switches between, and old values kept "
        "beside the ones used",
        *("checked", "checkedc", "checkednote", "checkedbyjcr", "originalchecked", "check"),
        *("plclub", "oldplclub", "bcp", "oldbcp", "bcpnote", "keys", "oldkeys", "akeys"),
        *("key", "refkey", "tr", "short", "full", "long", "complete", "conf", "comment"),
        *("comments", "question", "xnote", "xxxnote", "xxx-references", "review", "sjb"),
        *("fullurl", "fullurlps", "fullurldvi", "fullisbn", "fullissn", "fulleditor"),
        *("fullauthor", "fullpublisher", "fullmonth", "fulladdress", "fullnote"),
        *("fullorganization", "fullseries", "fullchapter", "fulllocation", "fullappendix"),
        *("oldabstract", "oldbooktitle", "olddoi", "oldissn", "oldnote", "orignote"),
        *("origauthor", "orignumber", "origpages", "originalnote", "realauthor"),
        *("realeditor", "nonpedanticauthor", "pedantictitle", "editor_", "editors"),
        *("authors", "instutition", "pagesargh", "pp", "page", "mon", "dates", "book"),
        *("paper", "text", "ascii", "japanese", "manuscript", "europeinfo", "orderinginfo"),
        *("source", "source-date", "sources", "reffrom", "references", "refs"),
        *("refsprocessed", "backcitesprocessed", "badcrossref", "crossrefonly"),
        *("hidseries", "journalabr", "shortbooktitle", "confaddress", "conflocation"),
        *("conftitle", "where", "area", "topic", "project", "scope", "semno", "entrydate"),
        *("acknowledgement", "affiliation", "affiliationaddress", "email", "homepage"),
        *("ps", "psgz", "postscript", "pdef", "coq", "sli_ppt", "myurl"),
        *("alturl", "documenturl", "document-size", "abstract-url", "filename", "ftpfrom"),
        *("errata", "official", "reprint", "transcript", "keynote", "acceptance", "id"),
        *("relation", "retrieval", "categories", "department", "description", "place"),
        *("puf", "day"),
    ),
}


def _out_of_use(field: str) -> bool:
    """A field its writer put out of use: `optpages` (Emacs's BibTeX mode marks an optional
    field so, and BibTeX ignores it), or a line started with `%` inside an entry (bibparse
    reads `%  title` as the field's name, and BibTeX would too)."""
    return field.startswith(("opt", "%"))


def _words(text: str) -> str:
    """Text as compared: its words in order, case folded (Markdown's marks, quotes, dashes and
    entities, and a link's address, left out)."""
    text = re.sub(r"\]\([^)\s]*\)", "]", html.unescape(text))  # [text](address)
    return " ".join(re.findall(r"\w+", unicodedata.normalize("NFC", text).casefold()))


def _reading(element: Element) -> str:
    """The text a reader sees, a formula as its TeX (as the .bib writes it); the Cite block
    is left out (its fields are compared one by one)."""
    if element.tag == "math":
        tex = element.find("annotation")
        return f" {tex.text} " if tex else element.text
    if "cite-block" in element.attrs.get("class", "").split():
        return ""
    return "".join(c if isinstance(c, str) else _reading(c) for c in element.children)


_CITE = re.compile(r'<pre class="bibtex"[^>]*><code>(.*?)</code></pre>', re.S)
_CITE_LINE = re.compile(r"^  ([^\s=]+) = (.*?),?$", re.M)


def _cited(html_text: str) -> dict[str, str]:
    """The Cite block's fields, name -> value as written."""
    found = _CITE.search(html_text)
    return dict(_CITE_LINE.findall(html.unescape(found.group(1)))) if found else {}


@cache
def _shown(path: Path) -> tuple[str, frozenset[str]]:
    """The words of the page's <main> and its links' addresses."""
    text = path.read_text("utf-8")
    main = parse_page(text[text.index("<main") : text.index("</main>") + 7]).root
    hrefs = frozenset(a.attrs["href"] for a in main.find_all("a") if "href" in a.attrs)
    return f" {_words(_reading(main))} ", hrefs


def _unbraced(value: str) -> str:
    return value[1:-1] if value[:1] == "{" and value[-1:] == "}" else value


_NAME_LISTS = {"author", "editor"}
_ARXIV_IDS = {"eprint", "arxiv", "arxivid"}
_ADDRESSES = {"url", "doi", "pdf", "code", "slides", "html", "website", "video", "poster"}


def _in_cite(name: str, value: str, cite: dict[str, str]) -> bool:
    """Whether the Cite block gives the value, under the field's name or another's (ADS's
    `eid` is its `pages`)."""
    written = " ".join(value.split())
    if name in _NAME_LISTS:
        written = " and ".join(split_marks(n)[0] for n in split_names(written))
    return written in {_unbraced(v) for v in cite.values()}


def _linked(address: str, hrefs: frozenset[str]) -> bool:
    return any(address.casefold() in href.casefold() for href in hrefs)


def _on_page(name: str, value: str, text: str, hrefs: frozenset[str]) -> bool:
    """Whether the field's fact is in the page's text or links."""
    address = re.sub(r"\s+", "", verbatim(value))
    if name in _ARXIV_IDS and (found := ARXIV_ID.search(address)):
        address = found.group(1)  # `arXiv:hep-ph/0211317v1`: its link's address
    if name in _ADDRESSES or name in _ARXIV_IDS:
        return _linked(address, hrefs)
    if name in ("downloads", "downloadsnonlocal"):  # bibtex2web's `address label; …`
        items = [item.split(None, 1) for item in verbatim(value).split(";") if item.strip()]
        return all(_linked(a, hrefs) or f" {_words(a)} " in text for a, *_ in items)
    # Another field that starts with a web address is a link (BibBase's `url_pdf`), or
    # links (bibtex2web's `address label; address label`), or text (an abstract)
    addresses = re.findall(r"https?://[^\s;]+", verbatim(value))
    if address.startswith(("http://", "https://")) and all(_linked(a, hrefs) for a in addresses):
        return True
    if name in _NAME_LISTS:
        return all(f" {_words(n)} " in text for n in names(value))
    if name == "month":  # `oct`, `{October}`, `10`, `28--30 Mar`: shown as Oct
        number = first_month(decode(value))
        return number is not None and f" {_words(list(MONTH_NAMES)[number - 1])} " in text
    return f" {_words(decode(value))} " in text


def _missing(name: str, output: Path) -> list[tuple[str, str, str]]:
    """(key, field, value) of each field whose fact is neither on its paper's page nor named."""
    text = (REAL / name).read_text("utf-8", errors="replace")
    pages = {p.parent.name.lower(): p for p in (output / "publications").glob("*/index.html")}
    missing = []
    for record in parse(text, name).records:
        path = pages.get(key_slug(record.key).lower())
        if path is None:  # a crossref volume, the venue of the papers that name it
            assert record.volume, f"{name}: {record.key} has no page"
            continue
        cite = _cited(path.read_text("utf-8"))
        for field, value in record.fields.items():
            if _in_cite(field, value.value, cite) or _named(name, record, field):
                continue
            if not _on_page(field, value.value, *_shown(path)):
                missing.append((record.key, field, value.value))
    return missing


def _named(name: str, record: BibRecord, field: str) -> bool:
    if _out_of_use(field) or field in NOT_FACTS or field in NOT_FACTS_OF_FILE.get(name, {}):
        return True
    if field == "note" and citation_count(record):
        return True  # Scopus's `cited By 12`: a count the database keeps, not a note
    misses = KNOWINGLY_MISSED.get(name, {})
    whys = (misses.get(record.key, ""), misses.get("*", ""))
    return any(f"`{field}`" in why.lower() for why in whys)  # bibparse lower-cases names


@pytest.mark.parametrize("name", sorted(OWNERS))
def test_every_field_is_on_its_papers_page_or_named(tmp_path_factory, name):
    output, run = _built(tmp_path_factory, name)
    assert run.code == 0, run.err
    missing = _missing(name, output)
    assert missing == [], "\n".join(f"{name}: {k}.{f} = {v[:80]!r}" for k, f, v in missing)


def test_the_fields_named_for_a_file_are_fields_of_it():
    for name, fields in NOT_FACTS_OF_FILE.items():
        records = parse((REAL / name).read_text("utf-8", errors="replace"), name).records
        used = {field for record in records for field in record.fields}
        assert set(fields) <= used, (name, set(fields) - used)
