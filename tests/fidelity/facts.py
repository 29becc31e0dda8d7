"""Facts in, facts out: how much of a real file survives into the built site.

For each file under tests/fixtures/realworld/ (or the files named on the command line) this
makes a scratch site with the real CLI, builds it, reads the visible text of every built page
and counts the facts of the input that a visitor can see (issue 27; the importers of issue 30
plug in the same way).

- JSON Resume (`cvsite import jsonresume FILE`): every leaf of the file, strings and numbers,
  less empty strings, `$schema` and `meta` (the document's own metadata). A leaf is shown when
  its text is in the site's visible text (case-sensitive, whitespace collapsed, typographic
  quotes and dashes read as plain ones); a Markdown leaf may be shown as its rendered text; a
  URL or e-mail leaf also counts when a link points to it; a date counts only in the form the
  site prints dates (CLDR `yMMMd`, `yMMM`, `y` in the site's language; a day may be dropped,
  a month may not).
- BibTeX and biblatex (`content/publications.bib`, with `highlight_author` set to the file's
  owner from SOURCES.md): per entry, its title (and subtitle), each author, each editor, the
  venue, the year (or the years of a date range), the DOI and the URL. Values are decoded with
  bibtexparser (raw blocks, our own @string, `#` and crossref/xdata resolution) and pylatexenc
  with the macros a reader expects to see (\\TeX, \\LaTeX, \\S, \\hyphen, ...). Each fact is
  looked for on that entry's own page, never in the BibTeX shown to copy (the Cite block).
  Titles and venues compare letters and digits only (case, spaces and punctuation are free, a
  missing word is not); names compare word by word in either order; math may appear as its
  source, as its text, or as MathML.
- Also counted: a build that fails on the unedited file (with its first error), LaTeX residue
  on paper pages (`\\`, `{`, `}` and `$...$` outside <math> and `.math`), papers that have the
  owner as an author without the owner highlighted (`.me`), and site-internal links that point
  to nothing.

Run from the repository root:

    python -m tests.fidelity.facts                  # every real-world file, a table row each
    python -m tests.fidelity.facts --verbose        # and the missing facts, grouped by kind
    python -m tests.fidelity.facts tests/fixtures/realworld/bibtex/stark-papers.bib
    python -m tests.fidelity.facts --selftest       # the measure checked on known answers
    python -m tests.fidelity.facts --salvage --verbose  # not the measure: past failed .bib builds

The table is Markdown. For issue 30's inputs (RenderCV, Hugo Blox,
academicpages, Markdown) the facts are counted already (leaves of the YAML and front matter,
less presentation keys; every line of text of a Markdown body), and the row says "no importer
yet" until `cvsite import KIND` exists; then the site is made with it and measured like a JSON
Resume.
"""

from __future__ import annotations

import argparse
import functools
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import urllib.parse
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import yaml

from tests.htmlread import VOID, Element, parse_page
from tests.htmlread import read_page as read_tree

ROOT = Path(__file__).resolve().parents[2]
REALWORLD = ROOT / "tests" / "fixtures" / "realworld"
SOURCES = REALWORLD / "SOURCES.md"

# ---------------------------------------------------------------------------------------------
# Facts and how text is compared


@dataclass(frozen=True)
class Fact:
    """One thing the input says that a visitor should be able to read on the site."""

    kind: str  # e.g. "work.name", "author", "venue"
    text: str  # the expected text, decoded, for messages
    entry: str = ""  # a BibTeX key: look on that entry's page only
    url: bool = False  # a link to it also counts
    when: tuple[int, int, int] | None = None  # a date: (year, month, day), 0 = not given
    span: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None  # its entry's dates
    pattern: str = ""  # a regex on the page's skeleton instead of `text` (titles, names)
    markdown: bool = False  # may be shown as its Markdown-rendered text
    folded: bool = False  # compare without case (BibTeX values)


_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
        "\u2007": " ",
        "\u2060": "",
        "\u00ad": "",
    }
)
_DASHES = re.compile(r"[\u2010\u2011\u2012\u2013\u2014\u2015\u2212-]+")


def norm(text: str) -> str:
    """Whitespace collapsed; typographic quotes, dashes and ellipses read as plain ones."""
    text = unicodedata.normalize("NFC", text).translate(_QUOTES).replace("\u2026", "...")
    text = _DASHES.sub("-", text)
    return re.sub(r"\s+", " ", text).strip()


def skeleton(text: str) -> str:
    """Letters and digits only, case-folded: spaces, punctuation and case do not count."""
    return "".join(ch for ch in unicodedata.normalize("NFC", text).casefold() if ch.isalnum())


def words(text: str) -> str:
    """Letters and digits in words, case-folded, one space between words."""
    folded = unicodedata.normalize("NFC", text).casefold()
    return " ".join(re.findall(r"[^\W_]+", folded))


def contains(haystack: str, needle: str) -> bool:
    """`needle` in `haystack`, not as a part of a longer word ("C" is not in "CV" or "C++")."""
    if not needle:
        return False
    left = r"(?<![\w+#])" if needle[0].isalnum() else ""
    right = r"(?![\w+#])" if needle[-1].isalnum() else ""
    return re.search(left + re.escape(needle) + right, haystack) is not None


# ---------------------------------------------------------------------------------------------
# Reading the built site


_COPY_CLASSES = {"cite", "cite-block", "bibtex"}  # the BibTeX shown to copy, not the page's text
# Elements that break a line: text on either side of them is separate (inline ones join text).
_BLOCKS = set(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "br",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
    ]
)


@dataclass
class Page:
    path: str
    text: str = ""  # the body's visible text
    main: str = ""  # <main>'s visible text, less the BibTeX to copy
    residue_text: str = ""  # like `main`, less math
    links: set[str] = field(default_factory=set)  # href and src values
    cite_keys: list[str] = field(default_factory=list)
    owner_marked: list[str] = field(default_factory=list)  # texts of `.me` elements
    has_math: bool = False


class _PageReader:
    """Walks a page as tests/htmlread.py reads it, keeping apart the texts `Page` holds."""

    def __init__(self) -> None:
        self.stack: list[set[str]] = []  # per open element: the flags it sets
        self.body: list[str] = []
        self.main: list[str] = []
        self.residue: list[str] = []
        self.cite: list[str] = []
        self.cites: list[str] = []
        self.marked: list[list[str]] = []
        self.links: set[str] = set()
        self.has_math = False
        self.delimiter = "$"

    def flags(self) -> set[str]:
        return set().union(*self.stack) if self.stack else set()

    def walk(self, element: Element) -> None:
        for child in element.children:
            if isinstance(child, str):
                self.handle_data(child)
                continue
            self.handle_starttag(child.tag, child.attrs)
            if child.tag not in VOID:
                self.walk(child)
                self.handle_endtag(child.tag)

    def handle_starttag(self, tag: str, values: dict[str, str]) -> None:
        self.boundary(tag)
        for name in ("href", "src"):
            if values.get(name):
                self.links.add(values[name])
        if tag in VOID:
            return
        classes = set((values.get("class") or "").split())
        flags = set()
        if tag in ("script", "style", "head", "template"):
            flags.add("hidden")
        # A formula is read as the TeX it was written in (its <annotation>, which cvsite
        # keeps), between the delimiters of its kind: its MathML tokens say less.
        if tag == "annotation":
            flags.add("tex")
        if tag == "main":
            flags.add("main")
        if classes & _COPY_CLASSES:
            flags.add("copy")
            if "copy" not in self.flags():
                self.cite = []
        if tag == "math" or "math" in classes:
            flags.add("math")
            self.has_math = True
            self.delimiter = "$$" if values.get("display") == "block" else "$"
        if tag == "math":
            flags.add("mathml")
        if "me" in classes:
            flags.add("me")
            self.marked.append([])
        self.stack.append(flags)

    def boundary(self, tag: str) -> None:
        if tag in _BLOCKS:
            for parts in (self.body, self.main, self.residue, self.cite):
                parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        self.boundary(tag)
        if not self.stack:
            return
        flags = self.stack.pop()
        if "copy" in flags and "copy" not in self.flags():
            self.cites.append("".join(self.cite))

    def handle_data(self, data: str) -> None:
        flags = self.flags()
        if "hidden" in flags:
            return
        if "copy" in flags:
            self.cite.append(data)
            return
        if "tex" in flags:
            data = f"{self.delimiter}{data}{self.delimiter}"
        elif "mathml" in flags:  # its tokens: the annotation says it in full
            return
        self.body.append(data)
        if "me" in flags:
            self.marked[-1].append(data)
        if "main" in flags:
            self.main.append(data)
            if "math" not in flags:
                self.residue.append(data)


