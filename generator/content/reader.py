"""Discover a site's files and read them into validated, located records.

A site is `site.yaml` plus `content/`: `profile.yaml`, sections as `<name>.yaml` (a list of
entries) or `<name>/*.md` (front matter + body), and any other file as an asset copied as is.
A multilingual site may hold, in `content/<language>/`, that language's own version of any of
those files. Reading never stops at the first problem: every file is read and every error is
collected.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from generator.content.schema import LANGUAGE_PATTERN, Entry, Profile, SiteConfig, model_for
from generator.content.textfile import read_text
from generator.content.translations import Fallback, Languages, Resolver, languages_of
from generator.content.yamlio import Document, FrontMatterFile, read_front_matter, read_yaml
from generator.errors import (
    ContentError,
    ContentErrors,
    ErrorCollector,
    FieldPath,
    describe,
    format_field_path,
    shown,
)

if TYPE_CHECKING:
    from generator.content.cache import ReadCache

SECTION_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
SKIPPED_NAMES = {".DS_Store", "Thumbs.db", "desktop.ini"}


@dataclass
class SiteFiles:
    """Where a site's inputs are. `display` names files relative to the site folder."""

    root: Path
    config: Path
    content: Path
    profile: Path | None = None
    section_files: dict[str, list[Path]] = field(default_factory=dict)
    bibtex: list[Path] = field(default_factory=list)
    assets: list[Path] = field(default_factory=list)
    # content/<code>/ of each language other than the default: that language's own files.
    languages: dict[str, SiteFiles] = field(default_factory=dict)

    def display(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()

    def all_sources(self) -> list[Path]:
        files = [self.config, *([self.profile] if self.profile else [])]
        for paths in self.section_files.values():
            files.extend(paths)
        files += self.bibtex
        for own in self.languages.values():
            files += own.all_sources()[1:]
        return files

    def for_language(self, code: str) -> SiteFiles:
        """The files a language reads: its own version of a file where it has one."""
        own = self.languages.get(code)
        if own is None:
            return self
        sections = {}
        for name in sorted({*self.section_files, *own.section_files}):
            sections[name] = _overlay(
                self.section_files.get(name, []), self.content, own.section_files.get(name, []), own
            )
        return SiteFiles(
            root=self.root,
            config=self.config,
            content=self.content,
            profile=own.profile or self.profile,
            section_files=sections,
            bibtex=_overlay(self.bibtex, self.content, own.bibtex, own),
            assets=self.assets,
        )


def _overlay(shared: list[Path], content: Path, own: list[Path], files: SiteFiles) -> list[Path]:
    """`shared` with each file that `own` has a version of (the same name) replaced by it."""
    mine = {_same_name(path, files.content): path for path in own}
    result = [mine.pop(_same_name(path, content), path) for path in shared]
    return result + list(mine.values())


def _same_name(path: Path, content: Path) -> str:
    """The name that a file and its translation share: `projects/a.md`; `.yml` is `.yaml`."""
    relative = path.relative_to(content).as_posix()
    return relative[:-4] + ".yaml" if relative.endswith(".yml") else relative


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
    doc: Document | None = field(default=None, compare=False, repr=False)

    def error(self, path: FieldPath, message: str) -> ContentError:
        """An error about one of this entry's fields, placed at that field in its file."""
        if self.doc is None or (path == ("body",) and self.body_line):
            line, column = (self.body_line, 1) if self.body_line else (self.line, 1)
            return ContentError(self.source, line, column, format_field_path("", path), message)
        if self.index is None:
            return self.doc.error(path, message)
        return self.doc.error((self.index, *path), message, root=self.section)


# --- discovery -------------------------------------------------------------------------------


def _real(path: Path, folders: dict[Path, Path]) -> Path:
    """`path.resolve()`, each folder resolved once: a file that is no link is where its folder
    is. (Resolving every file walks and stats its whole path: seconds for 5,000 entries.)"""
    if path.is_symlink():
        return path.resolve()
    folder = folders.get(path.parent)
    if folder is None:
        folder = folders[path.parent] = path.parent.resolve()
    return folder / path.name


def discover(root: Path, errors: ErrorCollector, languages: tuple[str, ...] = ()) -> SiteFiles:
    """Find every input file; report names that cannot be a section and links out of content/.

    `languages` are the site's languages other than the default: content/<code>/ holds their
    own files (any other file in it is an asset, like any file in content/).
    """
    files = SiteFiles(root=root, config=root / "site.yaml", content=root / "content")
    for code in languages:
        files.languages[code] = SiteFiles(root, files.config, files.content / code)
    content = files.content.resolve()
    folders: dict[Path, Path] = {}
    inside_folders: dict[Path, bool] = {}
    for path in sorted(files.content.rglob("*")):
        relative = path.relative_to(files.content)
        if any(part.startswith(".") for part in relative.parts) or path.name in SKIPPED_NAMES:
            continue
        kind = _plain(path, content, folders, inside_folders) or _checked(path, content, folders)
        if kind == "folder":
            continue
        if kind != "file":  # why the path is refused
            errors.add(files.display(path), 0, 0, "", kind)
            continue
        if "\\" in path.name:
            # A URL path cannot hold it, and hosts on Windows would read a folder separator.
            errors.add(files.display(path), 0, 0, "", "a file name with '\\' is refused; rename it")
            continue
        own = files.languages.get(relative.parts[0]) if len(relative.parts) > 1 else None
        if own is not None:
            _classify(own, path, path.relative_to(own.content), errors)
        else:
            _classify(files, path, relative, errors)
    for own in files.languages.values():  # copied as they are, at their place under /<code>/
        files.assets += own.assets
        own.assets = []
    files.assets.sort()
    return files


def _plain(
    path: Path, content: Path, folders: dict[Path, Path], inside: dict[Path, bool]
) -> str | None:
    """What nearly every path is, told from one lstat rather than the four system calls of
    `_checked`: "file" for a regular file and "folder" for a folder, each no link and in a
    folder inside content/. None for anything else (a link, a pipe, a folder that leads
    out), which `_checked` then looks at."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):  # a link, pipe, socket or device
        return None
    found = inside.get(path.parent)
    if found is None:
        try:
            found = _real(path, folders).is_relative_to(content)
        except (RuntimeError, OSError):
            return None
        inside[path.parent] = found
    if not found:
        return None
    return "file" if stat.S_ISREG(mode) else "folder"


def _checked(path: Path, content: Path, folders: dict[Path, Path]) -> str:
    """What `discover` makes of a path: a "file", a "folder", or why it refuses the path."""
    try:
        inside = _real(path, folders).is_relative_to(content)
    except (RuntimeError, OSError):  # Python 3.11 raises RuntimeError, later ones OSError
        return "symbolic link that loops back on itself"
    # Every path, not only links: a file reached through a linked folder is outside too.
    if not inside:
        return (
            "symbolic link points outside content/; refused (copy the file into content/ instead)"
        )
    if path.is_dir():
        return "folder"
    if not path.exists():
        return "symbolic link to a file that does not exist"
    if not path.is_file():
        # Reading a named pipe waits for a writer for ever; a device never ends.
        return "not a regular file (a pipe, socket or device)"
    return "file"


def _classify(files: SiteFiles, path: Path, relative: Path, errors: ErrorCollector) -> None:
    top_level = len(relative.parts) == 1
    suffix = path.suffix.lower()
    if top_level and relative.name in ("profile.yaml", "profile.yml"):
        if files.profile is not None:
            errors.add(
                files.display(path),
                0,
                0,
                "",
                f"a second profile: {files.display(files.profile)} is one already; "
                "keep only one of the two",
            )
        files.profile = path
    elif top_level and suffix in (".yaml", ".yml"):
        _add_section_file(files, path.stem, path, errors)
    elif top_level and suffix == ".bib":
        files.bibtex.append(path)
    elif len(relative.parts) == 2 and suffix == ".md":
        _add_section_file(files, relative.parts[0], path, errors)
    elif relative.name in ("profile.yaml", "profile.yml") and re.fullmatch(
        LANGUAGE_PATTERN, relative.parts[0]
    ):
        code = relative.parts[0]
        errors.add(
            files.display(path),
            0,
            0,
            "",
            f"{shown(code)} is not a language of this site: to make content/{code}/ its version "
            f"in that language, list {code} in site.yaml `languages:`",
        )
    elif suffix == ".md":
        errors.add(
            files.display(path),
            0,
            0,
            "",
            "a Markdown entry belongs in a section folder: content/<section>/<name>.md",
        )
    else:
        files.assets.append(path)


def _add_section_file(files: SiteFiles, name: str, path: Path, errors: ErrorCollector) -> None:
    if not SECTION_NAME.fullmatch(name):
        errors.add(
            files.display(path),
            0,
            0,
            "",
            f"{shown(name)} is not a valid section name (expected lower-case letters, "
            "digits, '-' and '_')",
        )
        return
    files.section_files.setdefault(name, []).append(path)


# --- validation messages ---------------------------------------------------------------------


_EXPECTED = {
    "string_type": "text",
    "int_parsing": "a whole number",
    "int_type": "a whole number",
    "int_parsing_size": "a whole number",
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "float_parsing": "a number",
    "list_type": "a list",
    "model_type": "a mapping of keys to values",
    "dict_type": "a mapping of keys to values",
    "model_attributes_type": "a mapping of keys to values",
}


_PATTERN_NAMES = {LANGUAGE_PATTERN: "a language code (expected e.g. en, de, zh or pt-BR)"}


def _message(error: dict[str, Any], model: type[BaseModel] | None) -> str:
    kind = error["type"]
    value = error.get("input")
    if kind == "extra_forbidden":
        name = str(error["loc"][-1])
        allowed = list(model.model_fields) if model else []
        close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return f"unknown field {shown(name)}{hint}"
    if kind == "missing":
        return f"missing required field '{error['loc'][-1]}'"
    if kind in _EXPECTED:
        return f"expected {_EXPECTED[kind]}, found {describe(value)}"
    if kind == "literal_error":
        return f"{describe(value)} is not one of: {error['ctx']['expected']}"
    if kind == "string_pattern_mismatch":
        pattern = error["ctx"]["pattern"]
        if pattern in _PATTERN_NAMES:
            return f"{describe(value)} is not {_PATTERN_NAMES[pattern]}"
        return f"{describe(value)} does not match the pattern {pattern}"
    if kind == "string_too_long":
        limit = error["ctx"]["max_length"]
        return f"{describe(value)} is too long (expected at most {limit} characters)"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return f"{describe(value)} is out of range ({error['msg'].lower()})"
    return error["msg"]


def _model_at(model: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model that owns the last key of `loc` (for did-you-mean suggestions)."""
    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int) or current is None:
            continue
        info = current.model_fields.get(part)
        current = _nested_model(info.annotation) if info else None
    return current


