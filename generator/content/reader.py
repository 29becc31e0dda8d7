"""Read a site's files (found by content.discover) into validated, located records, and keep a
file's reading for the next: `Validated` gives back the entry objects made before for entries
read just as before; where readings are kept is the caller's (a `ReadCache`).

site.yaml and the profile are one mapping each, people.yaml a list of co-authors; a section
is a YAML list of entries or a folder of Markdown files with front matter; a free page is one
Markdown file with front matter; .bib files hold publications. With a translations Resolver
each file is read as one language reads it. Every file is read and every error collected.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel

from generator.content.discover import SiteInputs
from generator.content.schema import Entry, PageMatter, Person, Profile, SiteConfig, model_for
from generator.content.textfile import read_text
from generator.content.translations import Fallback, Languages, Resolver, languages_of
from generator.content.validation import validate
from generator.content.yamlio import Document, FrontMatterFile, read_front_matter, read_yaml
from generator.errors import (
    ContentError,
    ContentErrors,
    ErrorCollector,
    FieldPath,
    describe,
    format_field_path,
)


@dataclass(frozen=True)
class LoadedEntry:
    """One validated entry and where it came from."""

    section: str
    data: Entry
    source: str
    line: int
    index: int | None = None  # position in a YAML list; None for a Markdown file
    stem: str | None = None  # the Markdown file's name without .md
    body_line: int = 0  # first line of a body written below the front matter, else 0
    many: bool = False  # one of many entries of its file (a YAML list, a .bib)
    volume: bool = False  # a .bib entry others name in crossref (bibparse.BibRecord.volume)
    doc: Document | None = field(default=None, compare=False, repr=False)

    def written(self, path: FieldPath) -> FieldPath:
        """`path`, or its `text` where the file gives the value as a mapping of `text` and
        more (a highlight with tags), so that an error about the text names and finds it."""
        within = path if self.index is None else (self.index, *path)
        if self.doc is not None and (*within, "text") in self.doc.marks:
            return (*path, "text")
        return path

    def error(self, path: FieldPath, message: str) -> ContentError:
        """An error about one of this entry's fields, placed at that field in its file."""
        if self.doc is None or (path == ("body",) and self.body_line):
            line, column = (self.body_line, 1) if self.body_line else (self.line, 1)
            return ContentError(self.source, line, column, format_field_path("", path), message)
        if self.index is None:
            return self.doc.error(path, message)
        return self.doc.error((self.index, *path), message, root=self.section)


@dataclass(frozen=True)
class FileRead:
    """One section file as one language reads it: its entries, errors and fallbacks; and its
    valid entries by what they were validated from, for the next reading (`Validated`)."""

    entries: list[LoadedEntry]
    errors: list[ContentError]
    fallbacks: list[Fallback] = field(default_factory=list)
    made: dict[Hashable, Entry] = field(default_factory=dict, compare=False, repr=False)


Made = tuple[Any, list[ContentError]]  # an entry (None if invalid) and its errors


class Validated:
    """Validation of a file's entries that hands back, for an entry read just as before, the
    object its last reading made: an edit of one entry leaves the others' objects, and what
    builds made from them, as they were. One entry read twice in a file is validated twice."""

    def __init__(self, before: FileRead | None = None):
        self._before = before.made if before is not None else {}
        self.made: dict[Hashable, Entry] = {}

    def unread(self) -> dict[Hashable, Entry]:
        """What to keep for the next reading when this one could not read the file: what
        the last one made, for when the file is fixed."""
        return self._before

    def get(self, key: Hashable | None, make: Callable[[], Made]) -> Made:
        """`make()`, or the entry made before from what `key` names (None: nothing to go by)."""
        if key is None or key in self.made:
            return make()
        found = self._before.get(key)
        if found is not None:
            self.made[key] = found
            return found, []
        entry, problems = make()
        if entry is not None and not problems:
            self.made[key] = entry
        return entry, problems


