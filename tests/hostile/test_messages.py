"""Error messages on hostile input: one short line per error, whatever the value holds.

A message that repeats what the user wrote quotes at most 80 characters of it, with its
length (`'2020-01-01xxxx…' (200,010 characters)`), and shows a line break in it as `\\n`:
a 200 KB bad date used to print 300 KB, and a value with line breaks broke the
one-error-per-line format. Errors about `theme` and `theme_options` name their line in
site.yaml, and the 100,000-value limit says what it counted.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content.schema import Profile, SiteConfig, model_for
from generator.errors import CvsiteError, error_text
from generator.site.build import BuildOptions, render_site
from tests.helpers import new_site_cache, run_cli, write_site, yaml_text
from tests.hostile.fields import Leaf, leaves, put
from tests.hostile.hostile_site import SECTIONS
from tests.hostile.sandbox import build_hostile

KB = 1024
MAX_LINE = 300  # characters of one error line: a file, a field, a message, a value cut short
SITE = "title: T\nbase_url: https://example.org/\n"


def big(start: str, size: int = 200 * KB, line: int = 100) -> str:
    """`start`, then lines of x up to `size` characters: a value full of line breaks."""
    filler = ("x" * (line - 1) + "\n") * (size // line + 1)
    return (start + filler)[:size]


def quoted(text: str) -> str:
    """`text` in a double-quoted YAML string (the form that can hold a line break)."""
    return yaml_text(text, default_style='"', width=10**9).strip().removesuffix("...").strip()


def assert_short_lines(text: str) -> list[str]:
    """Every line of what the command printed is short; returns the lines."""
    lines = text.strip().splitlines()
    assert lines, "nothing printed"
    for line in lines:
        assert len(line) <= MAX_LINE, f"{len(line)} characters: {line[:300]}…"
    return lines


# Every file of a site: its model, whether it holds a list of entries, and what it needs.
_FILES = [
    ("site.yaml", SiteConfig, False, {"title": "T", "base_url": "https://example.org/"}),
    ("content/profile.yaml", Profile, False, {"name": "A"}),
    *((f"content/{s}.yaml", model_for(s), True, [{"title": "T"}]) for s in SECTIONS),
]
_SLOTS = [(*file, leaf) for file in _FILES for leaf in leaves(file[1])]


def _base(base: Any) -> Any:
    return yaml.safe_load(yaml_text(base))  # a fresh copy


def _parent(leaf: Leaf) -> tuple:
    """The mapping that holds `leaf`'s field: where an unknown key would be written."""
    return leaf.path[:-2] if leaf.in_list else leaf.path[:-1]


def _site_with(root: Path, slot: tuple, value: str, as_key: bool) -> Path:
    file, _, in_list, base, leaf = slot
    data = _base(base)
    target = data[0] if in_list else data
    if as_key:  # an unknown field, beside the one the leaf is
        put(target, (*_parent(leaf), value), "x")
    else:
        put(target, leaf.path, value)
    return write_site(root, {file: yaml_text(data, allow_unicode=True)})


# --- the command line: each place that repeats a value ---------------------------------------

DATE = big("2020-01-01")
LONG = 200 * KB
PROFILE = "content/profile.yaml"
PROJECTS = "content/projects.yaml"
PAPERS = "content/publications.yaml"
BIB = "content/publications.bib"
PAGE = "content/projects/a.md"


def bib(*entries: str) -> dict[str, str]:
    return {BIB: "".join(entries)}