def _nested_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _nested_model(arg)
        if found:
            return found
    return None


def _is_typo_of(loc: tuple, errors: list[dict[str, Any]]) -> bool:
    """Whether a missing field at `loc` was written with a typo: an unknown key beside it."""
    for error in errors:
        other = tuple(error["loc"])
        if error["type"] == "extra_forbidden" and other[:-1] == loc[:-1]:
            close = difflib.get_close_matches(str(other[-1]), [str(loc[-1])], cutoff=0.6)
            if close:
                return True
    return False


def validate(
    doc: Document, data: Any, model: type[BaseModel], path: FieldPath, root: str
) -> tuple[Any, list[ContentError]]:
    """Validate `data` (found at `path` in `doc`) against `model`, errors located in the file."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        raw = exc.errors(include_url=False)
        errors = []
        for error in raw:
            loc = tuple(error["loc"])
            if error["type"] == "missing" and _is_typo_of(loc, raw):
                continue  # 'baseurl' for 'base_url' is one mistake: say it once, at the typo
            if "field" in error.get("ctx", {}):  # a rule of the model, about one field
                loc = (*loc, error["ctx"]["field"])
            full = (*path, *loc)
            is_key = error["type"] == "extra_forbidden"
            if error["type"] in ("missing", "title"):
                mark = doc.mark(full[:-1])
            else:
                mark = doc.mark(full, key=is_key)
            errors.append(
                ContentError(
                    doc.file,
                    mark.line,
                    mark.column,
                    doc.field_name(root, full),
                    _message(error, _model_at(model, loc)),
                )
            )
        return None, errors


# --- reading ---------------------------------------------------------------------------------


def _mapping_error(doc: Document, what: str) -> ContentError:
    if doc.data is None:
        return ContentError(doc.file, 1, 1, "", f"file is empty (expected {what})")
    return ContentError(doc.file, 1, 1, "", f"expected {what}, found {describe(doc.data)}")


def read_languages(files: SiteFiles, resolver_cache: dict[Path, Any]) -> Languages:
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
    files: SiteFiles, errors: ErrorCollector, resolver: Resolver | None = None
) -> tuple[SiteConfig | None, Document]:
    """site.yaml, validated, and its Document (for placing later errors, such as nav)."""
    display = files.display(files.config)
    if not files.config.is_file():
        errors.add(display, 0, 0, "", "site.yaml is missing (is this a cvsite site folder?)")
        return None, Document(display, None)
    return _read_mapping(files.config, display, SiteConfig, errors, "title", resolver)


def read_profile(
    files: SiteFiles, errors: ErrorCollector, resolver: Resolver | None = None
) -> tuple[Profile | None, Document]:
    """The profile, validated, and its Document (for placing later errors, such as avatar)."""
    if files.profile is None:
        errors.add(
            "content/profile.yaml",
            0,
            0,
            "",
            "the profile is missing: create content/profile.yaml with at least your name",
        )
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
    files: SiteFiles,
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
    """Validation of a file's entries that hands back, for an entry read just as before,
    the object its last reading made.

    An edit of one entry in a file of many then leaves the others' objects as they were,
    and with them what builds made from them (rendered cards, feed items, checked Markdown).
    Nothing is shared between two entries: one read twice in a file is validated twice.
    """

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


def _read_section_file(
    files: SiteFiles, name: str, path: Path, resolver: Resolver | None, before: FileRead | None
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
    files: SiteFiles,
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
            errors.extend(
                [
                    doc.error(
                        (index,),
                        f"expected an entry (a mapping of fields), found {describe(item)}",
                        root=name,
                    )
                ]
            )
            continue
        entry, problems = validated.get(
            frozen(item),
            lambda item=item, index=index: validate(doc, item, model, (index,), name),
        )
        errors.extend(problems)
        if entry is not None:
            line = doc.mark((index,)).line
            yield LoadedEntry(name, entry, display, line, index=index, doc=doc, many=True)


def _read_markdown_entry(
    files: SiteFiles, name: str, path: Path, errors: ErrorCollector, resolver: Resolver | None
) -> Iterator[LoadedEntry]:
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
            errors.extend(
                [
                    meta.error(
                        ("body",),
                        "the body is given twice: in the front matter and below it",
                        key=True,
                    )
                ]
            )
            return
        data["body"] = page.body
    entry, problems = validate(meta, data, model_for(name), (), "")
    errors.extend(problems)
    # The body's first line, when the body is the text below the front matter (a `body:` in
    # the front matter is placed like any other field).
    body_line = page.body_line if page.body.strip() else 0
    if entry is not None:
        yield LoadedEntry(name, entry, display, 1, stem=path.stem, body_line=body_line, doc=meta)


def read_bibtex(
    files: SiteFiles, errors: ErrorCollector, cache: ReadCache | None = None
) -> list[LoadedEntry]:
    """Publications from every .bib file at the top of content/, each with its file and line.

    `cache` keeps each file's result until the file changes: a .bib is read the same way in
    every language, and parsing a long one is the slowest read there is.
    """
    entries: list[LoadedEntry] = []
    for path in files.bibtex:
        found = cache.get(path) if cache is not None else None
        if found is None:
            before = cache.before(path) if cache is not None else None
            found = _read_bibtex_file(path, files.display(path), Validated(before))
            if cache is not None:
                cache.put(path, None, found)
        entries.extend(found.entries)
        errors.extend(found.errors)
    return entries


def _read_bibtex_file(path: Path, display: str, validated: Validated) -> FileRead:
    from generator.content.bibread import load_publications  # bibtexparser loads only when needed

    try:
        text = read_text(path, display)
    except ContentErrors as exc:
        return FileRead([], exc.errors, made=validated.unread())
    loaded, problems = load_publications(text, display, validated.get)
    # No index: like Markdown entries, BibTeX entries are ordered newest first.
    entries = [
        LoadedEntry("publications", publication, display, record.line, stem=record.key, many=True)
        for record, publication in loaded
    ]
    return FileRead(entries, problems, made=validated.made)
