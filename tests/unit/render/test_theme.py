"""Theme resolution: the `extends` chain, @parent/ templates, static files and options."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import jinja2
import pytest

from generator.errors import BuildError, ContentErrors
from generator.render.environment import make_environment, template_error
from generator.render.theme import available_themes, load_theme


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def render(site: Path, theme: str, template: str, **context) -> str:
    env = make_environment(load_theme(theme, site, {}).chain, {}, {})
    return env.get_template(template).render(**context).strip()


def test_a_site_theme_extends_a_builtin_one(tmp_path: Path):
    write(tmp_path, {"themes/mine/theme.yaml": "name: mine\nextends: meridian\n"})
    theme = load_theme("mine", tmp_path, {})
    assert [t.name for t in theme.chain] == ["mine", "meridian"]
    assert theme.name == "mine"
    assert "mine" in available_themes(tmp_path) and "ledger" in available_themes(tmp_path)


def test_ledger_is_built_on_meridian(tmp_path: Path):
    theme = load_theme("ledger", tmp_path, {})
    assert [t.name for t in theme.chain] == ["ledger", "meridian"]
    static = theme.static_files()
    assert static["style.css"].parent.parent.name == "ledger"  # its own look
    assert static["core.css"].parent.parent.name == "meridian"  # the shared behaviour
    assert (
        theme.options["accent_light"]
        != load_theme("meridian", tmp_path, {}).options["accent_light"]
    )


def test_child_static_files_replace_the_parents_and_add_to_them(tmp_path: Path):
    write(
        tmp_path,
        {
            "themes/base/theme.yaml": "name: base\n",
            "themes/base/static/style.css": "parent",
            "themes/base/static/logo.svg": "<svg/>",
            "themes/child/theme.yaml": "name: child\nextends: base\n",
            "themes/child/static/style.css": "child",
            "themes/child/static/extra.css": "extra",
        },
    )
    files = load_theme("child", tmp_path, {}).static_files()
    assert {name: path.read_text() for name, path in files.items()} == {
        "style.css": "child",
        "logo.svg": "<svg/>",
        "extra.css": "extra",
    }


def test_parent_prefix_extends_the_parents_version_of_the_same_template(tmp_path: Path):
    write(
        tmp_path,
        {
            "themes/a/theme.yaml": "name: a\n",
            "themes/a/templates/base.html": "<a>{% block body %}A{% endblock %}</a>"
            '{% include "part.html" %}',
            "themes/a/templates/part.html": "[a-part]",
            "themes/b/theme.yaml": "name: b\nextends: a\n",
            "themes/b/templates/base.html": '{% extends "@parent/base.html" %}'
            "{% block body %}B+{{ super() }}{% endblock %}",
            "themes/c/theme.yaml": "name: c\nextends: b\n",
            "themes/c/templates/base.html": '{% extends "@parent/base.html" %}'
            "{% block body %}C+{{ super() }}{% endblock %}",
            "themes/c/templates/part.html": "[c-part]",
        },
    )
    # Each @parent/ goes one step up the chain; an include finds the child's file first.
    assert render(tmp_path, "c", "base.html") == "<a>C+B+A</a>[c-part]"
    assert render(tmp_path, "b", "base.html") == "<a>B+A</a>[a-part]"
    # A theme may also name any theme of its chain.
    assert render(tmp_path, "c", "@a/base.html") == "<a>A</a>[c-part]"


def test_parent_prefix_reaches_a_template_the_parent_inherits(tmp_path: Path):
    """ledger has no base.html of its own: a theme extending ledger extends meridian's."""
    write(
        tmp_path,
        {
            "themes/a/theme.yaml": "name: a\n",
            "themes/a/templates/base.html": "<a>{% block body %}A{% endblock %}</a>",
            "themes/b/theme.yaml": "name: b\nextends: a\n",
            "themes/c/theme.yaml": "name: c\nextends: b\n",
            "themes/c/templates/base.html": '{% extends "@parent/base.html" %}'
            "{% block body %}C+{{ super() }}{% endblock %}",
        },
    )
    assert render(tmp_path, "c", "base.html") == "<a>C+A</a>"
    assert render(tmp_path, "c", "@b/base.html") == "<a>A</a>"


def test_parent_prefix_in_a_theme_without_parent_says_so(tmp_path: Path):
    write(
        tmp_path,
        {
            "themes/solo/theme.yaml": "name: solo\n",
            "themes/solo/templates/base.html": '{% extends "@parent/base.html" %}',
        },
    )
    env = make_environment(load_theme("solo", tmp_path, {}).chain, {}, {})
    with pytest.raises(jinja2.TemplateNotFound) as caught:
        env.get_template("base.html").render()
    message = str(template_error(caught.value, tmp_path))
    assert "theme 'solo' extends no other theme" in message


