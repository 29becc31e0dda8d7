"""`cvsite init DIR`: copy the starter site (package data in starter_site/) into a new folder.

This package owns the starter (a short résumé, a commented site.yaml, a .gitignore and a
GitHub Actions workflow) and copying it; it reads and validates nothing, which the first
`cvsite build` does. The starter ships inside the package so that an installed cvsite can
scaffold without the repository. Nothing that already exists is overwritten: if any file
would be, none is written.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator import __version__, confined
from generator.errors import UsageError

STARTER = Path(__file__).parent / "starter_site"
_VERSION_SLOT = "{{cvsite_version}}"


def starter_files() -> list[Path]:
    """The starter's files, relative to its folder, sorted."""
    return sorted(
        p.relative_to(STARTER)
        for p in STARTER.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )


def create_site(target: Path) -> list[Path]:
    """Write the starter site into `target` (made if missing); the files written, relative.
    Nothing is written through a link that leads out of `target` (confined.py)."""
    if target.exists() and not target.is_dir():
        raise UsageError(f"{target} exists and is not a folder")
    files = starter_files()
    clashes = [f.as_posix() for f in files if os.path.lexists(target / f)]
    if clashes:
        raise UsageError(
            f"{target}/ already has {', '.join(clashes)}; cvsite init never overwrites files. "
            "Choose a new folder, or move those files away."
        )
    confined.check(target, [f.as_posix() for f in files])
    for relative in files:
        text = (STARTER / relative).read_text(encoding="utf-8")
        data = text.replace(_VERSION_SLOT, __version__).encode("utf-8")
        if not confined.create(target, relative.as_posix(), data):
            raise UsageError(f"{target / relative} was made meanwhile; cvsite init stopped there")
    return files
