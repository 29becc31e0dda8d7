"""Work done once in a test run, however many of xdist's processes ask for it: the first to
ask does it under a lock, in a folder they all share; the others wait, then read its result."""

from __future__ import annotations

import fcntl
import os
import pickle
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")


def shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scratch folder every process of the run shares: xdist gives each worker (which
    it names in PYTEST_XDIST_WORKER) a folder inside the controller's."""
    scratch = tmp_path_factory.getbasetemp()
    return scratch.parent if os.environ.get("PYTEST_XDIST_WORKER") else scratch


def once(folder: Path, make: Callable[[Path], T]) -> T:
    """`make(folder / "made")`'s result, made by the first process to ask (the lock is
    released when its file closes, even by a process that dies)."""
    folder.mkdir(parents=True, exist_ok=True)
    result = folder / "result.pickle"
    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not result.exists():
            made = folder / "made"
            shutil.rmtree(made, ignore_errors=True)  # what one that failed left
            made.mkdir()
            result.write_bytes(pickle.dumps(make(made)))
    return pickle.loads(result.read_bytes())
