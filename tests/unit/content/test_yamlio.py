"""The YAML and front-matter reader: data, line marks, and the errors it gives for bad files."""

from __future__ import annotations

import codecs
import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.content import textfile, yamlio
from generator.content.textfile import decode, read_body, read_text
from generator.content.yamlio import (
    Mark,
    load_yaml,
    read_front_matter,
    read_yaml,
    split_front_matter,
)
from generator.errors import ContentErrors


def errors_of(text: str, **kwargs) -> list[str]:
    with pytest.raises(ContentErrors) as info:
        load_yaml(text, "f.yaml", **kwargs)
    return [str(e) for e in info.value.errors]


def only_error(text: str, **kwargs) -> str:
    errors = errors_of(text, **kwargs)
    assert len(errors) == 1, errors
    return errors[0]


# --- data ------------------------------------------------------------------------------------


def test_plain_scalars_stay_text():
    doc = load_yaml("a: 2021.10\nb: NO\nc: 1e3\nd: 007\ne: true\nf: 2021-10-05\n", "f.yaml")
    assert doc.data == {
        "a": "2021.10",
        "b": "NO",
        "c": "1e3",
        "d": "007",
        "e": "true",
        "f": "2021-10-05",
    }


def test_nulls_are_none_unless_quoted():
    doc = load_yaml('a:\nb: ~\nc: null\nd: "null"\ne: ""\nf: !!str\n', "f.yaml")
    assert doc.data == {"a": None, "b": None, "c": None, "d": "null", "e": "", "f": ""}


def test_block_scalars_keep_their_text():
    doc = load_yaml("a: |\n  one\n  two\nb: >\n  folded\n  line\n", "f.yaml")
    assert doc.data == {"a": "one\ntwo\n", "b": "folded line\n"}


def test_merge_keys_fill_in_without_overriding():
    doc = load_yaml("base: &b {x: 1, y: 2}\nitem:\n  <<: *b\n  y: 3\n", "f.yaml")
    assert doc.data["item"] == {"x": "1", "y": "3"}


@pytest.mark.parametrize("merge_first", [True, False])
def test_merged_keys_keep_the_marks_of_what_is_written(merge_first):
    base = "- &base\n  title: Base\n  start: 2020\n"
    lines = ["  <<: *base", "  start: 2022"]
    if not merge_first:
        lines.reverse()
    text = base + "- title: Second\n" + "\n".join(lines) + "\n"
    doc = load_yaml(text, "f.yaml")
    assert doc.data[1] == {"title": "Second", "start": "2022"}
    start_line = 6 if merge_first else 5
    assert doc.mark((1, "start")) == Mark(start_line, 10)
    assert doc.mark((1, "start"), key=True) == Mark(start_line, 3)
    assert doc.mark((1, "title")) == Mark(4, 10)


def test_a_merged_key_is_placed_where_the_anchor_wrote_it():
    doc = load_yaml("- &base\n  tags: [a]\n- <<: *base\n  title: T\n", "f.yaml")
    assert doc.data[1] == {"title": "T", "tags": ["a"]}
    assert doc.mark((1, "tags")) == Mark(2, 9)


def test_empty_and_comment_only_files_have_no_data():
    assert load_yaml("", "f.yaml").data is None
    assert load_yaml("# only a comment\n\n", "f.yaml").data is None


# --- line marks ------------------------------------------------------------------------------

NESTED = textwrap.dedent(
    """\
    # a comment line
    - title: First
      tags: [a, b]
      links:
        - label: Site
          url: https://example.org/
    - title: Second
      start:   2021
    """
)


def test_marks_of_list_items_keys_and_values():
    doc = load_yaml(NESTED, "f.yaml")
    assert doc.mark((0,)) == Mark(2, 3)
    assert doc.mark((1,)) == Mark(7, 3)
    assert doc.mark((0, "title"), key=True) == Mark(2, 3)
    assert doc.mark((0, "title")) == Mark(2, 10)
    assert doc.mark((0, "tags", 1)) == Mark(3, 13)
    assert doc.mark((0, "links", 0)) == Mark(5, 7)
    assert doc.mark((0, "links", 0, "url"), key=True) == Mark(6, 7)
    assert doc.mark((0, "links", 0, "url")) == Mark(6, 12)
    assert doc.mark((1, "start")) == Mark(8, 12)


def test_mark_of_an_absent_path_is_its_nearest_ancestor():
    doc = load_yaml(NESTED, "f.yaml")
    assert doc.mark((1, "end")) == Mark(7, 3)
    assert doc.mark((0, "links", 0, "icon")) == Mark(5, 7)
    assert doc.mark((5, "x")) == Mark(2, 1)  # the root list itself


