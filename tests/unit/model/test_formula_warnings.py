"""A .bib's formulas that cannot be shown as math are told one line per kind, with how many
and where the first is; past a screenful of kinds, one line for the rest (issue 42)."""

from __future__ import annotations

import logging

from generator.cli.screenful import SCREENFUL, ScreenfulHandler
from generator.errors import ContentError
from generator.model import checks
from generator.model.checks import FormulaWarnings


def _at(line: int) -> ContentError:
    return ContentError("content/publications.bib", line, 1, f"k{line}.title", "formula $x$")


def test_one_line_per_unknown_command_with_its_count_and_first_place(caplog):
    told = FormulaWarnings()
    for line in range(1, 690):
        told.add(_at(line), r"unknown command \Foo")
    told.add(_at(900), "latex2mathml stopped (no available tokens)")
    with caplog.at_level(logging.WARNING):
        told.report()
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2
    assert lines[0].startswith("content/publications.bib:1:1: k1.title: formula $x$; \\Foo is")
    assert "689 formulas shown as their source" in lines[0]
    assert "math: macros:" in lines[0]
    assert "content/publications.bib:900:1" in lines[1] and "1 formula shown" in lines[1]


def test_past_a_screenful_of_kinds_one_line_says_how_many_more(caplog):
    told = FormulaWarnings()
    for kind in range(checks.SCREENFUL + 5):
        told.add(_at(kind + 1), f"unknown command \\Cmd{chr(65 + kind)}")
    with caplog.at_level(logging.WARNING):
        told.report()
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == checks.SCREENFUL + 1
    assert lines[-1].startswith("5 more kinds of formula")


def test_a_builds_warnings_stop_at_a_screenful_and_say_how_many_more(capsys):
    handler = ScreenfulHandler()
    logger = logging.getLogger("test-screenful")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for n in range(SCREENFUL + 7):
            logger.warning("warning %d", n)
        handler.summary()
    finally:
        logger.removeHandler(handler)
    err = capsys.readouterr().err.splitlines()
    assert err[:SCREENFUL] == [f"warning {n}" for n in range(SCREENFUL)]
    assert err[SCREENFUL:] == [
        "… and 7 more warnings not shown (cvsite --verbose build shows every one)"
    ]
