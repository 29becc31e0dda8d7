"""`cvsite deploy` to GitHub Pages never loses commits and never publishes over the sources.

Each case is a real git repository with a bare one on disk as its remote (tests/gitrepo.py),
and a tiny site. A refusal is a plain message with exit status 1: nothing is pushed, no
local branch moves, and git is left with no crash files.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.gitrepo import PAGES_URL, commits, git, git_env, make_repo, refs
from tests.helpers import run_cli, write_site

SITE = f"title: T\nbase_url: {PAGES_URL}\ndeploy:\n  target: github-pages\n"
PROJECTS = "- title: Project one\n  body: First.\n"


@dataclass
class Project:
    site: Path
    bare: Path
    env: dict[str, str]

    def deploy(self, *args: str):
        return run_cli("deploy", "--site", self.site, *args, env=self.env)

    def git(self, *args: str) -> str:
        return git(self.site, *args, env=self.env)

    def remote_git(self, *args: str) -> str:
        return git(self.bare, *args, env=self.env)

    def edit(self, title: str) -> None:
        projects = self.site / "content" / "projects.yaml"
        projects.write_text(PROJECTS.replace("Project one", title))

    def local_commit(self, branch: str, message: str) -> str:
        """A commit on `branch` here (its files unchanged), as a hand-made fix would be."""
        tree = self.git("rev-parse", f"refs/heads/{branch}^{{tree}}")
        parent = self.git("rev-parse", f"refs/heads/{branch}")
        commit = self.git("commit-tree", tree, "-p", parent, "-m", message)
        self.git("update-ref", f"refs/heads/{branch}", commit)
        return commit


@pytest.fixture
def project(tmp_path: Path) -> Project:
    env = git_env(tmp_path / "home")
    site = write_site(tmp_path / "site", {"site.yaml": SITE, "content/projects.yaml": PROJECTS})
    bare = tmp_path / "remote.git"
    make_repo(site, bare, env)
    return Project(site, bare, env)


def _refused(result, *fragments: str) -> None:
    assert result.code == 1, (result.code, result.out, result.err)
    assert "internal error" not in result.err and "Traceback" not in result.err, result.err
    for fragment in fragments:
        assert fragment in result.err, result.err


def _no_crash_files(project: Project) -> None:
    assert list((project.site / ".git").glob("fast_import_crash_*")) == []


# --- the local branch keeps its commits ------------------------------------------------------


def test_unpushed_commits_on_the_local_branch_are_kept(project: Project):
    assert project.deploy().code == 0
    published = project.git("rev-parse", "refs/heads/gh-pages")
    unpushed = project.local_commit("gh-pages", "A fix made by hand, not pushed yet")
    project.edit("Project renamed")

    result = project.deploy()
    _refused(result, "gh-pages", "1 commit", "--force")
    assert project.git("rev-parse", "refs/heads/gh-pages") == unpushed, "the branch stays"
    assert commits(project.bare, "gh-pages", project.env) == [published]

    forced = project.deploy("--force")
    assert forced.code == 0, forced.err
    tip = project.remote_git("rev-parse", "refs/heads/gh-pages")
    assert project.git("rev-parse", "refs/heads/gh-pages") == tip
    # The deploy went on top of the unpushed commit, which is now on the remote too.
    assert project.remote_git("rev-parse", f"{tip}^") == unpushed


def test_a_rejected_push_leaves_the_local_branch_where_it_was(project: Project):
    assert project.deploy().code == 0
    before = refs(project.site, project.env)
    hook = project.bare / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho 'the remote refuses pushes today' >&2\nexit 1\n")
    hook.chmod(hook.stat().st_mode | stat.S_IEXEC)
    project.edit("Project renamed")

    result = project.deploy()
    _refused(result, "push to branch gh-pages of origin", "the remote refuses pushes today")
    assert "moved while deploying" not in result.err  # it did not: the remote said no
    assert refs(project.site, project.env) == before

    hook.unlink()  # the next deploy has nothing of the failed one in its way
    again = project.deploy()
    assert again.code == 0, again.err
    assert len(commits(project.bare, "gh-pages", project.env)) == 2


# --- only a branch that cvsite deploy wrote is replaced --------------------------------------


def test_the_source_branch_on_the_remote_is_not_replaced(project: Project):
    project.git("push", "-q", "origin", "main")
    sources = project.remote_git("rev-parse", "refs/heads/main")
    project.git("checkout", "-q", "-b", "dev")
    before = refs(project.site, project.env)

    for args in (["--branch", "main"], ["--branch", "main", "--dry-run"]):
        result = project.deploy(*args)
        _refused(result, "main", "not made by cvsite deploy")
        assert project.remote_git("rev-parse", "refs/heads/main") == sources
        assert refs(project.site, project.env) == before


def test_a_source_branch_only_here_is_not_published(project: Project):
    # `main` was never pushed: all its commits are ones the remote lacks.
    project.git("checkout", "-q", "-b", "dev")
    result = project.deploy("--branch", "main")
    _refused(result, "main")
    assert refs(project.bare, project.env) == ""


def test_a_branch_cvsite_did_not_make_is_replaced_only_with_force(project: Project):
    # A gh-pages branch made by another tool (or by hand), with files of its own.
    tree = project.git("rev-parse", "HEAD^{tree}")
    other = project.git("commit-tree", tree, "-m", "Site made by another tool")
    project.git("push", "-q", "origin", f"{other}:refs/heads/gh-pages")

    result = project.deploy()
    _refused(result, "not made by cvsite deploy", "--force")
    assert commits(project.bare, "gh-pages", project.env) == [other]

    forced = project.deploy("--force")
    assert forced.code == 0, forced.err
    history = commits(project.bare, "gh-pages", project.env)
    assert history[1:] == [other], "the branch's history is kept under the deploy"

    project.edit("Project renamed")
    again = project.deploy()  # the branch's last commit is cvsite's now
    assert again.code == 0, again.err


def test_a_branch_checked_out_in_another_worktree_is_refused(project: Project, tmp_path: Path):
    assert project.deploy().code == 0
    project.git("worktree", "add", "-q", str(tmp_path / "pages"), "gh-pages")
    before = refs(project.site, project.env), refs(project.bare, project.env)
    project.edit("Project renamed")
    for args in ([], ["--force"]):
        result = project.deploy(*args)
        _refused(result, "checked out", str(tmp_path / "pages"))
        assert (refs(project.site, project.env), refs(project.bare, project.env)) == before


# --- branch names ----------------------------------------------------------------------------

BAD_NAMES = [
    "HEAD",
    "+main",
    "refs/heads/main",
    "gh pages",
    "../main",
    "@{-1}",
    "@",
    "main:other",
    "gh-pages.lock",
    "a..b",
    "pages/",
]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_branch_name_git_would_misread_is_refused(project: Project, name: str):
    project.git("checkout", "-q", "-b", "dev")  # so that @{-1} would name main
    before = refs(project.site, project.env)
    result = project.deploy(f"--branch={name}")
    _refused(result, "--branch")
    assert refs(project.site, project.env) == before
    assert refs(project.bare, project.env) == ""
    _no_crash_files(project)


def test_a_bad_branch_name_in_site_yaml_is_refused(project: Project):
    config = project.site / "site.yaml"
    config.write_text(config.read_text() + "  branch: refs/heads/main\n")
    result = project.deploy()
    _refused(result, "site.yaml: deploy.branch")
    assert refs(project.bare, project.env) == ""
