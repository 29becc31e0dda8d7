"""The release job of .github/workflows/release.yml, run once per test run on a copy of the
checkout, for every test that needs a released cvsite.

The job builds the sdist and the wheel (`python -m build`), checks them (`twine check`), and
installs the wheel, with its dependencies, into a fresh virtual environment that builds a new
site. Making a wheel and filling an environment are the slowest things the suite does, and
three tests need them: tests/e2e/test_package.py reads what the job made, test_starter_wheel.py
runs the starter site's CI in the job's environment, test_site.py installs the job's wheel
into a folder of its own. xdist's processes share the job through a folder beside their own
scratch folders: the first to need it runs it under a lock, the others wait and read how it
ended (a failed step fails each of the tests, with the step's output).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

from generator import __version__
from tests.helpers import REPO
from tests.once import once


@dataclass(frozen=True)
class Release:
    """What the job left: dist/ with the sdist and the wheel, and the runner's folder, whose
    `try` environment has the wheel installed and whose `mysite` it built."""

    dist: Path
    runner: Path
    failure: str | None  # the failed step and its output, or None

    @property
    def wheel(self) -> Path:
        return self.dist / f"cvsite-{__version__}-py3-none-any.whl"

    @property
    def sdist(self) -> Path:
        return self.dist / f"cvsite-{__version__}.tar.gz"

    @property
    def environment(self) -> Path:
        return self.runner / "try"


class NotACheckout(Exception):
    """This tree is not a git checkout: the release is built from one."""


def release_steps() -> list[str]:
    """The release job's `run:` steps, but the one installing build and twine (the same
    bounds as the release extra this suite has, tests/unit/test_release.py checks)."""
    workflow = yaml.safe_load((REPO / ".github/workflows/release.yml").read_text())
    runs = [step["run"] for step in workflow["jobs"]["build"]["steps"] if "run" in step]
    return [run for run in runs if not run.startswith("python -m pip install")]


def release_once(folder: Path) -> Release:
    """The job's outcome, run in `folder` by the first process of the run to ask."""
    return once(folder, _release)


def _release(folder: Path) -> Release:
    failure = _run_job(folder / "clone", folder / "runner")
    return Release(folder / "clone" / "dist", folder / "runner", failure)


def _run_job(source: Path, runner: Path) -> str | None:
    _checkout_copy(source)
    runner.mkdir()
    env = {
        **os.environ,
        # `python` is this suite's, which has build and twine, as setup-python's has.
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "GITHUB_REF_NAME": f"v{__version__}",
        "RUNNER_TEMP": str(runner),
    }
    for step in release_steps():
        result = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step],
            cwd=source,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        if result.returncode != 0:
            return f"{step}\n{result.stdout}\n{result.stderr}"
    return None


def _checkout_copy(target: Path) -> None:
    """The files of this checkout (tracked, or new and not ignored), as a clone would have
    them: the release job runs in a clone and writes dist/ there."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise NotACheckout(str(error)) from None
    for name in filter(None, listed.decode().split("\0")):
        if (REPO / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, target / name)
