"""The starter site's CI, run here: the wheel the release job builds from this checkout, in
the fresh virtual environment that job installed it into with its dependencies
(tests/releasejob.py; the suite fills one environment, not two). The workflow's own
`pip install -r requirements.txt` (the package index for cvsite replaced by a local folder
holding the wheel) then installs the pinned cvsite, and the workflow's `cvsite check` and
`cvsite build` steps run exactly as the YAML writes them.

The workflow keeps cvsite's cache where its cache step saves it; the next run, with cvsite
installed again (new file times, as on a new runner) and one file edited, builds with that
cache rather than beside it.

The same wheel then starts a second site from its own `cvsite init` (proving the starter,
dotfiles and all, is in the wheel and that an index install pins its version) and runs the
GitLab CI script on it, with the job's variables, whose cache lands in the folder GitLab
keeps. One test, since its steps go on from each other.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import yaml

from generator.scaffold import starter_files
from tests.helpers import run_cli
from tests.htmlread import read_page
from tests.releasejob import Release

# What GitHub's expressions in the workflow's `run:` steps stand for on a real runner.
GITHUB_PAGES_URL = "https://someone.github.io/mysite"  # configure-pages: no trailing slash
GITLAB_PAGES_URL = "https://someone.gitlab.io/mysite"
EXPRESSIONS = {"steps.pages.outputs.base_url": GITHUB_PAGES_URL}


def _run(command: list[str | Path], **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, timeout=900, **kwargs
    )
    assert result.returncode == 0, f"{command}:\n{result.stdout}\n{result.stderr}"
    return result


def _ci_environment(venv: Path, wheels: Path) -> dict[str, str]:
    """A shell whose `pip` and `cvsite` are the fresh environment's, as on a CI runner after
    setup-python; pip finds cvsite in `wheels`."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME"}}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    env["VIRTUAL_ENV"] = str(venv)
    env["PIP_FIND_LINKS"] = str(wheels)
    return env


def _expand(command: str) -> str:
    def value(match: re.Match) -> str:
        expression = match.group(1).strip()
        assert expression in EXPRESSIONS, f"the workflow needs {expression}: what is it here?"
        return EXPRESSIONS[expression]

    return re.sub(r"\$\{\{(.*?)\}\}", value, command)


def _github_steps(site: Path) -> list[str]:
    """The build job's `run:` steps; the `uses:` steps need GitHub itself."""
    workflow = yaml.safe_load((site / ".github/workflows/deploy.yml").read_text())
    return [_expand(step["run"]) for step in workflow["jobs"]["build"]["steps"] if "run" in step]


def _shell(commands: list[str], site: Path, env: dict[str, str]) -> None:
    for command in commands:  # GitHub and GitLab run each step in bash, stopping at an error
        _run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", command], cwd=site, env=env)
        if "GITHUB_ENV" in env:  # what a step adds there, the steps after it have (GitHub)
            added = Path(env["GITHUB_ENV"]).read_text().splitlines()
            env.update(line.split("=", 1) for line in added if "=" in line)


def _kept(cache: Path) -> list[str]:
    """The rendered Markdown and compiled templates in a cache folder, by name."""
    return sorted(
        p.name for p in cache.rglob("*") if p.name.startswith(("markdown-", "templates-"))
    )


def _requirement(site: Path) -> str:
    lines = (site / "requirements.txt").read_text().splitlines()
    return next(line for line in lines if line and not line.startswith("#"))


def test_the_starter_ci_installs_the_wheel_and_builds_the_site(release: Release, tmp_path: Path):
    wheels = tmp_path / "wheels"  # the local index: the release's wheel alone
    wheels.mkdir()
    wheel = Path(shutil.copy2(release.wheel, wheels))
    version = wheel.name.split("-")[1]

    site = tmp_path / "mysite"
    assert run_cli("init", site).code == 0
    # This suite's cvsite is an editable install, so init wrote a note above cvsite==VERSION,
    # the line a user fixes; here it names the wheel, as a release on an index would be.
    requirements = site / "requirements.txt"
    text = requirements.read_text()
    requirements.write_text(text.replace(_requirement(site), f"cvsite=={version}"))

    env = _ci_environment(release.environment, wheels)
    # The release job installed the wheel by its path; the workflow's first step installs
    # cvsite by the name and version requirements.txt pins (its dependencies are there).
    _run(["pip", "uninstall", "-y", "-q", "cvsite"], env=env)
    (tmp_path / "runner").mkdir()
    (tmp_path / "env").touch()
    env |= {"RUNNER_TEMP": str(tmp_path / "runner"), "GITHUB_ENV": str(tmp_path / "env")}
    steps = _github_steps(site)
    assert steps[0] == "pip install -r requirements.txt"
    assert "CVSITE_CACHE_DIR=" in steps[1]
    assert [step.split()[:2] for step in steps[2:]] == [["cvsite", "check"], ["cvsite", "build"]]
    _shell(steps, site, env)
    # The cache is where the workflow's cache step saves and restores it, and the next run
    # (cvsite installed again, a text edited) uses it rather than making another beside it.
    cache = tmp_path / "runner" / "cvsite-cache"
    kept = _kept(cache)
    assert len(kept) == 2, kept
    _run(["pip", "install", "--force-reinstall", "--no-deps", f"cvsite=={version}"], env=env)
    edited = site / "content" / "experience.yaml"
    edited.write_text(edited.read_text() + "\n# edited\n")
    _shell(steps[1:], site, {k: v for k, v in env.items() if k != "CVSITE_CACHE_DIR"})
    assert _kept(cache) == kept

    about = _run(["cvsite", "--version", "--verbose"], env=env, cwd=tmp_path).stdout
    assert about.startswith(f"cvsite {version}\ninstalled from a package index\n"), about
    assert read_page(site / "output" / "index.html").title == "Your Name"
    assert f"{GITHUB_PAGES_URL}/experience/" in (site / "output" / "sitemap.xml").read_text()

    # The installed wheel starts a site of its own, for GitLab this time.
    other = tmp_path / "gitlab-site"
    _run(["cvsite", "init", "--ci", "gitlab", other], env=env, cwd=tmp_path)
    assert _requirement(other) == f"cvsite=={version}"
    assert "cannot reach" not in (other / "requirements.txt").read_text()
    for name in (".gitignore", "site.yaml", "content/profile.yaml", "content/skills.yaml"):
        assert (other / name).read_bytes() == (site / name).read_bytes(), name
    job = yaml.safe_load((other / ".gitlab-ci.yml").read_text())["pages"]
    gitlab = {k: v for k, v in env.items() if k not in {"GITHUB_ENV", "CVSITE_CACHE_DIR"}}
    gitlab |= {"CI_PAGES_URL": GITLAB_PAGES_URL, "CI_PROJECT_DIR": str(other)}
    gitlab |= {k: v.replace("$CI_PROJECT_DIR", str(other)) for k, v in job["variables"].items()}
    _shell(job["script"], other, gitlab)
    assert len(_kept(other / job["cache"]["paths"][0])) == 2  # in the folder GitLab keeps
    public = other / "public"
    assert read_page(public / "index.html").title == "Your Name"
    assert f"{GITLAB_PAGES_URL}/experience/" in (public / "sitemap.xml").read_text()
    # Every CI file of the starter is in the wheel, dotfiles included.
    shipped = set(zipfile.ZipFile(wheel).namelist())
    for name in ("github", "gitlab", "none"):
        for path in starter_files(name):
            assert f"generator/scaffold/starter_site/{path.as_posix()}" in shipped, path
