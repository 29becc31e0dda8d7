"""The error line format and the order in which errors are reported."""

from __future__ import annotations

from pathlib import Path

from generator.errors import (
    EXIT_CONTENT,
    EXIT_USAGE,
    ContentError,
    ContentErrors,
    ErrorCollector,
    UsageError,
    describe,
    display_path,
    format_field_path,
    library_message,
    listed,
    one_line,
    shown,
)


def test_field_paths():
    assert format_field_path("experience", (2, "start")) == "experience[2].start"
    assert format_field_path("", ("links", 0, "url")) == "links[0].url"
    assert format_field_path("", (0, "title")) == "[0].title"
    assert format_field_path("nav", ()) == "nav"


def test_error_line_format():
    error = ContentError("content/experience.yaml", 14, 7, "experience[2].start", "bad")
    assert str(error) == "content/experience.yaml:14:7: experience[2].start: bad"
    assert str(ContentError("site.yaml", 3, 1, "", "bad")) == "site.yaml:3:1: bad"
    assert str(ContentError("content/a.md", 0, 0, "", "misplaced")) == "content/a.md: misplaced"


def test_errors_are_sorted_by_file_then_line_then_column_and_deduplicated():
    errors = ContentErrors(
        [
            ContentError("site.yaml", 2, 1, "", "c"),
            ContentError("content/b.yaml", 10, 3, "", "b"),
            ContentError("content/b.yaml", 9, 5, "", "a"),
            ContentError("content/b.yaml", 10, 1, "", "d"),
            ContentError("content/b.yaml", 9, 5, "", "a"),
            ContentError("content/a.yaml", 100, 1, "", "e"),
        ]
    )
    assert [(e.file, e.line, e.column) for e in errors.errors] == [
        ("content/a.yaml", 100, 1),
        ("content/b.yaml", 9, 5),
        ("content/b.yaml", 10, 1),
        ("content/b.yaml", 10, 3),
        ("site.yaml", 2, 1),
    ]
    assert str(errors).splitlines()[0] == "content/a.yaml:100:1: e"
    assert errors.exit_code == EXIT_CONTENT


def test_line_numbers_sort_as_numbers():
    errors = ContentErrors([ContentError("f", 10, 1, "", "x"), ContentError("f", 9, 1, "", "y")])
    assert [e.line for e in errors.errors] == [9, 10]


def test_collector_raises_all_at_once():
    collector = ErrorCollector()
    assert not collector
    collector.raise_if_any()  # nothing to raise
    collector.add("b.yaml", 1, 1, "", "one")
    collector.extend([ContentError("a.yaml", 1, 1, "", "two")])
    assert collector
    try:
        collector.raise_if_any()
    except ContentErrors as exc:
        assert [e.file for e in exc.errors] == ["a.yaml", "b.yaml"]
    else:
        raise AssertionError("expected ContentErrors")


def test_usage_errors_exit_2():
    assert UsageError("x").exit_code == EXIT_USAGE == 2


def test_display_path(tmp_path):
    inside = tmp_path / "content" / "x.yaml"
    assert display_path(inside, tmp_path) == "content/x.yaml"
    assert display_path(Path("/elsewhere/x.yaml"), tmp_path) == "/elsewhere/x.yaml"
    assert display_path("rel/x.yaml", None) == "rel/x.yaml"


# --- how a message shows what the user wrote -------------------------------------------------


def test_a_short_value_is_shown_whole_in_quotes():
    assert shown("2021-13") == "'2021-13'"
    assert shown(2021) == "'2021'"
    assert shown("x" * 80) == "'" + "x" * 80 + "'"


def test_a_long_value_is_cut_to_80_characters_with_its_length():
    assert shown("2020-01-01" + "x" * 199_990) == (
        "'2020-01-01" + "x" * 69 + "…' (200,000 characters)"
    )
    assert shown("x" * 81) == "'" + "x" * 79 + "…' (81 characters)"


def test_invisible_characters_are_escaped_as_in_a_double_quoted_yaml_string():
    assert shown("a\nb\tc\rd") == r"'a\nb\tc\rd'"
    assert shown("\xa0javascript:") == r"'\xa0javascript:'"
    assert shown("a\u202eb\u200bc\u2028d\x85e") == r"'a\u202eb\u200bc\u2028d\x85e'"
    assert shown("\U000e0041") == r"'\U000e0041'"
    # plain spaces, backslashes and other scripts stay as written
    assert shown("C:\\dir name é 漢") == "'C:\\dir name é 漢'"


def test_a_cut_never_splits_an_escape():
    text = "\n" * 100
    assert shown(text) == "'" + r"\n" * 39 + "…' (100 characters)"
    assert shown("x" + "\u2028" * 20) == "'x" + r"\u2028" * 13 + "…' (21 characters)"


def test_describe_names_lists_and_mappings_and_quotes_the_rest():
    assert describe(None) == "nothing"
    assert describe([1]) == "a list"
    assert describe({"a": 1}) == "a mapping"
    assert describe("a\nb") == r"'a\nb'"


def test_listed_names_are_cut_with_a_count():
    assert listed(["en", "de"]) == "en, de"
    assert listed([]) == ""
    names = [f"section-{i}" for i in range(1000)]
    text = listed(names)
    assert len(text) <= 140 and text.startswith("section-0, section-1, ")
    assert text.endswith(", … (1,000 in all)")
    assert listed(["a\nb"]) == r"a\nb"


def test_one_line_escapes_only_what_is_invisible():
    assert one_line("plain text: 'quoted' – fine") == "plain text: 'quoted' – fine"
    assert one_line("a\nb\u2029c") == r"a\nb\u2029c"


def test_a_library_message_has_its_quoted_values_cut():
    message = "found undefined alias '" + "a" * 1000 + "'"
    assert library_message(message) == (
        "found undefined alias '" + "a" * 79 + "…' (1,000 characters)"
    )
    assert library_message("short 'x' stays\nas it was") == r"short 'x' stays\nas it was"
    assert len(library_message("y" * 10_000)) == 200
    prose = "can't read " + "z" * 100 + " and it's 'x'"  # apostrophes quote nothing
    assert library_message(prose) == prose


def test_an_error_line_stays_one_line_whatever_it_is_given():
    error = ContentError("content/a\nb.yaml", 2, 3, "k" * 1000 + "\n", "bad\nvalue")
    text = str(error)
    assert "\n" not in text
    assert text == "content/a\\nb.yaml:2:3: " + "k" * 79 + "…: bad\\nvalue"
