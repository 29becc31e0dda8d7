"""The command line as a user runs it: exit codes, --version, --help, misuse, check and schema.

`--version` runs in a new Python, as typed; the rest as tests.helpers.run_cli runs any
command, forked with cvsite imported (0.35 s less for each).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import __version__
from generator.cli.parser import command_names
from tests.helpers import REPO, run_cli


def cvsite(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    result = run_cli(*args, cwd=cwd)
    return subprocess.CompletedProcess(["cvsite", *args], result.code, result.out, result.err)


def subcommands() -> list[str]:
    return command_names()


OK_LINE = re.compile(
    r"OK: \d+ sections, \d+ entries \((\w[\w-]* \d+(, )?)+\), \d+ tags"
    r"(; \d+ pages( in \d+ languages \([\w, -]+\))?, no broken links)?"
)


def test_check_passes_on_the_repository_site():
    result = cvsite("check", cwd=REPO)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    assert OK_LINE.fullmatch(lines[0]), lines[0]
    for section in ("education 4", "experience", "projects", "publications", "skills"):
        assert section in lines[0]


def test_check_with_site_option_from_elsewhere(tmp_path):
    result = cvsite("check", "--site", str(REPO), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("OK: ")


def test_version():
    result = subprocess.run(
        [sys.executable, "-m", "generator", "--version"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert result.stdout == f"cvsite {__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_console_script_is_installed():
    script = shutil.which("cvsite", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the cvsite script is not beside this Python (not installed in a venv)")
    result = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=60)
    assert result.stdout == f"cvsite {__version__}\n"


def test_there_are_subcommands_to_check():
    assert {"check", "schema"} <= set(subcommands())


@pytest.mark.parametrize("command", [None, *subcommands()])
def test_help_on_every_command(command):
    args = ["--help"] if command is None else [command, "--help"]
    result = cvsite(*args)
    assert result.returncode == 0, result.stderr
    expected = "usage: cvsite" if command is None else f"usage: cvsite {command}"
    assert result.stdout.startswith(expected)
    assert result.stderr == ""


def test_main_help_lists_every_command():
    result = cvsite("--help")
    for command in subcommands():
        assert re.search(rf"^\s+{command}\s", result.stdout, re.M), command


@pytest.mark.parametrize(
    "args",
    [
        ["--no-such-flag"],
        ["check", "--no-such-flag"],
        ["schema", "--no-such-flag"],
        ["no-such-command"],
        ["check", "--site"],
    ],
)
def test_misuse_exits_2(args):
    result = cvsite(*args)
    assert result.returncode == 2
    assert result.stderr.startswith("usage: cvsite")
    assert "Traceback" not in result.stderr


def test_build_has_no_pdf_flag_any_more(site):
    """cv.pdf is typeset on every build; the Chromium `--pdf` is gone, and says so as argparse
    says of any unknown flag, before building anything."""
    folder = site()
    result = cvsite("build", "--site", str(folder), "--pdf")
    assert result.returncode == 2
    assert result.stderr.startswith("usage: cvsite")
    assert "unrecognized arguments: --pdf" in result.stderr
    assert not (folder / "output").exists()


def test_no_command_shows_help_and_exits_2():
    result = cvsite()
    assert result.returncode == 2
    assert "usage: cvsite" in result.stdout + result.stderr


def test_missing_site_folder_exits_2(tmp_path):
    missing = tmp_path / "nowhere"
    result = cvsite("check", "--site", str(missing))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"cvsite: --site {missing}: no such folder\n"


def test_a_file_is_not_a_site_folder(tmp_path):
    file = tmp_path / "site.yaml"
    file.write_text("title: x\n")
    result = cvsite("check", "--site", str(file))
    assert result.returncode == 2
    assert "no such folder" in result.stderr


def test_folder_without_site_yaml_is_a_content_error(tmp_path):
    result = cvsite("check", "--site", str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "content/profile.yaml: the profile is missing: create content/profile.yaml with at "
        "least your name",
        "site.yaml: site.yaml is missing (is this a cvsite site folder?)",
        "2 errors found.",
    ]


def test_check_drafts_counts_draft_entries(site):
    root = site(
        {"content/projects.yaml": "- title: Done\n  tags: [t]\n- title: Draft\n  draft: true\n"}
    )
    assert "projects 1" in cvsite("check", "--site", str(root)).stdout
    assert "projects 2" in cvsite("check", "--drafts", "--site", str(root)).stdout


def test_schema_writes_one_schema_per_file_kind(tmp_path):
    out = tmp_path / "schema"
    result = cvsite("schema", "--output", str(out))
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in out.iterdir())
    assert "site.schema.json" in names and "profile.schema.json" in names
    for section in ("experience", "publications", "section"):
        assert f"{section}.schema.json" in names
        assert f"{section}.entry.schema.json" in names
    for name in names:
        schema = json.loads((out / name).read_text(encoding="utf-8"))
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    listing = json.loads((out / "experience.schema.json").read_text(encoding="utf-8"))
    assert listing["type"] == "array"
    page = json.loads((out / "page.schema.json").read_text(encoding="utf-8"))
    assert page["required"] == ["title"] and page["additionalProperties"] is False
    assert {"title", "description", "nav_label", "draft", "weight", "body"} == set(
        page["properties"]
    )
    assert "# yaml-language-server: $schema=" in result.stdout


def test_check_passes_on_a_site_without_tags(site):
    result = cvsite("check", "--site", str(site({"content/projects.yaml": "- title: Done\n"})))
    assert result.returncode == 0, result.stderr
