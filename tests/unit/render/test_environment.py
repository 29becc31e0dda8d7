"""The Jinja environment keeps compiled templates in the folder it is given, and a damaged
or unwritable cache never stops rendering."""

from __future__ import annotations

import logging
from pathlib import Path

from generator.render.environment import make_environment
from generator.render.theme import builtin_themes_dir, load_theme


def _chain(tmp_path: Path):
    return load_theme("meridian", tmp_path, {}).chain


def _render(env) -> str:  # noqa: ANN001
    return env.from_string("{% set x = 2 %}{{ x * 3 }}").render()


def test_compiled_templates_are_kept_in_the_folder_given(tmp_path: Path):
    folder = tmp_path / "cache" / "templates"
    env = make_environment(_chain(tmp_path), {}, {}, folder)
    env.get_template("partials/theme-toggle.html")
    kept = list(folder.glob("__jinja2_*.cache"))
    assert len(kept) == 1
    assert not list(builtin_themes_dir().rglob("__jinja2_*.cache"))
    again = make_environment(_chain(tmp_path), {}, {}, folder)
    assert (
        again.get_template("partials/theme-toggle.html")
        .render(icon=lambda *a: "", t=str)
        .strip()
        .startswith("<button")
    )


def test_a_damaged_compiled_template_is_compiled_again(tmp_path: Path):
    folder = tmp_path / "templates"
    make_environment(_chain(tmp_path), {}, {}, folder).get_template("partials/theme-toggle.html")
    (kept,) = folder.glob("__jinja2_*.cache")
    kept.write_bytes(kept.read_bytes()[:20])  # cut short, as by a full disk
    env = make_environment(_chain(tmp_path), {}, {}, folder)
    html = env.get_template("partials/theme-toggle.html").render(icon=lambda *a: "", t=str)
    assert "theme-toggle" in html


def test_a_cache_folder_that_cannot_be_written_is_said_once(tmp_path: Path, caplog):
    folder = tmp_path / "templates"
    folder.write_text("a file where the folder should be")
    env = make_environment(_chain(tmp_path), {}, {}, folder)
    with caplog.at_level(logging.WARNING):
        for name in ("partials/theme-toggle.html", "partials/nav.html"):
            env.get_template(name)
    assert sum("cannot write the build cache" in r.getMessage() for r in caplog.records) == 1
