"""Run `cvsite build` on a hostile site as a user would, and check what it may not do.

Whatever the input: no traceback, no internal error, exit status 0 or 1, every error line
located in a file of the site, and nothing written anywhere but the output folder.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from tests.helpers import Run, run_cli

# `content/x.yaml:3:9: field: message`, or `content/x.md: message` for a whole file.
ERROR_LINE = re.compile(r"^(site\.yaml|content/[^:]+)(:\d+:\d+)?: .+$")


def snapshot(root: Path, skip: Path) -> dict[str, str]:
    """Every file and folder under `root` but `skip`: path -> kind and content digest."""
    state = {}
    for folder, dirs, names in os.walk(root):
        here = Path(folder)
        dirs[:] = [d for d in dirs if here / d != skip and not (here / d).name.startswith(".out")]
        for name in dirs + names:
            path = here / name
            key = path.relative_to(root).as_posix()
            if path.is_symlink():
                state[key] = "link:" + os.readlink(path)
            elif path.is_file():
                state[key] = _digest(path)
            elif path.is_dir():
                state[key] = "dir"
            else:
                state[key] = "special"
    return state


def _digest(path: Path) -> str:
    stat = path.stat()
    if stat.st_size > 1_000_000:  # big files: size and time are enough to see a write
        return f"{stat.st_size}:{stat.st_mtime_ns}"
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Outcome:
    run: Run
    errors: list[str]

    @property
    def built(self) -> bool:
        return self.run.code == 0


def build_hostile(site: Path, *args: str) -> Outcome:
    """Build `site` (inside a scratch folder that holds nothing else of value) and check it."""
    scratch = site.parent
    output = site / "output"
    before = snapshot(scratch, output)
    run = run_cli("build", "--site", site, *args)
    assert "Traceback" not in run.err, run.err
    assert "internal error" not in run.err, run.err
    assert run.code in (0, 1), run.err
    after = snapshot(scratch, output)
    assert after == before, (
        f"written outside output/: {sorted(set(after.items()) ^ set(before.items()))[:5]}"
    )
    errors = []
    if run.code == 1:
        lines = run.err.strip().splitlines()
        assert re.fullmatch(r"\d+ errors? found\.", lines[-1]), run.err
        errors = lines[:-1]
        for line in errors:
            assert ERROR_LINE.match(line), f"not a located error: {line}"
    return Outcome(run, errors)


def usage_error(run: Run, *words: str) -> None:
    """`run` refused what it was given as a user's mistake: one line holding `words`, exit
    status 2, never a traceback or an internal error."""
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert run.code == 2, (run.code, run.out, run.err)
    assert len(run.err.strip().splitlines()) == 1, run.err
    for word in words:
        assert word in run.err, run.err