def frozen(value: Any) -> Hashable | None:
    """YAML data as a key that equal data share (None if it holds an unhashable value).
    Types are part of it: `yes`, `1` and `1.0` are equal in Python, not to a model."""
    try:
        key = _frozen(value)
        hash(key)
    except TypeError:
        return None
    return key


def _frozen(value: Any) -> Hashable:
    if isinstance(value, dict):
        return (dict, tuple((_frozen(k), _frozen(v)) for k, v in value.items()))
    if isinstance(value, list):
        return (list, tuple(_frozen(v) for v in value))
    return (type(value), value)


class ReadCache(Protocol):
    """Where readings of files are kept until the file changes, per reader (a language of the
    site, or None for a file every language reads alike)."""

    def get(self, path: Path, reader: Hashable = None) -> FileRead | None:
        """The reading of `path` by `reader` while the file is unchanged, else None."""

    def before(self, path: Path, reader: Hashable = None) -> FileRead | None:
        """The last reading of `path` by `reader`, even if the file changed since."""

    def put(self, path: Path, reader: Hashable, found: FileRead) -> None:
        """Keep `found` as the reading of `path` by `reader`."""


def _mapping_error(doc: Document, what: str) -> ContentError:
    if doc.data is None:
        return ContentError(doc.file, 1, 1, "", f"file is empty (expected {what})")
    return ContentError(doc.file, 1, 1, "", f"expected {what}, found {describe(doc.data)}")


def read_languages(files: SiteInputs, resolver_cache: dict[Path, Any]) -> Languages:
    """The languages site.yaml asks for, read before anything else (content/ depends on them).

    site.yaml is only parsed here, into `resolver_cache`; read_config validates it later and
    reports its errors.
    """
    if not files.config.is_file():
        return languages_of(None)
    try:
        doc = _parsed(files.config, files.display(files.config), "", resolver_cache, read_yaml)
    except ContentErrors:
        return languages_of(None)
    return languages_of(doc.data)


def _parsed(path: Path, display: str, root: str, cache: dict[Path, Any] | None, read) -> Any:
    """A file parsed once for all the languages that read it (`read` is a yamlio reader)."""
    if cache is not None and path in cache:
        return cache[path]
    found = read(path, display, root=root) if root else read(path, display)
    if cache is not None:
        cache[path] = found
    return found


def _resolved(
    doc: Document, resolver: Resolver | None, errors: ErrorCollector, **options: Any
) -> Document:
    if resolver is None:
        return doc
    doc, problems = resolver.document(doc, **options)
    errors.extend(problems)
    return doc


def read_config(
    files: SiteInputs, errors: ErrorCollector, resolver: Resolver | None = None
) -> tuple[SiteConfig | None, Document]:
    """site.yaml, validated, and its Document (for placing later errors, such as nav)."""
    display = files.display(files.config)
    if not files.config.is_file():
        errors.add(display, 0, 0, "", "site.yaml is missing (is this a cvsite site folder?)")
        return None, Document(display, None)
    return _read_mapping(files.config, display, SiteConfig, errors, "title", resolver)


def read_profile(
    files: SiteInputs, errors: ErrorCollector, resolver: Resolver | None = None
) -> tuple[Profile | None, Document]:
    """The profile, validated, and its Document (for placing later errors, such as avatar)."""
    if files.profile is None:
        message = "the profile is missing: create content/profile.yaml with at least your name"
        errors.add("content/profile.yaml", 0, 0, "", message)
        return None, Document("content/profile.yaml", None)
    display = files.display(files.profile)
    return _read_mapping(files.profile, display, Profile, errors, "name", resolver)


