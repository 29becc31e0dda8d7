"""Shared fixtures. Helpers that tests import live in tests/helpers.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import REPO, copy_site


@pytest.fixture
def sample_site(tmp_path: Path) -> Path:
    """A private copy of the repository's own site (the seed résumé)."""
    return copy_site(REPO, tmp_path / "site")
