"""Templates compiled ahead by another process are the code the renderer would compile, so
the renderer uses them; and compiled code holds nothing of the site that compiled it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import jinja2
import pytest

from generator.model.resume import load
from generator.render import compiled
from generator.render.renderer import Renderer
from generator.render.theme import available_themes, load_theme, unchecked_chain
from generator.site import precompile
from generator.site.build import BuildOptions, build
from generator.site.stamp import cache_dir
from tests.helpers import REPO, write_site

# Every filter, on constants: Jinja would fold these into the code if it could.
EVERY_FILTER = "".join(f'{{{{ "2020" | {name} }}}}' for name in compiled.FILTERS)


@pytest.fixture(autouse=True)
def installed(tmp_path: Path, monkeypatch) -> Path:
    """Where these tests' built-in templates are kept compiled: not shared with other tests."""
    folder = tmp_path / "installed"
    monkeypatch.setattr(precompile, "installed_folder", lambda: folder)
    return folder


def _renderer(site: Path, theme: str = "meridian") -> Renderer:
    resume = load(site).resume
    return Renderer(resume, load_theme(theme, site, {}), site)


def _code(env: jinja2.Environment, name: str, source: str) -> str:
    return env.compile(source, name, f"/{name}", raw=True)


@pytest.mark.parametrize("theme", available_themes(REPO))
def test_the_other_process_compiles_what_the_renderer_would(tmp_path: Path, theme: str):
    site = write_site(tmp_path / "site", {})
    renderer = _renderer(site, theme)
    ahead = compiled.environment(unchecked_chain(theme, site))
    names = ahead.loader.list_templates()
    assert names == renderer.env.loader.list_templates()
    assert len(names) > 10
    for name in names:
        source = ahead.loader.get_source(ahead, name)[0]
        assert _code(ahead, name, source) == _code(renderer.env, name, source), name
    assert _code(ahead, "x", EVERY_FILTER) == _code(renderer.env, "x", EVERY_FILTER)


def test_the_renderer_has_the_filters_the_other_process_compiles_with(tmp_path: Path):
    renderer = _renderer(write_site(tmp_path / "site", {}))
    assert set(compiled.FILTERS) <= set(renderer.env.filters)
    assert set(renderer._filters()) == set(compiled.FILTERS)


def test_a_builtin_theme_compiled_for_one_site_is_not_compiled_for_the_next(
    tmp_path: Path, monkeypatch, installed: Path
):
    first = write_site(tmp_path / "first", {"content/talks.yaml": "- title: A talk\n"})
    build(BuildOptions(first, tmp_path / "out1", jobs=1, cache_dir=tmp_path / "cache1"))
    assert any(installed.iterdir())
    assert not any(precompile.folder(tmp_path / "cache1").iterdir())
    compiled: list[str] = []
    compile_ = jinja2.Environment.compile
    monkeypatch.setattr(
        jinja2.Environment,
        "compile",
        lambda self, *a, **k: compiled.append(a) or compile_(self, *a, **k),
    )
    second = write_site(tmp_path / "second", {"content/talks.yaml": "- title: Another\n"})
    build(BuildOptions(second, tmp_path / "out2", jobs=1, cache_dir=tmp_path / "cache2"))
    assert compiled == []
    assert "Another" in (tmp_path / "out2" / "talks" / "index.html").read_text()


def test_a_site_theme_is_compiled_into_the_site_cache_only(tmp_path: Path, installed: Path):
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": "title: T\nbase_url: https://example.org/\ntheme: mine\n",
            "themes/mine/theme.yaml": "name: mine\nextends: meridian\n",
            "themes/mine/templates/home.html": '{% extends "@parent/home.html" %}\n',
        },
    )
    cache = tmp_path / "cache"
    build(BuildOptions(site, tmp_path / "out", jobs=1, cache_dir=cache))
    assert len(list(precompile.folder(cache).iterdir())) == 1  # home.html, of this site
    assert any(installed.iterdir())  # meridian's, for any site


def test_where_the_builtin_themes_are_read_only_the_site_cache_keeps_them(
    tmp_path: Path, monkeypatch
):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(precompile, "installed_folder", lambda: blocked / "templates")
    site = write_site(tmp_path / "site", {"content/talks.yaml": "- title: A talk\n"})
    cache = tmp_path / "cache"
    for _ in range(2):
        build(BuildOptions(site, tmp_path / "out", jobs=2, force=True, cache_dir=cache))
        assert "A talk" in (tmp_path / "out" / "talks" / "index.html").read_text()
    assert len(list(precompile.folder(cache).iterdir())) > 10


