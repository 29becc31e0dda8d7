"""What a process forked for `tests.helpers.run_cli` runs. A module of its own, importing
only the standard library, cvsite and the suite's Typst memo: the forked process imports it
by name to find the function, and tests.helpers would bring pytest (80 ms) into every one."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

from tests import typstmemo

REPO = Path(__file__).resolve().parent.parent
typstmemo.install()  # in the server the commands are forked from, before any is


def _first_use_done() -> None:
    """What every cvsite process does once, on first use, done here once, in the server
    the commands are forked from: each content model's validator built (pydantic's
    `defer_build`, 37 ms for all), and CLDR's data for the suite's two languages loaded
    (24 ms). A command forked from here behaves as a new process; it only skips that."""
    from generator.content.dates import PartialDate
    from generator.content.i18n import Locale, language_name
    from generator.content.schema.fields import Strict

    models = [Strict]
    for model in models:  # the list grows as it is walked: subclasses at every depth
        models += model.__subclasses__()
        model.model_rebuild()
    for language in ("en", "de"):
        language_name(language)
        Locale(language).date_range(PartialDate(2020, 1, 5), PartialDate(2021, 3, 5))
        Locale(language).date_range(PartialDate(2020, 1), PartialDate(2020, 3))


_first_use_done()


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
