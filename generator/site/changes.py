"""Changed files, sorted into the kinds a rebuild treats differently: settings (site.yaml,
anything of the themes but templates and static files: reload everything), content, templates
(by name) and static files of the theme chain. Anything else is no change at all."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from generator.content.discover import SiteInputs
from generator.render.theme import Theme


@dataclass(frozen=True)
class Changes:
    settings: bool = False
    content: frozenset[Path] = frozenset()
    templates: frozenset[str] = frozenset()
    static: frozenset[Path] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.settings or self.content or self.templates or self.static)

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            self.settings or other.settings,
            self.content | other.content,
            self.templates | other.templates,
            self.static | other.static,
        )

    def aliased(self, files: SiteInputs) -> Changes:
        """The changes with each content file under every name `files` found it by (links)."""
        if not files.linked:
            return self
        content = frozenset().union(*map(files.aliases, self.content))
        return Changes(self.settings, content, self.templates, self.static)

    def describe(self) -> str:
        """`content/experience.yaml` or `3 files` — for a log line."""
        names = [*(p.name for p in self.content), *self.templates, *(p.name for p in self.static)]
        if self.settings:
            names.insert(0, "settings")
        return names[0] if len(names) == 1 else f"{len(names)} files"


def under(path: Path, folder: Path) -> Path | None:
    """`path` relative to `folder`, or None when it is not inside it."""
    try:
        return path.relative_to(folder)
    except ValueError:
        return None


def _ignored(path: Path) -> bool:
    """Hidden files, editor back-ups and swap files never change a site."""
    name = path.name
    return name.startswith((".", "#")) or name.endswith(("~", ".swp", ".swx", ".tmp"))


def classify(paths: Iterable[Path], site_root: Path, theme: Theme | None) -> Changes:
    """Sort absolute `paths` by kind; a missing theme (no build yet) counts as settings."""
    settings = False
    content: set[Path] = set()
    templates: set[str] = set()
    static: set[Path] = set()
    for path in paths:
        if _ignored(path):
            continue
        if path == site_root / "site.yaml" or theme is None:
            settings = True
        elif under(path, site_root / "content") is not None:
            content.add(path)
        elif (kind := _theme_kind(path, theme)) is not None:
            if kind == "settings":
                settings = True
            elif kind == "static":
                static.add(path)
            else:
                templates.add(kind.removeprefix("template:"))
        elif under(path, site_root / "themes") is not None:
            settings = True  # a theme that may now shadow or extend the one in use
    return Changes(settings, frozenset(content), frozenset(templates), frozenset(static))


def _theme_kind(path: Path, theme: Theme) -> str | None:
    """'settings', 'static', 'template:<name>', or None when `path` is outside the chain."""
    for folder in theme.chain:
        inside = under(path, folder.path)
        if inside is None:
            continue
        if inside.parts and inside.parts[0] == "templates" and len(inside.parts) > 1:
            return "template:" + Path(*inside.parts[1:]).as_posix()
        if inside.parts and inside.parts[0] == "static":
            return "static"
        return "settings"
    return None
