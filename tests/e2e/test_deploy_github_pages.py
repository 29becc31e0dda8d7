"""`cvsite deploy` to GitHub Pages, against a bare repository on disk standing in for GitHub."""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.gitrepo import (
    PAGES_URL,
    branch_files,
    commit_all,
    commits,
    folder_files,
    git,
    git_env,
    make_repo,
    refs,
)
from tests.helpers import run_cli


@dataclass
class Published:
    site: Path
    bare: Path
    env: dict[str, str]

    def deploy(self, *args: str):
        return run_cli("deploy", "--site", self.site, *args, env=self.env)

    def build(self, output: Path) -> dict[str, bytes]:
        result = run_cli("build", "--site", self.site, "--output", output, env=self.env)
        assert result.code == 0, result.err
        return folder_files(output)

    def set_config(self, old: str, new: str) -> None:
        config = self.site / "site.yaml"
        text = config.read_text()
        assert old in text
        config.write_text(text.replace(old, new))


@pytest.fixture
def published(sample_site: Path, tmp_path: Path) -> Published:
    """The sample site in a git repository whose origin is GitHub's someone/portfolio."""
    env = git_env(tmp_path / "home")
    project = Published(sample_site, tmp_path / "remote.git", env)
    project.set_config("base_url: https://example.github.io/", f"base_url: {PAGES_URL}")
    make_repo(sample_site, project.bare, env)
    return project


def test_deploy_commits_the_build_and_only_when_it_changed(published: Published, tmp_path: Path):
    source = git(published.site, "rev-parse", "HEAD", env=published.env)
    first = published.deploy()
    assert first.code == 0, first.err
    assert "Deployed to branch gh-pages of origin" in first.out

    expected = published.build(tmp_path / "build1") | {".nojekyll": b""}
    assert branch_files(published.bare, "gh-pages", published.env) == expected
    history = commits(published.bare, "gh-pages", published.env)
    assert len(history) == 1
    message = git(published.bare, "log", "-1", "--format=%B", "gh-pages", env=published.env)
    assert source in message

    again = published.deploy()
    assert again.code == 0, again.err
    assert "Nothing to deploy" in again.out
    assert commits(published.bare, "gh-pages", published.env) == history

    profile = published.site / "content" / "profile.yaml"
    profile.write_text(profile.read_text().replace("Large language models", "Language models"))
    changed_source = commit_all(published.site, "new headline", published.env)
    third = published.deploy()
    assert third.code == 0, third.err
    after = commits(published.bare, "gh-pages", published.env)
    assert len(after) == 2 and after[1] == history[0]  # one new commit, on top of the first
    expected = published.build(tmp_path / "build2") | {".nojekyll": b""}
    assert branch_files(published.bare, "gh-pages", published.env) == expected
    assert b"Language models" in expected["index.html"]
    message = git(published.bare, "log", "-1", "--format=%B", "gh-pages", env=published.env)
    assert changed_source in message


def test_cname_comes_from_site_yaml(published: Published):
    published.set_config(f"base_url: {PAGES_URL}", "base_url: https://cv.someone.net/")
    published.set_config("  branch: gh-pages", "  branch: gh-pages\n  cname: cv.someone.net")
    result = published.deploy()
    assert result.code == 0, result.err
    files = branch_files(published.bare, "gh-pages", published.env)
    assert files["CNAME"].strip() == b"cv.someone.net"
    assert files[".nojekyll"] == b""
    assert b"https://cv.someone.net/" in files["sitemap.xml"]
    again = published.deploy()
    assert "Nothing to deploy" in again.out  # the CNAME file counts as unchanged too
    assert len(commits(published.bare, "gh-pages", published.env)) == 1


def test_a_project_page_without_its_sub_path_is_refused(published: Published):
    published.set_config(f"base_url: {PAGES_URL}", "base_url: https://someone.github.io/")
    before = refs(published.site, published.env)
    result = published.deploy()
    assert result.code == 1
    assert "site.yaml: base_url" in result.err
    assert PAGES_URL in result.err  # it says what base_url should be
    assert refs(published.site, published.env) == before
    assert refs(published.bare, published.env) == ""