_CITE_KEY = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s]+)\s*,")


def read_page(path: Path, rel: str) -> Page:
    reader = _PageReader()
    reader.walk(read_tree(path).root)
    keys = [m.group(1) for text in reader.cites if (m := _CITE_KEY.search(text))]
    return Page(
        path=rel,
        text=norm("".join(reader.body)),
        main=norm("".join(reader.main)),
        residue_text=norm("".join(reader.residue)),
        links=reader.links,
        cite_keys=keys,
        owner_marked=[norm("".join(parts)) for parts in reader.marked],
        has_math=reader.has_math,
    )


@dataclass
class Site:
    """What a visitor can read: the text of every page, and each paper's page by BibTeX key."""

    output: Path
    language: str
    pages: list[Page]
    by_key: dict[str, Page]
    text: str
    links: set[str]

    @classmethod
    def read(cls, site: Path) -> Site:
        output = site / "output"
        pages = [
            read_page(path, path.relative_to(output).as_posix())
            for path in sorted(output.rglob("*.html"))
        ]
        by_key = {page.cite_keys[0]: page for page in pages if len(page.cite_keys) == 1}
        links = set().union(*(page.links for page in pages)) if pages else set()
        return cls(
            output=output,
            language=site_language(site),
            pages=pages,
            by_key=by_key,
            text=" ".join(page.text for page in pages),
            links=links,
        )

    def page_of(self, key: str) -> Page | None:
        return self.by_key.get(key)


def site_language(site: Path) -> str:
    try:
        config = yaml.safe_load((site / "site.yaml").read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        return "en"
    return str(config.get("language") or "en")


def broken_links(site: Site) -> list[str]:
    """Links inside the site (no scheme, no //) whose target was not built."""
    broken = set()
    for page in site.pages:
        here = (site.output / page.path).parent
        for link in page.links:
            # A browser reads `%E4%BF%A1` as the letters of a file's name (信).
            target = urllib.parse.unquote(link.split("#", 1)[0].split("?", 1)[0])
            if not target or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", target):
                continue
            base = site.output if target.startswith("/") else here
            resolved = (base / target.lstrip("/")).resolve()
            if not (resolved.is_file() or (resolved / "index.html").is_file()):
                broken.add(link)
    return sorted(broken)


# ---------------------------------------------------------------------------------------------
# Is a fact shown?


def date_forms(when: tuple[int, int, int], language: str) -> list[str]:
    """The ways the site may print a date: CLDR skeletons as cvsite uses them."""
    from babel.dates import format_skeleton

    year, month, day = when
    locale = language.replace("-", "_")
    if month and day:
        value = date(year, month, day)
        return [format_skeleton(s, value, locale=locale) for s in ("yMMMd", "yMMM")]
    if month:
        return [format_skeleton("yMMM", date(year, month, 1), locale=locale)]
    return [str(year)]


def span_forms(start: tuple[int, int, int], end: tuple[int, int, int], language: str) -> list[str]:
    """A start and an end printed as one span: CLDR's interval format when both have the same
    precision (`May – Aug 2022`), else the two dates joined (`May 2022 – 2023`)."""
    from babel import Locale
    from babel.dates import format_interval

    locale = Locale.parse(language.replace("-", "_"))
    forms = []
    for first in date_forms(start, language):
        for second in date_forms(end, language):
            forms.append(locale.interval_formats.get(None, "{0} – {1}").format(first, second))
    same = (bool(start[1]), bool(start[2])) == (bool(end[1]), bool(end[2]))
    if same:
        skeletons = ["yMMMd", "yMMM"] if start[2] else ["yMMM"] if start[1] else ["y"]
        a, b = (date(y, m or 1, d or 1) for y, m, d in (start, end))
        forms += [format_interval(a, b, s, locale=locale) for s in skeletons]
    return forms


def markdown_text(source: str) -> str:
    """The visible text of a Markdown value, as a theme that renders Markdown shows it."""
    import markdown

    reader = _PageReader()
    reader.stack.append({"main"})
    reader.walk(parse_page(markdown.markdown(source)).root)
    return norm("".join(reader.body))


def link_matches(value: str, links: Iterable[str]) -> bool:
    """A link to the value: exactly, or with a trailing slash of difference; a space in the
    value may be a link's %20 (a browser's reading of a URL with a space), and a web address
    written without its scheme (`citeseer.nj.nec.com/x.html`) may be linked with https://
    (issue 27's rule for such addresses)."""
    wanted = value.strip().rstrip("/")
    forms = {wanted, wanted.replace(" ", "%20")}
    if not re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", wanted):
        forms.add("https://" + wanted)
    return any(link.strip().rstrip("/") in forms for link in links)


_IDENTIFIER_LINKS = {"doi": r"^https?://(?:dx\.)?doi\.org/", "arxiv": r"^https?://arxiv\.org/abs/"}


def identifier_shown(fact: Fact, site: Site) -> bool:
    """A DOI or arXiv id in front matter (Hugo Blox's hugoblox.ids): a link to it is shown."""
    prefix = _IDENTIFIER_LINKS[fact.kind.rsplit(".", 1)[-1]]
    wanted = fact.text.strip().casefold()
    for link in site.links:
        target = re.sub(prefix, "", link.strip(), flags=re.I)
        if target != link.strip() and _unquote(target).casefold() == wanted:
            return True
    return contains(site.text.casefold(), wanted)


def shown(fact: Fact, site: Site) -> bool:
    if not fact.entry and fact.kind.rsplit(".", 1)[-1] in _IDENTIFIER_LINKS:
        return identifier_shown(fact, site)
    if fact.entry:
        page = site.page_of(fact.entry)
        if page is None:
            return False
        text, links, has_math = page.main, page.links, page.has_math
    else:
        text, links, has_math = site.text, site.links, False
    if fact.when:
        forms = date_forms(fact.when, site.language)
        if fact.span:
            forms += span_forms(*fact.span, site.language)
        return any(contains(text, norm(form)) for form in forms)
    if fact.url and link_matches(fact.text, links):
        return True
    if fact.pattern:
        target = words(text) if fact.kind in ("author", "editor") else skeleton(text)
        pattern = fact.pattern.replace("(?:MATHML)", r"[^\W_]{1,80}?" if has_math else "(?!)")
        return re.search(pattern, target) is not None
    if fact.folded:
        return contains(text.casefold(), norm(fact.text).casefold())
    return any(contains(text, needle) for needle in needles(fact))


def needles(fact: Fact) -> list[str]:
    """The texts that show a text fact: as written, or as its Markdown renders."""
    found = [norm(fact.text)]
    if fact.markdown:
        rendered = markdown_text(fact.text)
        if rendered and rendered not in found:
            found.append(rendered)
    return found


def _occurrences(text: str, needle: str) -> list[tuple[int, int]]:
    left = r"(?<![\w+#])" if needle[:1].isalnum() else ""
    right = r"(?![\w+#])" if needle[-1:].isalnum() else ""
    return [m.span() for m in re.finditer(left + re.escape(needle) + right, text)]


DOI_URL = "https://doi.org/"


def site_text_shown(facts: list[Fact], site: Site) -> set[Fact]:
    """The site-wide text facts that are shown, each by text of its own.

    Longer facts are matched first and every place their text appears is then used up, so a
    company name found only inside a summary that mentions it does not count as the company.
    Facts that show the same text stand or fall together (two jobs at one employer; a name
    and the same name marked `*John Doe*` in an author list).
    """
    text = site.text
    found: set[Fact] = set()
    groups: dict[str, list[Fact]] = defaultdict(list)
    for fact in facts:
        if fact.url and link_matches(fact.text, site.links):
            found.add(fact)
        elif fact.kind.endswith(".doi") and link_matches(DOI_URL + fact.text, site.links):
            found.add(fact)  # a DOI is shown as a link to doi.org, as on paper pages
        else:
            groups[needles(fact)[-1]].append(fact)  # by the text shown: `*A*` shows as A
    for key in sorted(groups, key=len, reverse=True):
        for needle in needles(groups[key][0]):
            spans = _occurrences(text, needle) if needle else []
            if spans:
                found.update(groups[key])
                for start, end in reversed(spans):
                    text = text[:start] + "\0" * (end - start) + text[end:]
                break
    return found


# ---------------------------------------------------------------------------------------------
# JSON Resume (and, for issue 30, any YAML or front matter): every leaf is a fact

_ISO_DATE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T[\d:.]+Z?)?$")
_URL = re.compile(r"^(?:https?://|mailto:|tel:|www\.)", re.IGNORECASE)
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def as_date(value: str) -> tuple[int, int, int] | None:
    m = _ISO_DATE.match(value.strip())
    if not m:
        return None
    year, month, day = (int(part) if part else 0 for part in m.groups())
    if not (1 <= month <= 12 or month == 0) or not (0 <= day <= 31):
        return None
    return (year, month, day)


