"""Multilingual content: a site's languages, and a file's data as one language reads it.

Any value may be given per language, as a mapping of language codes:

    title: {en: Distributed training, de: Verteiltes Training}

Reading a file for a language replaces every such mapping by that language's value, else
the default language's (a *fallback*, which the build counts), else leaves the field out.
The data is resolved before it is validated, and the line marks move with the values. A
mapping is a translation when every key looks like a language code and one is a language of
the site; its other keys are errors.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.schema import LANGUAGE_PATTERN
from generator.content.yamlio import Document, Mark
from generator.errors import MAX_SHOWN, ContentError, FieldPath, format_field_path, listed, shown

_CODE = re.compile(LANGUAGE_PATTERN)
_ABSENT = object()


@dataclass(frozen=True)
class Languages:
    """The languages of a site: the default one (built at the root) first."""

    default: str
    all: tuple[str, ...]

    @property
    def others(self) -> tuple[str, ...]:
        return self.all[1:]

    @property
    def many(self) -> bool:
        return len(self.all) > 1


def languages_of(raw: Any) -> Languages:
    """The languages site.yaml asks for, read before it is validated (to resolve it); values
    validation will refuse are ignored here."""
    data = raw if isinstance(raw, dict) else {}
    listed = data.get("languages")
    codes = [c for c in listed if _is_code(c)] if isinstance(listed, list) else []
    default = data.get("language")
    if not _is_code(default):
        default = codes[0] if codes else "en"
    others = [code for code in dict.fromkeys(codes) if code != default]
    return Languages(default, (default, *others))


def _is_code(value: Any) -> bool:
    return isinstance(value, str) and _CODE.fullmatch(value) is not None


def _is_translation(data: Any, codes: tuple[str, ...]) -> bool:
    """A mapping from language codes, one of them a language of the site's."""
    if not isinstance(data, dict) or not all(_is_code(key) for key in data):
        return False
    return any(key in codes for key in data)


def _holds_translation(data: Any, codes: tuple[str, ...]) -> bool:
    """Whether `data`, or any mapping in it, is a translation mapping."""
    if isinstance(data, dict):
        if _is_translation(data, codes):
            return True
        values = data.values()
    elif isinstance(data, list):
        values = data
    else:
        return False
    for value in values:  # a loop, not any(): most values are text, tested only for that
        if isinstance(value, (dict, list)) and _holds_translation(value, codes):
            return True
    return False


@dataclass(frozen=True)
class Fallback:
    """A value shown in the default language because the mapping has none in this one."""

    file: str
    line: int
    field: str
    language: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: no '{self.language}' translation"


@dataclass
class Resolver:
    """Reads data for one language of a site. Collects the fallbacks it takes."""

    languages: Languages
    language: str
    fallbacks: list[Fallback] = field(default_factory=list)
    # Files as parsed, shared by the resolvers of all languages: each is parsed once.
    cache: dict[Path, Any] = field(default_factory=dict)

    @property
    def reader(self) -> tuple[Languages, str]:
        """What a file's data read by this resolver depends on, besides the file."""
        return self.languages, self.language

    def for_file(self) -> Resolver:
        """A resolver for one file: the same language and parsed files, its own fallbacks."""
        return Resolver(self.languages, self.language, cache=self.cache)

    def document(
        self, doc: Document, *, root: str = "", own_only: tuple[str, ...] = ()
    ) -> tuple[Document, list[ContentError]]:
        """`doc` as this language reads it (itself when it holds no translation), and errors
        in its translation mappings. Under the top-level keys in `own_only` (site.yaml's
        `strings`), a value is this language's only: one without it is left out, not shared."""
        if not own_only and not _holds_translation(doc.data, self.languages.all):
            return doc, []  # what the walk would give, at a fraction of its cost
        walk = _Walk(self, doc, root, own_only)
        data = walk.value(doc.data, (), ())
        if not walk.changed:
            return doc, walk.errors
        resolved = Document(doc.file, None if data is _ABSENT else data, walk.marks, walk.key_marks)
        resolved.shown = walk.shown
        return resolved, walk.errors


