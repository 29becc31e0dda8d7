"""`cvsite --version` is instant; `cvsite --version --verbose` says what a bug report needs."""

from __future__ import annotations

import platform
import subprocess
import sys
import tomllib
from importlib import metadata

import pytest

from generator import __version__
from tests.helpers import REPO, run_cli

HEAVY = ["importlib.metadata", "jinja2", "pydantic", "yaml", "markdown", "babel", "typst"]


def _runtime_dependencies() -> list[str]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [
        requirement.split(">")[0].split("=")[0].strip() for requirement in project["dependencies"]
    ]


@pytest.mark.parametrize("args", [["--version", "--verbose"], ["-v", "--version"]])
def test_verbose_version_lists_python_and_every_dependency(args):
    result = run_cli(*args)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == f"cvsite {__version__}"
    assert any(line.startswith("installed from ") for line in lines)
    assert f"Python {platform.python_version()} " in result.out
    dependencies = _runtime_dependencies()
    assert len(dependencies) >= 9
    for name in dependencies:
        assert f"{name} {metadata.version(name)}" in lines, name
    assert not any(line.startswith(("pytest ", "hugo ")) for line in lines)  # extras


def test_plain_version_is_one_line_and_imports_nothing_heavy():
    assert run_cli("--version").out == f"cvsite {__version__}\n"
    code = (
        "import sys; from generator.cli import main; main(['--version']); "
        f"print([m for m in {HEAVY!r} if m in sys.modules])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert result.stdout.splitlines() == [f"cvsite {__version__}", "[]"], result.stderr
