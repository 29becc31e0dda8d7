"""Properties that hold for any input: dates, slugs, the YAML reader, and rendering any text.

Hypothesis draws the inputs, biased towards the characters that matter in HTML, URLs, YAML
and file paths.
"""

from __future__ import annotations

import datetime
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

import yaml
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from pydantic_core import PydanticCustomError

from generator import urls as routes
from generator.content.dates import parse_date
from generator.content.i18n import Locale
from generator.content.schema import MAX_SLUG_BYTES, SLUG_PATTERN
from generator.content.schema.fields import _check_slug
from generator.content.yamlio import load_yaml
from generator.errors import ContentErrors
from generator.site.build import BuildOptions, render_site
from tests.helpers import new_site_cache, write_site, yaml_text
from tests.hostile.scan import Findings, scan_file

SPECIAL = list("<>&\"'/\\=`!-[](){}*_#:;.%?@~ \t\n") + ["..", "../", "\u202e", "\u200b", "é", "漢"]
# Whole pieces of markup, so that drawn text is often markup, not only its characters.
MARKUP = ["<b>", "</div>", "<!--", "<script>", '<x-inj id="h">', "<img src=x onerror=f()>", "&lt;"]
TEXT = st.lists(st.one_of(st.sampled_from(SPECIAL + MARKUP), st.characters()), max_size=40).map(
    "".join
)
# Text a user can put in a field: no surrogates (UTF-8 cannot hold them) and no control
# characters (refused where written: test_control_characters_are_refused_where_written).
FIELD_TEXT = (
    st.lists(
        st.one_of(
            st.sampled_from(SPECIAL + MARKUP),
            st.characters(blacklist_categories=("Cs", "Cc", "Cn")),
        ),
        min_size=1,
        max_size=30,
    )
    .map("".join)
    .filter(lambda s: s.strip())
)
DATE_LIKE = st.one_of(
    TEXT,
    st.from_regex(r"\A\d{1,5}([-./]\d{1,3}([-./]\d{1,3})?)?\Z"),
    st.builds(
        lambda m, y: f"{m} {y}",
        st.sampled_from(["Jan", "may", "Sept.", "Foo"]),
        st.integers(0, 99999),
    ),
)

MONTHS = ["Jan", "February", "mar.", "Sept", "DEC", "may"]
WRITTEN_DATES = st.one_of(
    st.builds(
        lambda y, m, d, sep, form: [f"{y}", f"{y}{sep}{m}", f"{y}{sep}{m:02d}{sep}{d}"][form],
        st.integers(1, 9998),
        st.integers(1, 12),
        st.integers(1, 31),
        st.sampled_from(["-", ".", "/"]),
        st.integers(0, 2),
    ),
    st.builds(lambda m, y: f"{m} {y}", st.sampled_from(MONTHS), st.integers(1000, 9998)),
    st.builds(
        lambda d, m, y: f"{d} {m} {y}",
        st.integers(1, 31),
        st.sampled_from(MONTHS),
        st.integers(1000, 9998),
    ),
    st.sampled_from(["present", "Now", "ongoing"]),
)

# --- dates -------------------------------------------------------------------------------------


@given(DATE_LIKE)
def test_a_date_is_read_or_refused_never_invalid(text):
    date = parse_date(text)
    if date is None or date.present:
        return
    assert 1 <= date.year <= 9998
    assert 0 <= date.month <= 12
    assert date.day == 0 or date.month > 0
    if date.day:
        datetime.date(date.year, date.month, date.day)  # a real calendar day


@given(WRITTEN_DATES)
def test_a_read_date_reads_the_same_from_its_own_text(text):
    date = parse_date(text)
    assume(date is not None)
    assert parse_date(str(date)) == date


@given(WRITTEN_DATES, st.sampled_from(["en", "de", "zh", "fr", "pt-BR", "ar"]))
def test_any_read_date_can_be_shown_in_any_language(text, language):
    date = parse_date(text)
    assume(date is not None)
    shown = Locale(language).date(date)
    assert isinstance(shown, str) and shown


# --- slugs -------------------------------------------------------------------------------------


@given(TEXT)
def test_a_made_slug_is_a_valid_slug_and_one_folder(text):
    slug = routes.slugify(text)
    assert re.fullmatch(SLUG_PATTERN, slug)
    assert _check_slug(slug) == slug
    assert len(slug) <= routes.MAX_SLUG and len(slug.encode()) <= MAX_SLUG_BYTES
    assert routes.output_path(routes.entry("projects", slug)) == PurePosixPath(
        "projects", slug, "index.html"
    )


@given(TEXT)
def test_slugify_is_stable(text):
    slug = routes.slugify(text)
    assert routes.slugify(slug) == slug