def _read_mapping(
    path: Path,
    display: str,
    model: type[BaseModel],
    errors: ErrorCollector,
    example: str,
    resolver: Resolver | None,
) -> tuple[Any, Document]:
    """A file holding one mapping; `example` is its first field, named in a hint."""
    try:
        doc = _parsed(path, display, "", resolver and resolver.cache, read_yaml)
    except ContentErrors as exc:
        errors.extend(exc.errors)
        return None, Document(display, None)
    # Only site.yaml has `strings`: a label there is one language's, never shared (see
    # translations.py); in other files the key is an unknown field either way.
    doc = _resolved(doc, resolver, errors, own_only=("strings",))
    if not isinstance(doc.data, dict):
        errors.extend([_mapping_error(doc, f"a mapping of fields, like '{example}: ...'")])
        return None, doc
    value, problems = validate(doc, doc.data, model, (), "")
    errors.extend(problems)
    return value, doc


def read_section(
    files: SiteInputs,
    name: str,
    errors: ErrorCollector,
    resolver: Resolver | None = None,
    cache: ReadCache | None = None,
) -> list[LoadedEntry]:
    """A section's entries, file by file; with a `resolver`, as its language reads them.

    `cache` keeps each file's result, per language, until the file changes.
    """
    reader = resolver.reader if resolver is not None else None
    entries: list[LoadedEntry] = []
    for path in files.section_files.get(name, []):
        found = cache.get(path, reader) if cache is not None else None
        if found is None:
            before = cache.before(path, reader) if cache is not None else None
            found = _read_section_file(files, name, path, resolver, before)
            if cache is not None:
                cache.put(path, reader, found)
        entries.extend(found.entries)
        errors.extend(found.errors)
        if resolver is not None:
            resolver.fallbacks.extend(found.fallbacks)
    return entries


def _read_section_file(
    files: SiteInputs, name: str, path: Path, resolver: Resolver | None, before: FileRead | None
) -> FileRead:
    errors = ErrorCollector()
    # The file's own fallbacks, so that a cached read still counts them.
    own = resolver.for_file() if resolver is not None else None
    fallbacks = own.fallbacks if own is not None else []
    validated = Validated(before)
    try:
        if path.suffix.lower() == ".md":
            entries = list(_read_markdown_entry(files, name, path, errors, own))
        else:
            entries = list(_read_entry_list(files, name, path, errors, own, validated))
    except ContentErrors as exc:
        return FileRead([], [*errors.errors, *exc.errors], fallbacks, validated.unread())
    return FileRead(entries, errors.errors, fallbacks, validated.made)


def _read_entry_list(
    files: SiteInputs,
    name: str,
    path: Path,
    errors: ErrorCollector,
    resolver: Resolver | None,
    validated: Validated,
) -> Iterator[LoadedEntry]:
    display = files.display(path)
    doc = _parsed(path, display, name, resolver and resolver.cache, read_yaml)
    doc = _resolved(doc, resolver, errors, root=name)
    if not isinstance(doc.data, list):
        errors.extend([_mapping_error(doc, f"a list of {name} entries, each starting with '- '")])
        return
    model = model_for(name)
    for index, item in enumerate(doc.data):
        if not isinstance(item, dict):
            message = f"expected an entry (a mapping of fields), found {describe(item)}"
            errors.extend([doc.error((index,), message, root=name)])
            continue
        entry, problems = validated.get(
            frozen(item),
            lambda item=item, index=index: validate(doc, item, model, (index,), name),
        )
        errors.extend(problems)
        if entry is not None:
            line = doc.mark((index,)).line
            yield LoadedEntry(name, entry, display, line, index=index, doc=doc, many=True)


def read_pages(
    files: SiteInputs, errors: ErrorCollector, resolver: Resolver | None = None
) -> list[LoadedEntry]:
    """The free pages (content/<name>.md), each validated as `PageMatter`; with a `resolver`,
    as its language reads them. The section of each is "" (a page belongs to none)."""
    pages: list[LoadedEntry] = []
    for path in files.pages:
        pages += _read_markdown_entry(files, "", path, errors, resolver, PageMatter)
    return pages


