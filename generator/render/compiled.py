"""Compiled templates: where they are kept (CompiledTemplates), and a theme compiled ahead
of rendering (compile_theme), in the process precompile.py starts or in the renderer's.

Compiling meridian's templates takes about 0.1 s of a core (Jinja's parser and code
generator), and no page can be rendered before: a built-in theme's are compiled once for
every site and kept beside the theme, a site's own theme's once and kept in its cache folder.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import time
from collections.abc import Collection
from pathlib import Path
from typing import NoReturn

import jinja2

from generator.diskerrors import cache_warning
from generator.render.theme import ThemeDir, make_environment
from generator.site import precompile
from generator.site.stamp import builtin_themes_dir

# The filters of render.Renderer. A template is compiled knowing which filters exist (a
# missing one is an error) and how each is called: all of these take the context (Jinja's
# pass_context), which also keeps Jinja from folding them into compiled code. A test keeps
# the two lists the same.
FILTERS = ("markdown", "inline", "date", "json_ld", "bibtex", "absolute")


class _Kept(jinja2.FileSystemBytecodeCache):
    """Jinja's cache of compiled templates in a folder, where a damaged file (cut short by a
    full disk, say) is compiled again and written over rather than stopping the build:
    Jinja reads one with pickle and marshal, which raise on anything cut short."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # whatever it is, the template's source is at hand
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Kept, if it can be: a full or read-only cache folder is said once, and the
        template, compiled in memory, is used all the same. (Jinja removes its temporary
        file when the write fails.)"""
        try:
            super().dump_bytecode(bucket)
        except OSError as exc:
            if not self.warned:
                self.warned = True
                cache_warning(self.directory, exc)

    warned = False


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's bytecode cache for one site: a built-in theme's templates are kept in
    `precompile.installed_folder()`, compiled once for every site this cvsite builds; any
    other (a site's own theme) in the site's cache folder. Each is found by its name, file
    and source, so a template edited since is compiled again.

    A built-in theme is trusted as cvsite's code is: only who can change its templates can
    write beside them. Where cvsite's folder is read-only (a system-wide install), its
    templates are kept in the site's cache folder instead."""

    def __init__(self, site_folder: Path):
        with contextlib.suppress(OSError):  # said when a template cannot be kept there
            site_folder.mkdir(parents=True, exist_ok=True)
        self.site = _Kept(str(site_folder))
        self.folder = precompile.installed_folder()
        self.installed = _Kept(str(self.folder))
        self.builtin = os.path.join(builtin_themes_dir(), "")

    def get_bucket(
        self, environment: jinja2.Environment, name: str, filename: str | None, source: str
    ) -> jinja2.bccache.Bucket:
        if filename is None or not filename.startswith(self.builtin):
            return self.site.get_bucket(environment, name, filename, source)
        bucket = self.installed.get_bucket(environment, name, filename, source)
        if bucket.code is None:  # kept in the site's folder, maybe
            bucket = self.site.get_bucket(environment, name, filename, source)
            bucket.builtin = True  # kept beside the theme from now on, if it can be
        return bucket

    def set_bucket(self, bucket: jinja2.bccache.Bucket) -> None:
        if getattr(bucket, "builtin", False):
            try:
                if not self.folder.is_dir():
                    self.folder.mkdir(parents=True, exist_ok=True)
                    _forget_others(self.folder)
                # Jinja's own, not _Kept's: an error here is not one to warn of.
                jinja2.FileSystemBytecodeCache.dump_bytecode(self.installed, bucket)
                return
            except OSError:  # cvsite's folder is read-only
                pass
        self.site.set_bucket(bucket)


# A folder written to more recently than this is left alone: a version still running (a
# preview started before an edit of a checkout) may be compiling into it.
_IN_USE_SECONDS = 600


def _forget_others(folder: Path) -> None:
    """Delete the built-in themes' templates compiled by other versions of cvsite for this
    Python, beside `folder`: each version (each edit of a checkout) compiles into a folder
    of its own, and pip leaves an old version's behind when it upgrades. One still running
    that finds its folder gone compiles again, or keeps them in its site's cache folder."""
    tag = f"-{sys.implementation.cache_tag}"
    old = time.time() - _IN_USE_SECONDS
    with contextlib.suppress(OSError), os.scandir(folder.parent) as found:
        for other in found:
            name = other.name
            if not (name.startswith("templates-") and name.endswith(tag)) or name == folder.name:
                continue
            with contextlib.suppress(OSError):
                if other.stat().st_mtime < old:
                    shutil.rmtree(other.path, ignore_errors=True)


def compile_theme(
    chain: list[ThemeDir], target: Path, sections: Collection[str] | None = None
) -> None:
    """Every template of `chain` (see load_every) compiled into `target`, where a Renderer
    made with `compiled=target` finds them."""
    env = environment(chain)
    env.bytecode_cache = CompiledTemplates(target)
    load_every(env, sections)


def environment(chain: list[ThemeDir]) -> jinja2.Environment:
    """An environment that compiles templates as the renderer's would, and renders none."""
    return make_environment(chain, dict.fromkeys(FILTERS, _not_here), {})


def load_every(env: jinja2.Environment, sections: Collection[str] | None = None) -> None:
    """Every template `env` can load, compiled (or found in its bytecode cache) and kept;
    with `sections`, not those of other sections' pages (`section/awards.html` in a site
    without awards), which no page asks for: a page that does loads its template then."""
    for name in env.loader.list_templates():
        if sections is not None and _of_another_section(name, sections):
            continue
        with contextlib.suppress(jinja2.TemplateError):  # the page using it reports it
            env.get_template(name)


def _of_another_section(name: str, sections: Collection[str]) -> bool:
    folder, _, file = name.partition("/")
    stem = file.removesuffix(".html")
    return folder in ("section", "entry") and "/" not in stem and stem not in (*sections, "generic")


@jinja2.pass_context
def _not_here(*args: object) -> NoReturn:
    """Stands for each filter while templates are compiled, where none is called."""
    raise RuntimeError("cvsite's filters are not available while templates are compiled")