def test_error_uses_the_mark_and_the_root_name():
    doc = load_yaml(NESTED, "content/projects.yaml", root="projects")
    error = doc.error((1, "start"), "bad", root="projects")
    assert str(error) == "content/projects.yaml:8:12: projects[1].start: bad"


def test_crlf_line_ends_do_not_shift_marks(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_bytes(NESTED.replace("\n", "\r\n").encode())
    doc = read_yaml(path, "f.yaml")
    assert doc.mark((1, "start")) == Mark(8, 12)
    assert doc.data[0]["title"] == "First"


def test_old_mac_line_ends_are_lines_too():
    assert decode(b"a: 1\rb: 2\r", "f.yaml") == "a: 1\nb: 2\n"


def test_utf8_bom_is_not_a_column(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_bytes(codecs.BOM_UTF8 + "- title: Café\n  start: 2021\n".encode())
    doc = read_yaml(path, "f.yaml")
    assert doc.data[0]["title"] == "Café"
    assert doc.mark((0,)) == Mark(1, 3)
    assert doc.mark((0, "start")) == Mark(2, 10)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_utf16_with_a_bom_is_read(tmp_path, encoding):
    path = tmp_path / "f.yaml"
    raw = "- title: Zürich\n  start: 2021\n".encode(encoding)
    if encoding == "utf-16-be":
        raw = codecs.BOM_UTF16_BE + raw
    path.write_bytes(raw)
    doc = read_yaml(path, "f.yaml")
    assert doc.data == [{"title": "Zürich", "start": "2021"}]
    assert doc.mark((0, "start")) == Mark(2, 10)


@given(
    st.lists(
        # json.dumps escapes everything outside ASCII as \uXXXX, which YAML reads for the
        # Basic Multilingual Plane but not as surrogate pairs. Control characters and
        # non-characters are refused (test_control_characters_are_refused_where_written).
        st.text(
            st.characters(max_codepoint=0xFFFF, blacklist_categories=("Cs", "Cc", "Cn")),
            max_size=30,
        ),
        min_size=1,
        max_size=20,
    )
)
def test_any_text_round_trips_with_its_line(values):
    # json.dumps writes a double-quoted scalar that YAML reads back exactly.
    text = "".join(f"k{i}: {json.dumps(v)}\n" for i, v in enumerate(values))
    doc = load_yaml(text, "f.yaml")
    assert doc.data == {f"k{i}": v for i, v in enumerate(values)}
    for i in range(len(values)):
        assert doc.mark((f"k{i}",), key=True) == Mark(i + 1, 1)
        assert doc.mark((f"k{i}",)) == Mark(i + 1, len(f"k{i}: ") + 1)


@pytest.mark.parametrize("char", ["\x00", "\x01", "\x1b", "\x0c", "\x7f", "\x85", "\ufffe"])
def test_control_characters_are_refused_where_written(char):
    escaped = json.dumps(char)  # a YAML escape, since the raw character is refused earlier
    with pytest.raises(ContentErrors) as info:
        load_yaml(f"a: ok\nb: {escaped}\n", "f.yaml")
    (error,) = info.value.errors
    assert (error.line, error.column, error.field) == (2, 4, "b")
    assert f"control character U+{ord(char):04X}" in error.message


@pytest.mark.parametrize("char", ["\x01", "\x1b", "\x7f", "\x9b"])
def test_control_characters_in_a_file_are_refused_at_their_place(char):
    with pytest.raises(ContentErrors) as info:
        decode(f"---\ntitle: a\n---\nbody ok\nbad {char} here\n".encode(), "f.md")
    (error,) = info.value.errors
    assert (error.line, error.column) == (5, 5)


def test_tabs_and_line_ends_are_text():
    assert decode(b"a\tb\r\nc\rd\n", "f") == "a\tb\nc\nd\n"


# --- front matter ----------------------------------------------------------------------------


def test_front_matter_marks_are_lines_of_the_file():
    text = "---\ntitle: A\nstart: 2021\n---\nBody line one.\n\nTwo.\n"
    page = split_front_matter(text, "a.md")
    assert page.meta.data == {"title": "A", "start": "2021"}
    assert page.meta.mark(("start",)) == Mark(3, 8)
    assert page.body == "Body line one.\n\nTwo.\n"
    assert page.body_line == 5


def test_front_matter_errors_are_lines_of_the_file():
    text = "---\ntitle: A\ntitle: B\n---\n"
    with pytest.raises(ContentErrors) as info:
        split_front_matter(text, "a.md")
    assert str(info.value) == (
        "a.md:3:1: title: duplicate key 'title' (first defined at line 2); "
        "YAML would keep only the last value"
    )


def test_front_matter_syntax_errors_are_lines_of_the_file():
    with pytest.raises(ContentErrors) as info:
        split_front_matter("---\ntitle: A\n\tstart: 2021\n---\n", "a.md")
    assert str(info.value) == (
        "a.md:3:1: tab character used for indentation; YAML indents with spaces only"
    )


@pytest.mark.parametrize(
    "raw",
    [
        b"---\ntitle: A\n---\nBody line one.\n\nTwo.\n",
        b"---\ntitle: A\n...\nBody\n",
        b"---\n---\n",
        b"No front matter.\n---\nA rule, then text.\n",
        b"\xef\xbb\xbf---\r\ntitle: A\r\n---  \r\nBody\r\n",  # BOM, CRLF, spaces
        b"---\ntitle: [unclosed\n---\nBody of a file whose YAML is wrong\n",
        b"",
    ],
)
def test_the_body_alone_is_the_body_read_with_its_front_matter(tmp_path: Path, raw: bytes):
    page = tmp_path / "a.md"
    page.write_bytes(raw)
    try:
        body = read_front_matter(page, "a.md").body
    except ContentErrors:  # a YAML mistake: read_body gives the body below it all the same
        body = raw.decode().split("---\n", 2)[2]
    assert read_body(page, "a.md") == body


def test_the_body_alone_is_refused_when_front_matter_is_never_closed(tmp_path: Path):
    page = tmp_path / "a.md"
    page.write_text("---\ntitle: A\nBody\n", encoding="utf-8")
    with pytest.raises(ContentErrors, match="never closed"):
        read_body(page, "a.md")


def test_front_matter_may_close_with_dots_and_be_empty():
    page = split_front_matter("---\ntitle: A\n...\nBody\n", "a.md")
    assert page.meta.data == {"title": "A"} and page.body == "Body\n"
    empty = split_front_matter("---\n---\nBody\n", "a.md")
    assert empty.meta.data == {} and empty.body == "Body\n" and empty.body_line == 3


def test_a_file_without_front_matter_is_all_body():
    page = split_front_matter("Just text.\n---\n", "a.md")
    assert page.meta.data == {}
    assert page.body == "Just text.\n---\n"
    assert page.body_line == 1


def test_front_matter_never_closed():
    with pytest.raises(ContentErrors) as info:
        split_front_matter("---\ntitle: A\nBody\n", "a.md")
    assert str(info.value) == "a.md:1:1: front matter opened with '---' is never closed with '---'"


# --- errors ----------------------------------------------------------------------------------


def test_duplicate_key_names_both_lines():
    assert only_error("name: A\nheadline: x\nname: B\n") == (
        "f.yaml:3:1: name: duplicate key 'name' (first defined at line 1); "
        "YAML would keep only the last value"
    )


def test_duplicate_key_in_a_list_item_is_placed_under_the_root():
    text = "- title: A\n- title: B\n  tags: [x]\n  title: C\n"
    assert only_error(text, root="projects") == (
        "f.yaml:4:3: projects[1].title: duplicate key 'title' (first defined at line 2); "
        "YAML would keep only the last value"
    )


def test_every_duplicate_key_of_a_file_is_reported():
    errors = errors_of("a: 1\nb:\n  c: 1\n  c: 2\na: 2\n")
    assert [e.split(":")[1] for e in errors] == ["4", "5"]


def test_a_key_must_be_text():
    assert only_error("? [a, b]\n: value\n") == (
        "f.yaml:1:3: a key must be plain text, not a list or mapping"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a:\n\tb: 1\n", "f.yaml:2:1: tab character used for indentation"),
        ("- a\n  - b\n\t- c\n", "f.yaml:3:1: tab character used for indentation"),
        ("a: |\n  x\n\ty\n", "f.yaml:3:1: tab character used for indentation"),
        ("a:\n  \tb: 1\n", "f.yaml:2:3: tab character used for indentation"),
    ],
)
def test_tab_indentation(text, expected):
    assert only_error(text) == expected + "; YAML indents with spaces only"


def test_tabs_between_tokens_are_fine():
    assert load_yaml("a:\t1\t# comment\n", "f.yaml").data == {"a": "1"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '- title: "x\n  summary: y\n',
            "f.yaml:3:1: YAML syntax error: found unexpected end of stream while scanning "
            "a quoted scalar that starts at line 1, column 10",
        ),
        (
            "- title: x\n summary: y\n",
            "f.yaml:2:2: YAML syntax error: did not find expected '-' indicator while parsing "
            "a block collection that starts at line 1, column 1",
        ),
        (
            "a: [1, 2\nb: 3\n",
            "f.yaml:2:2: YAML syntax error: did not find expected ',' or ']' while parsing "
            "a flow sequence that starts at line 1, column 4",
        ),
        (
            "- title: a: b\n",
            "f.yaml:1:11: YAML syntax error: mapping values are not allowed in this context",
        ),
        ("a: *nowhere\n", "f.yaml:1:4: YAML syntax error: found undefined alias 'nowhere'"),
        (
            "a: &x 1\nb: &x 2\n",
            "f.yaml:2:4: YAML syntax error: found duplicate anchor 'x' "
            "(first defined at line 1, column 4)",
        ),
        (
            "- a\n---\n- b\n",
            "f.yaml:2:1: YAML syntax error: expected a single document in the stream "
            "but found another document",
        ),
    ],
)
def test_syntax_errors(text, expected):
    assert only_error(text) == expected