def _read_markdown_entry(
    files: SiteInputs,
    name: str,
    path: Path,
    errors: ErrorCollector,
    resolver: Resolver | None,
    model: type[BaseModel] | None = None,
) -> Iterator[LoadedEntry]:
    """One Markdown file: its front matter and body, validated as `model` (by default, the
    entry model of section `name`)."""
    display = files.display(path)
    page: FrontMatterFile = _parsed(
        path, display, "", resolver and resolver.cache, read_front_matter
    )
    meta = _resolved(page.meta, resolver, errors)
    if not isinstance(meta.data, dict):
        errors.extend([_mapping_error(meta, "front matter with fields, like 'title: ...'")])
        return
    data = dict(meta.data)
    if page.body.strip():
        if "body" in data:
            message = "the body is given twice: in the front matter and below it"
            errors.extend([meta.error(("body",), message, key=True)])
            return
        data["body"] = page.body
    entry, problems = validate(meta, data, model or model_for(name), (), "")
    errors.extend(problems)
    # The body's first line, when the body is the text below the front matter (a `body:` in
    # the front matter is placed like any other field).
    body_line = page.body_line if page.body.strip() else 0
    if entry is not None:
        yield LoadedEntry(name, entry, display, 1, stem=path.stem, body_line=body_line, doc=meta)


def read_bibtex(
    files: SiteInputs,
    errors: ErrorCollector,
    cache: ReadCache | None = None,
    spread: Callable[..., list] | None = None,
) -> list[LoadedEntry]:
    """Publications from every .bib file at the top of content/, each with its file and line.
    `cache` keeps each file's result until the file changes (every language reads a .bib
    alike); `spread` validates a first reading's records over the cores."""
    entries: list[LoadedEntry] = []
    for path in files.bibtex:
        found = cache.get(path) if cache is not None else None
        if found is None:
            before = cache.before(path) if cache is not None else None
            many = spread if before is None else None
            found = _read_bibtex_file(path, files.display(path), Validated(before), many)
            if cache is not None:
                cache.put(path, None, found)
        entries.extend(found.entries)
        errors.extend(found.errors)
    return entries


def _read_bibtex_file(
    path: Path, display: str, validated: Validated, spread: Callable[..., list] | None
) -> FileRead:
    from generator.content.bibread import load_publications  # bibtexparser loads only when needed

    try:
        text = read_text(path, display)
    except ContentErrors as exc:
        return FileRead([], exc.errors, made=validated.unread())
    loaded, problems = load_publications(text, display, validated.get, spread)
    # No index: like Markdown entries, BibTeX entries are ordered newest first.
    entries = [
        LoadedEntry(
            "publications",
            publication,
            display,
            record.line,
            stem=record.key,
            many=True,
            volume=record.volume,
        )
        for record, publication in loaded
    ]
    return FileRead(entries, problems, made=validated.made)


_PEOPLE = "a list of people, like '- name: Ada Lovelace' with url, aliases or orcid"


def read_people(
    files: SiteInputs, errors: ErrorCollector, resolver: Resolver | None = None
) -> list[Person]:
    """Everyone in content/people.yaml (none without the file); errors placed in the file."""
    if files.people is None:
        return []
    display = files.display(files.people)
    try:
        doc = read_yaml(files.people, display)
    except ContentErrors as exc:
        errors.extend(exc.errors)
        return []
    doc = _resolved(doc, resolver, errors)
    if not isinstance(doc.data, list):
        found = "the file is empty" if doc.data is None else f"found {describe(doc.data)}"
        errors.extend([ContentError(display, 1, 1, "", f"expected {_PEOPLE}; {found}")])
        return []
    people = []
    for index, item in enumerate(doc.data):
        person, problems = validate(doc, item, Person, (index,), "people")
        errors.extend(problems)
        if person is not None:
            people.append(person)
    return people
