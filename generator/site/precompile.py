"""Work a first build starts in another process before it reads the content.

Compiling meridian's templates takes about 0.1 s of a core, and no page can be rendered
before. The first build that needs them starts a child process that compiles them while the
build reads the content: a built-in theme's beside the theme, once for every site, and a
site's own theme's into its cache folder (compiled.CompiledTemplates). The renderer then
loads them from there, through Jinja's bytecode cache, which finds a template by its name
and source.

Then the child renders the Markdown bodies of the entry files (`content/<section>/*.md`),
the bulk of a cold build's Markdown. The build reads the content and plans its pages
meanwhile, then renders the bodies left beside the child, from the same queue, and takes
what the child has rendered (model.MarkdownCheck).

`cvsite build` starts the child before it imports anything it does not need to decide to
(Jinja, YAML, the content model: pydantic and Markdown), so this module imports only the
light parts of cvsite; the child imports what its work needs, and compiled.py holds Jinja's.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from generator.site.parallel import Ahead
from generator.site.stamp import builtin_themes_dir, code_version

if TYPE_CHECKING:
    from markupsafe import Markup

    from generator.markdown.renderer import MarkdownRenderer


def folder(cache: Path) -> Path:
    """Where compiled templates are kept in a site's cache folder, for this cvsite's code."""
    return cache / f"templates-{code_version()}"


def installed_folder() -> Path:
    """Where the built-in themes' templates are kept compiled, for every site: beside the
    themes, as Python keeps cvsite's own code compiled in `__pycache__` beside it (and as
    safe to delete), for this cvsite's code and this Python (Jinja's bytecode is marshal's)."""
    tag = sys.implementation.cache_tag
    return builtin_themes_dir() / "__pycache__" / f"templates-{code_version()}-{tag}"


def markdown_file(cache: Path) -> Path:
    """Where rendered Markdown is kept in a site's cache folder, for this cvsite's code."""
    return cache / f"markdown-{code_version()}.pickle"


def start(site: Path, cache: Path | None, jobs: int, *, bodies: bool = True) -> Ahead:
    """A child that compiles the templates of the theme site.yaml names, unless the cache
    has them, then renders the Markdown bodies of entry files, unless the cache has rendered
    Markdown or not `bodies` (a preview that holds it). Nothing with one core or no cache."""
    if jobs <= 1 or cache is None:
        return Ahead()
    target = folder(cache)
    compiled = _kept(target) or (not (site / "themes").exists() and _kept(installed_folder()))
    files = []
    if bodies and not markdown_file(cache).exists():
        files = _entry_files(site / "content")
    if compiled and not files:
        return Ahead()
    first = functools.partial(_first, site, None if compiled else target, bool(files))
    return Ahead(first, functools.partial(_render_body, site), files)


def _kept(folder: Path) -> bool:
    """Whether `folder` holds compiled templates: a guess (the theme's may be missing) that
    costs only time when wrong, as the renderer compiles what it does not find."""
    with contextlib.suppress(OSError), os.scandir(folder) as found:
        return any(found)
    return False


def _first(site: Path, target: Path | None, bodies: bool) -> None:
    """The templates compiled into `target`, then Markdown set up for the bodies: the build
    may take the bodies any time after, and waits for the one the child is on."""
    if target is not None:
        with contextlib.suppress(Exception):  # the build compiles them, and reports
            _compile_site_theme(site, target)
    if bodies:
        _markdown(site).setup()


def _entry_files(content: Path) -> list[str]:
    """What `content/*/*.md` names, found with os.scandir: pathlib's glob makes a Path of each
    (20 ms at 5,000 files, while the child waits to be started). Folders that are links are
    followed, as glob follows them; the child then skips what the build will not read."""
    found = []
    with contextlib.suppress(OSError), os.scandir(content) as sections:
        for section in sections:
            if not section.is_dir():
                continue
            with contextlib.suppress(OSError), os.scandir(section.path) as entries:
                found += [entry.path for entry in entries if entry.name.endswith(".md")]
    return sorted(found)


def _render_body(site: Path, name: str) -> tuple[str, str, Markup] | None:
    return body(_markdown(site), name)


def body(renderer: MarkdownRenderer, name: str) -> tuple[str, str, Markup] | None:
    """The body of the entry file `name` rendered, as `MarkdownRenderer.body_of_file` gives
    it, by the child or by the build, which shares the child's queue (model.py)."""
    path = Path(name)
    # Only a regular file that is no link, in a folder that is no link: content.discover
    # refuses pipes (reading one waits for ever) and links out of content/ (to /dev/zero,
    # say) before it reads anything, and so must this process. It skips hidden files too.
    if path.name.startswith(".") or path.parent.name.startswith("."):
        return None
    if path.is_symlink() or path.parent.is_symlink() or not path.is_file():
        return None
    return renderer.body_of_file(path)


@functools.cache  # one per process: the child's
def _markdown(site: Path) -> MarkdownRenderer:
    """A Markdown renderer with the options site.yaml gives, read as plain YAML: a wrong guess
    makes the build render the bodies again."""
    from generator.content.textfile import read_text
    from generator.markdown.renderer import MarkdownRenderer  # once the templates are compiled

    options = {}
    # A site.yaml without the word sets no Markdown option (nearly every one): it is not
    # read as YAML, and this process, which needs YAML for nothing else, does not import it
    # (9 ms). A key the word is not in (a YAML escape) is a wrong guess, as above.
    if "markdown" in read_text(site / "site.yaml", "site.yaml"):
        options = _settings(site).get("markdown")
        options = options if isinstance(options, dict) else {}
    return MarkdownRenderer(
        unsafe_html=_flag(options.get("unsafe_html"), default=False),
        smart_quotes=_flag(options.get("smart_quotes"), default=True),
    )


@functools.cache  # read once by the child, for its theme and for its Markdown options
def _settings(site: Path) -> dict:
    """site.yaml as plain YAML, before it is checked; {} if it is not a mapping."""
    from generator.content.yamlio import read_yaml  # in the child

    settings = read_yaml(site / "site.yaml", "site.yaml").data
    return settings if isinstance(settings, dict) else {}


def _flag(value: object, *, default: bool) -> bool:
    """A yes or no as site.yaml's checks read it (pydantic's booleans)."""
    text = str(value).strip().lower()
    if text in ("1", "on", "t", "true", "y", "yes"):
        return True
    if text in ("0", "off", "f", "false", "n", "no"):
        return False
    return default


def _compile_site_theme(site: Path, target: Path) -> None:
    """site.yaml and theme.yaml are read as plain YAML, before they are checked: a wrong
    guess costs nothing, as compiled code is only used for the very source it came from."""
    from generator.render.compiled import compile_theme  # in the child: Jinja
    from generator.render.theme import DEFAULT_THEME, unchecked_chain

    name = _settings(site).get("theme")
    chain = unchecked_chain(name if isinstance(name, str) else DEFAULT_THEME, site)
    compile_theme(chain, target, _sections(site / "content"))


def _sections(content: Path) -> set[str]:
    """The names of the sections content/ seems to hold (`projects/`, `projects.yaml`,
    `projects.de.yaml`; a .bib file is publications): no fewer than the build finds."""
    names = {"publications"}
    with contextlib.suppress(OSError):
        for found in os.scandir(content):
            names.add(found.name.split(".", 1)[0])
    return names
