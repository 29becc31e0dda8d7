"""A parsed JSON document held to the build's bounds (nesting, count of values, length of a
text) before any of it is read; only a document past a bound is scanned again, for the line
and column of the value that passes it (the YAML reader's marks would be too slow here)."""

from __future__ import annotations

import json
import re
from typing import Any

from generator.content.yamlio import MAX_DEPTH, MAX_VALUES, TOO_MANY
from generator.errors import ContentError, ContentErrors, FieldPath, format_field_path
from generator.markdown.cost import MAX_CHARACTERS

_NOT_SPACE = re.compile(r"[^ \t\n\r]")  # JSON's white space is these four


class _Past(Exception):
    """(path, message): the value at `path` passes a bound; `message` says which."""


def check_bounds(value: Any, text: str, file: str) -> None:
    """Raise ContentErrors at the first value of `value` (parsed from `text`) past a bound."""
    try:
        _walk(value, (), [0])
    except _Past as past:
        path, message = past.args
        at = _offset(text, path)
        line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        field = format_field_path("", path)
        raise ContentErrors([ContentError(file, line, column, field, message)]) from None


def _walk(value: Any, path: FieldPath, count: list[int]) -> None:
    """Each value in document order, counted as the YAML reader counts them: the document,
    list items and mapping values."""
    count[0] += 1
    if count[0] > MAX_VALUES:
        raise _Past(path, TOO_MANY)
    if len(path) > MAX_DEPTH:
        raise _Past(path, f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str) and len(value) > MAX_CHARACTERS:
        raise _Past(
            path,
            f"a text of {len(value):,} characters is too long (the limit is "
            f"{MAX_CHARACTERS:,}, as for a Markdown text: split it, or link to a file)",
        )
    if isinstance(value, dict):
        for key, item in value.items():
            _walk(item, (*path, key), count)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _walk(item, (*path, index), count)


def _offset(text: str, path: FieldPath) -> int:
    """Where the value at `path` starts in `text`: each value before it on the way skipped
    by the parser (raw_decode), each key read as the parser reads it (scanstring)."""
    decoder = json.JSONDecoder()
    at = _skip(text, 0)
    for step in path:
        at = _skip(text, at + 1)  # past '{' or '['
        if isinstance(step, int):
            for _ in range(step):
                at = _next(decoder, text, at)
            continue
        while True:
            key, at = json.decoder.scanstring(text, at + 1)
            at = _skip(text, _skip(text, at) + 1)  # past ':'
            if key == step:
                break
            at = _next(decoder, text, at)
    return at


def _next(decoder: json.JSONDecoder, text: str, at: int) -> int:
    """From the value at `at`, to what follows its ',' (a key's opening quote, or a value)."""
    _, end = decoder.raw_decode(text, at)
    return _skip(text, _skip(text, end) + 1)


def _skip(text: str, at: int) -> int:
    """The first place from `at` that is not white space."""
    found = _NOT_SPACE.search(text, at)
    return found.start() if found else len(text)
