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

from generator.content.schema import MarkdownOptions
from generator.markdown.renderer import MarkdownRenderer
from generator.model.resume import load
from generator.render import compiled
from generator.render.renderer import Renderer
from generator.render.theme import available_themes, load_theme, unchecked_chain
from generator.site import precompile
from generator.site.build import BuildOptions, build
from generator.site.stamp import cache_dir
from tests.helpers import REPO, copy_site, write_site

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


def test_a_first_build_renders_with_the_templates_compiled_ahead(
    tmp_path: Path, monkeypatch, installed: Path
):
    site = write_site(tmp_path / "site", {"content/talks.yaml": "- title: A talk\n"})
    cache = tmp_path / "cache"
    compiled_here: list[str] = []
    compile_ = jinja2.Environment.compile

    def noting(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled_here.append(name)
        return compile_(self, source, name, filename, raw, defer_init)

    compiling = precompile.start(site, cache, jobs=2)
    monkeypatch.setattr(jinja2.Environment, "compile", noting)  # here, not in the child
    build(BuildOptions(site, tmp_path / "out", jobs=2, cache_dir=cache), compiling)
    assert any(installed.iterdir())
    assert compiled_here == []
    assert "A talk" in (tmp_path / "out" / "talks" / "index.html").read_text()


def test_a_site_theme_that_extends_a_builtin_one_is_compiled_ahead_too(
    tmp_path: Path, installed: Path
):
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": "title: T\nbase_url: https://example.org/\ntheme: mine\n",
            "themes/mine/theme.yaml": "name: mine\nextends: meridian\n",
            "themes/mine/templates/home.html": '{% extends "@parent/home.html" %}\n',
            "content/projects.yaml": "- title: P\n",
            "content/talks/t.md": "---\ntitle: T\n---\nA talk.\n",
        },
    )
    cache = tmp_path / "cache"
    precompile.start(site, cache, jobs=2).wait()
    renderer = Renderer(load(site).resume, load_theme("mine", site, {}), site, compiled=None)
    done = set()
    for name in renderer.env.loader.list_templates():
        source, filename, _ = renderer.env.loader.get_source(renderer.env, name)
        key = jinja2.bccache.BytecodeCache().get_cache_key(name, filename)
        # The site's own templates in its cache folder, the built-in ones beside them.
        mine = filename.startswith(str(site))
        if ((precompile.folder(cache) if mine else installed) / f"__jinja2_{key}.cache").is_file():
            done.add(name)
    # Those of sections the site has, not those no page asks for.
    assert {"section/projects.html", "home.html", "macros.html", "base.html"} <= done
    assert not {"section/awards.html", "entry/education.html"} & done
    names = set(renderer.env.loader.list_templates())
    other = {name for name in names if name.startswith(("section/", "entry/"))}
    assert names - done == other - {
        "section/projects.html",
        "section/generic.html",
        "entry/generic.html",
        "entry/publications.html",
        "section/publications.html",
    }


def test_nothing_is_compiled_ahead_with_one_core_or_when_compiled_already(
    tmp_path: Path, installed: Path
):
    site = write_site(tmp_path / "site", {})
    cache = tmp_path / "cache"
    precompile.start(site, cache, jobs=1).wait()
    assert not installed.exists()
    precompile.start(site, cache, jobs=2).wait()
    compiled = {p: p.stat().st_mtime_ns for p in installed.iterdir()}
    assert compiled
    for other in (site, write_site(tmp_path / "other", {})):  # any site, with its own cache
        precompile.start(other, tmp_path / other.name, jobs=2).wait()
        assert {p: p.stat().st_mtime_ns for p in installed.iterdir()} == compiled


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


def test_bodies_are_rendered_ahead_only_when_no_markdown_is_at_hand(tmp_path: Path):
    site = write_site(tmp_path / "site", {"content/talks/a.md": "---\ntitle: A\n---\nHi.\n"})
    cache = tmp_path / "cache"
    precompile.start(site, cache, jobs=2).wait()  # the templates
    assert precompile.start(site, cache, jobs=2, bodies=False)._pid is None
    precompile.markdown_file(cache).touch()
    assert precompile.start(site, cache, jobs=2)._pid is None
    precompile.markdown_file(cache).unlink()
    ahead = precompile.start(site, cache, jobs=2)
    assert ahead._pid is not None
    ahead.wait()


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


