"""The JSON Schema files `cvsite schema` writes accept what cvsite builds (issue 27).

An editor that flags a file which builds fine teaches people to ignore it. These tests run
the schemas over this repository's own site.yaml and content/, and over every YAML example in
docs/: a fenced block's `title="…"` names its file, and so its schema (`site.yaml`,
`content/<section>.yaml`, `content/<section>/*.md` front matter, a free page's `content/*.md`,
`themes/*/theme.yaml`);
`title="site.yaml (part)"` is part of a file, checked with the keys it leaves out filled in.
Blocks titled with a file that is not cvsite's (`.gitlab-ci.yml`) are not checked.
"""

from __future__ import annotations

import datetime
import functools
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from generator.content import jsonschema as cvsite_schema
from generator.content.reader import validate
from generator.content.schema import SiteConfig, SkillGroup
from generator.content.yamlio import load_yaml

ROOT = Path(__file__).resolve().parents[3]
# Keys a part of a file leaves out, so that the part can be checked as a whole file.
REQUIRED = {"site.yaml": {"title": "T", "base_url": "https://example.org/"}}
FENCE = re.compile(r'^```(yaml|markdown) title="([^"]+)"\n(.*?)^```', re.MULTILINE | re.DOTALL)
FRONT_MATTER = re.compile(r"\A---\n(.*?)\n(?:---|\.\.\.)\n", re.DOTALL)


@functools.cache
def schemas() -> dict[str, dict[str, Any]]:
    return cvsite_schema.schemas()


@functools.cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads(json.dumps(schemas()[name]))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def schema_name(path: str) -> str | None:
    """The schema of a site's file, by its path; None for a file that is not cvsite's."""
    parts = path.split("/")
    if parts == ["site.yaml"]:
        return "site.schema.json"
    if len(parts) == 3 and parts[0] == "themes" and parts[2] == "theme.yaml":
        return "theme.schema.json"
    if parts[0] != "content":
        return None
    parts = [p for p in parts[1:] if not re.fullmatch(r"[a-z]{2}(-[A-Za-z]+)?", p)]  # de/
    if parts == ["profile.yaml"]:
        return "profile.schema.json"
    if len(parts) == 1 and parts[0].endswith(".md"):
        return "page.schema.json"  # a free page, content/about.md
    section = parts[0].removesuffix(".yaml").removesuffix(".md")
    kind = section if f"{section}.schema.json" in schemas() else "section"
    return f"{kind}.entry.schema.json" if len(parts) == 2 else f"{kind}.schema.json"


def as_editors_read(value: Any) -> Any:
    """YAML as JSON values: editors read `2021-10-05` as text, PyYAML as a date."""
    if isinstance(value, dict):
        return {str(k): as_editors_read(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_editors_read(v) for v in value]
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


def problems(path: str, text: str) -> list[str]:
    name = schema_name(path.removesuffix(" (part)"))
    assert name is not None, path
    if path.endswith(".md"):
        text = FRONT_MATTER.match(text).group(1)
    value = as_editors_read(yaml.safe_load(text))
    if path.endswith(" (part)"):
        value = {**REQUIRED[path.removesuffix(" (part)")], **value}
    found = validator(name).iter_errors(value)
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in found]


def repository_files() -> list[str]:
    files = [ROOT / "site.yaml", *sorted((ROOT / "content").rglob("*.yaml"))]
    files += sorted((ROOT / "content").glob("*/*.md"))
    return [str(f.relative_to(ROOT)) for f in files]


def doc_examples() -> list[tuple[str, str, str]]:
    """(where, its file's path, text) for every titled YAML or Markdown example in docs/."""
    found = []
    for doc in sorted((ROOT / "docs").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            kind, path, body = match.groups()
            line = text.count("\n", 0, match.start()) + 1
            if schema_name(path.removesuffix(" (part)")) is not None:
                found.append((f"docs/{doc.name}:{line}", path, body))
    return found


@pytest.mark.parametrize("path", repository_files())
def test_the_repositorys_own_files_pass_the_schema(path: str):
    assert problems(path, (ROOT / path).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("where", "path", "text"), doc_examples(), ids=[w for w, _, _ in doc_examples()]
)
def test_every_example_in_the_docs_passes_its_schema(where: str, path: str, text: str):
    assert problems(path, text) == []


def test_every_yaml_example_in_the_docs_names_its_file():
    for doc in sorted((ROOT / "docs").glob("*.md")):
        untitled = re.findall(r"^```ya?ml\s*$", doc.read_text(encoding="utf-8"), re.MULTILINE)
        assert untitled == [], f'{doc.name}: a ```yaml block without title="<its file>"'
    assert len(doc_examples()) >= 30


def test_the_short_forms_pass_both_the_loader_and_the_schema():
    site = "title: T\nbase_url: https://x.org/\nnav: [cv, {url: https://b.org/, label: B}]\n"
    site += "highlight_author: Ada Lovelace\n"
    skills = "- title: Languages\n  items: [Go, {name: Rust, level: expert}]\n"
    for path, text, model in (
        ("site.yaml", site, SiteConfig),
        ("content/skills.yaml", skills, None),
    ):
        assert problems(path, text) == []
        document = load_yaml(text, path)
        if model is SiteConfig:
            config, errors = validate(document, document.data, SiteConfig, (), "")
            assert errors == [] and config.nav[0].section == "cv"
        else:
            group, errors = validate(document, document.data[0], SkillGroup, (0,), "")
            assert errors == [] and group.items[0].name == "Go"


def test_the_schemas_still_refuse_what_the_loader_refuses():
    assert problems("site.yaml (part)", "nav: [{sectoin: cv}]") != []
    assert problems("site.yaml (part)", "highlight_author: [Ada]") != []
    assert problems("content/skills.yaml", "- title: X\n  items: [{level: expert}]\n") != []
    assert problems("content/awards.yaml", "- title: X\n  awrder: Y\n") != []
    assert problems("themes/x/theme.yaml", "name: x\ncolours: red\n") != []
