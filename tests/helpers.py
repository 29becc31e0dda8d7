"""Helpers for tests: run the CLI like a user, copy sites, find Debian's Chromium."""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import textwrap
import threading
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

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
    """Run `cvsite` (as `python -m generator`) in a subprocess, as a user would."""
    result = subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd or REPO,
        env={**os.environ, **(env or {})},
        timeout=300,
    )
    return Run(result.returncode, result.stdout, result.stderr)


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
