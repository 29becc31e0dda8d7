"""The page plan: each page declares which entries' Markdown bodies it may show."""

from __future__ import annotations

from pathlib import Path

from generator.model.resume import load
from generator.render.pages import ALL_SOURCES, plan_language


def test_each_page_declares_the_bodies_it_may_show(sample_site: Path):
    resume = load(sample_site).resume
    pages = plan_language(resume)
    by_kind: dict[str, list] = {}
    for page in pages:
        by_kind.setdefault(page.kind, []).append(page)
    for page in by_kind["entry"]:  # its own entry's, no other
        assert page.bodies == {page.data["item"].key}
    for page in by_kind["section"]:
        assert page.bodies == {item.key for item in page.data["section"].items}
    for page in by_kind["tag"]:
        assert page.bodies == {item.key for item in page.data["tag"].items}
    for kind in ("home", "tags", "cv", "404"):
        assert all(page.bodies == {ALL_SOURCES} for page in by_kind[kind]), kind
    entries = {item.key for item in resume.items if item.has_page}
    assert {key for page in by_kind["entry"] for key in page.bodies} == entries
