"""Script and HTML in every text field of every model: escaped everywhere, or refused at its line.

The fields come from the pydantic models (tests/hostile/fields.py), so a new field is tested
as soon as it exists. Every page, the feed, the sitemap, meta tags and JSON-LD are read back
with parsers (tests/hostile/scan.py).
"""

from __future__ import annotations

import re

import pytest

from tests.hostile.hostile_site import SECTIONS, build_until_it_builds, make_site
from tests.hostile.scan import payload, scan_site


def markdown_link(marker: str) -> str:
    return f"[click-{marker}](javascript:alert('{marker}'))"


@pytest.fixture(scope="module")
def escaped_site(tmp_path_factory):
    site = make_site(tmp_path_factory.mktemp("escaped"), payload)
    build_until_it_builds(site)
    return site, scan_site(site.output)


@pytest.fixture(scope="module")
def markdown_site(tmp_path_factory):
    site = make_site(tmp_path_factory.mktemp("markdown"), markdown_link)
    build_until_it_builds(site)
    return site, scan_site(site.output)


@pytest.mark.parametrize(
    "scheme", ["javascript:alert('{}')", "VBScript:msgbox('{}')", "data:text/html,{}"]
)
def test_no_text_field_becomes_a_link_that_runs_script(tmp_path, scheme):
    """Every text field holds a script URL: fields that take URLs refuse it at their line,
    and no other field may put it in an href or src (plain text typed where a URL goes)."""
    site = make_site(tmp_path, scheme.format)
    build_until_it_builds(site)
    assert scan_site(site.output).problems == []
    refused = {(site.slots[m].file, site.slots[m].field) for m in site.refused}
    for url_field in [
        ("content/profile.yaml", "website"),
        ("content/profile.yaml", "links[0].url"),
        ("content/publications.yaml", "publications[0].url"),
        ("content/publications.yaml", "publications[0].code"),
        ("content/certificates.yaml", "certificates[0].url"),
    ]:
        assert url_field in refused, url_field
        assert (
            "unsafe URL scheme"
            in site.refused[
                next(
                    m
                    for m in site.refused
                    if (site.slots[m].file, site.slots[m].field) == url_field
                )
            ].message
        )


def test_every_model_has_text_fields_under_test(escaped_site):
    site, _ = escaped_site
    files = {slot.file for slot in site.slots.values()}
    assert {"site.yaml", "content/profile.yaml"} <= files
    assert {f"content/{section}.yaml" for section in SECTIONS} <= files
    assert len(site.slots) > 150


def test_no_text_becomes_markup_anywhere(escaped_site):
    _, findings = escaped_site
    assert findings.live_markers == set()
    assert findings.problems == []


def test_refused_values_are_refused_at_their_field(escaped_site):
    site, _ = escaped_site
    for marker, error in site.refused.items():
        slot = site.slots[marker]
        assert (error.file, error.field) == (slot.file, slot.field)
        assert error.line >= 1
    refused = {(site.slots[m].file, site.slots[m].field) for m in site.refused}
    # Fields with a format: a URL with spaces, an address, a slug, a language code.
    assert ("content/profile.yaml", "email") in refused
    assert ("content/profile.yaml", "avatar") in refused
    assert ("content/profile.yaml", "links[0].url") in refused
    assert ("content/projects.yaml", "projects[0].slug") in refused
    assert ("content/publications.yaml", "publications[0].pdf") in refused
    assert ("site.yaml", "language") in refused