def leaf_fact(kind: str, value: object, span: tuple[str, str] | None = None) -> Fact | None:
    """A fact for one leaf of a JSON or YAML document; None for what is not a fact."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, date):
        value = value.isoformat()
    text = str(value).strip()
    if not text or text == "#":  # `#`: a template's placeholder for a link, not a fact
        return None
    when = as_date(text) if isinstance(value, str) else None
    if when:
        ends = tuple(as_date(str(v)) for v in span) if span else None
        return Fact(kind, text, when=when, span=ends if ends and all(ends) else None)
    if _URL.match(text):
        return Fact(kind, text, url=True)
    if _EMAIL.match(text):
        return Fact(kind, text, url=True, markdown=True)
    return Fact(kind, text, markdown=isinstance(value, str))


# Start and end of one entry: the site may print them as one span ("May – Aug 2022").
_SPANS = (("startDate", "endDate"), ("start_date", "end_date"), ("start", "end"))
_SPANS += (("date_start", "date_end"), ("event_start", "event_end"))


def _span_of(mapping: dict, key: str) -> tuple[str, str] | None:
    for start, end in _SPANS:
        if key in (start, end) and mapping.get(start) and mapping.get(end):
            return (str(mapping[start]), str(mapping[end]))
    return None


Leaf = tuple[tuple[str, ...], object, "tuple[str, str] | None"]


def leaves(
    value: object,
    path: tuple[str, ...] = (),
    skip: Callable[[tuple[str, ...]], bool] | None = None,
    span: tuple[str, str] | None = None,
) -> Iterator[Leaf]:
    """(path without list indices, leaf, its start-end span) for every leaf, less the paths
    `skip` refuses."""
    if skip and skip(path):
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, str(key)), skip, _span_of(value, str(key)))
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item, path, skip)
    else:
        yield path, value, span


def tree_facts(
    document: object, skip: Callable[[tuple[str, ...]], bool] | None = None
) -> list[Fact]:
    facts = []
    for path, value, span in leaves(document, (), skip):
        fact = leaf_fact(".".join(path) or "value", value, span)
        if fact:
            facts.append(fact)
    return facts


def jsonresume_facts(path: Path) -> list[Fact]:
    """Every leaf but the document's metadata ($schema, meta) and icon names (al-folio's
    `icon: fa-solid fa-tag`, a theme's choice, not a fact about the person)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    return tree_facts(
        document, lambda p: bool(p) and (p[0] in ("$schema", "meta") or p[-1] == "icon")
    )


# ---------------------------------------------------------------------------------------------
# BibTeX and biblatex: the reference decoding


@functools.cache
def _latex_decoder() -> Callable[[str], str]:
    """pylatexenc with the macros a reader of the entry sees as text (its default table drops
    \\TeX, \\LaTeX, \\S, \\hyphen... which is the very loss we measure)."""
    from pylatexenc import latexwalker, macrospec
    from pylatexenc.latex2text import (
        LatexNodes2Text,
        MacroTextSpec,
        get_default_latex_context_db,
    )

    walker_db = latexwalker.get_default_latex_context_db()
    walker_db.add_context_category(
        "facts",
        prepend=True,
        macros=[
            macrospec.MacroSpec("href", "{{"),
            macrospec.MacroSpec("url", "{"),
            macrospec.MacroSpec("mkbibquote", "{"),
            macrospec.MacroSpec("textsc", "{"),
            macrospec.MacroSpec("mkbibemph", "{"),
            macrospec.MacroSpec("mkbibitalic", "{"),
            macrospec.MacroSpec("mkbibbold", "{"),
            macrospec.MacroSpec("textsuperscript", "{"),
            macrospec.MacroSpec("foreignlanguage", "[{{"),
        ],
    )
    text_db = get_default_latex_context_db()
    text_db.add_context_category(
        "facts",
        prepend=True,
        macros=[
            MacroTextSpec("TeX", "TeX"),
            MacroTextSpec("LaTeX", "LaTeX"),
            MacroTextSpec("LaTeXe", "LaTeX2e"),
            MacroTextSpec("BibTeX", "BibTeX"),
            MacroTextSpec("XeTeX", "XeTeX"),
            MacroTextSpec("LuaTeX", "LuaTeX"),
            MacroTextSpec("ConTeXt", "ConTeXt"),
            MacroTextSpec("hyphen", "-"),
            MacroTextSpec("S", "\u00a7"),
            MacroTextSpec("P", "\u00b6"),
            MacroTextSpec("href", "%(2)s"),
            MacroTextSpec("url", "%(1)s"),
            MacroTextSpec("mkbibquote", "\u201c%(1)s\u201d"),
            MacroTextSpec("mkbibemph", "%(1)s"),
            MacroTextSpec("mkbibitalic", "%(1)s"),
            MacroTextSpec("mkbibbold", "%(1)s"),
            MacroTextSpec("textsc", "%(1)s"),
            MacroTextSpec("textsuperscript", "%(1)s"),
            # babel's \foreignlanguage{russian}{text}: the language is a setting, not text.
            MacroTextSpec("foreignlanguage", "%(3)s"),
        ],
    )
    converter = LatexNodes2Text(latex_context=text_db)
    return lambda source: converter.latex_to_text(source, latex_context=walker_db)


def latex_text(source: str) -> str:
    try:
        return _latex_decoder()(source).replace("{", "").replace("}", "")
    except Exception:  # the reference must not stop on one odd value; keep it visible
        return source.replace("{", "").replace("}", "")


_MATH = re.compile(r"(?<!\\)\$\$.+?(?<!\\)\$\$|(?<!\\)\$.+?(?<!\\)\$|\\\(.+?\\\)", re.DOTALL)


def text_pattern(source: str) -> str:
    """A regex on a page's skeleton for a LaTeX value: its text in order, and for each piece
    of math its source, its text, or (on a page with MathML) any word."""
    parts, at = [], 0
    for m in _MATH.finditer(source):
        parts.append(re.escape(skeleton(latex_text(source[at : m.start()]))))
        math = m.group(0)
        # Its source, its text (may be empty: $^+$, or $\to$ read as an arrow), or MathML.
        options = {skeleton(math), skeleton(latex_text(math))}
        parts.append("(?:" + "|".join([*map(re.escape, sorted(options)), "(?:MATHML)"]) + ")")
        at = m.end()
    parts.append(re.escape(skeleton(latex_text(source[at:]))))
    return "".join(parts)