def test_starting_the_work_ahead_imports_nothing_heavy():
    """`cvsite build` starts the child before it imports the rest: the child imports what
    its work needs (Jinja to compile, Markdown to render bodies), the build what it needs."""
    code = "import sys, generator.cli, generator.site.precompile; print(sorted(sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    modules = result.stdout
    assert "'generator.site.precompile'" in modules
    heavy = (
        "jinja2",
        "yaml",
        "pydantic",
        "markdown",
        "babel",
        "generator.model.resume",
        "generator.render.theme",
    )
    for name in heavy:
        assert f"'{name}'" not in modules, name


def test_compiled_code_keeps_no_base_url(tmp_path: Path):
    """Jinja folds a filter of a constant into compiled code; code kept in the cache from
    one build would then show its base URL in the next (`--base-url`), or in the preview."""
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": "title: T\nbase_url: https://example.org/\ntheme: mine\n",
            "themes/mine/theme.yaml": "name: mine\nextends: meridian\n",
            "themes/mine/templates/home.html": (
                '{% extends "@parent/home.html" %}\n'
                '{% block title %}{{ "/papers/" | absolute }}{% endblock %}\n'
            ),
        },
    )
    for url in ("https://a.example/", "https://b.example/"):
        out = tmp_path / url[8]
        build(BuildOptions(site, out, base_url=url, jobs=1, cache_dir=cache_dir(site)))
        title = re.search(r"<title>(.*?)</title>", (out / "index.html").read_text()).group(1)
        assert title == f"{url}papers/"


BODY = 'A *body* with a [link](https://example.org) and "quotes" -- and a list:\n\n- one\n'


def _files(folder: Path) -> dict[str, bytes]:
    files = (p for p in folder.rglob("*") if p.is_file())
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in files}


def test_damaged_compiled_templates_are_compiled_again(tmp_path: Path, installed: Path):
    """A file cut short (a full disk, a killed copy) beside the themes or in the site's
    cache folder is compiled again and written over; the build does not stop."""
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": "title: T\nbase_url: https://example.org/\ntheme: mine\n",
            "themes/mine/theme.yaml": "name: mine\nextends: meridian\n",
            "themes/mine/templates/home.html": '{% extends "@parent/home.html" %}\n',
            "content/talks.yaml": "- title: A talk\n",
        },
    )
    cache = tmp_path / "cache"
    first = build(BuildOptions(site, tmp_path / "one", jobs=1, cache_dir=cache))
    kept = [*installed.iterdir(), *precompile.folder(cache).iterdir()]
    assert any(p.parent == installed for p in kept) and any(p.parent != installed for p in kept)
    for path in kept:
        path.write_bytes(path.read_bytes()[: len(jinja2.bccache.bc_magic) + 1])
    again = build(BuildOptions(site, tmp_path / "two", jobs=1, cache_dir=cache))
    assert again.pages == first.pages
    assert _files(tmp_path / "two") == _files(tmp_path / "one")
    assert all(len(path.read_bytes()) > 100 for path in kept)  # written over, whole


def test_the_builtin_themes_compiled_by_other_versions_are_deleted(tmp_path: Path, monkeypatch):
    tag = sys.implementation.cache_tag
    themes = tmp_path / "themes" / "__pycache__"
    folder = themes / f"templates-0.2.0-new-{tag}"
    monkeypatch.setattr(precompile, "installed_folder", lambda: folder)
    older = themes / f"templates-0.1.0-old-{tag}"
    other_python = themes / "templates-0.1.0-old-cpython-399"
    in_use = themes / f"templates-0.1.1-running-{tag}"  # written to a minute ago
    for kept in (older, other_python, in_use):
        kept.mkdir(parents=True)
        (kept / "__jinja2_x.cache").write_bytes(b"old")
    an_hour_ago = time.time() - 3600
    for kept in (older, other_python):
        os.utime(kept, (an_hour_ago, an_hour_ago))
    os.utime(in_use, (time.time() - 60, time.time() - 60))
    site = write_site(tmp_path / "site", {"content/talks.yaml": "- title: A talk\n"})
    build(BuildOptions(site, tmp_path / "out", jobs=1, cache_dir=tmp_path / "cache"))
    left = sorted(p.name for p in themes.iterdir())
    assert left == sorted([folder.name, other_python.name, in_use.name])
    assert any(folder.iterdir())
