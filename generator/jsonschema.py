"""JSON Schema for site.yaml, profile.yaml and the section files, from the pydantic models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from generator.schema import SECTION_MODELS, Entry, Profile, SiteConfig

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _document(schema: dict[str, Any], title: str) -> dict[str, Any]:
    return {"$schema": SCHEMA_DIALECT, "title": title, **_as_yaml_reads(schema)}


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


def schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema, for every file a site can have."""
    result = {
        "site.schema.json": _document(SiteConfig.model_json_schema(), "cvsite site.yaml"),
        "profile.schema.json": _document(Profile.model_json_schema(), "cvsite profile.yaml"),
    }
    for name, model in {**SECTION_MODELS, "section": Entry}.items():
        listing = TypeAdapter(list[model]).json_schema()
        result[f"{name}.schema.json"] = _document(listing, f"cvsite content/{name}.yaml")
        result[f"{name}.entry.schema.json"] = _document(
            model.model_json_schema(), f"cvsite content/{name}/*.md front matter"
        )
    return result


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in sorted(schemas().items()):
        path = folder / name
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written
