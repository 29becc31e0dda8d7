"""A site with a hostile value in every text field of every model, built until it builds.

Each field gets its own marker. A field that refuses its value must say so with an error at
that field's line; the value is then taken out (or, for a required field, replaced by a
harmless one) and the site built again, until it builds. What is left is a site whose every
accepting field holds the hostile value: the caller scans its output.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.schema import (
    NEWS_SECTIONS,
    SECTION_MODELS,
    Profile,
    SiteConfig,
    model_for,
)
from generator.errors import ContentError, ContentErrors, format_field_path
from generator.site.build import BuildOptions, build
from tests.helpers import new_site_cache, yaml_text
from tests.hostile.fields import Leaf, put, remove, text_leaves

# Every known section, and one the generator does not know (rendered with generic templates).
SECTIONS = [*SECTION_MODELS, "notes"]
# site.yaml fields left out: a theme name picks files, and nav items need one target each
# (both are given below, with hostile labels).
# analytics adds another host's script by design, which these scans flag; hostile values in
# its fields are located errors (tests/e2e/test_portfolio.py).
SITE_SKIPPED = ("theme", "nav", "analytics")
HARMLESS = "https://example.org/"
MAX_ROUNDS = 6


@dataclass(frozen=True)
class Slot:
    """One field holding one marked value: the file it is in and its name in error messages."""

    marker: str
    file: str
    field: str
    leaf: Leaf
    root_path: tuple  # where the leaf's path starts inside the file's data


@dataclass
class HostileSite:
    root: Path
    files: dict[str, Any] = field(default_factory=dict)  # file -> data to dump as YAML
    slots: dict[str, Slot] = field(default_factory=dict)  # marker -> slot
    refused: dict[str, ContentError] = field(default_factory=dict)  # marker -> its error
    site_extra: dict[str, Any] = field(default_factory=dict)

    @property
    def output(self) -> Path:
        return self.root / "output"

    def accepted(self) -> list[Slot]:
        return [s for m, s in self.slots.items() if m not in self.refused]

    def slot_named(self, file: str, name: str) -> Slot:
        return next(s for s in self.slots.values() if s.file == file and s.field == name)


def _fill(
    site: HostileSite, file: str, root_path: tuple, root: str, leaves: list[Leaf], value
) -> None:
    data = site.files[file]
    for leaf in leaves:
        marker = f"m{len(site.slots)}"
        path = (*root_path, *leaf.path)
        put(data, path, value(marker))
        name = format_field_path(root, path)
        site.slots[marker] = Slot(marker, file, name, leaf, root_path)


def make_site(
    root: Path,
    value: Callable[[str], str],
    url_value: Callable[[str], str] | None = None,
    **site_extra: Any,
) -> HostileSite:
    """The site's data, every text field holding `value(marker)`; with `url_value`, every
    URL field (links, website, a paper's pdf, a nav item's url...) holds `url_value(marker)`
    instead."""
    site = HostileSite(root, site_extra=site_extra)

    def fill(file: str, root_path: tuple, name_root: str, leaves: list[Leaf]) -> None:
        plain = [leaf for leaf in leaves if url_value is None or not leaf.url]
        _fill(site, file, root_path, name_root, plain, value)
        if url_value is not None:
            urls = [leaf for leaf in leaves if leaf.url]
            _fill(site, file, root_path, name_root, urls, url_value)

    # The phone and the street address are published, so that their text reaches every page.
    published = {"contact": {"address": True, "phone": True}}
    site.files["site.yaml"] = {
        "title": "x",
        "base_url": HARMLESS,
        **published,
        **copy.deepcopy(site_extra),
    }
    leaves = [
        leaf
        for leaf in text_leaves(SiteConfig)
        if leaf.path[0] not in SITE_SKIPPED and leaf.path[0] not in site_extra
    ]
    fill("site.yaml", (), "", leaves)
    nav = [{"section": "projects", "label": "x"}, {"url": HARMLESS, "label": "x"}]
    site.files["site.yaml"]["nav"] = nav
    label = Leaf(("label",), "text", False, False)
    fill("site.yaml", ("nav", 0), "", [label])
    url = Leaf(("url",), "text", True, False, url=True)  # taken out, HARMLESS again
    fill("site.yaml", ("nav", 1), "", [label, url] if url_value is not None else [label])
    site.files["content/profile.yaml"] = {}
    fill("content/profile.yaml", (), "", text_leaves(Profile))
    for section in SECTIONS:
        file = f"content/{section}.yaml"
        # A news item is listed by its date (a date is not text: it is given, not tried).
        site.files[file] = [{"date": "2024-01-01"} if section in NEWS_SECTIONS else {}]
        fill(file, (0,), section, text_leaves(model_for(section)))
    return site


def _write(site: HostileSite) -> None:
    for file, data in site.files.items():
        path = site.root / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml_text(data, allow_unicode=True, sort_keys=False), "utf-8")


def _take_out(site: HostileSite, slot: Slot) -> None:
    data = site.files[slot.file]
    path = (*slot.root_path, *slot.leaf.path)
    if slot.leaf.required and not slot.leaf.in_list:
        put(data, path, HARMLESS)
        return
    remove(data, path)
    if slot.leaf.in_list and not slot.leaf.required and path[-1] == 0:
        # An optional list left empty is left out (`languages: []` is itself an error).
        parent: Any = data
        for part in path[:-2]:
            parent = parent[part]
        if parent.get(path[-2]) == []:
            remove(data, path[:-1])


def build_until_it_builds(site: HostileSite) -> None:
    """Build; take out each refused value (recording its error), until the build succeeds.

    An error that names no slot of ours is a failure: it is not about a hostile value.
    """
    for _ in range(MAX_ROUNDS):
        _write(site)
        try:
            build(BuildOptions(site.root, site.output, cache_dir=new_site_cache()))
            return
        except ContentErrors as exc:
            for error in exc.errors:
                slot = _slot_of(site, error)
                assert slot is not None, f"an error about no hostile value: {error}"
                assert error.line >= 1, f"refused without a line: {error}"
                if slot.marker in site.refused:  # taken out, and then missed (a title)
                    put(site.files[slot.file], (*slot.root_path, *slot.leaf.path), "plain")
                    continue
                site.refused[slot.marker] = error
                _take_out(site, slot)
    raise AssertionError(f"still refused after {MAX_ROUNDS} rounds")


def _slot_of(site: HostileSite, error: ContentError) -> Slot | None:
    """The slot an error is about: one still holding its value first."""
    named = [s for s in site.slots.values() if (s.file, s.field) == (error.file, error.field)]
    named.sort(key=lambda s: s.marker in site.refused)
    return named[0] if named else None