# BibTeX value syntax: `{..}`, `".."`, numbers and @string names joined by `#`.

_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July")
_MONTH_NAMES += ("August", "September", "October", "November", "December")
_MONTHS = {name[:3].lower(): name for name in _MONTH_NAMES}


def _split_concat(raw: str) -> list[str]:
    parts, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(raw):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == '"' and depth == 0:
            quoted = not quoted
        elif ch == "#" and depth == 0 and not quoted:
            parts.append(raw[start:i])
            start = i + 1
    parts.append(raw[start:])
    return [part.strip() for part in parts]


def resolve(raw: str, strings: dict[str, str], seen: frozenset[str] = frozenset()) -> str:
    out = []
    for part in _split_concat(raw):
        if part[:1] in '{"' and len(part) >= 2:
            out.append(part[1:-1])
        elif part.isdigit():
            out.append(part)
        elif part.lower() in strings and part.lower() not in seen:
            out.append(resolve(strings[part.lower()], strings, seen | {part.lower()}))
        elif part.lower() in _MONTHS:
            out.append(_MONTHS[part.lower()])
        else:
            out.append(part)  # an undefined @string: BibTeX warns; we keep its name
    return "".join(out)


@dataclass
class BibEntry:
    key: str
    type: str
    fields: dict[str, str]  # lower-case names, first occurrence wins, values resolved
    line: int


def read_bib(path: Path) -> tuple[list[BibEntry], list[str]]:
    """Entries as BibTeX reads them: the first of a duplicated field or key wins."""
    import bibtexparser

    # Its warnings on blocks it cannot read are noted per file, not printed.
    logging.getLogger("bibtexparser").setLevel(logging.ERROR)
    from bibtexparser.model import DuplicateBlockKeyBlock, DuplicateFieldKeyBlock

    library = bibtexparser.parse_string(path.read_text(encoding="utf-8"), parse_stack=[])
    strings: dict[str, str] = {}
    for string in library.strings:
        strings.setdefault(string.key.lower(), string.value)
    blocks, notes = list(library.entries), []
    for failed in library.failed_blocks:
        if isinstance(failed, DuplicateFieldKeyBlock):
            blocks.append(failed.ignore_error_block)
        elif not isinstance(failed, DuplicateBlockKeyBlock):
            notes.append(f"line {failed.start_line}: the reference parser could not read a block")
    entries, keys = [], set()
    for block in sorted(blocks, key=lambda b: b.start_line):
        if block.key.lower() in keys:
            continue
        keys.add(block.key.lower())
        fields: dict[str, str] = {}
        for item in block.fields:
            fields.setdefault(item.key.lower(), resolve(str(item.value), strings))
        entries.append(BibEntry(block.key, block.entry_type.lower(), fields, block.start_line))
    return inherit(entries), notes


_IN_TYPES = {"inbook", "incollection", "inproceedings", "conference", "inreference"}
_IN_TYPES |= {"bookinbook", "suppbook", "suppcollection", "suppperiodical"}


def inherit(entries: list[BibEntry]) -> list[BibEntry]:
    """crossref and xdata: missing fields come from the parent (biblatex: its title is the
    child's booktitle, or maintitle for a multi-volume parent)."""
    by_key = {entry.key.lower(): entry for entry in entries}

    def parents(entry: BibEntry) -> list[BibEntry]:
        names = [entry.fields.get("crossref", "")]
        names += entry.fields.get("xdata", "").split(",")
        return [by_key[n.strip().lower()] for n in names if n.strip().lower() in by_key]

    def complete(entry: BibEntry, seen: frozenset[str]) -> dict[str, str]:
        fields = dict(entry.fields)
        for parent in parents(entry):
            if parent.key.lower() in seen:
                continue
            inherited = complete(parent, seen | {parent.key.lower()})
            # biblatex's defaults: a multi-volume parent's title is the child's maintitle.
            as_name = "maintitle" if parent.type.startswith("mv") else "booktitle"
            if entry.type in _IN_TYPES and as_name not in fields and "title" in inherited:
                fields[as_name] = inherited["title"]
            for name, value in inherited.items():
                # A parent's DOI and URL name the parent (a proceedings), not the child.
                if name not in ("title", "crossref", "xdata", "ids", "key", "doi", "url"):
                    fields.setdefault(name, value)
        return fields

    return [
        BibEntry(e.key, e.type, complete(e, frozenset({e.key.lower()})), e.line) for e in entries
    ]


_VENUE_BY_TYPE = {
    "article": ("journal", "journaltitle"),
    "periodical": ("title",),
    "phdthesis": ("school", "institution"),
    "mastersthesis": ("school", "institution"),
    "thesis": ("school", "institution"),
    "techreport": ("institution",),
    "report": ("institution",),
    "patent": ("holder",),
    "misc": ("howpublished", "organization", "publisher"),
    "online": ("organization", "howpublished", "publisher"),
    "unpublished": ("howpublished",),
}
for _type in ("book", "mvbook", "proceedings", "collection", "mvcollection", "manual"):
    _VENUE_BY_TYPE[_type] = ("publisher", "organization")
for _type in _IN_TYPES:
    _VENUE_BY_TYPE[_type] = ("booktitle", "maintitle")
_ANY_VENUE = ("journal", "journaltitle", "booktitle", "publisher", "school", "institution")
_ANY_VENUE += ("howpublished", "organization")
_NOT_ENTRIES = {"set", "xdata"}  # a set's members and an xdata's users are the entries


def venue_field(entry: BibEntry) -> str | None:
    preferred = _VENUE_BY_TYPE.get(entry.type, ())
    if entry.type == "periodical":
        return None  # the title is the venue
    for name in (*preferred, *_ANY_VENUE):
        if entry.fields.get(name, "").strip():
            return name
    return None


_MARKS = re.compile(
    r"\$\^\{?\\?(?:\*|dagger|ast|ddagger|S|star)\}?\$|\\textsuperscript\{[^}]*\}|[*\u2020\u2021\u2217]"
)


def person_forms(raw: str) -> tuple[str, str] | None:
    """(a readable name, a regex on page words matching it in either order); None for
    `others`."""
    from bibtexparser.middlewares.names import parse_single_name_into_parts

    raw = _MARKS.sub("", raw).strip()
    if not raw or raw.lower() == "others":
        return None
    parts = parse_single_name_into_parts(raw, strict=False)
    first, von_last, junior = (
        norm(latex_text(" ".join(names)))
        for names in (parts.first, [*parts.von, *parts.last], parts.jr)
    )
    if not words(von_last):
        return None
    readable = " ".join(f"{first} {von_last} {junior}".split())
    first, von_last, junior = words(first), words(von_last), words(junior)
    orders = {f"{first} {von_last}", f"{von_last} {first}"} if first else {von_last}
    orders = {" ".join(f"{o} {junior}".split()) for o in orders}
    pattern = "|".join(r"(?<![^ ])" + re.escape(o) + r"(?![^ ])" for o in sorted(orders))
    return readable, pattern


def people(raw: str) -> list[str]:
    from bibtexparser.middlewares.names import split_multiple_persons_names

    return split_multiple_persons_names(raw) if raw.strip() else []


def plain(value: str) -> str:
    """A DOI or URL as written, less \\url{} and TeX escapes."""
    value = re.sub(r"^\\url\s*\{(.*)\}$", r"\1", value.strip(), flags=re.IGNORECASE | re.DOTALL)
    value = re.sub(r"\\([_%&#$~])", r"\1", value).replace("{", "").replace("}", "")
    return value.replace("\\textasciitilde", "~").strip()


