"""`cvsite check` on broken sites: each fails with its exact first error line and no traceback.

Every folder in tests/fixtures/broken/ is a tiny complete site with one kind of mistake, and
`expected.txt` holds the first line that `cvsite check --site <folder>` must print.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BROKEN = sorted(p for p in (FIXTURES / "broken").iterdir() if p.is_dir())


def cvsite(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        timeout=120,
    )


def test_there_are_enough_broken_fixtures():
    assert len(BROKEN) >= 15


@pytest.mark.parametrize("case", BROKEN, ids=[p.name for p in BROKEN])
def test_broken_fixture_gives_its_expected_first_error(case):
    expected = (case / "expected.txt").read_text(encoding="utf-8").rstrip("\n")
    assert expected and "\n" not in expected
    result = cvsite("check", "--site", str(case))
    assert "Traceback" not in result.stderr
    assert "internal error" not in result.stderr
    assert result.returncode == 1, result.stderr
    assert result.stdout == ""
    # One mistake per fixture: its line, then the count.
    assert result.stderr.splitlines() == [expected, "1 error found."]


def test_all_errors_of_a_run_at_once_sorted_by_file_and_line():
    case = FIXTURES / "many-errors"
    result = cvsite("check", "--site", str(case))
    assert result.returncode == 1
    assert result.stderr == (case / "expected.txt").read_text(encoding="utf-8")
    lines = result.stderr.splitlines()[:-1]
    assert len({line.split(":")[0] for line in lines}) >= 2  # errors in several files
    places = [(line.split(":")[0], int(line.split(":")[1])) for line in lines]
    assert places == sorted(places)
    assert result.stderr.splitlines()[-1] == f"{len(lines)} errors found."


def test_site_option_is_relative_to_the_working_folder():
    result = cvsite("check", "--site", "bad-date", cwd=FIXTURES / "broken")
    assert result.returncode == 1
    assert result.stderr.splitlines()[0].startswith("content/experience.yaml:14:10: ")
