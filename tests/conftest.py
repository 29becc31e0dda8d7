"""Shared fixtures. Helpers that tests import live in tests/helpers.py."""

from __future__ import annotations

import gc
import importlib.util
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from generator.errors import ContentErrors
from generator.model.resume import Loaded, load
from tests import typstmemo
from tests.helpers import REPO, copy_site, write_site
from tests.once import shared_folder
from tests.releasejob import NotACheckout, Release, release_once

# No per-example deadline: a loaded machine (CI, a parallel build) must not turn a slow
# example into a failure. The number of examples still bounds the time.
settings.register_profile("cvsite", deadline=None)
settings.load_profile("cvsite")


# Where the tests' scratch folders go when neither --basetemp nor TMPDIR says: a tmpfs,
# when the machine has one with room. The suite writes about 1.6 GB of small files (sites,
# builds, caches); on this project's machine a disk made the suite wait on it for half of
# its time (four e2e files: 30 s on the disk, 14 s on /dev/shm).
MEMORY_FOLDER = Path("/dev/shm")
MEMORY_NEEDED = 4 * 2**30
# A failed run's folders are kept to look at, the newest few (as pytest keeps its own
# basetemp folders): kept for ever, they filled the machine's memory.
KEPT_FAILED_RUNS = 3
_MADE_BASETEMP = pytest.StashKey[Path]()


@pytest.hookimpl(tryfirst=True)  # before pytest's own tmp_path plugin reads the option
def pytest_configure(config: pytest.Config) -> None:
    if config.option.basetemp or "TMPDIR" in os.environ or hasattr(config, "workerinput"):
        return  # (xdist's workers are given a folder inside the controller's)
    _forget_old_runs()
    try:
        room = shutil.disk_usage(MEMORY_FOLDER).free
    except OSError:
        return
    if room >= MEMORY_NEEDED and os.access(MEMORY_FOLDER, os.W_OK):
        folder = Path(tempfile.mkdtemp(prefix="cvsite-tests-", dir=MEMORY_FOLDER))
        config.option.basetemp = str(folder)
        config.stash[_MADE_BASETEMP] = folder


FINISHED = ".finished"  # in the scratch folder of a run that failed, once it ended


def _forget_old_runs() -> None:
    """The scratch folders of failed runs but the newest KEPT_FAILED_RUNS (a run still going,
    in another terminal, has no FINISHED mark and is left alone)."""
    marks = sorted(MEMORY_FOLDER.glob(f"cvsite-tests-*/{FINISHED}"), key=os.path.getmtime)
    for mark in marks[:-KEPT_FAILED_RUNS]:
        shutil.rmtree(mark.parent, ignore_errors=True)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The memory the scratch folders took back, after a run that passed (a failed run's
    are kept to look at, marked FINISHED for `_forget_old_runs`)."""
    folder = session.config.stash.get(_MADE_BASETEMP, None)
    if folder is not None and exitstatus == 0:
        shutil.rmtree(folder, ignore_errors=True)
    elif folder is not None and folder.is_dir():
        (folder / FINISHED).touch()


@pytest.fixture(autouse=True, scope="session")
def _ctrl_c_as_in_a_terminal() -> None:
    """A shell starts a command in the background (`pytest &`) with Ctrl-C ignored, and
    the commands the tests start inherit that: the tests of Ctrl-C need it as a terminal
    has it."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True, scope="session")
def _private_build_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Builds run by the tests (and the commands they start) cache into a scratch folder,
    not into the user's cache folder."""
    os.environ["CVSITE_CACHE_DIR"] = str(tmp_path_factory.mktemp("cvsite-cache"))


@pytest.fixture(autouse=True, scope="session")
def _typst_memo(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each distinct PDF is typeset once in a run, and given again for the same inputs
    (tests/typstmemo.py), by every process of the run: xdist's workers share the folder
    their own scratch folders are in."""
    folder = shared_folder(tmp_path_factory) / "typst-memo"
    folder.mkdir(exist_ok=True)
    os.environ[typstmemo.FOLDER_VARIABLE] = str(folder)
    typstmemo.install()


@pytest.fixture(scope="session")
def release(tmp_path_factory: pytest.TempPathFactory) -> Release:
    """The release job of .github/workflows/release.yml, run once in a run and shared by
    xdist's processes (tests/releasejob.py): its sdist, its wheel, the environment it
    installed the wheel into."""
    for module in ("build", "twine"):
        if importlib.util.find_spec(module) is None:
            message = f"{module} is not installed (pip install -e '.[test]')"
            if os.environ.get("CI"):
                pytest.fail(message + ", and CI must check the release")
            pytest.skip(message)
    try:
        made = release_once(shared_folder(tmp_path_factory) / "release-job")
    except NotACheckout:
        pytest.skip("not a git checkout: the release is built from one")
    if made.failure is not None:
        pytest.fail(f"the release job failed at:\n{made.failure}")
    return made


@pytest.fixture(autouse=True)
def _garbage_collection_as_it_was() -> Iterator[None]:
    """A preview pauses garbage collection during a rebuild until its watcher collects:
    a test that rebuilds without collecting must not leave it off for the tests after."""
    enabled = gc.isenabled()
    yield
    if enabled:
        gc.enable()


@pytest.fixture
def sample_site(tmp_path: Path) -> Path:
    """A private copy of the repository's own site (the seed résumé)."""
    return copy_site(REPO, tmp_path / "site")


@pytest.fixture
def site(tmp_path) -> Callable[..., Path]:
    """`site({"content/x.yaml": "..."})` writes a tiny site and returns its folder."""

    def make(files: dict[str, str | bytes | None] | None = None) -> Path:
        return write_site(tmp_path / "site", files or {})

    return make


@pytest.fixture
def load_site(site) -> Callable[..., Loaded]:
    def run(files: dict[str, str | bytes | None] | None = None, **kwargs) -> Loaded:
        return load(site(files), **kwargs)

    return run


@pytest.fixture
def site_errors(site) -> Callable[..., list[str]]:
    """The error lines a site gives, as `cvsite check` prints them."""

    def run(files: dict[str, str | bytes | None] | None = None, **kwargs) -> list[str]:
        with pytest.raises(ContentErrors) as info:
            load(site(files), **kwargs)
        return [str(e) for e in info.value.errors]

    return run