def entry_facts(entry: BibEntry) -> list[Fact]:
    key, fields = entry.key, entry.fields
    facts = []

    def text_fact(kind: str, source: str) -> None:
        facts.append(Fact(kind, norm(latex_text(source)), entry=key, pattern=text_pattern(source)))

    if fields.get("title", "").strip():
        text_fact("title", fields["title"])
    for extra in ("subtitle", "titleaddon"):
        if fields.get(extra, "").strip():
            text_fact(extra, fields[extra])
    for role in ("author", "editor"):
        for name in people(fields.get(role, "")):
            forms = person_forms(name)
            if forms:
                facts.append(Fact(role, forms[0], entry=key, pattern=forms[1]))
    venue = venue_field(entry)
    if venue:
        text_fact("venue", fields[venue])
    for year in entry_years(fields):
        facts.append(Fact("year", year, entry=key, folded=True))
    if fields.get("doi", "").strip():
        doi = re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:)", "", plain(fields["doi"]), flags=re.I)
        facts.append(Fact("doi", doi, entry=key, url=True, folded=True))
    if fields.get("url", "").strip():
        facts.append(Fact("url", plain(fields["url"]), entry=key, url=True))
    return facts


_ISO_DATES = re.compile(
    r"\s*-?\d{4}(?:-\d{2}){0,2}[?~%]?(?:\s*/\s*(?:-?\d{4}(?:-\d{2}){0,2}[?~%]?)?)?\s*"
)


def entry_years(fields: dict[str, str]) -> list[str]:
    """The years an entry gives: its `year` as written, or the years of a date (biblatex's
    `date`, or an ISO date or range written in `year`, as biblatex-ieee does)."""
    year = norm(latex_text(fields.get("year", "")))
    if year and not _ISO_DATES.fullmatch(year):
        return [year]
    found = re.findall(r"(?:^|/)\s*(-?\d{4})", year or fields.get("date", ""))
    return list(dict.fromkeys(found))


def doi_shown(fact: Fact, site: Site) -> bool:
    page = site.page_of(fact.entry)
    if page is None:
        return False
    wanted = fact.text.casefold()
    for link in page.links:
        m = re.match(r"^https?://(?:dx\.)?doi\.org/(.+)$", link.strip(), re.I)
        if m and _unquote(m.group(1)).casefold() == wanted:
            return True
    return contains(page.main.casefold(), wanted)


def _unquote(value: str) -> str:
    from urllib.parse import unquote

    return unquote(value)


# ---------------------------------------------------------------------------------------------
# Owners (from SOURCES.md) and the owner check


def owners() -> dict[str, list[str]]:
    """`file -> [name, alias, ...]` from the table under "## Owners" in SOURCES.md."""
    table: dict[str, list[str]] = {}
    if not SOURCES.is_file():
        return table
    in_section = False
    for line in SOURCES.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            in_section = line.strip().lower() == "## owners"
            continue
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if in_section and len(cells) >= 2 and cells[0].endswith(".bib"):
            table[cells[0]] = [n.strip() for n in cells[1].split(";") if n.strip()]
    return table


def _name_key(name: str) -> tuple[str, str]:
    from bibtexparser.middlewares.names import parse_single_name_into_parts

    parts = parse_single_name_into_parts(_MARKS.sub("", name).strip(), strict=False)
    last = skeleton(latex_text(" ".join([*parts.von, *parts.last])))
    first = skeleton(latex_text(" ".join(parts.first)))
    return last, first[:1]


def is_owner(name: str, owner_names: list[str]) -> bool:
    last, initial = _name_key(name)
    for owner in owner_names:
        owner_last, owner_initial = _name_key(owner)
        if last == owner_last and (not initial or not owner_initial or initial == owner_initial):
            return True
    return False


def owner_unmarked(entries: list[BibEntry], owner_names: list[str], site: Site) -> list[str]:
    """Keys of papers with the owner among the authors but no highlighted owner on its page."""
    missing = []
    last_names = {_name_key(n)[0] for n in owner_names}
    for entry in entries:
        if entry.type in _NOT_ENTRIES:
            continue
        if not any(is_owner(n, owner_names) for n in people(entry.fields.get("author", ""))):
            continue
        page = site.page_of(entry.key)
        marked = page.owner_marked if page else []
        if not any(last in skeleton(text) for text in marked for last in last_names):
            missing.append(entry.key)
    return missing


_RESIDUE = re.compile(r"\$[^$]{1,200}\$|[^$\s]*[\\{}][^$\s]*")


def residue(site: Site) -> dict[str, list[str]]:
    """Per paper page: LaTeX that a visitor reads as such (outside math)."""
    found = {}
    for key, page in site.by_key.items():
        hits = list(dict.fromkeys(m.group(0) for m in _RESIDUE.finditer(page.residue_text)))
        if hits:
            found[key] = hits
    return found


# ---------------------------------------------------------------------------------------------
# Issue 30's inputs: facts are ready, importers are not (yet)

_PRESENTATION = {
    "icon",
    "icon_pack",
    "schema",
    "slug",
    "is_owner",
    "status",
    "weight",
    "featured",
    "draft",
    "image",
    "focal_point",
    "preview_only",
    "publishDate",
    "projects",
    "slides",
    "publication_types",
    "layout",
    "permalink",
    "collection",
    "category",
    "author_profile",
    "redirect_from",
    "design",
    "block",
    "id",
    "css_class",
    "spacing",
    "background",
    "event_all_day",
    "cascade",
    "type",
    "view",
    "sections",
    "show_date",
    "show_read_time",
    "avatar",
    "reading_time",
    "share",
    "commentable",
    "editable",
    "toc",
    "linktitle",
    "menu",
    "header",
    "summary_length",
    "widget",
    "headless",
    "active",
    "date_format",
    "color",
    "color_border",
    "_build",
    "build",
}
_OWNER_REFS = {"me", "admin"}


def _skip_presentation(path: tuple[str, ...]) -> bool:
    return bool(path) and path[-1] in _PRESENTATION


def front_matter(path: Path) -> tuple[object, str]:
    """YAML front matter (---), or TOML (+++, Hugo's other form)."""
    text = path.read_text(encoding="utf-8")
    toml = re.match(r"^\+\+\+\s*\n(.*?)\n\+\+\+\s*\n?(.*)$", text, re.DOTALL)
    if toml:
        import tomllib

        return tomllib.loads(toml.group(1)), toml.group(2)
    m = re.match(r"^---\s*\n(.*?)\n---\s*\n?(.*)$", text, re.DOTALL)
    if not m:
        return {}, text
    return yaml.safe_load(m.group(1)) or {}, m.group(2)


_MARKUP_LINE = re.compile(
    r"^(?:[-=*_]{3,}|</?[a-zA-Z][^>]*>|\{%.*%\}|\{\{<.*>\}\}|\{\{%.*%\}\}|<!--.*-->"
    r"|!\[[^\]]*\]\([^)]*\)|(?:`{3,}|~{3,})[\w+-]*|\{[:.#]?[\w\s=\"':;.#-]*\}|\|?[\s:|-]+\|[\s:|-]*)$"
)
_FENCE = re.compile(r"^(`{3,}|~{3,})")
_HUGO_ESCAPED = re.compile(r"\{\{([<%])/\*\s*(.*?)\s*\*/([>%])\}\}")


def line_facts(body: str, kind: str = "line") -> list[Fact]:
    """Every line of text in a Markdown body (markup-only lines are not facts). A line of
    fenced code is shown as written; a table row's facts are its cells."""
    facts = []
    fence = ""
    for raw in body.splitlines():
        # Hugo shows an escaped shortcode {{</* x */>}} as {{< x >}}.
        line = _HUGO_ESCAPED.sub(r"{{\1 \2 \3}}", raw.strip())
        opening = _FENCE.match(line)
        closes = fence and opening and line == opening.group(1) and line.startswith(fence)
        if (opening and not fence) or closes:
            fence = "" if fence else opening.group(1)
            continue
        if fence:
            facts += [Fact(kind, norm(line))] if line else []
            continue
        if not line or _MARKUP_LINE.match(line) or line.startswith("> [!"):
            continue
        if line.count("**") % 2:  # bold over several lines: the marks are on other lines
            line = line.replace("**", "")
        cells = line.strip("|").split("|") if line.startswith("|") else [line]
        for cell in cells:
            text = markdown_text(
                re.sub(r"^(?:#+\s*|[-*+]\s+|\d+\.\s+|>\s*|:\s+)", "", cell.strip())
            )
            if text:
                facts.append(Fact(kind, text))
    return facts