CAPPED = [
    # (id, files, where the error is, what the message says around the value)
    (
        "date",
        {PROJECTS: f"- title: T\n  start: {quoted(DATE)}\n"},
        "content/projects.yaml:2:10: projects[0].start: '2020-01-01xxx",
        "is not a date",
    ),
    (
        "url",
        {PROFILE: f"name: A\nwebsite: {quoted(big('javascript:'))}\n"},
        "content/profile.yaml:2:10: website: 'javascript:xxx",
        "unsafe URL scheme 'javascript:'",
    ),
    (
        "scheme",
        {PROFILE: f"name: A\nwebsite: {quoted('a' * LONG + ':x')}\n"},
        "content/profile.yaml:2:10: website: 'aaa",
        "unsafe URL scheme 'aaa",
    ),
    (
        "email",
        {PROFILE: f"name: A\nemail: {quoted(big('ada@'))}\n"},
        "content/profile.yaml:2:8: email: 'ada@xxx",
        "is not an e-mail address",
    ),
    (
        "avatar",
        {PROFILE: f"name: A\navatar: {quoted('me' + 'x' * LONG)}\n"},
        "content/profile.yaml:2:9: avatar: 'mexxx",
        "is not a file in content/",
    ),
    (
        "slug",
        {PROJECTS: f"- title: T\n  slug: {quoted(big('../'))}\n"},
        "content/projects.yaml:2:9: projects[0].slug: '../xxx",
        "is not a valid slug",
    ),
    (
        "whole-number",
        {PROJECTS: f"- title: T\n  weight: {quoted('9' * LONG)}\n"},
        "content/projects.yaml:2:11: projects[0].weight: expected a whole number, found '999",
        "(204,800 characters)",
    ),
    (
        "literal",
        {PAPERS: f"- title: T\n  type: {quoted(big('journal'))}\n"},
        "content/publications.yaml:2:9: publications[0].type: 'journalxxx",
        "is not one of",
    ),
    (
        "too-long-key",
        {PAPERS: f"- title: T\n  key: {quoted('k' * LONG)}\n"},
        "content/publications.yaml:2:8: publications[0].key: 'kkk",
        "is too long (expected at most 100 characters)",
    ),
    (
        "base-url",
        {"site.yaml": f"title: T\nbase_url: {quoted(big('https://a b/'))}\n"},
        "site.yaml:2:11: base_url: 'https://a b/xxx",
        "is not a site address",
    ),
    (
        "language",
        {"site.yaml": SITE + f"language: {quoted(big('en'))}\n"},
        "site.yaml:3:11: language: 'enxxx",
        "is not a language code",
    ),
    (
        "nav-section",
        {"site.yaml": SITE + f"nav: [{quoted(big('blog'))}]\n"},
        "site.yaml:3:7: nav[0].section: no section or page named 'blogxxx",
        "in content/",
    ),
    (
        "deploy-branch",
        {"site.yaml": SITE + f"deploy:\n  branch: {quoted(big('-x'))}\n"},
        "site.yaml:4:11: deploy.branch: '-xxx",
        "would be read as an option",
    ),
    (
        "unknown-field",
        {PROFILE: f"name: A\n? {quoted(big('nickname'))}\n: x\n"},
        "content/profile.yaml:2:3: nicknamexxx",
        "unknown field 'nicknamexxx",
    ),
    (
        "duplicate-key",
        {PROFILE: f"name: A\n? {quoted(big('k'))}\n: 1\n? {quoted(big('k'))}\n: 2\n"},
        "content/profile.yaml:4:3: kxxx",
        "duplicate key 'kxxx",
    ),
    (
        "yaml-alias",
        {PROFILE: f"name: A\nx: *{'a' * LONG}\n"},
        "content/profile.yaml:2:4: YAML syntax error: found undefined alias 'aaa",
        "(204,800 characters)",
    ),
    (
        "yaml-anchor",
        {PROFILE: f"name: A\nx: &{'a' * LONG} 1\ny: &{'a' * LONG} 2\n"},
        "content/profile.yaml:3:4: YAML syntax error: found duplicate anchor 'aaa",
        "(first defined at line 2, column 4)",
    ),
    (
        "front-matter-date",
        {PAGE: f"---\ntitle: T\ndate: {quoted(DATE)}\n---\nBody\n"},
        "content/projects/a.md:3:7: date: '2020-01-01xxx",
        "is not a date",
    ),
    (
        "markdown-link",
        {
            PAGE: "---\ntitle: T\n---\n"
            # A long link and two short ones: a Markdown text holds at most 256 KB.
            + f"[x](javascript:{'y' * LONG}a)\n\n[x](javascript:b)\n\n[x](javascript:c)\n\n"
        },
        "content/projects/a.md:4:5: body: link to 'javascript:yyy",
        "(and 2 more) uses an unsafe URL scheme",
    ),
    (
        "theme-option",
        {"site.yaml": SITE + f"theme_options:\n  show_photo: {quoted(big('maybe'))}\n"},
        "site.yaml:4:15: theme_options.show_photo: expected true or false, found 'maybexxx",
        "characters)",
    ),
    (
        "theme",
        {"site.yaml": SITE + f"theme: {quoted(big('nope'))}\n"},
        "site.yaml:3:8: theme: theme 'nopexxx",
        "not found in themes/ or the built-in themes",
    ),
]


