"""Themes: theme.yaml, the `extends` chain, static files, and the Jinja environment.

A theme is a folder with `theme.yaml`, `templates/` and `static/`. A site's own `themes/`
folder is searched before the built-in themes, so a site can add a theme or extend one.
Templates resolve through the chain, child first; `{% extends "@parent/base.html" %}` names
the next theme's version of a template, `@<theme>/base.html` a given theme's.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import jinja2

from generator.content.defaults import (
    DEFAULT_THEME as DEFAULT_THEME,  # site/precompile.py uses it here
)
from generator.content.yamlio import Document, read_yaml
from generator.errors import (
    BuildError,
    ContentError,
    ContentErrors,
    ErrorCollector,
    FieldPath,
    describe,
    format_field_path,
    library_message,
    listed,
    shown,
)
from generator.render.cachetag import FragmentCache
from generator.site.stamp import builtin_themes_dir

_PARENT_REF = re.compile(r"""(["'])@parent/""")
MAX_CHAIN = 10


@dataclass(frozen=True)
class ThemeDir:
    name: str
    path: Path
    extends: str | None = None  # from its theme.yaml
    options: dict[str, Any] = field(default_factory=dict)  # its theme.yaml's, not merged

    @property
    def templates(self) -> Path:
        return self.path / "templates"

    @property
    def static(self) -> Path:
        return self.path / "static"


@dataclass
class Theme:
    """A resolved theme: its chain (child first) and its options, merged and checked."""

    chain: list[ThemeDir]
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.chain[0].name

    def file(self, relative: str) -> Path | None:
        """A theme file other than a template or a static file (`typst/cv.typ`): the first
        theme's of the chain that has it, as templates are found."""
        for theme in self.chain:
            if (theme.path / relative).is_file():
                return theme.path / relative
        return None

    def static_files(self) -> dict[str, Path]:
        """Relative path -> file; a child's file replaces its parent's."""
        files: dict[str, Path] = {}
        for theme in reversed(self.chain):
            if theme.static.is_dir():
                for path in sorted(theme.static.rglob("*")):
                    if path.is_file() and not path.name.startswith("."):
                        files[path.relative_to(theme.static).as_posix()] = path
        return files


# A theme is named by its folder: one name, no path (a longer one than the file system
# takes would be an OSError, not "not found").
_MAX_NAME_BYTES = 255


def _folder_name(name: str) -> bool:
    return (
        name not in ("", ".", "..")
        and not any(c in name for c in "/\\\0")
        and len(name.encode("utf-8", "surrogatepass")) <= _MAX_NAME_BYTES
    )


def find_theme_dir(name: str, site_root: Path) -> Path | None:
    if not _folder_name(name):
        return None
    for base in (site_root / "themes", builtin_themes_dir()):
        candidate = base / name
        if (candidate / "theme.yaml").is_file():
            return candidate
    return None


def available_themes(site_root: Path) -> list[str]:
    names = set()
    for base in (site_root / "themes", builtin_themes_dir()):
        if base.is_dir():
            names.update(p.parent.name for p in base.glob("*/theme.yaml"))
    return sorted(names)


class _Manifest(NamedTuple):
    extends: str | None
    options: dict[str, Any]
    doc: Document  # theme.yaml as read, to place an error about `extends`


def _read_manifest(path: Path, display: str) -> _Manifest:
    """theme.yaml, checked: the theme it extends, and its options."""
    # The content schema is imported here, not above: a process that only compiles
    # templates (precompile.py) uses this module without it.
    from generator.content.reader import validate
    from generator.content.schema import ThemeManifest

    errors = ErrorCollector()
    try:
        doc = read_yaml(path / "theme.yaml", display)
    except ContentErrors as exc:
        raise exc from None
    if not isinstance(doc.data, dict):
        raise BuildError(f"{display}: expected a mapping with at least 'name'")
    manifest, problems = validate(doc, doc.data, ThemeManifest, (), "")
    errors.extend(problems)
    errors.raise_if_any()
    return _Manifest(manifest.extends, manifest.options, doc)


def _unchecked_manifest(path: Path, display: str) -> _Manifest:
    """theme.yaml read as plain YAML: the theme it extends, if it names one."""
    doc = read_yaml(path / "theme.yaml", display)
    extends = doc.data.get("extends") if isinstance(doc.data, dict) else None
    return _Manifest(extends if isinstance(extends, str) else None, {}, doc)


def load_theme(
    name: str,
    site_root: Path,
    site_options: dict[str, Any],
    *,
    config: Document | None = None,
) -> Theme:
    """Resolve `name` and its `extends` chain, and merge the site's theme_options into defaults.

    `config` is site.yaml as read, where errors about `theme` and `theme_options` are placed.
    """
    chain = _chain(name, site_root, _read_manifest, config)
    return Theme(chain, _merge_options(chain, site_options, config))


def unchecked_chain(name: str, site_root: Path) -> list[ThemeDir]:
    """The chain `load_theme` finds, without checking theme.yaml files or options: for
    compiling templates ahead (precompile.py), where a wrong guess costs only time."""
    return _chain(name, site_root, _unchecked_manifest, None)


def _site_error(
    config: Document | None, path: FieldPath, message: str, *, key: bool = False
) -> ContentError:
    """An error about a value of site.yaml, at its line when site.yaml's Document is known."""
    if config is None:
        return ContentError("site.yaml", 0, 0, format_field_path("", path), message)
    return config.error(path, message, key=key)


def _chain(
    name: str,
    site_root: Path,
    read: Callable[[Path, str], _Manifest],
    config: Document | None,
) -> list[ThemeDir]:
    chain: list[ThemeDir] = []
    current: str | None = name
    extended_in: Document | None = None  # the theme.yaml that names `current`
    while current is not None:
        if any(t.name == current for t in chain) or len(chain) >= MAX_CHAIN:
            names = " -> ".join([*(t.name for t in chain), current])
            hint = ""
            if chain and chain[-1].name == current:
                hint = (
                    f" (a theme cannot extend a theme of its own name; call yours "
                    f"'{current}-custom' in themes/ and set theme: {current}-custom)"
                )
            raise BuildError(f"theme inheritance loops: {names}{hint}")
        path = find_theme_dir(current, site_root)
        if path is None:
            known = listed(available_themes(site_root)) or "none"
            wanted_by = f" (extended by {shown(chain[-1].name)})" if chain else ""
            message = (
                f"theme {shown(current)}{wanted_by} not found in themes/ or the "
                f"built-in themes (available: {known})"
            )
            if extended_in is not None:
                raise ContentErrors([extended_in.error(("extends",), message)])
            raise ContentErrors([_site_error(config, ("theme",), message)])
        manifest = read(path, _display(path / "theme.yaml", site_root))
        chain.append(ThemeDir(current, path, manifest.extends, manifest.options))
        current, extended_in = manifest.extends, manifest.doc
    return chain


def _display(path: Path, site_root: Path) -> str:
    try:
        return path.relative_to(site_root).as_posix()
    except ValueError:
        return f"<built-in>/{path.parent.name}/{path.name}"


def _typed(value: Any) -> Any:
    """A theme default as YAML 1.2 would type it: the reader keeps every scalar as text."""
    if not isinstance(value, str):
        return value
    if value in ("true", "false"):
        return value == "true"
    if re.fullmatch(r"[-+]?\d+", value):
        return int(value)
    return value


def _merge_options(
    chain: list[ThemeDir], site_options: dict[str, Any], config: Document | None
) -> dict:
    defaults: dict[str, Any] = {}
    for theme in reversed(chain):
        defaults.update({k: _typed(v) for k, v in theme.options.items()})
    merged = dict(defaults)
    errors = ErrorCollector()
    for key, value in site_options.items():
        path = ("theme_options", key)
        if key not in defaults:
            close = difflib.get_close_matches(key, list(defaults), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            known = listed(sorted(defaults)) or "none"
            # The field names the option: the message does not repeat it.
            message = f"theme {shown(chain[0].name)} has no such option{hint} (options: {known})"
            errors.extend([_site_error(config, path, message, key=True)])
            continue
        try:
            merged[key] = _coerce(value, defaults[key])
        except ValueError as exc:
            errors.extend([_site_error(config, path, str(exc))])
    errors.raise_if_any()
    return merged


def _coerce(value: Any, default: Any) -> Any:
    """Site values arrive as text; give them the type of the theme's default."""
    if isinstance(default, bool):
        text = str(value).lower()
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise ValueError(f"expected true or false, found {describe(value)}")
    if isinstance(default, int):
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ValueError(f"expected a whole number, found {describe(value)}") from None
    if isinstance(default, str) and not isinstance(value, str):
        raise ValueError(f"expected text, found {describe(value)}")
    return value


# --- Jinja -----------------------------------------------------------------------------------


class ChainLoader(jinja2.BaseLoader):
    """Loads `name` from the first theme that has it, `@theme/name` from that theme."""

    def __init__(self, chain: list[ThemeDir]):
        self.chain = chain
        # Names no theme has: every entry page asks for its section's own template first
        # (entry/projects.html), and most sections have none. `forget` when files change.
        self.missing: set[str] = set()

    def forget(self) -> None:
        self.missing.clear()

    def get_source(self, environment, template):  # noqa: ANN001 - Jinja's signature
        if template in self.missing:
            raise jinja2.TemplateNotFound(template)
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
            if not indices:
                raise jinja2.TemplateNotFound(template)
            return self._load(indices[0], rest, template)
        for index, theme in enumerate(self.chain):
            if (theme.templates / template).is_file():
                return self._load(index, template, template)
        self.missing.add(template)
        raise jinja2.TemplateNotFound(template)

    def _load(self, index: int, name: str, requested: str):
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


def make_environment(
    chain: list[ThemeDir],
    filters: dict[str, Callable],
    globals_: dict[str, Any],
    environment: type[jinja2.Environment] = jinja2.Environment,
):
    """The Jinja environment a theme's templates are written for: `{% cache %}` included.

    Compiled code depends on these settings and on the names of the filters (which are
    looked up when a template is compiled), so precompile.py makes its own with this."""
    env = environment(
        loader=ChainLoader(chain),
        extensions=[FragmentCache],
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        cache_size=-1,
        # Jinja's optimizer folds constant expressions while compiling. cvsite's filters take
        # the context, which it never folds, and little else in a theme is constant: pages
        # render as fast and the same without it, and templates compile 14 % faster.
        optimized=False,
    )
    env.filters.update(filters)
    env.globals.update(globals_)
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