def page_facts(path: Path, prefix: str) -> list[Fact]:
    meta, body = front_matter(path)

    landing = isinstance(meta, dict) and meta.get("type") == "landing"

    def skip(p: tuple[str, ...]) -> bool:
        # A Hugo landing page's date is when the page was made, not a fact of the CV.
        return _skip_presentation(p) or (landing and p == ("date",))

    facts = [
        f
        for f in tree_facts(meta, skip)
        if not (f.kind.endswith("authors") and f.text in _OWNER_REFS)
    ]
    facts = [
        Fact(f"{prefix}.{f.kind}", f.text, url=f.url, when=f.when, span=f.span, markdown=f.markdown)
        for f in facts
    ]
    return facts + line_facts(body, f"{prefix}.body")


def rendercv_facts(path: Path) -> list[Fact]:
    """Every leaf of `cv:` but `sort_entries` (RenderCV 2.0-2.3's order of entries, a
    setting kept under `cv:`); a one-line entry's `details: "a, b"` is its items, one fact
    each (a skill list, shown so)."""
    from generator.importers.rendercv.entries import listed_items

    document = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    cv = document.get("cv", {})
    for entries in ((cv.get("sections") or {}) if isinstance(cv, dict) else {}).values():
        for entry in entries if isinstance(entries, list) else []:
            if (
                isinstance(entry, dict)
                and "label" in entry
                and isinstance(entry.get("details"), str)
            ):
                entry["details"] = listed_items(entry["details"])
            if isinstance(entry, dict) and isinstance(entry.get("highlights"), list):
                # RenderCV's nested bullets (" - " in a highlight) are points under it: the
                # highlight's text and each point are facts of their own, shown so.
                entry["highlights"] = [
                    part.strip()
                    for highlight in entry["highlights"]
                    for part in str(highlight).split(" - ")
                ]
    return tree_facts({"cv": cv}, lambda p: p[-1:] == ("sort_entries",) and len(p) == 2)


def hugoblox_facts(folder: Path) -> list[Fact]:
    facts = []
    for author in sorted((folder / "data" / "authors").glob("*.yaml")):
        document = yaml.safe_load(author.read_text(encoding="utf-8")) or {}
        facts += tree_facts({"author": document}, _skip_presentation)
    for page in sorted((folder / "content").rglob("*.md")):
        rel = page.relative_to(folder / "content").parts
        facts += page_facts(page, rel[0].removesuffix(".md"))
    return facts


def academicpages_facts(folder: Path) -> list[Fact]:
    config = yaml.safe_load((folder / "_config.yml").read_text(encoding="utf-8")) or {}
    facts = tree_facts({"author": config.get("author") or {}}, _skip_presentation)
    for collection in ("_publications", "_talks", "_teaching", "_portfolio"):
        for page in sorted((folder / collection).glob("*")):
            facts += page_facts(page, collection.lstrip("_"))
    return facts


def markdown_facts(path: Path) -> list[Fact]:
    _, body = front_matter(path)
    return line_facts(body)


# ---------------------------------------------------------------------------------------------
# Units: one input, its facts, the site made from it


@dataclass
class Outcome:
    name: str
    facts: list[Fact]
    missing: list[Fact] = field(default_factory=list)
    build: str = "ok"  # "ok", or what went wrong first
    errors: list[str] = field(default_factory=list)
    residue: dict[str, list[str]] = field(default_factory=dict)
    unmarked: list[str] | None = None  # None: no owner known
    owner_papers: int = 0
    broken: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    built: bool = False  # a site was built and read
    pageless: list[str] = field(default_factory=list)  # entries the built site has no page for
    salvaged: int = 0  # blocks --salvage dropped to get a build


def cli(*args: str | Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=1800,
    )


def first_error(run: subprocess.CompletedProcess) -> list[str]:
    output = (run.stderr + run.stdout).replace(str(ROOT) + os.sep, "")
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if re.search(r":\d+:\d+: |error|Error", line)]
    errors = [line for line in errors if not re.match(r"^\d+ errors? found\.?$", line)]
    return errors or lines[-1:]


def importer_exists(kind: str) -> bool:
    return cli("import", kind, "--help").returncode == 0


def build(site: Path, outcome: Outcome) -> Site | None:
    run = cli("build", "--site", site)
    if run.returncode != 0:
        outcome.errors += first_error(run)
        outcome.build = f"fails: {outcome.errors[0] if outcome.errors else run.returncode}"
        return None
    return Site.read(site)


def import_into(kind: str, source: Path, site: Path, outcome: Outcome) -> bool:
    """`cvsite import KIND SOURCE --site SITE`; a partial import still gets built."""
    run = cli("import", kind, source, "--site", site)
    if run.returncode != 0:
        errors = [e for e in first_error(run) if "not imported" not in e]
        outcome.errors += errors
        outcome.build = f"import exit {run.returncode}: {errors[0] if errors else ''}"
    return (site / "site.yaml").is_file()


def measure(outcome: Outcome, site: Site | None) -> None:
    if site is None:
        outcome.missing = list(outcome.facts)
        return
    outcome.built = True
    keys = dict.fromkeys(f.entry for f in outcome.facts if f.entry)
    outcome.pageless = [key for key in keys if site.page_of(key) is None]
    plain_text = [
        f
        for f in outcome.facts
        if not (f.entry or f.when or f.pattern or f.folded)
        and f.kind.rsplit(".", 1)[-1] not in _IDENTIFIER_LINKS
        # A page's body line is looked for on its own: a source that repeats it word for
        # word elsewhere (academicpages' excerpt = the body's abstract) does not use it up.
        and not f.kind.endswith(".body")
    ]
    found = site_text_shown(plain_text, site)
    for fact in outcome.facts:
        if fact in found:
            continue
        if fact in plain_text or not (
            doi_shown(fact, site) if fact.kind == "doi" else shown(fact, site)
        ):
            outcome.missing.append(fact)
    outcome.broken = broken_links(site)


def run_jsonresume(path: Path, work: Path) -> Outcome:
    outcome = Outcome(rel(path), jsonresume_facts(path))
    site = work / "site"
    ok = import_into("jsonresume", path, site, outcome)
    built = build(site, outcome) if ok else None
    if built is None and outcome.build == "ok":
        outcome.build = "import made no site"
    elif built is not None and outcome.build != "ok":
        outcome.build += " (a site was made and built)"
    measure(outcome, built)
    return outcome


def bib_site(path: Path, site: Path, owner_names: list[str]) -> None:
    (site / "content").mkdir(parents=True)
    name = owner_names[0] if owner_names else "Site Owner"
    config = {"title": name, "base_url": "https://example.org/"}
    if owner_names:
        # The name alone, as a user would set it: cvsite's matching finds the other spellings.
        config["highlight_author"] = owner_names[0]
    (site / "site.yaml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    (site / "content" / "profile.yaml").write_text(
        yaml.safe_dump({"name": name}, allow_unicode=True), encoding="utf-8"
    )
    shutil.copyfile(path, site / "content" / "publications.bib")