@pytest.mark.parametrize(
    ("files", "where", "fragment"), [c[1:] for c in CAPPED], ids=[c[0] for c in CAPPED]
)
def test_a_value_in_a_message_is_cut_to_80_characters_with_its_length(
    tmp_path, files, where, fragment
):
    site = write_site(tmp_path / "site", files)
    outcome = build_hostile(site)
    assert outcome.run.code == 1
    lines = assert_short_lines(outcome.run.err)
    assert lines[-1] == f"{len(lines) - 1} error{'s' if len(lines) > 2 else ''} found."
    error = next((line for line in lines if line.startswith(where)), lines)
    assert error.startswith(where), error
    assert fragment in error, error
    # the value: at most 80 characters between its quotes, then how long it is
    value = re.search(r"'([^']*)…' \(([\d,]+) characters\)", error)
    assert value is not None, error
    assert len(value.group(1)) < 80 and int(value.group(2).replace(",", "")) >= 200 * KB


# A .bib from elsewhere builds: its problems are warnings with a fallback (docs/publications.md),
# and their values are cut the same way.
WARNED = [
    (
        "bibtex-key-twice",
        bib(*[f"@misc{{{'k' * LONG}, title={{T}}, year=2020}}\n"] * 2),
        "content/publications.bib:2:1: kkk",
        "this key is also used at line 1",
    ),
    (
        "bibtex-url",
        bib("@misc{a, title={T}, year=2020,\n  url={javascript:" + "x" * LONG + "}}\n"),
        "content/publications.bib:2:1: a.url: 'javascript:xxx",
        "unsafe URL scheme",
    ),
]


@pytest.mark.parametrize(
    ("files", "where", "fragment"), [c[1:] for c in WARNED], ids=[c[0] for c in WARNED]
)
def test_a_value_in_a_warning_is_cut_to_80_characters_with_its_length(
    tmp_path, files, where, fragment
):
    site = write_site(tmp_path / "site", files)
    outcome = build_hostile(site)
    assert outcome.run.code == 0, outcome.run.err
    lines = assert_short_lines(outcome.run.err)
    warning = next(line for line in lines if line.startswith(where))
    assert fragment in warning, warning
    # the value, where the message quotes it: at most 80 characters, then how long it is
    for value, length in re.findall(r"'([^']*)…' \(([\d,]+) characters\)", warning):
        assert len(value) < 80 and int(length.replace(",", "")) >= 100


def test_every_field_hostile_at_once_prints_one_short_line_per_error(tmp_path):
    """All the fields of every file, each with 20 KB of lines, built and checked."""
    files: dict[str, Any] = {}
    for file, model, in_list, base in _FILES:
        data = _base(base)
        for leaf in leaves(model):
            if leaf.path[0] not in ("title", "name"):  # what a file needs, to say more
                put(data[0] if in_list else data, leaf.path, big(f"{leaf.kind}:", 20 * KB))
        files[file] = yaml_text(data, allow_unicode=True)
    site = write_site(tmp_path / "site", files)
    for command in ("build", "check"):
        result = run_cli(command, "--site", site)
        assert result.code == 1 and "Traceback" not in result.err
        lines = assert_short_lines(result.err)
        count = int(re.fullmatch(r"(\d+) errors found\.", lines[-1]).group(1))
        assert count > 100 and len(lines) == count + 1
        assert len(result.err) < 80 * KB  # was over 20 MB


def test_a_long_broken_link_is_cut_where_check_prints_it(tmp_path):
    # Within a Markdown text's limit of 256 KB.
    body = f"[a]({'nope' * 20 * KB}/)\n\n[b](#{'f' * 80 * KB})\n"
    site = write_site(tmp_path / "site", {"content/projects/a.md": f"---\ntitle: T\n---\n{body}"})
    result = run_cli("check", "--site", site)
    assert result.code == 1 and "internal error" not in result.err
    lines = assert_short_lines(result.err)
    assert lines == [
        "broken link: projects/a/index.html: '#" + "f" * 78 + "…' (81,921 characters): "
        "no element with this #id on that page",
        "broken link: projects/a/index.html: '../../" + "nope" * 18 + "n…' (81,927 characters): "
        "no such file",
        "2 broken links found.",
    ]


