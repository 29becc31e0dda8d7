"""Validating data against a schema model, each error placed at its field in the file.

pydantic's errors name a location inside the data; this turns them into ContentErrors at
the line and column the Document recorded for that location, in words a résumé's author
reads (expected text, a whole number, did you mean…).
"""

from __future__ import annotations

import difflib
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.content.schema import LANGUAGE_PATTERN
from generator.content.yamlio import Document
from generator.errors import ContentError, FieldPath, describe, shown

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
    return any(
        error["type"] == "extra_forbidden"
        and tuple(error["loc"][:-1]) == loc[:-1]
        and difflib.get_close_matches(str(error["loc"][-1]), [str(loc[-1])], cutoff=0.6)
        for error in errors
    )


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
            if error["type"] in ("missing", "title"):
                mark = doc.mark(full[:-1])
            else:
                mark = doc.mark(full, key=error["type"] == "extra_forbidden")
            message = _message(error, _model_at(model, loc))
            errors.append(ContentError(doc.file, *mark, doc.field_name(root, full), message))
        return None, errors
