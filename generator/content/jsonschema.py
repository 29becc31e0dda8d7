"""JSON Schema for site.yaml, profile.yaml and the section files, from the pydantic models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from generator import confined
from generator.content.schema import (
    LANGUAGE_PATTERN,
    SECTION_MODELS,
    Entry,
    PageMatter,
    Person,
    Profile,
    SiteConfig,
    ThemeManifest,
)

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
# site.yaml keys that name the languages or the site's address: never given per language.
_NOT_TRANSLATED = {"language", "languages", "strings", "base_url"}
_ANNOTATIONS = ("title", "description", "default", "examples")


def _document(schema: dict[str, Any], title: str) -> dict[str, Any]:
    return {"$schema": SCHEMA_DIALECT, "title": title, **_translatable(_as_yaml_reads(schema))}


def _as_yaml_reads(node: Any) -> Any:
    """Let plain text fields take what cvsite accepts there: `title: 2021`, `grade: 1.3`.

    cvsite keeps every YAML scalar as written, but an editor reads `2021` as a number and
    `yes` as a boolean; without this, editors would flag values that build fine.
    """
    if isinstance(node, list):
        return [_as_yaml_reads(item) for item in node]
    if not isinstance(node, dict):
        return node
    result = {key: _as_yaml_reads(value) for key, value in node.items()}
    if result.get("type") == "string" and not {"pattern", "enum", "const", "format"} & set(result):
        result["type"] = ["string", "number", "boolean"]
    return result


def _translatable(node: Any) -> Any:
    """Let every value, and every item of a list, also be given per language (translations.py).

    Objects (a link, a thesis) are left as they are: their fields are translatable one by one,
    and an editor completes their keys better without a second form.
    """
    if isinstance(node, list):
        return [_translatable(item) for item in node]
    if not isinstance(node, dict):
        return node
    result = {key: _translatable(value) for key, value in node.items()}
    properties = result.get("properties")
    if isinstance(properties, dict) and "additionalProperties" in result:
        result["properties"] = {
            name: value if name in _NOT_TRANSLATED else _per_language(value)
            for name, value in properties.items()
        }
    if result.get("type") == "array" and isinstance(result.get("items"), dict):
        result["items"] = _per_language_item(result["items"])
    return result


def _per_language_item(schema: dict[str, Any]) -> dict[str, Any]:
    """A list item: text, or an object (a highlight is either), may give its text per
    language; the object's fields are translatable one by one."""
    branches = schema.get("anyOf")
    if not isinstance(branches, list) or not _is_object(schema):
        return _per_language(schema)
    return {**schema, "anyOf": [s if _is_object(s) else _per_language(s) for s in branches]}


def _is_object(schema: dict[str, Any]) -> bool:
    if "$ref" in schema or schema.get("type") == "object":
        return True
    return any(_is_object(s) for s in schema.get("anyOf", []) if isinstance(s, dict))


def _per_language(schema: Any) -> Any:
    """`schema`, or a mapping of language codes to values of `schema`: {en: …, de: …}."""
    if not isinstance(schema, dict) or _is_object(schema):
        return schema
    outer = {key: schema[key] for key in _ANNOTATIONS if key in schema}
    inner = {key: value for key, value in schema.items() if key not in _ANNOTATIONS}
    translations = {
        "type": "object",
        "description": "The value in each language, e.g. {en: …, de: …}.",
        "propertyNames": {"pattern": LANGUAGE_PATTERN},
        "additionalProperties": inner,
        "minProperties": 1,
    }
    return {**outer, "anyOf": [inner, translations]}


def schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema, for every file a site can have."""
    result = {
        "site.schema.json": _document(SiteConfig.model_json_schema(), "cvsite site.yaml"),
        "profile.schema.json": _document(Profile.model_json_schema(), "cvsite profile.yaml"),
        "people.schema.json": _document(
            TypeAdapter(list[Person]).json_schema(), "cvsite content/people.yaml"
        ),
        # A theme's settings are not translated: no per-language forms.
        "theme.schema.json": {
            "$schema": SCHEMA_DIALECT,
            "title": "cvsite themes/*/theme.yaml",
            **_as_yaml_reads(ThemeManifest.model_json_schema()),
        },
        "page.schema.json": _document(
            PageMatter.model_json_schema(), "cvsite content/*.md front matter (a free page)"
        ),
    }
    for name, model in {**SECTION_MODELS, "section": Entry}.items():
        listing = TypeAdapter(list[model]).json_schema()
        result[f"{name}.schema.json"] = _document(listing, f"cvsite content/{name}.yaml")
        result[f"{name}.entry.schema.json"] = _document(
            model.model_json_schema(), f"cvsite content/{name}/*.md front matter"
        )
    return result


def write_schemas(folder: Path) -> list[Path]:
    """Each schema, as a file in `folder` (made if missing). A file there is replaced, and a
    link there too: never followed (confined.py), for a link committed to a repository
    (`schema/site.schema.json -> ~/.bashrc`) would otherwise be written through."""
    written = []
    for name, schema in sorted(schemas().items()):
        text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
        confined.replace(folder, name, text.encode("utf-8"))
        written.append(folder / name)
    return written
