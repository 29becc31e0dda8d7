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
from tests.photos import phone_photo


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


def test_the_cache_folders_are_private_whatever_the_umask(tmp_path, monkeypatch):
    """The cache holds rendered Markdown (drafts too) and the pictures: under the usual umask
    (022) its files are readable by all, so no folder of it may be (issue 39, point 14)."""
    root = tmp_path / "user-cache" / "cvsite"  # as ~/.cache/cvsite on a first build
    monkeypatch.setenv("CVSITE_CACHE_DIR", str(root))
    monkeypatch.setenv("CVSITE_TEST_SUBPROCESS", "1")  # a new process, with this umask
    site = write_site(
        tmp_path / "scratch" / "site",
        {
            "content/profile.yaml": "name: A\navatar: me.jpg\n",
            "content/me.jpg": phone_photo(),
            "content/projects/a.md": "---\ntitle: A draft\ndraft: true\n---\nNot yet.\n",
        },
    )
    before = os.umask(0o022)
    try:
        assert build_hostile(site, "--drafts").built
        folders = [root, *(p for p in root.rglob("*") if p.is_dir())]
        assert {cache_dir(site), cache_dir(site) / "images"} <= set(folders)
        assert any(p.name.startswith("templates-") for p in folders)
        modes = {p.relative_to(tmp_path).as_posix(): p.stat().st_mode & 0o777 for p in folders}
        assert modes == dict.fromkeys(modes, 0o700)
        os.chmod(cache_dir(site), 0o755)  # as an older cvsite left it
        assert build_hostile(site, "--drafts", "--force").built
        assert cache_dir(site).stat().st_mode & 0o777 == 0o700
    finally:
        os.umask(before)