def test_syntax_error_in_front_matter_counts_the_opening_line():
    with pytest.raises(ContentErrors) as info:
        split_front_matter('---\ntitle: "x\n---\n', "a.md")
    assert str(info.value) == (
        "a.md:2:10: YAML syntax error: found unexpected end of stream while scanning "
        "a quoted scalar that starts at line 2, column 8"
    )


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"title: Caf\xe9\n", "f.yaml:1:11: file is not valid UTF-8 (byte 0xe9)"),
        # The column counts characters: two two-byte letters before the bad byte are two.
        ("a: é\nb: éé".encode() + b"\xff\n", "f.yaml:2:6: file is not valid UTF-8 (byte 0xff)"),
        (codecs.BOM_UTF8 + b"a: \xff\n", "f.yaml:1:4: file is not valid UTF-8 (byte 0xff)"),
    ],
)
def test_non_utf8_bytes_are_placed(raw, expected):
    with pytest.raises(ContentErrors) as info:
        decode(raw, "f.yaml")
    assert str(info.value) == expected + "; save it as UTF-8"


def test_utf16_without_bom_is_called_out():
    with pytest.raises(ContentErrors) as info:
        decode("a: 1\n".encode("utf-16-le"), "f.yaml")
    assert str(info.value) == (
        "f.yaml:1:1: file contains a NUL character; is it a binary file, or UTF-16 without "
        "a byte-order mark? save it as UTF-8"
    )


