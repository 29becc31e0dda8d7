"""What can be checked here of how cvsite is released: the release workflow (which runs only
on GitHub), the pre-commit hook, the changelog, and the version's single source."""

from __future__ import annotations

import re
import tomllib

import yaml

from generator import __version__
from tests.helpers import REPO


def _yaml(name: str):
    return yaml.safe_load((REPO / name).read_text(encoding="utf-8"))


def _steps(job: dict) -> tuple[list[str], list[str]]:
    uses = [step.get("uses", "").split("@")[0] for step in job["steps"]]
    runs = [step.get("run", "").strip() for step in job["steps"]]
    return uses, runs


def test_the_release_runs_on_a_version_tag_only():
    workflow = _yaml(".github/workflows/release.yml")
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers == {"push": {"tags": ["v*"]}}
    assert workflow["permissions"] == {"contents": "read"}


def test_the_release_builds_and_checks_what_python_m_build_builds():
    build = _yaml(".github/workflows/release.yml")["jobs"]["build"]
    uses, runs = _steps(build)
    assert uses[0] == "actions/checkout"
    assert "python -m build" in runs  # the command tests/e2e/test_package.py runs
    assert "python -m twine check --strict dist/*" in runs
    assert runs.index("python -m build") < runs.index("python -m twine check --strict dist/*")
    install = next(run for run in runs if run.startswith("python -m pip install"))
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    tools = [
        r for r in project["optional-dependencies"]["release"] if r.startswith(("build", "twine"))
    ]
    assert len(tools) == 2
    for requirement in tools:
        assert f'"{requirement}"' in install, requirement  # the same tools as the tests use
    tag_check = next(run for run in runs if "GITHUB_REF_NAME" in run)
    assert "dist/cvsite-$version.tar.gz" in tag_check
    assert "dist/cvsite-$version-py3-none-any.whl" in tag_check
    upload = build["steps"][uses.index("actions/upload-artifact")]["with"]
    assert upload["path"] == "dist/"


def test_the_release_publishes_with_trusted_publishing():
    publish = _yaml(".github/workflows/release.yml")["jobs"]["publish"]
    assert publish["needs"] == "build"
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"]["name"] == "pypi"
    uses, _ = _steps(publish)
    assert uses == ["actions/download-artifact", "pypa/gh-action-pypi-publish"]
    assert publish["steps"][0]["with"] == {"name": "dist", "path": "dist/"}
    # No token: trusted publishing needs none, and a password would bypass it.
    assert "with" not in publish["steps"][1] or "password" not in publish["steps"][1]["with"]


def test_the_pre_commit_hook_runs_cvsite_check_on_content_changes():
    (hook,) = _yaml(".pre-commit-hooks.yaml")
    assert hook["id"] == "cvsite-check"
    assert hook["entry"] == "cvsite check"
    assert hook["language"] == "python" and hook["pass_filenames"] is False
    files = re.compile(hook["files"])
    for path in ("content/profile.yaml", "content/projects/a.md", "site.yaml"):
        assert files.search(path), path
    for path in ("README.md", "my-site.yaml", "docs/content/x.md", "generator/site.yaml"):
        assert not files.search(path), path


def test_the_version_has_one_source():
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["dynamic"] == ["version"]
    assert "version" not in pyproject["project"]
    assert pyproject["tool"]["hatch"]["version"]["path"] == "generator/__init__.py"


def test_the_changelog_keeps_a_changelog_and_has_this_version():
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n") and "keepachangelog.com" in text
    releases = re.findall(r"^## \[([^\]]+)\]", text, re.M)
    assert releases[0] == "Unreleased" and __version__ in releases
    kinds = set(re.findall(r"^### (\w+)", text, re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