def run_bib(path: Path, work: Path, salvage: bool = False) -> Outcome:
    entries, notes = read_bib(path)
    entries = [e for e in entries if e.type not in _NOT_ENTRIES]
    owner_names = owners().get(path.name, [])
    facts = [fact for entry in entries for fact in entry_facts(entry)]
    outcome = Outcome(rel(path), facts, notes=notes)
    site = work / "site"
    bib_site(path, site, owner_names)
    built = build(site, outcome)
    if built is None and salvage:
        built = salvage_bib(site, outcome)
    measure(outcome, built)
    if built is not None:
        outcome.residue = residue(built)
    if owner_names:
        empty = Site(site / "output", "en", [], {}, "", set())
        outcome.unmarked = owner_unmarked(entries, owner_names, built or empty)
        outcome.owner_papers = sum(
            1
            for e in entries
            if any(is_owner(n, owner_names) for n in people(e.fields.get("author", "")))
        )
    return outcome


def salvage_bib(site: Path, outcome: Outcome, rounds: int = 100) -> Site | None:
    """Not the measure, a way to see past a failed build: drop the blocks the errors name
    (entries, @strings) from the site's copy and build again. Their facts stay missing."""
    import bibtexparser

    bib = site / "content" / "publications.bib"
    errors, dropped = list(outcome.errors), 0
    for _ in range(rounds):
        text = bib.read_text(encoding="utf-8")
        blocks = bibtexparser.parse_string(text).blocks
        doomed = {id(b): b for e in errors if (b := _block_named(e, blocks))}
        if not doomed:
            return None
        for block in sorted(doomed.values(), key=lambda b: -b.start_line):
            text = text.replace(block.raw, "", 1)
        dropped += len(doomed)
        bib.write_text(text, encoding="utf-8")
        attempt = Outcome(outcome.name, [])
        built = build(site, attempt)
        if built is not None:
            outcome.salvaged = dropped
            return built
        errors = attempt.errors
        outcome.errors += [e for e in errors if e not in outcome.errors]
    return None


def _block_named(error: str, blocks: list) -> object | None:
    """The block an error is about: its key opens the message, its line is the nearest."""
    m = re.search(r"\.bib:(\d+):\d+: (.*)$", error)
    if not m:
        return None
    line, rest = int(m.group(1)) - 1, m.group(2)
    named = [b for b in blocks if (k := _key_of(b)) and rest.startswith((f"{k}:", f"{k}."))]
    if not named:  # the message names a field only: the block that starts last before it
        before = [b for b in blocks if b.start_line <= line]
        named = [max(before, key=lambda b: b.start_line)] if before else []
    return min(named, key=lambda b: abs(b.start_line - line), default=None)


def _key_of(block: object) -> str | None:
    inner = getattr(block, "ignore_error_block", None)
    return getattr(block, "key", None) or getattr(inner, "key", None)


def run_other(kind: str, facts: Callable[[Path], list[Fact]]) -> Callable[[Path, Path], Outcome]:
    """Issue 30's importers, measured like JSON Resume once `cvsite import KIND` exists."""

    def run(path: Path, work: Path) -> Outcome:
        outcome = Outcome(rel(path), facts(path))
        if not importer_exists(kind):
            outcome.build = "no importer yet"
            outcome.missing = list(outcome.facts)
            return outcome
        site = work / "site"
        ok = import_into(kind, path, site, outcome)
        built = build(site, outcome) if ok else None
        measure(outcome, built)
        return outcome

    return run


RUNNERS: dict[str, Callable[[Path, Path], Outcome]] = {
    "jsonresume": run_jsonresume,
    "bibtex": run_bib,
    "biblatex": run_bib,
    "rendercv": run_other("rendercv", rendercv_facts),
    "hugoblox": run_other("hugoblox", hugoblox_facts),
    "academicpages": run_other("academicpages", academicpages_facts),
    "markdown": run_other("markdown", markdown_facts),
}


def units() -> list[tuple[str, Path]]:
    """Every real-world input: a file, or a folder for the site-shaped sources."""
    found = []
    for kind in RUNNERS:
        folder = REALWORLD / kind
        if kind in ("academicpages", "hugoblox"):
            found += [(kind, sub) for sub in sorted(folder.iterdir()) if sub.is_dir()]
        else:
            # A folder's SOURCES.md says where its files come from: it is not one of them.
            files = [f for f in sorted(folder.iterdir()) if f.is_file() and f.name != "SOURCES.md"]
            found += [(kind, f) for f in files]
    return found


def kind_of(path: Path) -> str:
    path = path.resolve()
    for kind in RUNNERS:
        folder = (REALWORLD / kind).resolve()
        if path == folder or folder in path.parents:
            return kind
    if path.suffix == ".bib":
        return "bibtex"
    if path.suffix == ".json":
        return "jsonresume"
    return "markdown"


def rel(path: Path) -> str:
    path = path.resolve()
    for base in (REALWORLD.resolve(), ROOT):
        if base in path.parents or path == base:
            return path.relative_to(base).as_posix() or "."
    return str(path)


def run_unit(kind: str, path: Path, keep: Path | None, salvage: bool = False) -> Outcome:
    runner = RUNNERS[kind]
    if salvage and runner is run_bib:
        runner = functools.partial(run_bib, salvage=True)
    if keep:
        work = keep / rel(path).replace("/", "__")
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        return runner(path, work)
    with tempfile.TemporaryDirectory(prefix="facts-") as tmp:
        return runner(path, Path(tmp))


# ---------------------------------------------------------------------------------------------
# Report


def row(o: Outcome) -> str:
    total, lost = len(o.facts), len(o.missing)
    pct = f"{100 * (total - lost) / total:.1f} %" if total else "-"
    shown_cell = total - lost
    if o.build == "no importer yet":
        shown_cell = pct = "-"
    unmarked = "-" if o.unmarked is None else f"{len(o.unmarked)} of {o.owner_papers}"
    res = str(len(o.residue)) if o.built and o.name.endswith(".bib") else "-"
    build_cell = o.build if len(o.build) <= 100 else o.build[:97] + "..."
    if o.salvaged:
        build_cell += f" (salvaged: {o.salvaged} blocks dropped)"
    build_cell = build_cell.replace("|", "\\|")
    cells = [o.name, total, shown_cell, pct, build_cell, res, unmarked, len(o.broken)]
    return "| " + " | ".join(str(c) for c in cells) + " |"


HEADER = (
    "| file | facts | shown | % shown | build | residue pages | owner not highlighted "
    "| broken links |\n| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |"
)


def details(o: Outcome, limit: int) -> Iterator[str]:
    yield f"\n### {o.name}: {len(o.facts) - len(o.missing)} of {len(o.facts)} facts shown"
    for error in o.errors[:limit]:
        yield f"- error: {error}"
    if len(o.errors) > limit:
        yield f"- ... and {len(o.errors) - limit} more errors"
    for note in o.notes:
        yield f"- note: {note}"
    groups: dict[str, list[Fact]] = defaultdict(list)
    pageless = set(o.pageless)
    if pageless:
        lost = sum(1 for f in o.missing if f.entry in pageless)
        keys = ", ".join(o.pageless[:limit]) + (" ..." if len(pageless) > limit else "")
        yield f"- {len(pageless)} entries have no page ({lost} facts): {keys}"
    for fact in o.missing:
        if fact.entry not in pageless or not o.built:
            groups[fact.kind].append(fact)
    if o.build == "no importer yet" or (o.facts and len(o.missing) == len(o.facts)):
        why = "no importer yet" if o.build == "no importer yet" else "nothing was built"
        counts = ", ".join(
            f"{k} {len(g)}" for k, g in sorted(groups.items(), key=lambda kv: -len(kv[1]))
        )
        yield f"- {why}; the facts counted: {counts}"
        return
    for kind, group in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        total = sum(1 for f in o.facts if f.kind == kind)
        yield f"- missing {kind} ({len(group)} of {total}):"
        for fact in group[:limit]:
            where = f"[{fact.entry}] " if fact.entry else ""
            text = fact.text if len(fact.text) <= 140 else fact.text[:137] + "..."
            yield f"    - {where}{text}"
        if len(group) > limit:
            yield f"    - ... and {len(group) - limit} more"
    for key, hits in list(o.residue.items())[:limit]:
        yield f"- residue [{key}]: " + " | ".join(repr(h) for h in hits[:3])
    if len(o.residue) > limit:
        yield f"- ... residue on {len(o.residue) - limit} more pages"
    if o.unmarked:
        shown_keys = ", ".join(o.unmarked[:limit])
        more = f" and {len(o.unmarked) - limit} more" if len(o.unmarked) > limit else ""
        yield f"- owner not highlighted: {shown_keys}{more}"
    for link in o.broken[:limit]:
        yield f"- broken link: {link}"


