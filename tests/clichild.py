"""What a process forked for `tests.helpers.run_cli` runs. A module of its own, importing
only the standard library and cvsite: the forked process imports it by name to find the
function, and tests.helpers would bring pytest (80 ms) into every one."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def cvsite_in_child(argv: list[str], cwd: Path, env: dict[str, str], out: Path, err: Path) -> None:
    """In the forked process: the working folder, the environment and the standard streams
    a new `python -m generator` would have, then the command; its exit status is the
    process's (multiprocessing ends a process with SystemExit's code)."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    for descriptor, path in ((1, out), (2, err)):
        opened = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(opened, descriptor)
        os.close(opened)
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
    sys.stderr = io.TextIOWrapper(
        io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace"
    )
    sys.stderr.reconfigure(line_buffering=True)
    sys.argv = [str(REPO / "generator" / "__main__.py"), *argv]
    from generator.cli import run

    run()
