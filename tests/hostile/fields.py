"""The fields of the content models, read from the pydantic models themselves.

Hostile-input tests put a value into every field this finds, so a field added to a model
later is covered without touching the tests.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel

from generator.content.dates import PartialDate
from generator.content.schema import LocalFile, Url
from generator.errors import FieldPath, format_field_path

SCALAR_KINDS = {str: "text", bool: "bool", int: "int", float: "number", PartialDate: "date"}
# The validators that make a text a URL (`Url`, and `LocalFile` for a photo): a field typed
# with either is a URL field, wherever it is.
_URL_CHECKS = {meta for kind in (Url, LocalFile) for meta in typing.get_args(kind)[1:]}


@dataclass(frozen=True)
class Leaf:
    """One value a user writes: `links[0].label` of a Publication is ('links', 0, 'label')."""

    path: FieldPath
    kind: str  # text, bool, int, number, date, literal, mapping
    required: bool
    in_list: bool  # the value is an item of a list (tags[0]), not a field of its own
    url: bool = False  # typed as a URL (links[0].url, website, pdf...)

    def name(self, root: str = "") -> str:
        return format_field_path(root, self.path)


def _unwrap(annotation: Any) -> tuple[Any, bool]:
    """The type inside Optional[...] and Annotated[...], and whether None was allowed."""
    optional = False
    while True:
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(typing.get_args(annotation))
            if len(args) != 1:
                return annotation, optional
            annotation = args[0]
        else:
            return annotation, optional


def _is_url(annotation: Any, metadata: list[Any]) -> bool:
    """Whether a field's type, inside Optional[...] or list[...], is a URL type."""
    if any(meta in _URL_CHECKS for meta in metadata):
        return True
    if typing.get_origin(annotation) is Annotated:
        return any(meta in _URL_CHECKS for meta in typing.get_args(annotation)[1:])
    return any(_is_url(arg, []) for arg in typing.get_args(annotation))


def _kind(annotation: Any) -> str:
    if typing.get_origin(annotation) is Literal:
        return "literal"
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        # One of some words or a number (cv.publications: all, selected or N): a word that
        # is none of them is as wrong as for a literal.
        kinds = {_kind(arg) for arg in typing.get_args(annotation)}
        return "literal" if "literal" in kinds else "other"
    if typing.get_origin(annotation) is dict or annotation is dict:
        return "mapping"
    return SCALAR_KINDS.get(annotation, "other")


def leaves(model: type[BaseModel], prefix: FieldPath = ()) -> list[Leaf]:
    """Every scalar a user can write in `model`, nested models and lists followed (one item)."""
    found = []
    for name, info in model.model_fields.items():
        url = _is_url(info.annotation, info.metadata)
        annotation, _ = _unwrap(info.annotation)
        path = (*prefix, name)
        in_list = typing.get_origin(annotation) is list
        if in_list:
            annotation, _ = _unwrap(typing.get_args(annotation)[0])
            path = (*path, 0)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            found.extend(leaves(annotation, path))
        else:
            found.append(Leaf(path, _kind(annotation), info.is_required(), in_list, url))
    return found


def text_leaves(model: type[BaseModel]) -> list[Leaf]:
    return [leaf for leaf in leaves(model) if leaf.kind == "text"]


def url_leaves(model: type[BaseModel]) -> list[Leaf]:
    return [leaf for leaf in leaves(model) if leaf.url]


def put(data: dict, path: FieldPath, value: Any) -> None:
    """Set `value` at `path` in nested dicts and one-item lists, making them as needed."""
    current: Any = data
    for part, following in zip(path, path[1:], strict=False):
        empty: Any = [] if isinstance(following, int) else {}
        if isinstance(part, int):
            while len(current) <= part:
                current.append(empty)
            current = current[part]
        else:
            current = current.setdefault(part, empty)
    last = path[-1]
    if isinstance(last, int):
        while len(current) <= last:
            current.append(None)
    current[last] = value


def remove(data: dict, path: FieldPath) -> None:
    """Drop the value at `path` (a list item is dropped from its list)."""
    current: Any = data
    for part in path[:-1]:
        current = current[part]
    if isinstance(path[-1], int):
        current.pop(path[-1])
    else:
        current.pop(path[-1], None)
