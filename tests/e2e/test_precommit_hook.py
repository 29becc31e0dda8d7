"""The pre-commit hook that .pre-commit-hooks.yaml offers, run by pre-commit itself on a new
site: it installs this checkout into an environment of its own, passes a good site, stops a
commit whose content is wrong (saying where), and stays out of commits that touch no content.

The site's .pre-commit-config.yaml names this checkout as a user's names cvsite's repository,
so pre-commit installs the hook's environment once and the three runs share it
(`pre-commit try-repo` installs it afresh on every call, in a store of its own).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.gitrepo import git, git_env
from tests.helpers import REPO, run_cli


def _this_checkout(shadow: Path, env: dict[str, str]) -> str:
    """This checkout as a repository pre-commit can fetch, and the commit to use: HEAD, or
    a commit of HEAD with the uncommitted changes to tracked files, as try-repo makes one."""
    git(shadow.parent, "clone", "-q", str(REPO), str(shadow), env=env)
    changes = subprocess.run(
        ["git", "diff", "HEAD", "--binary"], cwd=REPO, capture_output=True, check=True
    ).stdout
    if changes:
        subprocess.run(["git", "apply", "--index"], cwd=shadow, input=changes, check=True)
        git(shadow, "commit", "-q", "-m", "uncommitted changes", env=env)
    return git(shadow, "rev-parse", "HEAD", env=env)


def _use_hook(site: Path, repo: Path, rev: str) -> None:
    """The site's .pre-commit-config.yaml, as .pre-commit-hooks.yaml tells a user to write it."""
    config = f"repos:\n  - repo: {repo}\n    rev: {rev}\n    hooks:\n      - id: cvsite-check\n"
    (site / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")


def _pre_commit(site: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    command = ["pre-commit", "run", "cvsite-check", *args]
    return subprocess.run(command, cwd=site, env=env, capture_output=True, text=True, timeout=600)


def test_the_hook_checks_a_site_before_a_commit(tmp_path: Path):
    if shutil.which("pre-commit") is None:
        message = "pre-commit is not installed (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(message + ", and CI must try the hook")
        pytest.skip(message)
    env = {**os.environ, **git_env(tmp_path / "home"), "PRE_COMMIT_HOME": str(tmp_path / "pc")}
    site = tmp_path / "mysite"
    assert run_cli("init", "--ci", "none", site).code == 0
    (site / "README.md").write_text("My CV.\n")
    _use_hook(site, tmp_path / "cvsite", _this_checkout(tmp_path / "cvsite", env))
    git(site, "init", "-q", env=env)
    git(site, "add", "-A", env=env)

    good = _pre_commit(site, env, "--all-files")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "cvsite check" in good.stdout and "Passed" in good.stdout

    profile = site / "content" / "profile.yaml"
    profile.write_text(profile.read_text() + "email: [not, an, email]\n")
    git(site, "add", "-A", env=env)
    bad = _pre_commit(site, env, "--files", "content/profile.yaml")
    assert bad.returncode == 1 and "Failed" in bad.stdout
    assert "content/profile.yaml:" in bad.stdout and "email" in bad.stdout

    untouched = _pre_commit(site, env, "--files", "README.md")
    assert untouched.returncode == 0 and "Skipped" in untouched.stdout
