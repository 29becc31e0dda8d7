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
    display_path,
    format_field_path,
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
