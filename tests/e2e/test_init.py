"""`cvsite init`: a new site that builds, checks, and publishes; nothing overwritten."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator import __version__
from generator.scaffold.origin import running
from generator.site.linkcheck import check_links
from tests.gitrepo import PAGES_URL, branch_files, git_env, make_repo
from tests.helpers import run_cli
from tests.htmlread import read_page

STARTER = [
    ".github/workflows/deploy.yml",
    ".gitignore",
    "content/profile.yaml",
    "requirements.txt",
    "site.yaml",
]


def test_init_then_build_and_check_work(tmp_path: Path):
    site = tmp_path / "mysite"
    created = run_cli("init", site)
    assert created.code == 0, created.err
    for name in STARTER:
        assert (site / name).is_file(), name
        assert name in created.out
    build = run_cli("build", "--site", site)
    assert build.code == 0, build.err
    out = site / "output"
    for page in ("index.html", "experience/index.html", "cv/index.html", "404.html"):
        assert (out / page).is_file(), page
    assert read_page(out / "index.html").title == "Your Name"
    assert (out / "projects" / "example-project" / "index.html").is_file()
    assert check_links(out) == []
    assert run_cli("check", "--site", site).code == 0
    gitignore = (site / ".gitignore").read_text().splitlines()
    assert "output/" in gitignore
    assert f"cvsite=={__version__}" in (site / "requirements.txt").read_text()


def test_init_says_what_it_pinned_and_how_to_fix_a_local_install(tmp_path: Path):
    if not running().note:
        pytest.skip("this cvsite came from a package index or a repository: no note to write")
    # The suite runs an editable install: a CI machine cannot install cvsite from here.
    result = run_cli("init", tmp_path / "mysite")
    assert f"requirements.txt pins cvsite=={__version__}" in result.out
    assert "Note: " in result.out and "cannot reach" in result.out
    lines = (tmp_path / "mysite" / "requirements.txt").read_text().splitlines()
    assert lines[-1] == f"cvsite=={__version__}"
    note = " ".join(line.removeprefix("# ") for line in lines if line.startswith("#"))
    assert "cannot reach" in note and "cvsite @ git+https://" in note


def test_init_for_gitlab_pages(tmp_path: Path):
    site = tmp_path / "mysite"
    result = run_cli("init", "--ci", "gitlab", site)
    assert result.code == 0, result.err
    assert ".gitlab-ci.yml" in result.out and not (site / ".github").exists()
    job = yaml.safe_load((site / ".gitlab-ci.yml").read_text())["pages"]
    assert job["script"][0] == "pip install -r requirements.txt"
    assert job["script"][1] == "cvsite check"
    assert job["script"][2] == 'cvsite build --base-url "$CI_PAGES_URL" --output public'
    assert job["artifacts"]["paths"] == ["public"]
    assert job["rules"] == [{"if": "$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH"}]
    # cvsite's cache is kept between pipelines, where cvsite is told to keep it, and a new
    # requirements.txt (another cvsite) starts another.
    assert job["variables"]["CVSITE_CACHE_DIR"] == "$CI_PROJECT_DIR/.cvsite-cache"
    assert job["cache"]["paths"] == [".cvsite-cache/"]
    assert job["cache"]["key"]["files"] == ["requirements.txt"]
    assert ".cvsite-cache/" in (site / ".gitignore").read_text().splitlines()


def test_init_without_ci(tmp_path: Path):
    site = tmp_path / "mysite"
    assert run_cli("init", "--ci", "none", site).code == 0
    assert not (site / ".github").exists() and not (site / ".gitlab-ci.yml").exists()
    assert run_cli("build", "--site", site).code == 0
    assert run_cli("init", "--ci", "bitbucket", tmp_path / "other").code == 2


def test_the_workflow_builds_with_cvsite_and_uses_the_pages_actions(tmp_path: Path):
    site = tmp_path / "mysite"
    assert run_cli("init", site).code == 0
    workflow = yaml.safe_load((site / ".github/workflows/deploy.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers["push"]["branches"] == ["main"]
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    uses = [step.get("uses", "").split("@")[0] for step in build["steps"]]
    runs = [step.get("run", "") for step in build["steps"]]
    assert "actions/checkout" in uses and "actions/configure-pages" in uses
    assert any("pip install -r requirements.txt" in run for run in runs)
    assert any(run.startswith("cvsite check") for run in runs)
    command = next(run for run in runs if run.startswith("cvsite build"))
    assert "--base-url" in command and "steps.pages.outputs.base_url" in command
    # The build runs before the upload, and the upload takes the folder the build writes.
    upload = uses.index("actions/upload-pages-artifact")
    assert runs.index(command) < upload
    assert build["steps"][upload]["with"]["path"] == "output"
    # cvsite's cache is restored before cvsite runs, from where cvsite is told to keep it,
    # under a key that requirements.txt (the cvsite installed) names.
    told = next(run for run in runs if "CVSITE_CACHE_DIR=" in run)
    assert told == 'echo "CVSITE_CACHE_DIR=$RUNNER_TEMP/cvsite-cache" >> "$GITHUB_ENV"'
    cache = build["steps"][uses.index("actions/cache")]["with"]
    assert cache["path"] == "${{ runner.temp }}/cvsite-cache"
    assert "hashFiles('requirements.txt')" in cache["key"]
    assert cache["key"].startswith(cache["restore-keys"])
    assert runs.index(told) < uses.index("actions/cache") < runs.index("cvsite check")
    assert deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]


def test_init_never_overwrites(tmp_path: Path):
    site = tmp_path / "mysite"
    site.mkdir()
    (site / "README.md").write_text("mine")
    mine = "title: Mine\n"
    (site / "site.yaml").write_text(mine)
    result = run_cli("init", site)
    assert result.code == 2
    assert "site.yaml" in result.err and "never overwrites" in result.err
    assert (site / "site.yaml").read_text() == mine
    assert sorted(p.name for p in site.iterdir()) == ["README.md", "site.yaml"]

    (site / "site.yaml").unlink()
    assert run_cli("init", site).code == 0  # other files in the folder are fine
    assert (site / "README.md").read_text() == "mine"
    assert run_cli("init", site).code == 2


def test_a_new_site_goes_from_init_to_github_pages(tmp_path: Path):
    env = git_env(tmp_path / "home")
    site = tmp_path / "mysite"
    assert run_cli("init", site).code == 0
    make_repo(site, tmp_path / "remote.git", env)
    placeholder = run_cli("deploy", "--site", site, "--target", "github-pages", env=env)
    assert placeholder.code == 1 and "placeholder" in placeholder.err

    config = site / "site.yaml"
    config.write_text(
        config.read_text().replace("base_url: https://example.github.io/", f"base_url: {PAGES_URL}")
    )
    result = run_cli("deploy", "--site", site, "--target", "github-pages", env=env)
    assert result.code == 0, result.err
    files = branch_files(tmp_path / "remote.git", "gh-pages", env)
    assert b"Your Name" in files["index.html"]
    assert PAGES_URL.encode() in files["sitemap.xml"]