@pytest.mark.parametrize(
    ("file", "name"),
    [
        ("site.yaml", "title"),
        ("site.yaml", "description"),
        ("site.yaml", "nav[0].label"),
        ("site.yaml", "nav[1].label"),
        ("content/profile.yaml", "name"),
        ("content/profile.yaml", "headline"),
        ("content/profile.yaml", "location"),
        ("content/profile.yaml", "phone"),
        ("content/profile.yaml", "summary"),
        ("content/profile.yaml", "links[0].label"),
        ("content/profile.yaml", "languages[0].name"),
        ("content/profile.yaml", "languages[0].level"),
        ("content/profile.yaml", "interests[0]"),
        *[(f"content/{s}.yaml", f"{s}[0].{f}") for s in SECTIONS for f in ("title", "body")],
        ("content/projects.yaml", "projects[0].tags[0]"),
        ("content/projects.yaml", "projects[0].highlights[0].text"),
        ("content/experience.yaml", "experience[0].organization"),
        ("content/education.yaml", "education[0].thesis.title"),
        ("content/education.yaml", "education[0].courses[0]"),
        ("content/publications.yaml", "publications[0].authors[0]"),
        ("content/publications.yaml", "publications[0].venue"),
        ("content/publications.yaml", "publications[0].abstract"),
        ("content/publications.yaml", "publications[0].bibtex"),
        ("content/skills.yaml", "skills[0].items[0].name"),
    ],
)
def test_the_value_is_shown_as_text(escaped_site, file, name):
    site, findings = escaped_site
    slot = site.slot_named(file, name)
    assert slot.marker not in site.refused, site.refused.get(slot.marker)
    assert findings.shows(slot.marker), f"{file} {name}: its text is shown nowhere"


def test_json_ld_carries_the_text_without_closing_its_element(escaped_site):
    site, _ = escaped_site
    home = (site.output / "index.html").read_text(encoding="utf-8")
    script = home.split('<script type="application/ld+json">', 1)[1].split("</script>", 1)[0]
    name = site.slot_named("content/profile.yaml", "name")
    assert f'\\u003cx-inj id=\\"{name.marker}\\"\\u003e' in script


def test_markdown_links_to_script_are_refused_in_every_markdown_field(markdown_site):
    site, findings = markdown_site
    assert findings.problems == []
    refused = {site.slots[m].field: e.message for m, e in site.refused.items()}
    markdown = [f"{s}[0].{name}" for s in SECTIONS for name in ("title", "summary", "body")]
    markdown += ["summary", "publications[0].abstract", "skills[0].items[0].name"]
    markdown += ["projects[0].highlights[0].text", "education[0].thesis.title"]
    for name in markdown:
        assert "unsafe URL scheme" in refused.get(name, ""), name


def _allowed_raw_html(marker: str) -> str:
    """The payload, and an element that `unsafe_html` allows, named by the marker."""
    return f'<details id="{marker}-ok"><summary>s</summary>x</details>' + payload(marker)


def test_unsafe_html_lets_allowed_html_through_markdown_fields_only(tmp_path, markdown_site):
    checked = markdown_site[0]
    markdown_fields = {(checked.slots[m].file, checked.slots[m].field) for m in checked.refused}
    site = make_site(tmp_path, _allowed_raw_html, markdown={"unsafe_html": True})
    build_until_it_builds(site)
    findings = scan_site(site.output)
    # Still no script, event handler or unknown element (the marker), from any field.
    assert findings.problems == [] and findings.live_markers == set()
    pages = "".join(p.read_text("utf-8") for p in site.output.rglob("*.html"))
    live = {
        (site.slots[m].file, site.slots[m].field)
        for m in re.findall(r'<details id="(m\d+)-ok">', pages)
    }
    assert ("content/profile.yaml", "summary") in live  # the switch does let HTML through
    assert live <= markdown_fields, live - markdown_fields


def _builtin_themes() -> list[str]:
    from generator.render.theme import builtin_themes_dir

    return sorted(p.parent.name for p in builtin_themes_dir().glob("*/theme.yaml"))


@pytest.mark.parametrize("theme", _builtin_themes())
def test_every_builtin_theme_escapes_every_field(tmp_path, theme):
    site = make_site(tmp_path, payload, theme=theme)
    build_until_it_builds(site)
    findings = scan_site(site.output)
    assert findings.live_markers == set()
    assert findings.problems == []
    name = site.slot_named("content/profile.yaml", "name")
    assert findings.shows(name.marker)