# --- line breaks and other invisible characters -----------------------------------------------

BROKEN = [
    ("date", "content/projects.yaml", "- title: T\n  start: \"2020\\nand 2021\"\n",
     "content/projects.yaml:2:10: projects[0].start: '2020\\nand 2021' is not a date "
     "(expected YYYY, YYYY-MM, YYYY-MM-DD or present)"),
    ("url", "content/profile.yaml", "name: A\nwebsite: \"https://a.org/\\n<b>\"\n",
     "content/profile.yaml:2:10: website: 'https://a.org/\\n<b>' has spaces or control "
     "characters (expected a URL)"),
    ("hidden-scheme", "content/profile.yaml", "name: A\nwebsite: \"java\\tscript:x\"\n",
     "content/profile.yaml:2:10: website: 'java\\tscript:x' uses the unsafe URL scheme "
     "'javascript:' (expected http, https, mailto, tel, sms, skype, xmpp or a relative path)"),
    ("nbsp-and-override", "content/projects.yaml", "- title: T\n  slug: \"a\\u00a0b\\u202ec\"\n",
     "content/projects.yaml:2:9: projects[0].slug: 'a\\xa0b\\u202ec' is not a valid slug "
     "(expected letters, digits, '-', '_' and '.', at most 100 characters, no '/' or '..')"),
    ("key", "content/profile.yaml", "name: A\n\"nick\\nname\": x\n",
     "content/profile.yaml:2:1: nick\\nname: unknown field 'nick\\nname' (did you mean 'name'?)"),
    ("line-separator", "content/profile.yaml", "name: A\nemail: \"a\\u2028@b.org\"\n",
     "content/profile.yaml:2:8: email: 'a\\u2028@b.org' is not an e-mail address "
     "(expected one address, like ada@example.org)"),
    ("theme-option", "site.yaml", SITE + "theme_options:\n  max_authors: \"3\\n4\"\n",
     "site.yaml:4:16: theme_options.max_authors: expected a whole number, found '3\\n4'"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("file", "text", "expected"), [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN]
)
def test_a_line_break_in_a_value_is_shown_as_backslash_n(tmp_path, file, text, expected):
    site = write_site(tmp_path / "site", {file: text})
    outcome = build_hostile(site)
    assert outcome.run.err.splitlines() == [expected, "1 error found."]


def test_a_file_name_with_a_line_break_stays_on_its_line(tmp_path):
    site = write_site(tmp_path / "site", {"content/Bad\nName.yaml": "- title: T\n"})
    result = run_cli("build", "--site", site)
    assert result.err.splitlines() == [
        "content/Bad\\nName.yaml: 'Bad\\nName' is not a valid section name (expected "
        "lower-case letters, digits, '-' and '_')",
        "1 error found.",
    ]


# --- theme and theme_options: placed in site.yaml ---------------------------------------------

THEMED = SITE + "theme: meridian\ntheme_options:\n  accent_light: '#123456'\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            THEMED + "  home_publication: 2\n",
            "site.yaml:6:3: theme_options.home_publication: theme 'meridian' has no such "
            "option (did you mean 'home_publications'?) (options: accent_dark, accent_light, "
            "avatar_size, home_news, home_positions, home_projects, home_publications, "
            "image_width, … (12 in all))",
        ),
        (
            THEMED + "  show_photo: maybe\n",
            "site.yaml:6:15: theme_options.show_photo: expected true or false, found 'maybe'",
        ),
        (
            THEMED + "  max_authors: [1, 2]\n",
            "site.yaml:6:16: theme_options.max_authors: expected a whole number, found a list",
        ),
        (
            THEMED + "  accent_dark: {a: 1}\n",
            "site.yaml:6:16: theme_options.accent_dark: expected text, found a mapping",
        ),
        (
            THEMED.replace("theme: meridian", "theme: meridain"),
            "site.yaml:3:8: theme: theme 'meridain' not found in themes/ or the built-in "
            "themes (available: ledger, meridian)",
        ),
        (
            THEMED.replace("theme: meridian", "theme: ../../etc"),
            "site.yaml:3:8: theme: theme '../../etc' not found in themes/ or the built-in "
            "themes (available: ledger, meridian)",
        ),
    ],
    ids=["unknown-option", "wrong-type", "list", "mapping", "theme-not-found", "theme-a-path"],
)
def test_theme_errors_name_their_line_in_site_yaml(tmp_path, text, expected):
    site = write_site(tmp_path / "site", {"site.yaml": text})
    outcome = build_hostile(site)
    assert outcome.run.err.splitlines() == [expected, "1 error found."]


