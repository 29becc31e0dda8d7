"""The Jinja environment a theme's templates run in: its loader over the theme chain
(`@parent/`, `@theme/`), its bytecode cache in a folder the caller names (never beside the
installed package), and template mistakes as located errors."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2

from generator.cachefolders import private_folder
from generator.diskerrors import cache_warning
from generator.errors import BuildError, library_message
from generator.render.fragments import Fragments, KeepingTemplate
from generator.render.theme import ThemeDir, builtin_themes_dir

_PARENT_REF = re.compile(r"""(["'])@parent/""")


class ChainLoader(jinja2.BaseLoader):
    """Loads `name` from the first theme that has it, `@theme/name` from that theme (or the
    theme it inherits that template from), and `@parent/name` from the next theme of the
    chain after the one whose template asks."""

    def __init__(self, chain: list[ThemeDir]):
        self.chain = chain

    def get_source(self, environment, template):  # noqa: ANN001, ANN201 - Jinja's signature
        if template.startswith("@parent/"):
            # Rewritten to the parent's name in every theme that has one: so this one has none.
            raise jinja2.TemplateNotFound(
                template,
                f"{template}: theme '{self.chain[-1].name}' extends no other theme, "
                "so it has no parent template to take this from",
            )
        if template.startswith("@"):
            theme_name, _, rest = template[1:].partition("/")
            indices = [i for i, t in enumerate(self.chain) if t.name == theme_name]
            # A theme that does not replace a template shows its parent's: a child that
            # extends "@parent/base.html" of such a theme gets that one.
            for index in range(indices[0], len(self.chain)) if indices else ():
                if (self.chain[index].templates / rest).is_file():
                    return self._load(index, rest, template)
            raise jinja2.TemplateNotFound(template)
        for index, theme in enumerate(self.chain):
            if (theme.templates / template).is_file():
                return self._load(index, template, template)
        raise jinja2.TemplateNotFound(template)

    def _load(self, index: int, name: str, requested: str) -> tuple[str, str, Callable]:
        theme = self.chain[index]
        path = theme.templates / name
        if not path.is_file() or ".." in Path(name).parts:
            raise jinja2.TemplateNotFound(requested)
        source = path.read_text(encoding="utf-8")
        if index + 1 < len(self.chain):
            source = _PARENT_REF.sub(rf"\g<1>@{self.chain[index + 1].name}/", source)
        mtime = path.stat().st_mtime_ns
        return source, str(path), lambda: path.is_file() and path.stat().st_mtime_ns == mtime

    def list_templates(self) -> list[str]:
        names = set()
        for theme in self.chain:
            if theme.templates.is_dir():
                names.update(
                    p.relative_to(theme.templates).as_posix()
                    for p in theme.templates.rglob("*.html")
                )
        return sorted(names)


class KeptTemplates(jinja2.FileSystemBytecodeCache):
    """Jinja's cache of compiled templates, where a damaged file is compiled again and a
    folder that cannot be written is said once."""

    def __init__(self, folder: Path):
        with contextlib.suppress(OSError):  # said when a template cannot be kept there
            private_folder(folder)
        super().__init__(str(folder))
        self.warned = False

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # Jinja reads with pickle and marshal; the source is at hand
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError as exc:
            if not self.warned:
                self.warned = True
                cache_warning(self.directory, exc)


def make_environment(
    chain: list[ThemeDir],
    filters: dict[str, Callable],
    globals_: dict[str, Any],
    cache_folder: Path | None = None,
    fragments: Fragments | None = None,
) -> jinja2.Environment:
    """The Jinja environment a theme's templates are written for; with `fragments`, the
    macros its templates import keep what they drew (render/fragments.py)."""
    env = jinja2.Environment(
        loader=ChainLoader(chain),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # a renderer is made again when templates change
        cache_size=-1,
        bytecode_cache=KeptTemplates(cache_folder) if cache_folder is not None else None,
    )
    env.filters.update(filters)
    env.globals.update(globals_)
    if fragments is not None:
        env.template_class = KeepingTemplate
        env.extend(fragments=fragments)
    return env


def template_error(exc: Exception, site_root: Path) -> BuildError:
    """A template mistake as `template:line: message`."""
    if isinstance(exc, jinja2.TemplateSyntaxError):
        where = _template_display(exc.filename or exc.name or "?", site_root)
        message = library_message(exc.message or "")
        return BuildError(f"{where}:{exc.lineno}: template syntax error: {message}")
    if isinstance(exc, jinja2.TemplateNotFound):
        return BuildError(f"template not found: {library_message(exc.message or exc.name)}")
    location = _innermost_template_frame(exc, site_root)
    kind = "undefined value" if isinstance(exc, jinja2.UndefinedError) else type(exc).__name__
    # Jinja's message may quote a value from the content (a TypeError's, say)
    return BuildError(f"{location}: {kind}: {library_message(str(exc))}")


def _innermost_template_frame(exc: BaseException, site_root: Path) -> str:
    tb = exc.__traceback__
    found = "template"
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith((".html", ".xml", ".txt", ".json")):
            found = f"{_template_display(filename, site_root)}:{tb.tb_lineno}"
        tb = tb.tb_next
    return found


def _template_display(filename: str, site_root: Path) -> str:
    path = Path(filename)
    for base in (site_root, builtin_themes_dir().parent):
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            continue
    return filename
