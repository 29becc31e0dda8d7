"""`cvsite check` on broken sites: each fails with its exact first error line and no traceback.

Every folder in tests/fixtures/broken/ is a tiny complete site with one kind of mistake, and
`expected.txt` holds the first line that `cvsite check --site <folder>` must print.
"""

from __future__ import annotations

import pytest

from tests.helpers import FIXTURES, run_cli

BROKEN = sorted(p for p in (FIXTURES / "broken").iterdir() if p.is_dir())


def test_there_are_enough_broken_fixtures():
    assert len(BROKEN) >= 15


@pytest.mark.parametrize("case", BROKEN, ids=[p.name for p in BROKEN])
def test_broken_fixture_gives_its_expected_first_error(case):
    expected = (case / "expected.txt").read_text(encoding="utf-8").rstrip("\n")
    assert expected and "\n" not in expected
    result = run_cli("check", "--site", case)
    assert "Traceback" not in result.err
    assert "internal error" not in result.err
    assert result.code == 1, result.err
    assert result.out == ""
    # One mistake per fixture: its line, then the count.
    assert result.err.splitlines() == [expected, "1 error found."]


def test_all_errors_of_a_run_at_once_sorted_by_file_and_line():
    case = FIXTURES / "many-errors"
    result = run_cli("check", "--site", case)
    assert result.code == 1
    assert result.err == (case / "expected.txt").read_text(encoding="utf-8")
    lines = result.err.splitlines()[:-1]
    assert len({line.split(":")[0] for line in lines}) >= 2  # errors in several files
    places = [(line.split(":")[0], int(line.split(":")[1])) for line in lines]
    assert places == sorted(places)
    assert result.err.splitlines()[-1] == f"{len(lines)} errors found."


def test_site_option_is_relative_to_the_working_folder():
    result = run_cli("check", "--site", "bad-date", cwd=FIXTURES / "broken")
    assert result.code == 1
    assert result.err.splitlines()[0].startswith("content/experience.yaml:14:10: ")
