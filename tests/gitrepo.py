"""Git for deploy tests: a private, identified git, a source repository and a bare "remote".

Every git call here ignores the user's and the system's git configuration, so a test sees
the same git on any machine. The remote is a bare repository on disk that git reaches under a
GitHub address through `url.<path>.insteadOf`: the deploy derives the GitHub Pages address
from the URL it is configured with, and no byte goes over the network.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from generator.site.writer import MARKER

GITHUB_URL = "https://github.com/someone/portfolio.git"
PAGES_URL = "https://someone.github.io/portfolio/"


def git_env(home: Path) -> dict[str, str]:
    home.mkdir(parents=True, exist_ok=True)
    config = home / "gitconfig"
    config.touch()
    return {
        "GIT_CONFIG_GLOBAL": str(config),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test Author",
        "GIT_AUTHOR_EMAIL": "author@example.org",
        "GIT_COMMITTER_NAME": "Test Author",
        "GIT_COMMITTER_EMAIL": "author@example.org",
    }


def git(cwd: Path, *args: str, env: dict[str, str]) -> str:
    result = subprocess.run(
        ["git", *args], cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True
    )
    assert result.returncode == 0, f"git {' '.join(args)}: {result.stderr}"
    return result.stdout.strip()


def make_repo(site: Path, bare: Path, env: dict[str, str], url: str = GITHUB_URL) -> None:
    """Turn `site` into a repository on main whose remote `origin` is `bare` under `url`."""
    git(bare.parent, "init", "-q", "--bare", str(bare), env=env)
    git(site, "init", "-q", "-b", "main", env=env)
    (site / ".gitignore").write_text("output/\n")
    commit_all(site, "the site's sources", env)
    git(site, "remote", "add", "origin", url, env=env)
    git(site, "config", f"url.{bare}.insteadOf", url, env=env)


def commit_all(repo: Path, message: str, env: dict[str, str]) -> str:
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", message, env=env)
    return git(repo, "rev-parse", "HEAD", env=env)


def refs(repo: Path, env: dict[str, str]) -> str:
    return git(repo, "for-each-ref", "--format=%(refname) %(objectname)", env=env)


def branch_files(bare: Path, branch: str, env: dict[str, str]) -> dict[str, bytes]:
    """Every file of a branch with its bytes."""
    names = git(bare, "ls-tree", "-r", "--name-only", "-z", branch, env=env).split("\0")
    files = {}
    for name in filter(None, names):
        files[name] = subprocess.run(
            ["git", "cat-file", "blob", f"{branch}:{name}"],
            cwd=bare,
            env={**os.environ, **env},
            capture_output=True,
            check=True,
        ).stdout
    return files


def folder_files(folder: Path) -> dict[str, bytes]:
    """Every file of a built site with its bytes, without the builder's marker."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and p.name != MARKER
    }


def commits(bare: Path, branch: str, env: dict[str, str]) -> list[str]:
    return git(bare, "rev-list", branch, env=env).split()
