"""Themes: where they are (the site's `themes/` before the built-in ones), theme.yaml, the
`extends` chain (child first), the options and static files."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from generator.content.schema import ThemeManifest
from generator.content.validation import validate
from generator.content.yamlio import Document, read_yaml
from generator.errors import (
    BuildError,
    ContentError,
    ContentErrors,
    ErrorCollector,
    FieldPath,
    describe,
    format_field_path,
    listed,
    shown,
)

MAX_CHAIN = 10
# Inside the wheel the themes are package data; in a checkout they sit beside the package.
_PACKAGE_THEMES = Path(__file__).parent.parent / "themes"
_REPOSITORY_THEMES = Path(__file__).parent.parent.parent / "themes"


def builtin_themes_dir() -> Path:
    """Where cvsite's own themes are."""
    return _PACKAGE_THEMES if _PACKAGE_THEMES.is_dir() else _REPOSITORY_THEMES


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
        """A theme file other than a template or a static one (`typst/cv.typ`)."""
        for theme in self.chain:
            if (theme.path / relative).is_file():
                return theme.path / relative
        return None

    def static_files(self) -> dict[str, Path]:
        """Relative path -> file, a child's replacing its parent's; all but folders and hidden
        files (a pipe is listed, so that the copy refuses it by name)."""
        files: dict[str, Path] = {}
        for theme in reversed(self.chain):
            if theme.static.is_dir():
                for path in sorted(theme.static.rglob("*")):
                    if path.exists() and not path.is_dir() and not path.name.startswith("."):
                        files[path.relative_to(theme.static).as_posix()] = path
        return files


# A theme is named by its folder: one name, no path, no longer than a file system takes.
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
    try:
        doc = read_yaml(path / "theme.yaml", display)
    except ContentErrors as exc:
        raise exc from None
    if not isinstance(doc.data, dict):
        raise BuildError(f"{display}: expected a mapping with at least 'name'")
    manifest, problems = validate(doc, doc.data, ThemeManifest, (), "")
    if problems:
        raise ContentErrors(problems)
    return _Manifest(manifest.extends, manifest.options, doc)


def load_theme(
    name: str,
    site_root: Path,
    site_options: dict[str, Any],
    *,
    config: Document | None = None,
) -> Theme:
    """Resolve `name`, its `extends` chain, and the site's theme_options over its own."""
    chain = _chain(name, site_root, config)
    return Theme(chain, _merge_options(chain, site_options, config))


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
        manifest = _read_manifest(path, _display(path / "theme.yaml", site_root))
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
