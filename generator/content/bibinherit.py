"""crossref and xdata: an entry's missing fields taken from the entry it names.

BibTeX copies each field the child lacks from its `crossref` parent under the same name.
biblatex does that too, and renames the parent's titles by its default inheritance rules
(biblatex manual, appendix B): a book's `title` is its chapter's `booktitle`, a multi-volume
work's `title` is the `maintitle` of its parts, a periodical's `title` an article's
`journaltitle`; the parent's own title fields and its bookkeeping fields (`ids`, `crossref`,
`entryset`…) are not copied as such, nor what names the parent work alone (its DOI, URL,
arXiv id, PDF, abstract). `xdata` names entries whose fields are all copied.
A parent named but not in the file, or a loop, leaves the entry as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F")
E = TypeVar("E")

# Not inherited under their own name: the parent's titles are renamed (below) and these
# belong to the parent entry alone.
_OWN = {
    "title",
    "subtitle",
    "titleaddon",
    "shorttitle",
    "sorttitle",
    "indextitle",
    "indexsorttitle",
    "ids",
    "crossref",
    "xref",
    "xdata",
    "entryset",
    "entrysubtype",
    "execute",
    "label",
    "options",
    "presort",
    "related",
    "relatedoptions",
    "relatedstring",
    "relatedtype",
    "shorthand",
    "shorthandintro",
    "sortkey",
    # What names one work and not the works inside it: a proceedings' DOI is not its papers'.
    # (biber copies these too; on a paper's page they would point to the wrong work.)
    "doi",
    "url",
    "urldate",
    "eprint",
    "eprinttype",
    "eprintclass",
    "archiveprefix",
    "primaryclass",
    "pdf",
    "code",
    "slides",
    "abstract",
    "file",
    "selected",
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
    fields: dict[str, F],
    child_type: str,
    parents: list[tuple[str, dict[str, F]]],
    *,
    xdata: bool = False,
) -> dict[str, F]:
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


def resolve_all(
    entries: dict[str, E],
    links: Callable[[E], tuple[list[str], list[str]]],
    complete: Callable[[E, list[E], list[E]], E],
) -> dict[str, E]:
    """Every entry with its parents' fields, parents first: `links(e)` is (crossref keys,
    xdata keys), lower-cased; `complete(e, crossref parents, xdata parents)` merges."""
    done: dict[str, E] = {}

    def visit(key: str, seen: frozenset[str]) -> E:
        if key in done:
            return done[key]
        entry = entries[key]
        refs, datas = links(entry)
        found = [
            [visit(k, seen | {k}) for k in keys if k in entries and k not in seen]
            for keys in (refs, datas)
        ]
        done[key] = complete(entry, found[0], found[1])
        return done[key]

    for key in entries:
        visit(key, frozenset({key}))
    return done