def test_a_body_rendered_in_another_process_is_kept_and_not_rendered_again(tmp_path: Path):
    page = tmp_path / "talk.md"
    page.write_text(f"---\ntitle: T\n---\n{BODY}", encoding="utf-8")
    found = MarkdownRenderer().body_of_file(page)
    assert found is not None and found[1] == BODY
    here = MarkdownRenderer()
    here.keep([found, None])
    here._converter = None  # rendering anything now would fail
    assert here.block(BODY) == MarkdownRenderer().block(BODY) == found[2]
    plain = MarkdownRenderer(smart_quotes=False)  # other options: other HTML, not kept
    plain.keep([found])
    assert plain.block(BODY) != found[2]


def test_a_body_with_an_unsafe_link_is_left_to_the_build_which_reports_it(tmp_path: Path):
    page = tmp_path / "talk.md"
    page.write_text("---\ntitle: T\n---\n[x](javascript:alert(1))\n", encoding="utf-8")
    assert MarkdownRenderer().body_of_file(page) is None
    (tmp_path / "empty.md").write_text("---\ntitle: T\n---\n\n", encoding="utf-8")
    assert MarkdownRenderer().body_of_file(tmp_path / "empty.md") is None


@pytest.mark.parametrize("value", ["true", "false", "yes", "no", "on", "off", "1", "0", "T"])
def test_markdown_options_are_read_ahead_as_the_site_check_reads_them(value: str):
    checked = MarkdownOptions.model_validate({"smart_quotes": value}).smart_quotes
    assert precompile._flag(value, default=not checked) == checked


def test_a_cold_build_with_bodies_rendered_ahead_equals_a_plain_one(tmp_path: Path):
    site = copy_site(REPO, tmp_path / "site")
    talks = site / "content" / "talks"
    talks.mkdir()
    for number in range(120):
        text = f"---\ntitle: Talk {number}\ndate: 2020-01\n---\nTalk **{number}**: {BODY}"
        (talks / f"talk-{number:03d}.md").write_text(text, encoding="utf-8")
    cache = tmp_path / "cache"
    precompile.start(site, cache, jobs=2).wait()  # templates: the next child begins on bodies
    compiling = precompile.start(site, cache, jobs=2)
    ahead = build(BuildOptions(site, tmp_path / "ahead", jobs=2, cache_dir=cache), compiling)
    plain = build(BuildOptions(site, tmp_path / "plain", jobs=1))
    assert ahead.pages == plain.pages
    assert _files(tmp_path / "ahead") == _files(tmp_path / "plain")


def _files(folder: Path) -> dict[str, bytes]:
    files = (p for p in folder.rglob("*") if p.is_file())
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in files}


def test_the_entry_files_rendered_ahead_are_those_pathlib_globs(tmp_path: Path):
    # Found with os.scandir, as content/*/*.md names them: hidden ones, links and pipes too
    # (the child skips what the build refuses), in linked folders as well.
    content = tmp_path / "content"
    for name in ("talks/a.md", "talks/.hidden.md", "talks/notes.txt", "top.md", "x.md/b.md"):
        (content / name).parent.mkdir(parents=True, exist_ok=True)
        (content / name).write_text("t", encoding="utf-8")
    (content / "talks" / "folder.md").mkdir()
    (content / "talks" / "link.md").symlink_to(content / "top.md")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "c.md").write_text("c", encoding="utf-8")
    (content / "linked").symlink_to(outside)
    if hasattr(os, "mkfifo"):
        os.mkfifo(content / "talks" / "pipe.md")
    globbed = sorted(str(p) for p in content.parent.glob("content/*/*.md"))
    assert precompile._entry_files(content) == globbed
    assert str(content / "linked" / "c.md") in globbed
    assert precompile._entry_files(tmp_path / "nothing") == []


def test_the_markdown_options_ahead_are_those_of_site_yaml(tmp_path: Path):
    site = write_site(tmp_path / "site", {})
    settings = site / "site.yaml"
    settings.write_text(settings.read_text() + "markdown:\n  smart_quotes: no\n")
    renderer = precompile._markdown(site)
    assert (renderer._smart_quotes, renderer._unsafe_html) == (False, False)


def test_a_site_without_markdown_options_has_its_bodies_rendered_without_yaml(tmp_path: Path):
    """The child needs YAML only for site.yaml's Markdown options: without them, it does not
    import it (the build does, beside it)."""
    site = write_site(tmp_path / "site", {})
    code = (
        "import sys; from pathlib import Path; from generator.site import precompile; "
        f"r = precompile._markdown(Path({str(site)!r})); "
        "print(r._smart_quotes, r._unsafe_html, 'yaml' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.split() == ["True", "False", "False"], result.stderr


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
