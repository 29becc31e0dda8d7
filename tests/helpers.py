"""Helpers for tests: run the CLI like a user, copy sites, find Debian's Chromium."""

from __future__ import annotations

import functools
import multiprocessing
import multiprocessing.context
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import threading
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml

from tests.clichild import cvsite_in_child

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*args: str | Path, cwd: Path | None = None, env: dict | None = None) -> Run:
    """Run `cvsite` in a process of its own, as a user would: its own working folder,
    environment, standard streams and exit status.

    The process is forked from a server that has cvsite's modules imported already
    (multiprocessing's forkserver, with them preloaded): a new `python -m generator` spends
    about 0.35 s starting Python and importing, on each of the suite's many hundreds of
    calls. A test that sets a variable Python reads as it starts (PYTHONPATH, say) gets a
    new `python -m generator`, as does every call with CVSITE_TEST_SUBPROCESS=1 set."""
    argv = [str(arg) for arg in args]
    environment = {**os.environ, **(env or {})}
    starts_python = any(
        name.startswith("PYTHON") and os.environ.get(name) != value
        for name, value in (env or {}).items()
    )
    if starts_python or os.environ.get("CVSITE_TEST_SUBPROCESS"):
        result = subprocess.run(
            [sys.executable, "-m", "generator", *argv],
            capture_output=True,
            text=True,
            cwd=cwd or REPO,
            env=environment,
            timeout=300,
        )
        return Run(result.returncode, result.stdout, result.stderr)
    return _run_forked(argv, cwd or REPO, environment)


@functools.cache
def _cli_server() -> multiprocessing.context.BaseContext:
    context = multiprocessing.get_context("forkserver")
    # tests.clichild, not this module: a process would import pytest with it (80 ms). The
    # modules cvsite imports only when a site needs them too (a .bib, a formula, a picture,
    # a PDF: 70 ms in all), so that no command imports them again.
    context.set_forkserver_preload(
        [
            *("generator.cli", "generator.site.build", "tests.clichild"),
            *("generator.content.bibread", "latex2mathml.converter", "PIL.Image", "typst"),
            "tests.forkserver_preload",  # the Typst memo, and work done on first use
        ]
    )
    return context


def _run_forked(argv: list[str], cwd: Path, env: dict[str, str]) -> Run:
    started = Started(argv, cwd, env)
    try:
        started.wait(300)
    except subprocess.TimeoutExpired:
        started.kill()
        started.wait(300)
        raise
    finally:
        out, err = started.output()
    return Run(started.poll(), out, err)


class Started:
    """`cvsite` running in the background, started as `run_cli` starts it (forked from the
    server with cvsite imported, 10 ms rather than a new Python's 0.35 s): for the tests of
    two builds at once, and of builds killed halfway. Its standard streams go to files,
    read once it has ended."""

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str]):
        self._folder = tempfile.TemporaryDirectory(prefix="cvsite-cli-")
        self._out, self._err = Path(self._folder.name) / "out", Path(self._folder.name) / "err"
        self.argv = ["cvsite", *argv]
        self._process = _cli_server().Process(
            target=cvsite_in_child, args=(argv, cwd, env, self._out, self._err)
        )
        self._process.start()
        self.pid = self._process.pid

    def poll(self) -> int | None:
        """The exit status (a signal's number, negated, when one ended it), or None."""
        return self._process.exitcode

    def kill(self) -> None:
        self._process.kill()

    def wait(self, timeout: float) -> int:
        self._process.join(timeout)
        if self._process.exitcode is None:
            raise subprocess.TimeoutExpired(self.argv, timeout)
        return self._process.exitcode

    def output(self) -> tuple[str, str]:
        """What it wrote to its standard output and error, then its files removed."""
        out, err = (p.read_bytes().decode() if p.exists() else "" for p in (self._out, self._err))
        self._folder.cleanup()
        return out, err


def start_cli(*args: str | Path, cwd: Path | None = None) -> Started:
    """`cvsite` with these arguments, started in the background with this environment."""
    return Started([str(arg) for arg in args], cwd or REPO, dict(os.environ))


def new_site_cache() -> Path:
    """A cache folder of its own for one in-process build, as a new clone of a site has: no
    Markdown or pages kept from before, but the compiled templates that every build of the
    session keeps beside the sites' cache folders (stamp.templates_folder), as cvsite keeps
    them for a user. Without a cache folder a build compiles the theme again (0.1 s)."""
    return Path(tempfile.mkdtemp(prefix="site-", dir=os.environ["CVSITE_CACHE_DIR"]))


def yaml_text(data: object, **options) -> str:
    """`yaml.safe_dump(data, **options)`, the same text, written by libyaml's emitter (50
    times as fast as PyYAML's own: the hostile tests write megabytes)."""
    return yaml.dump(data, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), **options)


def copy_site(source: Path, target: Path) -> Path:
    """A copy of a site (site.yaml, content/, any themes/) that a test may change."""
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source / "site.yaml", target / "site.yaml")
    shutil.copytree(source / "content", target / "content")
    if (source / "themes").is_dir() and source != REPO:
        shutil.copytree(source / "themes", target / "themes")
    return target


def set_theme(site: Path, theme: str) -> None:
    config = site / "site.yaml"
    text = re.sub(r"(?m)^theme: .*$", f"theme: {theme}", config.read_text(encoding="utf-8"))
    config.write_text(text, encoding="utf-8")


def build_theme(source: Path, target: Path, theme: str, base_url: str, *extra: str) -> Path:
    """Build a copy of the site `source` with `theme`; returns the output folder."""
    site = copy_site(source, target)
    set_theme(site, theme)
    result = run_cli("build", "--site", site, "--base-url", base_url, *extra)
    assert result.code == 0, result.err
    return site / "output"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def serve_folder(folder: Path) -> ThreadingHTTPServer:
    """A plain static server of `folder` on 127.0.0.1 (a free port), in a thread."""
    handler = functools.partial(_Quiet, directory=folder)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


SITE_YAML = "title: Test\nbase_url: https://example.org/\n"
PROFILE_YAML = "name: Ada Lovelace\n"


def bib_entries(fields: dict[str, str]) -> str:
    """A .bib text of one @article per key, titled by its key, with one field of its own each
    (`{"a": "pubstate = {inpress}"}`) besides an author, a journal and a year."""
    return "".join(
        f"@article{{{key},\n  author = {{Ada Lovelace}},\n  title = {{{key}}},\n"
        f"  journal = {{J}},\n  year = {{2026}},\n  {field}\n}}\n"
        for key, field in fields.items()
    )


def write_site(root: Path, files: dict[str, str | bytes | None]) -> Path:
    """A tiny site: site.yaml and content/profile.yaml unless given (None leaves one out)."""
    files = {"site.yaml": SITE_YAML, "content/profile.yaml": PROFILE_YAML, **files}
    for name, text in files.items():
        if text is None:
            continue
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")
    (root / "content").mkdir(parents=True, exist_ok=True)
    return root


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def require_chromium() -> str:
    """The Chromium binary, or a skip with the reason; in CI a missing browser fails."""
    found = chromium_path()
    if found:
        return found
    message = "Debian's chromium is not installed (apt-get install chromium)"
    if os.environ.get("CVSITE_REQUIRE_BROWSER"):
        pytest.fail(message + " and CVSITE_REQUIRE_BROWSER is set")
    pytest.skip(message)