def test_unreadable_and_too_large_files(tmp_path, monkeypatch):
    with pytest.raises(ContentErrors) as info:
        read_text(tmp_path / "missing.yaml", "missing.yaml")
    assert str(info.value).startswith("missing.yaml: cannot read file: ")
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 2000 + "\n")
    monkeypatch.setattr(textfile, "MAX_FILE_BYTES", 1000)
    with pytest.raises(ContentErrors) as info:
        read_text(big, "big.yaml")
    assert str(info.value) == "big.yaml: file is too large (0.0 MB; the limit is 10 MB)"


# --- hostile input ---------------------------------------------------------------------------


def billion_laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_quickly():
    started = time.perf_counter()
    error = only_error(billion_laughs())
    assert time.perf_counter() - started < 5
    assert error == (
        "f.yaml:6:5: too many values: more than 100,000 list items and mapping values once its "
        "aliases are expanded, each *alias counting all it repeats (the limit keeps a build's "
        "memory and time in bounds, against alias bombs); use fewer aliases"
    )


def test_a_few_aliases_are_fine():
    assert load_yaml("a: &x [1, 2]\nb: *x\n", "f.yaml").data == {"a": ["1", "2"], "b": ["1", "2"]}


def test_recursive_alias_is_refused():
    assert only_error("a: &x [*x]\n") == "f.yaml:1:4: nested deeper than 64 levels"


def test_nesting_up_to_the_limit_is_fine():
    text = "a: " + "[" * 64 + "]" * 64 + "\n"
    assert load_yaml(text, "f.yaml").data is not None


def test_nesting_past_the_limit_is_refused():
    assert only_error("a: " + "[" * 80 + "]" * 80 + "\n") == (
        "f.yaml:1:68: nested deeper than 64 levels"
    )


