"""docs/content.md is the reference: its examples must validate, and it must name every field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pydantic import BaseModel

from generator.content.schema import SECTION_MODELS, PageMatter, Profile, SiteConfig, Strings
from generator.model.resume import load
from tests.helpers import REPO, write_site

DOC = (REPO / "docs" / "content.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(r'^```(yaml|markdown) title="([^"]+)"\n(.*?)^```$', re.M | re.S)
EXAMPLES = [(m.group(2), m.group(3)) for m in EXAMPLE.finditer(DOC)]
SPECIAL_PAGES = {"cv", "tags"}
FILE_FIELDS = ("avatar", "image", "favicon", "pdf", "slides")
NOT_SECTIONS = ("content/profile.yaml", "content/people.yaml")


def test_the_reference_has_examples():
    assert len(EXAMPLES) >= 20
    names = {name for name, _ in EXAMPLES}
    assert {"site.yaml", "content/profile.yaml", "content/experience.yaml"} <= names
    assert any(name.endswith(".md") for name in names)


def _front_matter(name: str, text: str) -> str:
    return text.split("---\n")[1] if name.endswith(".md") else text


def _support_files(name: str, text: str) -> dict[str, str | bytes]:
    """What an example leans on: sections its nav names, files its file fields name."""
    data = yaml.safe_load(_front_matter(name, text))
    files: dict[str, str | bytes] = {}
    if name == "site.yaml":
        for item in data.get("nav") or []:
            section = item if isinstance(item, str) else item.get("section")
            if section and section not in SPECIAL_PAGES:
                files[f"content/{section}.yaml"] = "- title: Example\n"
        for setting in ("cv", "feed"):
            for section in (data.get(setting) or {}).get("sections") or []:
                files[f"content/{section}.yaml"] = "- title: Example\n  date: 2020\n"
        for variant in data.get("variants") or []:
            for section in variant.get("sections") or []:
                files[f"content/{section}.yaml"] = "- title: Example\n"
    entries = data if isinstance(data, list) else [data]
    for entry in entries:
        for field in FILE_FIELDS:
            value = entry.get(field) if isinstance(entry, dict) else None
            if value and "://" not in value:
                files[f"content/{value}"] = b"asset"
    return files


@pytest.mark.parametrize(
    ("name", "text"), EXAMPLES, ids=[f"{i}-{name}" for i, (name, _) in enumerate(EXAMPLES)]
)
def test_example_is_valid(tmp_path, name, text):
    files = {**_support_files(name, text), name: text}
    loaded = load(write_site(tmp_path / "site", files), include_drafts=True)
    if name.startswith("content/") and name.count("/") == 1 and name.endswith(".md"):
        assert [page.name for page in loaded.resume.pages] == [Path(name).stem]
    elif name.startswith("content/") and name not in NOT_SECTIONS:
        section = Path(name).parts[1].removesuffix(".yaml")
        assert loaded.resume.section(section).items, f"{name}: no entries read"


def _fields(model: type[BaseModel], seen: set[type[BaseModel]]) -> set[str]:
    if model in seen or model is Strings:  # the labels are listed in docs/languages.md
        return set()
    seen.add(model)
    names = set(model.model_fields)
    for info in model.model_fields.values():
        for nested in _nested_models(info.annotation):
            names |= _fields(nested, seen)
    return names


def _nested_models(annotation) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found = []
    for arg in getattr(annotation, "__args__", ()):
        found.extend(_nested_models(arg))
    return found


@pytest.mark.parametrize(
    "model", [SiteConfig, Profile, PageMatter, *SECTION_MODELS.values()], ids=lambda m: m.__name__
)
def test_every_field_is_documented(model):
    missing = sorted(f for f in _fields(model, set()) if f"`{f}`" not in DOC)
    assert missing == []


@pytest.mark.parametrize("section", sorted(SECTION_MODELS))
def test_every_known_section_has_a_heading(section):
    assert f"\n### {section}\n" in DOC


def test_every_publication_type_is_documented():
    from generator.content.schema import PUBLICATION_TYPES

    for kind in PUBLICATION_TYPES:
        assert f"`{kind}`" in DOC, kind


def test_every_deploy_target_is_documented():
    from generator.content.schema import DEPLOY_TARGETS

    for target in DEPLOY_TARGETS:
        assert f"`{target}`" in DOC, target