def test_templates_cannot_climb_out_of_the_theme(tmp_path: Path):
    write(tmp_path, {"themes/a/theme.yaml": "name: a\n", "secret.html": "secret"})
    env = make_environment(load_theme("a", tmp_path, {}).chain, {}, {})
    for name in ("../../secret.html", "@a/../../../secret.html"):
        with pytest.raises(jinja2.TemplateNotFound):
            env.get_template(name)


def test_options_child_defaults_then_site_values_with_types(tmp_path: Path):
    write(
        tmp_path,
        {
            "themes/a/theme.yaml": "name: a\noptions:\n  colour: red\n  count: 3\n  photo: true\n",
            "themes/b/theme.yaml": "name: b\nextends: a\noptions:\n  colour: blue\n  extra: x\n",
        },
    )
    assert load_theme("b", tmp_path, {}).options == {
        "colour": "blue",
        "count": 3,
        "photo": True,
        "extra": "x",
    }
    options = load_theme("b", tmp_path, {"count": "5", "photo": "no"}).options
    assert options["count"] == 5 and options["photo"] is False


def test_unknown_or_mistyped_site_options_are_content_errors(tmp_path: Path):
    write(tmp_path, {"themes/a/theme.yaml": "name: a\noptions:\n  colour: red\n  count: 3\n"})
    with pytest.raises(ContentErrors) as caught:
        load_theme("a", tmp_path, {"colur": "blue", "count": "many"})
    text = str(caught.value)
    assert "theme_options.colur" in text and "did you mean 'colour'" in text
    assert "theme_options.count" in text and "expected a whole number" in text


def test_missing_theme_lists_the_available_ones(tmp_path: Path):
    write(tmp_path, {"themes/mine/theme.yaml": "name: mine\nextends: meridain\n"})
    with pytest.raises(ContentErrors) as caught:
        load_theme("mine", tmp_path, {})
    text = str(caught.value)
    # placed at the `extends:` that names it
    assert text.startswith(
        "themes/mine/theme.yaml:2:10: extends: theme 'meridain' (extended by 'mine') not found"
    )
    assert "ledger" in text and "meridian" in text


def test_inheritance_loops_are_refused(tmp_path: Path):
    write(
        tmp_path,
        {
            "themes/a/theme.yaml": "name: a\nextends: b\n",
            "themes/b/theme.yaml": "name: b\nextends: a\n",
            "themes/meridian/theme.yaml": "name: meridian\nextends: meridian\n",
        },
    )
    with pytest.raises(BuildError, match="loops: a -> b -> a"):
        load_theme("a", tmp_path, {})
    with pytest.raises(BuildError, match="meridian-custom"):
        load_theme("meridian", tmp_path, {})


def test_a_bad_manifest_is_a_located_error(tmp_path: Path):
    write(tmp_path, {"themes/a/theme.yaml": "name: a\nextend: meridian\n"})
    with pytest.raises(ContentErrors) as caught:
        load_theme("a", tmp_path, {})
    assert "themes/a/theme.yaml:2" in str(caught.value)
    assert "extend" in str(caught.value)


def test_macros_imported_with_context_link_from_the_page_that_calls_them(tmp_path: Path):
    """Macros imported `with context` (Jinja's own way) link from the page that calls them,
    on pages of any depth and language, rendered in any order; imported without context
    they cannot know the page, and the build says how to import them."""
    from generator.site.build import BuildOptions, render_site
    from tests.helpers import write_site

    macro = "{% macro here(item) %}{{ url('/cv/') }} {{ url(item) }} {{ t('tags') }}{% endmacro %}"
    page = '{% import "mine.html" as each with context %}{{ each.here(item) }}|'
    files = {
        "site.yaml": "title: T\nbase_url: https://example.org/x/\nlanguages: [en, de]\n"
        "theme: mine\n",
        "themes/mine/theme.yaml": "name: mine\nextends: meridian\n",
        "themes/mine/templates/mine.html": macro,
        "themes/mine/templates/entry/generic.html": page,
        "themes/mine/templates/tag.html": page.replace("item", "tag.items[0]"),
        "content/projects/a.md": "---\ntitle: A\ntags: [x]\n---\nA body.\n",
    }
    site = write_site(tmp_path / "site", files)
    built = render_site(BuildOptions(site, tmp_path / "out", jobs=1)).files
    shown = {
        name: built[PurePosixPath(name)].decode()
        for name in ("projects/a/index.html", "de/projects/a/index.html", "tags/x/index.html")
    }
    assert shown["projects/a/index.html"].startswith("../../cv/ ../../projects/a/ Tags|")
    assert shown["de/projects/a/index.html"].startswith("../../../de/cv/ ../../../de/projects/")
    assert "Tags" not in shown["de/projects/a/index.html"]  # German labels
    assert shown["tags/x/index.html"].startswith("../../cv/ ../../projects/a/ ")

    files["themes/mine/templates/entry/generic.html"] = page.replace(" with context", "")
    site = write_site(tmp_path / "again", files)
    with pytest.raises(BuildError, match="with context"):
        render_site(BuildOptions(site, tmp_path / "out2", jobs=1))