def test_broken_content_pushes_nothing(published: Published):
    assert published.deploy().code == 0
    before = refs(published.bare, published.env)
    experience = published.site / "content" / "experience.yaml"
    experience.write_text(experience.read_text().replace("start: 2025.11", "start: soon", 1))
    result = published.deploy()
    assert result.code == 1
    assert "content/experience.yaml:" in result.err and "soon" in result.err
    assert "Nothing was deployed" in result.err
    assert refs(published.bare, published.env) == before


def test_a_broken_link_pushes_nothing(published: Published):
    before = refs(published.site, published.env)
    project = published.site / "content" / "projects" / "hpc-benchmarking.md"
    project.write_text(project.read_text() + "\nSee [the slides](../no-such-page/).\n")
    result = published.deploy()
    assert result.code == 1
    assert "broken link" in result.err and "../no-such-page/" in result.err
    assert refs(published.site, published.env) == before
    assert refs(published.bare, published.env) == ""


def test_dry_run_touches_nothing(published: Published):
    local, remote = refs(published.site, published.env), refs(published.bare, published.env)
    result = published.deploy("--dry-run")
    assert result.code == 0, result.err
    assert "Would create branch gh-pages" in result.out
    assert (refs(published.site, published.env), refs(published.bare, published.env)) == (
        local,
        remote,
    )

    assert published.deploy().code == 0
    profile = published.site / "content" / "profile.yaml"
    profile.write_text(profile.read_text().replace("Large language models", "Language models"))
    local, remote = refs(published.site, published.env), refs(published.bare, published.env)
    result = published.deploy("--dry-run")
    assert result.code == 0, result.err
    assert "Would commit to branch gh-pages" in result.out and "0 removed" in result.out
    assert (refs(published.site, published.env), refs(published.bare, published.env)) == (
        local,
        remote,
    )


def _someone_else_deploys_during_each_deploy(published: Published, tmp_path: Path) -> Path:
    """Land another commit on the remote's gh-pages between our fetch and our push.

    A reference-transaction hook runs when the deploy moves the local gh-pages branch, which
    happens after the fetch and before the push: the race of two people deploying at once.
    """
    other = tmp_path / "other"
    git(
        tmp_path,
        "clone",
        "-q",
        "-b",
        "gh-pages",
        str(published.bare),
        str(other),
        env=published.env,
    )
    hook = published.site / ".git" / "hooks" / "reference-transaction"
    hook.write_text(
        "#!/bin/sh\n"
        '[ "$1" = committed ] || exit 0\n'
        "grep -q ' refs/heads/gh-pages$' || exit 0\n"
        "unset GIT_DIR GIT_INDEX_FILE GIT_WORK_TREE\n"
        f"cd '{other}' || exit 1\n"
        "git pull -q origin gh-pages && echo edit >> index.html && "
        'git commit -qam "someone else\'s deploy" && git push -q origin gh-pages\n'
    )
    hook.chmod(hook.stat().st_mode | stat.S_IEXEC)
    return other


def test_a_branch_that_moved_is_not_overwritten_without_force(published: Published, tmp_path: Path):
    assert published.deploy().code == 0
    other = _someone_else_deploys_during_each_deploy(published, tmp_path)
    profile = published.site / "content" / "profile.yaml"
    profile.write_text(profile.read_text().replace("Large language models", "Language models"))

    result = published.deploy()
    assert result.code == 1
    assert "moved while deploying" in result.err and "--force" in result.err
    theirs = git(other, "rev-parse", "HEAD", env=published.env)
    assert commits(published.bare, "gh-pages", published.env)[0] == theirs

    forced = published.deploy("--force")
    assert forced.code == 0, forced.err
    theirs = git(other, "rev-parse", "HEAD", env=published.env)
    history = commits(published.bare, "gh-pages", published.env)
    assert theirs not in history  # the forced push replaced what landed meanwhile
    files = branch_files(published.bare, "gh-pages", published.env)
    assert b"Language models" in files["index.html"]


def test_deploying_onto_the_checked_out_branch_is_refused(published: Published):
    result = published.deploy("--branch", "main")
    assert result.code == 1  # a refused branch, as every other (tests/hostile)
    assert "checked out" in result.err
    assert refs(published.bare, published.env) == ""
