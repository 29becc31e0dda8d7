"""`cvsite export rendercv`: the site's data as a file RenderCV reads.

RenderCV is not a dependency of cvsite (its newest releases need a newer Python). The check
against RenderCV's own model runs where it is installed: in this environment, or in the
Python that RENDERCV_PYTHON names (e.g. a scratch venv with `pip install "rendercv[full]==2.3"`);
elsewhere it is skipped, saying why.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.helpers import FIXTURES, REPO, run_cli

REAL = FIXTURES / "realworld" / "rendercv"
_VALIDATE = """
import json, pathlib, sys
from rendercv import data
model = data.read_input_file(pathlib.Path(sys.argv[1]))
print(json.dumps([[s.title, s.entry_type] for s in model.cv.sections]))
"""


def _rendercv_python() -> str | None:
    given = os.environ.get("RENDERCV_PYTHON")
    if given:
        return given
    return sys.executable if importlib.util.find_spec("rendercv") else None


def _validated(path: Path) -> list[list[str]]:
    python = _rendercv_python()
    if python is None:
        pytest.skip("RenderCV is not installed here (set RENDERCV_PYTHON to a Python that has it)")
    run = subprocess.run([python, "-c", _VALIDATE, str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    return yaml.safe_load(run.stdout)


def _exported(site: Path, tmp_path: Path) -> Path:
    out = tmp_path / "cv.yaml"
    run = run_cli("export", "rendercv", "--site", site, "--output", out)
    assert run.code == 0, run.err
    return out


def test_an_imported_rendercv_file_comes_back_as_rendercv(tmp_path):
    site = tmp_path / "site"
    source = REAL / "John_Doe_ClassicTheme_CV.yaml"
    assert run_cli("import", "rendercv", source, "--site", site).code == 0
    out = _exported(site, tmp_path)
    cv = yaml.safe_load(out.read_text(encoding="utf-8"))["cv"]
    assert cv["social_networks"] == [
        {"network": "LinkedIn", "username": "rendercv"},
        {"network": "GitHub", "username": "rendercv"},
    ]
    papers = cv["sections"]["Publications"]
    assert papers[0]["authors"][0] == "**John Doe**"
    assert papers[0]["doi"] == "10.1234/neurips.2023.1234"
    assert cv["sections"]["Skills"][0] == {
        "label": "Languages",
        "details": "Python, C++, CUDA, Rust, Julia",
    }
    types = dict(_validated(out))
    assert types["Education"] == "EducationEntry"
    assert types["Experience"] == "ExperienceEntry"
    assert types["Publications"] == "PublicationEntry"
    assert types["Skills"] == "OneLineEntry"
    assert types["Selected Honors"] == "NormalEntry"


def test_the_sample_site_exports_a_file_rendercv_accepts(tmp_path):
    out = _exported(REPO, tmp_path)
    text = out.read_text(encoding="utf-8")
    assert "# Not exported: the page text of projects/" in text
    types = dict(_validated(out))
    assert types["Summary"] == "TextEntry" and types["Education"] == "EducationEntry"


def test_export_prints_without_output(tmp_path):
    run = run_cli("export", "rendercv", "--site", REPO)
    assert run.code == 0, run.err
    assert yaml.safe_load(run.out)["cv"]["name"]