def test_a_theme_extending_a_missing_one_is_placed_at_its_extends(tmp_path):
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": SITE + "theme: mine\n",
            "themes/mine/theme.yaml": "name: mine\nextends: meridain\n",
        },
    )
    result = run_cli("build", "--site", site)
    assert result.err.splitlines() == [
        "themes/mine/theme.yaml:2:10: extends: theme 'meridain' (extended by 'mine') not found "
        "in themes/ or the built-in themes (available: ledger, meridian, mine)",
        "1 error found.",
    ]


# --- the 100,000-value limit says what it counted ---------------------------------------------


def test_a_big_file_without_aliases_is_not_blamed_on_aliases(tmp_path):
    tags = "".join("  - t\n" for _ in range(100_001))
    site = write_site(tmp_path / "site", {"content/projects.yaml": f"- title: T\n  tags:\n{tags}"})
    outcome = build_hostile(site)
    assert outcome.errors == [
        "content/projects.yaml:99999:5: too many values: more than 100,000 list items and "
        "mapping values in one file (the limit keeps a build's memory and time in bounds); "
        "split it into smaller files"
    ]


def test_an_alias_bomb_is_named_as_one(tmp_path):
    lines = ["name: A", "a0: &a0 [" + ", ".join(["x"] * 10) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 6)]
    site = write_site(tmp_path / "site", {"content/profile.yaml": "\n".join(lines) + "\n"})
    outcome = build_hostile(site)
    assert outcome.errors == [
        "content/profile.yaml:6:5: too many values: more than 100,000 list items and mapping "
        "values once its aliases are expanded, each *alias counting all it repeats (the limit "
        "keeps a build's memory and time in bounds, against alias bombs); use fewer aliases"
    ]


# --- any field, any value: a property ---------------------------------------------------------

# What a hostile value starts with: text that reads as a date, a URL, a number, a slug…
STARTS = st.one_of(
    st.sampled_from(["2020-01-01", "javascript:", "https://a.org/", "12", "true", "../", "en"]),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=20),
)


@settings(
    max_examples=25,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    slot=st.sampled_from(_SLOTS),
    start=STARTS,
    line=st.integers(1, 300),
    as_key=st.booleans(),
)
def test_any_field_given_200_kb_with_line_breaks_gives_short_single_line_errors(
    tmp_path_factory, slot, start, line, as_key
):
    value = big(start, 200 * KB, line)
    root = _site_with(tmp_path_factory.mktemp("site"), slot, value, as_key)
    try:
        render_site(BuildOptions(root, root / "output", cache_dir=new_site_cache()))
    except CvsiteError as exc:
        text = error_text(exc)
        lines = assert_short_lines(text)
        errors = getattr(exc, "errors", None)
        if errors is not None:  # content errors: one line each, and the count
            assert len(lines) == len(errors) + 1
            for error in errors:
                assert "\n" not in str(error)


@pytest.mark.parametrize(
    "args",
    [
        ("build", "--output", "{tmp}/" + "o" * 300),
        (
            "deploy",
            "--base-url",
            "https://a.org/",
            "--target",
            "directory",
            "--destination",
            "{tmp}/" + "d" * 300,
        ),
        (
            "deploy",
            "--base-url",
            "https://a.org/",
            "--target",
            "directory",
            "--destination=-" + "x" * 2000,
        ),
    ],
    ids=["build-output", "deploy-destination", "deploy-dash-destination"],
)
def test_a_path_the_system_refuses_is_named_not_called_a_bug(tmp_path, args):
    site = write_site(tmp_path / "site", {"site.yaml": SITE})
    result = run_cli(*(a.format(tmp=tmp_path) for a in args), "--site", site, cwd=site)
    assert result.code == 1, result.err
    assert "internal error" not in result.err and "bug" not in result.err
    assert "cvsite: cannot " in result.err and "(ENAMETOOLONG)" in result.err
    assert all(len(line) <= MAX_LINE for line in result.err.splitlines())
