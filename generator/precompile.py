"""A theme's templates compiled ahead of a first build, by another process.

Compiling meridian's templates takes about 0.2 s, and no page can be rendered before. A
first build (or the first after cvsite changed) starts a child process that compiles them
into the site's cache folder while the build reads the content; the renderer then loads them
from there, through Jinja's bytecode cache, which finds a template by its name and source.

`cvsite build` starts the child before it imports the content model (pydantic, Markdown:
0.3 s), so this module imports only Jinja, YAML and the light parts of cvsite.
"""

from __future__ import annotations

import contextlib
import functools
from pathlib import Path
from typing import NoReturn

import jinja2

from generator.parallel import Ahead
from generator.stamp import code_version
from generator.theme import DEFAULT_THEME, ThemeDir, make_environment, unchecked_chain
from generator.yamlio import read_yaml

# The filters of render.Renderer. A template is compiled knowing which filters exist (a
# missing one is an error) and how each is called: all of these take the context (Jinja's
# pass_context), which also keeps Jinja from folding them into compiled code. A test keeps
# the two lists the same.
FILTERS = ("markdown", "inline", "date", "json_ld", "bibtex", "absolute")


def folder(cache: Path) -> Path:
    """Where compiled templates are kept in a site's cache folder, for this cvsite's code."""
    return cache / f"templates-{code_version()}"


def start(site: Path, cache: Path | None, jobs: int) -> Ahead:
    """A child compiling the templates of the theme site.yaml names into the cache, when a
    core is free for it and none are compiled yet; otherwise nothing (`Ahead()`)."""
    if jobs <= 1 or cache is None:
        return Ahead()
    target = folder(cache)
    if target.is_dir() and any(target.iterdir()):
        return Ahead()
    return Ahead(functools.partial(_compile_site_theme, site, target))


def _compile_site_theme(site: Path, target: Path) -> None:
    """site.yaml and theme.yaml are read as plain YAML, before they are checked: a wrong
    guess costs nothing, as compiled code is only used for the very source it came from."""
    settings = read_yaml(site / "site.yaml", "site.yaml").data
    name = settings.get("theme") if isinstance(settings, dict) else None
    compile_theme(unchecked_chain(name if isinstance(name, str) else DEFAULT_THEME, site), target)


def compile_theme(chain: list[ThemeDir], target: Path) -> None:
    """Every template of `chain` compiled into `target`, where a Renderer made with
    `compiled=target` finds them."""
    env = environment(chain)
    target.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(target))
    load_every(env)


def environment(chain: list[ThemeDir]) -> jinja2.Environment:
    """An environment that compiles templates as the renderer's would, and renders none."""
    return make_environment(chain, dict.fromkeys(FILTERS, _not_here), {})


def load_every(env: jinja2.Environment) -> None:
    """Every template `env` can load, compiled (or found in its bytecode cache) and kept."""
    for name in env.loader.list_templates():
        with contextlib.suppress(jinja2.TemplateError):  # the page using it reports it
            env.get_template(name)


@jinja2.pass_context
def _not_here(*args: object) -> NoReturn:
    """Stands for each filter while templates are compiled, where none is called."""
    raise RuntimeError("cvsite's filters are not available while templates are compiled")
