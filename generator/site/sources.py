"""The names in a site folder that are the site's own: what a build reads (`site.yaml`,
`content/`, `themes/`) and what keeps and publishes the site (`.git/`, the CI files,
`.gitignore`, `requirements.txt`). No command writes what it makes over them: not a build's
output folder, not a deploy's destination, not an export."""

from __future__ import annotations

from pathlib import Path

SOURCE_FOLDERS = ("content", "themes", ".git", ".github")
SOURCE_FILES = ("site.yaml", ".gitlab-ci.yml", ".gitignore", "requirements.txt")


def source_part(path: Path, site: Path) -> str | None:
    """The part of the site that `path` is or is inside (`content/`, `site.yaml`), or None."""
    for name in SOURCE_FOLDERS:
        folder = site / name
        if path == folder or folder in path.parents:
            return f"{name}/"
    for name in SOURCE_FILES:
        if path == site / name:
            return name
    return None