# ---------------------------------------------------------------------------------------------
# The measure checked on cases where the answer is known

SELFTEST_RESUME = {
    "basics": {
        "name": "Quinn Zarathustra",
        "label": "Glassblower",
        "email": "quinn@example.org",
        "url": "https://quinn.example.org/",
        "profiles": [{"network": "GitHub", "username": "qzara", "url": "https://github.com/qzara"}],
    },
    "work": [
        {
            "name": "Vitreous Works",
            "position": "Head of Furnaces",
            "startDate": "2019-03-01",
            "endDate": "2021-06",
            "highlights": ["Made **seven** lamps"],
            "summary": "Opaline Guild taught me the trade.",
        }
    ],
    # Outside every entry: not imported (a field the schema lacks inside an entry is kept as
    # text, "x_guild: Opaline Guild", and would be shown).
    "x_guild": "Opaline Guild",
    "x_private": "Xylophonic unobtainium note",
    "x_since": "2019-11-20",
}

SELFTEST_BIB = r"""@article{zara2020,
  title = {Annealing {Glass} in the Small},
  author = {Zarathustra, Quinn and Roe, Richard},
  journal = {Journal of Vitreous Tests},
  year = {2020},
  doi = {10.5555/zara.2020},
}
@inproceedings{roe2018,
  title = {Furnaces, Revisited},
  author = {Roe, Richard},
  booktitle = {Proceedings of the Kiln Workshop},
  year = {2018},
}
"""


def _check(label: str, ok: bool, failures: list[str]) -> None:
    print(f"{'PASS' if ok else 'FAIL'}: {label}")
    if not ok:
        failures.append(label)


def selftest() -> int:
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="facts-selftest-") as tmp:
        work = Path(tmp)
        _selftest_jsonresume(work / "json", failures)
        _selftest_bib(work / "bib", failures)
    print(f"\n{len(failures)} of the checks failed" if failures else "\nall checks passed")
    return 1 if failures else 0


def _selftest_jsonresume(work: Path, failures: list[str]) -> None:
    work.mkdir(parents=True)
    source = work / "resume.json"
    source.write_text(json.dumps(SELFTEST_RESUME, indent=2), encoding="utf-8")
    facts = jsonresume_facts(source)
    _check("the hand-made JSON Resume has its 16 leaves as facts", len(facts) == 16, failures)
    base = run_jsonresume(source, work / "base")
    lost = {f.text for f in base.missing}
    _check(
        "a leaf cvsite does not import (x_private) is counted missing",
        "Xylophonic unobtainium note" in lost,
        failures,
    )
    _check(
        "a text found only inside a longer fact (the summary) is not counted as shown",
        "Opaline Guild" in lost and "Opaline Guild taught me the trade." not in lost,
        failures,
    )
    _check(
        "a date the site never prints is missing though its year is on the page",
        "2019-11-20" in lost,
        failures,
    )
    _check(
        "the start date shows as 'Mar 1, 2019' or 'Mar 2019'", "2019-03-01" not in lost, failures
    )
    _check(
        "Markdown '**seven**' counts through its rendered text",
        "Made **seven** lamps" not in lost,
        failures,
    )
    # Sabotage the site, not the facts: drop a field from the imported content and rebuild.
    site = work / "base" / "site"
    experience = site / "content" / "experience.yaml"
    text = experience.read_text(encoding="utf-8")
    experience.write_text(re.sub(r"\n\s*highlights:\n\s*- .*", "", text), encoding="utf-8")
    after = Outcome("sabotaged", facts)
    measure(after, build(site, after))
    _check(
        "removing the highlight from the site loses exactly that fact",
        {f.kind for f in after.missing} - {f.kind for f in base.missing} == {"work.highlights"}
        and len(after.missing) == len(base.missing) + 1,
        failures,
    )


def _selftest_bib(work: Path, failures: list[str]) -> None:
    work.mkdir(parents=True)
    source = work / "selftest.bib"
    source.write_text(SELFTEST_BIB, encoding="utf-8")
    entries, _ = read_bib(source)
    facts = [f for e in entries for f in entry_facts(e)]
    # zara2020: title, 2 authors, venue, year, DOI; roe2018: title, author, venue, year.
    _check("the hand-made .bib has 10 facts", len(facts) == 10, failures)
    site_dir = work / "site"
    bib_site(source, site_dir, ["Quinn Zarathustra"])
    outcome = Outcome("selftest.bib", facts)
    site = build(site_dir, outcome)
    measure(outcome, site)
    _check(
        "a plain two-entry .bib shows every fact",
        site is not None and not outcome.missing,
        failures,
    )
    if site is None:
        return
    _check(
        "the owner is highlighted on the one paper they wrote",
        owner_unmarked(entries, ["Quinn Zarathustra"], site) == [],
        failures,
    )
    _check("no residue on plain entries", residue(site) == {}, failures)
    # Sabotage the built page of zara2020: its venue and the owner's highlight go, a LaTeX
    # macro appears in its title. The venue is still in the Cite block, which must not count.
    page = site.page_of("zara2020")
    if page is None:
        _check("the paper page of zara2020 is found by its Cite block", False, failures)
        return
    path = site.output / page.path
    html = path.read_text(encoding="utf-8")
    html = re.sub(r'<span class="venue-name">.*?</span>', "", html, flags=re.S)
    html = html.replace('<strong class="me">', "<span>").replace(
        "Quinn Zarathustra</strong>", "Quinn Zarathustra</span>"
    )
    html = html.replace(">Annealing Glass", ">Annealing \\emph{Glass}")
    path.write_text(html, encoding="utf-8")
    again = Site.read(site_dir)
    missing = [
        f for f in facts if not (doi_shown(f, again) if f.kind == "doi" else shown(f, again))
    ]
    _check(
        "a venue shown only in the Cite block, and the mangled title, are counted missing",
        sorted(f.kind for f in missing) == ["title", "venue"],
        failures,
    )
    _check(
        "a removed highlight is counted",
        owner_unmarked(entries, ["Quinn Zarathustra"], again) == ["zara2020"],
        failures,
    )
    _check(
        "a visible \\emph{...} is residue on that page",
        list(residue(again)) == ["zara2020"],
        failures,
    )


# ---------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders (default: all)")
    parser.add_argument("--verbose", action="store_true", help="list the missing facts")
    parser.add_argument("--limit", type=int, default=1000, help="items per group in --verbose")
    parser.add_argument("--keep", type=Path, help="keep the scratch sites in this folder")
    parser.add_argument("--selftest", action="store_true", help="check the measure itself")
    parser.add_argument(
        "--salvage",
        action="store_true",
        help="not the measure: when a .bib does not build, drop the blocks its errors name "
        "and build the rest, to see the losses behind the failure",
    )
    args = parser.parse_args(argv)
    if args.selftest:
        return selftest()
    chosen = [(kind_of(p), p) for p in args.paths] if args.paths else units()
    outcomes = []
    print(HEADER, flush=True)
    for kind, path in chosen:
        outcome = run_unit(kind, path, args.keep.resolve() if args.keep else None, args.salvage)
        outcomes.append(outcome)
        print(row(outcome), flush=True)
    if args.verbose:
        for outcome in outcomes:
            print("\n".join(details(outcome, args.limit)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