class _Walk:
    """One pass over a document's data: the resolved data, its marks, and what was written."""

    def __init__(self, resolver: Resolver, doc: Document, root: str, own_only: tuple[str, ...]):
        self.resolver = resolver
        self.doc = doc
        self.root = root
        self.own_only = own_only
        self.changed = False
        self.marks: dict[FieldPath, Mark] = {}
        self.key_marks: dict[FieldPath, Mark] = {}
        self.shown: dict[FieldPath, FieldPath] = {}
        self.errors: list[ContentError] = []

    def value(self, data: Any, path: FieldPath, raw: FieldPath, *, chosen: bool = False) -> Any:
        """The value at `raw` in the file, placed at `path` in the resolved data.

        `chosen`: the value is one language's, taken from a translation mapping.
        """
        if raw in self.doc.marks:
            self.marks[path] = self.doc.marks[raw]
        if raw in self.doc.key_marks:
            self.key_marks.setdefault(path, self.doc.key_marks[raw])
        if path != raw:
            self.shown[path] = raw
        own = len(path) >= 1 and path[0] in self.own_only
        translated = self._is_translation(data)
        if own and len(path) == 2 and not translated and not chosen:
            return data if self._default_language else self._drop()
        if translated:
            return self.translation(data, path, raw, own=own)
        if isinstance(data, dict):
            return self.mapping(data, path, raw)
        if isinstance(data, list):
            return self.sequence(data, path, raw)
        return data

    @property
    def _default_language(self) -> bool:
        return self.resolver.language == self.resolver.languages.default

    def _drop(self) -> Any:
        self.changed = True
        return _ABSENT

    def mapping(self, data: dict, path: FieldPath, raw: FieldPath) -> dict:
        result = {}
        for key, item in data.items():
            value = self.value(item, (*path, key), (*raw, key))
            if value is not _ABSENT:
                result[key] = value
        return result

    def sequence(self, data: list, path: FieldPath, raw: FieldPath) -> list:
        result = []
        for index, item in enumerate(data):
            value = self.value(item, (*path, len(result)), (*raw, index))
            if value is not _ABSENT:
                result.append(value)
        return result

    def _is_translation(self, data: Any) -> bool:
        return _is_translation(data, self.resolver.languages.all)

    def translation(self, data: dict, path: FieldPath, raw: FieldPath, *, own: bool) -> Any:
        self.changed = True
        languages = self.resolver.languages
        for key in data:
            if key not in languages.all:
                self.errors.append(self._unknown_language(key, (*raw, key)))
        language = self.resolver.language
        if language in data:
            chosen = language
        elif own or languages.default not in data:
            return _ABSENT
        else:
            chosen = languages.default
            line = self.doc.mark((*raw, chosen)).line
            shown = format_field_path(self.root, raw)
            self.resolver.fallbacks.append(Fallback(self.doc.file, line, shown, language))
        value = data[chosen]
        if self._is_translation(value):
            message = "a translation holds a value, not more translations"
            self.errors.append(self.doc.error((*raw, chosen), message, root=self.root))
            return _ABSENT
        return self.value(value, path, (*raw, chosen), chosen=True)

    def _unknown_language(self, key: str, raw: FieldPath) -> ContentError:
        languages = self.resolver.languages.all
        codes = listed(languages)
        close = difflib.get_close_matches(key, languages, n=1, cutoff=0.5)
        if close:
            hint = f" (did you mean '{close[0]}'?)"
        elif len(key) <= MAX_SHOWN:  # a code: letters, digits and '-' (see _is_code)
            hint = f"; to add it, list it in site.yaml: languages: [{codes}, {key}]"
        else:
            hint = "; to add it, list it in site.yaml `languages:`"
        message = f"{shown(key)} is not one of the site's languages ({codes}){hint}"
        return self.doc.error(raw, message, root=self.root, key=True)