def test_very_deep_nesting_is_an_error_not_a_crash():
    # Run apart: LibYAML's own composer overflowed the C stack here (a segfault kills pytest).
    code = (
        "from generator.content.yamlio import load_yaml\n"
        "from generator.errors import ContentErrors\n"
        "try:\n"
        "    load_yaml('a: ' + '[' * 200000 + ']' * 200000, 'f.yaml')\n"
        "except ContentErrors as exc:\n"
        "    print(exc)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "f.yaml:1:68: nested deeper than 64 levels\n"


SIMPLE_TEXTS = [
    'title: "Measured node 1"\ndate: 2001-03\ntags: ["A 1", B, c]\n',
    "name: Ada\nlinks:\n  - {label: Site, url: 'https://x.org'}\n  - label: Mail\n",
    "- one\n- two: 2\n  three: [3, 4]\n- ? complex\n  : key\n",
    "a: |\n  Block text\n  on lines\nb: >-\n  folded\n   more\nc: ~\nd: null\ne: 'it''s'\n",
    "a: 1\n---\nb: 2\n",  # two documents: a composer's error
    "a: [1, 2\n",  # a parser's error
    "k: v\nk: w\n",
    "",
    "# only a comment\n",
]


def _both_ways(text: str, monkeypatch: pytest.MonkeyPatch) -> list:
    results = []
    for simple in (True, False):
        monkeypatch.setattr(yamlio, "simple", lambda _text, simple=simple: simple)
        try:
            results.append(yamlio.load_yaml(text, "f.yaml"))
        except ContentErrors as exc:
            results.append([str(e) for e in exc.errors])
    return results


@pytest.mark.parametrize("text", SIMPLE_TEXTS)
def test_libyamls_composer_reads_simple_text_as_pyyamls_does(text, monkeypatch):
    fast, plain = _both_ways(text, monkeypatch)
    assert fast == plain


def test_text_that_could_nest_deep_or_has_aliases_is_not_simple():
    assert yamlio.simple(SIMPLE_TEXTS[0])
    assert not yamlio.simple("[" * 65 + "]" * 65)
    assert not yamlio.simple("- " * 70 + "x")
    assert not yamlio.simple("a: &x 1\nb: *x\n")


def test_half_a_surrogate_pair_is_a_located_error():
    """Text made in Python (a JSON Resume's `\\ud800` escape) may hold one; LibYAML reads
    UTF-8, which cannot: an error on its line, not a traceback."""
    with pytest.raises(ContentErrors) as info:
        load_yaml("a: b\nc: x\ud800\n", "f.yaml")
    assert [str(e) for e in info.value.errors] == [
        "f.yaml:2:5: U+D800 is half of a surrogate pair, not a character: remove it"
    ]


LONG_KEY = "k" * 1025
LONG_KEY_MESSAGE = (
    "mapping key too long: 1,025 characters from here to its ':', and YAML reads a key of "
    "at most 1,024; shorten the key"
)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (f"a: 1\n{LONG_KEY}: 2\n", "2:1"),
        (f"items:\n  - {LONG_KEY}: v\n", "2:5"),
        (f"a: &x 1\nb: *x\n{LONG_KEY}: 2\n", "3:1"),  # composed by PyYAML's composer
        (f"{{a: 1, {LONG_KEY}: 2}}\n", "1:8"),
        (f"'{LONG_KEY[4:]}''': 1\n", "1:1"),
        (f'{{\n  "basics": {{\n    "{LONG_KEY[2:]}": "v"\n  }}\n}}\n', "3:5"),  # JSON
    ],
)
def test_a_key_over_yamls_limit_is_named_at_its_start(text, where):
    """YAML reads a key written without `? ` only up to 1024 characters; PyYAML's message
    for a longer one ("could not find expected ':'") did not say so."""
    assert only_error(text) == f"f.yaml:{where}: {LONG_KEY_MESSAGE}"


def test_a_key_at_yamls_limit_reads():
    assert load_yaml("k" * 1024 + ": 1\n", "f.yaml").data == {"k" * 1024: "1"}


def test_a_long_value_before_a_colon_is_not_called_a_long_key():
    assert only_error(f"a: {LONG_KEY}: v\n") == (
        "f.yaml:1:1029: YAML syntax error: mapping values are not allowed in this context"
    )


def test_a_json_resume_with_a_key_over_the_limit_is_a_located_error(tmp_path):
    from generator.importers.jsonresume import read_document

    path = tmp_path / "resume.json"
    path.write_text(f'{{"basics": {{"name": "Ada", "{LONG_KEY[2:]}": 1}}}}\n', "utf-8")
    with pytest.raises(ContentErrors) as info:
        read_document(path)
    assert [str(e) for e in info.value.errors] == [f"{path}:1:28: {LONG_KEY_MESSAGE}"]
