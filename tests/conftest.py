"""Helpers shared by the unit and end-to-end tests: tiny sites written into a temporary folder."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

from generator.errors import ContentErrors
from generator.model import Loaded, load

# No per-example deadline: a loaded machine (CI, a parallel build) must not turn a slow
# example into a failure. The number of examples still bounds the time.
settings.register_profile("cvsite", deadline=None)
settings.load_profile("cvsite")

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

SITE_YAML = "title: Test\nbase_url: https://example.org/\n"
PROFILE_YAML = "name: Ada Lovelace\n"


def write_site(root: Path, files: dict[str, str | bytes]) -> Path:
    """A site folder: site.yaml and content/profile.yaml unless given, plus `files`."""
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
    (root / "content").mkdir(exist_ok=True)
    return root


@pytest.fixture
def site(tmp_path) -> Callable[..., Path]:
    """`site({"content/x.yaml": "..."})` writes a site and returns its folder."""

    def make(files: dict[str, str | bytes] | None = None) -> Path:
        return write_site(tmp_path / "site", files or {})

    return make


@pytest.fixture
def load_site(site) -> Callable[..., Loaded]:
    def run(files: dict[str, str | bytes] | None = None, **kwargs) -> Loaded:
        return load(site(files), **kwargs)

    return run


@pytest.fixture
def site_errors(site) -> Callable[..., list[str]]:
    """The error lines a site gives, as `cvsite check` prints them."""

    def run(files: dict[str, str | bytes] | None = None, **kwargs) -> list[str]:
        with pytest.raises(ContentErrors) as info:
            load(site(files), **kwargs)
        return [str(e) for e in info.value.errors]

    return run