@given(TEXT)
def test_a_citation_key_makes_one_folder(text):
    slug = routes.key_slug(text)
    assert slug and "/" not in slug and ".." not in slug and "\x00" not in slug
    assert len(slug.encode("utf-8", "surrogatepass")) <= MAX_SLUG_BYTES


@given(TEXT)
def test_a_written_slug_is_refused_or_stays_in_its_section(text):
    try:
        slug = _check_slug(text)
    except PydanticCustomError:
        return
    path = routes.output_path(routes.entry("projects", slug))
    assert path.parts[0] == "projects" and len(path.parts) == 3
    assert len(slug.encode("utf-8", "surrogatepass")) <= MAX_SLUG_BYTES


@given(
    st.lists(FIELD_TEXT.map(routes.slugify), min_size=1, max_size=3),
    st.sampled_from(["/", "/cv/", "/projects/x/", "/404.html"]),
)
def test_a_relative_link_leads_to_its_target(slugs, page):
    target = "/" + "/".join(slugs) + "/"
    href = routes.href(page, target)
    assert "://" not in href and not href.startswith("/")
    base = page if page.endswith("/") else page.rsplit("/", 1)[0] + "/"
    resolved = posixpath.normpath(posixpath.join(base, unquote(href)))
    assert resolved + "/" == target or resolved == target.rstrip("/")


# --- the YAML reader ---------------------------------------------------------------------------

KEYS = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cn")), min_size=1, max_size=8)
VALUES = st.recursive(
    st.one_of(st.none(), FIELD_TEXT, st.just("")),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=3)),
    max_leaves=10,
)


@given(st.dictionaries(KEYS, VALUES, min_size=1, max_size=4))
def test_yaml_reads_back_what_was_written_with_a_mark_for_every_value(data):
    text = yaml_text(data, allow_unicode=True)
    doc = load_yaml(text, "f.yaml")
    assert doc.data == data
    lines = text.count("\n") + 1

    def walk(value, path):
        mark = doc.marks[path]
        assert 1 <= mark.line <= lines
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, (*path, index))

    walk(data, ())


@given(TEXT)
@example("-\r<")  # a line ends at \r too: the error is on line 3, after the last
@example("a: b\n\ud800")  # half a surrogate pair (a JSON escape): LibYAML reads UTF-8
def test_yaml_errors_point_into_the_text(text):
    try:
        load_yaml(text, "f.yaml")
    except ContentErrors as exc:
        # YAML breaks lines at \r, \x85, \u2028 and \u2029 as well as \n (and \r\n).
        breaks = text.replace("\r\n", "\n")
        lines = sum(breaks.count(end) for end in "\n\r\x85\u2028\u2029") + 2
        for error in exc.errors:
            assert error.file == "f.yaml" and 0 <= error.line <= lines, error


# --- rendering any text through the real templates ---------------------------------------------


class _Shape(HTMLParser):
    """Records a page's elements and attribute names, in order: what text must never change."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple] = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, tuple(sorted(name for name, _ in attrs))))

    def handle_endtag(self, tag):
        self.found.append(("/" + tag,))


def _structure(files: dict) -> dict[str, list]:
    shapes = {}
    for path, data in files.items():
        if str(path).endswith(".html"):
            parser = _Shape()
            parser.feed(data.decode("utf-8"))
            shapes[str(path)] = parser.found
    return shapes


def _site_with(root: Path, plain: str, markdown: str) -> dict:
    quoted = yaml.safe_dump
    files = {
        "content/profile.yaml": quoted(
            {"name": plain, "headline": plain, "location": plain, "summary": markdown}
        ),
        "content/experience.yaml": quoted(
            [{"position": "P", "organization": plain, "location": plain, "summary": markdown}]
        ),
        "content/projects.yaml": quoted(
            [{"title": "T", "body": markdown, "highlights": [markdown]}]
        ),
    }
    site = write_site(root, files)
    return render_site(BuildOptions(site, site / "output", cache_dir=new_site_cache())).files


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(FIELD_TEXT, FIELD_TEXT)
def test_any_text_renders_escaped_and_leaves_the_pages_shape_alone(tmp_path_factory, plain, md):
    root = tmp_path_factory.mktemp("site")
    try:
        files = _site_with(root / "site", plain, md)
    except ContentErrors as exc:  # e.g. a javascript: link in the Markdown: refused, located
        assert all(e.line >= 1 for e in exc.errors), exc
        return
    findings = Findings()
    for path, data in files.items():
        if isinstance(data, bytes):
            scan_file(str(path), data, findings)
    assert findings.problems == [] and findings.live_markers == set()
    # The same site with harmless text has the same elements: text never adds or closes one.
    baseline = _structure(_site_with(root / "baseline", "Plain", md))
    shaped = _structure(files)
    for name in ("index.html", "cv/index.html", "experience/index.html"):
        assert shaped[name] == baseline[name], name
