"""Pages escape their output (`{{ … }}`) with render._escape, which must give exactly what
markupsafe.escape gives, as the same type; they call functions and macros through
render._Context.call, which must give what Jinja's own call gives; they read the globals
as they are; and they are compiled without Jinja's optimizer, which must change nothing
either."""

from __future__ import annotations

from pathlib import Path

import jinja2
import markupsafe
import pytest
from markupsafe import Markup

from generator.model.resume import load
from generator.render import renderer as render
from generator.render.renderer import Renderer, plan
from generator.render.theme import load_theme


class _Html:
    def __html__(self) -> str:
        return "<b>safe</b>"


class _MyMarkup(Markup):
    pass


class _MyStr(str):
    pass


VALUES = [
    "",
    "plain words",
    "Tom & Jerry <script>alert('x')</script> \"quoted\"",
    "é — ünïcode ✓ 漢字",
    Markup(""),
    Markup("<p>a &amp; b</p>"),
    _MyMarkup("<i>mine</i>"),
    _MyStr("<sub>class</sub>"),
    _Html(),
    0,
    3.5,
    None,
    True,
    ["<a>"],
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_escape_gives_what_markupsafe_gives(value: object):
    ours, theirs = render._escape(value), markupsafe.escape(value)
    assert ours == theirs
    assert type(ours) is type(theirs)


def _pages(site: Path, theme: str, *, optimized: bool = False) -> dict[str, bytes]:
    resume = load(site).resume
    renderer = Renderer(resume, load_theme(theme, site, resume.config.theme_options), site)
    renderer.env.optimized = optimized  # before any template is compiled
    return {page.url: renderer.render(page) for page in plan(resume)}


@pytest.mark.parametrize("theme", ["meridian", "ledger"])
def test_pages_are_the_same_with_markupsafes_escape(
    sample_site: Path, theme: str, monkeypatch: pytest.MonkeyPatch
):
    ours = _pages(sample_site, theme)
    monkeypatch.setattr(render, "_escape_text", None)  # templates keep markupsafe's escape
    theirs = _pages(sample_site, theme)
    assert ours.keys() == theirs.keys()
    assert [url for url in ours if ours[url] != theirs[url]] == []


@pytest.mark.parametrize("theme", ["meridian", "ledger"])
def test_pages_are_the_same_with_jinjas_optimizer(sample_site: Path, theme: str):
    # Themes are compiled without it (theme.make_environment), which is faster.
    ours = _pages(sample_site, theme)
    optimized = _pages(sample_site, theme, optimized=True)
    assert ours.keys() == optimized.keys()
    assert [url for url in ours if ours[url] != optimized[url]] == []


def test_templates_use_it(sample_site: Path):
    resume = load(sample_site).resume
    theme = load_theme(resume.config.theme, sample_site, resume.config.theme_options)
    template = Renderer(resume, theme, sample_site).env.get_template("base.html")
    assert template.root_render_func.__globals__["escape"] is render._escape


@pytest.mark.parametrize("theme", ["meridian", "ledger"])
def test_pages_are_the_same_with_jinjas_own_call(
    sample_site: Path, theme: str, monkeypatch: pytest.MonkeyPatch
):
    # Templates call url(), t() and macros through render._Context.call, which remembers
    # for each function whether it takes the context.
    assert render._RecordingEnvironment.context_class is render._Context
    ours = _pages(sample_site, theme)
    monkeypatch.setattr(render._RecordingEnvironment, "context_class", jinja2.runtime.Context)
    theirs = _pages(sample_site, theme)
    assert ours.keys() == theirs.keys()
    assert [url for url in ours if ours[url] != theirs[url]] == []


class _TakesContext:
    @jinja2.pass_context
    def __call__(self, context: jinja2.runtime.Context, name: str) -> str:
        return f"{name}={context.get(name)}"


@jinja2.pass_context
def _seen(context: jinja2.runtime.Context, name: str) -> str:
    return f"{name}={context.get(name)}"


@jinja2.pass_environment
def _env_name(environment: jinja2.Environment) -> str:
    return type(environment).__name__


@jinja2.pass_eval_context
def _autoescaping(eval_ctx: jinja2.nodes.EvalContext) -> str:
    return str(eval_ctx.autoescape)


def _stops() -> str:
    raise StopIteration


@pytest.mark.parametrize(
    "source",
    [
        "{{ seen('x') }}{% for y in [1, 2] %}{% set w = y %}{{ seen('w') }}{% endfor %}",
        "{% block b %}{% set v = 7 %}{{ seen('v') }}{% endblock %}",
        "{% set z = 3 %}{{ seen('z') }}{% macro m(a) %}{{ seen('a') }}{% endmacro %}{{ m(5) }}",
        "{{ env_name() }} {{ autoescaping() }} {{ plain(2) }} {{ text.upper() }}",
        "{{ by_call('x') }} {{ dict(a=1) }} {{ range(3) | list }} {{ stops() is undefined }}",
        "{% macro m(a, b=2) %}{{ a }}{{ b }}{{ caller() if caller }}{% endmacro %}"
        "{{ m(1) }}{% call m(3, b=4) %}c{% endcall %}{{ m(*[5], **{'b': 6}) }}",
        # A macro's output is Markup or text as the place it is called from escapes or not.
        "{% macro m() %}<b>{% endmacro %}{{ m() ~ '<i>' }}"
        "{% autoescape false %}{{ m() | e }}{% endautoescape %}",
    ],
)
def test_calls_give_what_jinjas_own_call_gives(source: str):
    def render_with(context_class: type) -> str:
        environment = render._RecordingEnvironment(autoescape=True)
        environment.context_class = context_class
        environment.globals.update(
            seen=_seen,
            by_call=_TakesContext(),
            env_name=_env_name,
            autoescaping=_autoescaping,
            plain=lambda n: n * 2,
            text="words",
            stops=_stops,
        )
        return environment.from_string(source).render(x=1)

    assert render_with(render._Context) == render_with(jinja2.runtime.Context)


def test_templates_read_the_environments_globals_as_they_change():
    # A theme's templates take the environment's globals as they are, not Jinja's ChainMap
    # over them: a page in another language (Renderer._switch) must still see the new ones,
    # and globals given to one template must stay its own.
    environment = render._RecordingEnvironment()
    environment.globals["g"] = 1
    shared = environment.from_string("{{ g }}")
    own = environment.from_string("{{ g }}{{ h }}", globals={"h": 2})
    assert shared.render() == "1" and own.render() == "12"
    environment.globals["g"] = 3
    assert shared.render() == "3" and own.render() == "32"
    assert "h" not in environment.globals
