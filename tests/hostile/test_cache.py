"""A build cache planted in the site folder is never loaded: loading a cache runs code.

The cache holds pickled Markdown and Jinja's compiled templates (whose files start with a
pickle). A site folder comes from elsewhere (a clone, a pull request, a CI checkout), so
whatever is in it must stay data. The cache lives in the user's cache folder instead.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import jinja2.bccache

from generator.render.theme import builtin_themes_dir
from generator.site.stamp import cache_dir, markdown_file, templates_folder
from tests.helpers import write_site
from tests.hostile.sandbox import build_hostile


class _Planted:
    """Unpickling this creates a file: the proof that a planted cache was loaded."""

    def __init__(self, proof: Path):
        self.proof = proof

    def __reduce__(self):
        return (Path.touch, (self.proof,))


def _plant(folder: Path, proof: Path) -> int:
    """Pickles where the Markdown cache and every compiled template were once kept."""
    folder.mkdir(parents=True, exist_ok=True)
    markdown_file(folder).write_bytes(pickle.dumps(_Planted(proof)))
    templates = templates_folder(folder / "site")  # beside a site's folder in the cache
    templates.mkdir(exist_ok=True)
    bucket = jinja2.bccache.bc_magic + pickle.dumps(_Planted(proof))
    count = 1
    for theme in builtin_themes_dir().iterdir():
        for path in (theme / "templates").rglob("*.html"):
            relative = path.relative_to(theme / "templates").as_posix()
            for name in (relative, f"@{theme.name}/{relative}"):
                key = jinja2.bccache.BytecodeCache().get_cache_key(name, str(path))
                (templates / f"__jinja2_{key}.cache").write_bytes(bucket)
                count += 1
    return count


def test_a_cache_committed_into_the_site_folder_is_never_loaded(tmp_path):
    site = write_site(tmp_path / "site", {"content/profile.yaml": "name: A\nsummary: Hi.\n"})
    proof = tmp_path / "code-ran"
    assert _plant(site / ".cvsite-cache", proof) > 10
    for _ in range(2):  # a cold build, then a warm one
        assert build_hostile(site).built
        assert not proof.exists(), "a pickle from the site folder was loaded"


def test_the_cache_is_outside_the_site_folder(tmp_path):
    site = write_site(tmp_path / "site", {})
    assert build_hostile(site).built
    folder = cache_dir(site)
    assert folder.is_dir() and any(folder.iterdir())
    assert site.resolve() not in folder.resolve().parents
    assert os.environ.get("CVSITE_CACHE_DIR") and str(folder).startswith(
        os.environ["CVSITE_CACHE_DIR"]
    )
