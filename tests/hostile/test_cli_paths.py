"""Paths and names given on the command line that the system cannot use: one line, exit 2.

`ln -s loopy loopy; cvsite init loopy` ended in "internal error: RuntimeError: Symlink loop",
and `cvsite build --variant` with a 5,000-character name in "File name too long" (exit 1),
where a short unknown name says that site.yaml has no such variant (exit 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import FIXTURES, run_cli
from tests.hostile.sandbox import usage_error

RENDERCV = FIXTURES / "realworld" / "rendercv" / "ats_proof_standard_full.yaml"
RESUME = FIXTURES / "jsonresume" / "full-resume.json"
HUGOBLOX = FIXTURES / "realworld" / "hugoblox" / "academic-cv-2026"
COMMANDS = {
    "init": ["init", "{}"],
    "init into a folder below": ["init", "{}/sub"],
    "import jsonresume": ["import", "jsonresume", RESUME, "--site", "{}"],
    "import rendercv": ["import", "rendercv", RENDERCV, "--site", "{}"],
    "import markdown": ["import", "markdown", FIXTURES / "seed-resume.txt", "--site", "{}"],
    "import hugoblox": ["import", "hugoblox", HUGOBLOX, "--site", "{}"],
    "schema": ["schema", "--output", "{}"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_through_a_link_loop(tmp_path, command):
    (tmp_path / "loopy").symlink_to("loopy")
    argv = [arg.format("loopy") if isinstance(arg, str) else arg for arg in COMMANDS[command]]
    run = run_cli(*argv, cwd=tmp_path)
    usage_error(run, "cannot use loopy", "(ELOOP)", "leads back to itself")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loopy"]


def test_a_build_into_a_link_loop(tmp_path):
    site = tmp_path / "s"
    assert run_cli("init", site, "--ci", "none").code == 0
    (site / "loopy").symlink_to("loopy")
    run = run_cli("build", "--output", "loopy", cwd=site)
    usage_error(run, "cannot use", "loopy", "(ELOOP)")


@pytest.mark.parametrize("length", [65, 300, 5_000])
def test_a_variant_name_too_long_for_a_file_is_no_such_variant(tmp_path, length):
    site = tmp_path / "s"
    assert run_cli("init", site, "--ci", "none").code == 0
    short = run_cli("build", "--variant", "nosuch", cwd=site)
    usage_error(short, "site.yaml has no variant named 'nosuch'")
    run = run_cli("build", "--variant", "a" * length, cwd=site)
    usage_error(run, "site.yaml has no such variant")
    assert f"({length:,} characters)" in run.err or length <= 80
    assert sorted(p.name for p in site.iterdir() if p.name.startswith("output")) == []


def test_the_limit_of_a_variant_name_is_the_one_site_yaml_has(tmp_path: Path):
    """A name at the limit is looked for in site.yaml like any other."""
    site = tmp_path / "s"
    assert run_cli("init", site, "--ci", "none").code == 0
    run = run_cli("build", "--variant", "a" * 64, cwd=site)
    usage_error(run, "site.yaml has no variant named")
