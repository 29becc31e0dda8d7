"""`cvsite init DIR`: the starter site (package data in starter_site/, so that an installed
cvsite needs no repository) copied into a new folder, its requirements.txt pinning the
running cvsite (origin.py). Nothing is validated (the first build does that), and if any
file would be overwritten, none is written."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path, PurePosixPath

from generator import confined
from generator.errors import UsageError
from generator.scaffold.origin import Origin

STARTER = Path(__file__).parent / "starter_site"
_REQUIREMENT_SLOT = "{{cvsite_requirement}}"
# The file each CI service reads; the starter holds them all, a site gets the one it chose.
CI_FILES = {
    "github": PurePosixPath(".github/workflows/deploy.yml"),
    "gitlab": PurePosixPath(".gitlab-ci.yml"),
}
CI_CHOICES = [*CI_FILES, "none"]


def starter_files(ci: str = "github") -> list[Path]:
    """The starter's files for a site published by `ci`, relative to its folder, sorted."""
    if ci not in CI_CHOICES:
        raise UsageError(f"--ci {ci}: expected one of {', '.join(CI_CHOICES)}")
    others = {path for name, path in CI_FILES.items() if name != ci}
    return sorted(
        p.relative_to(STARTER)
        for p in STARTER.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and PurePosixPath(p.relative_to(STARTER).as_posix()) not in others
    )


def requirements(origin: Origin) -> str:
    """requirements.txt's line for cvsite, after the note (as comments) when it has one."""
    if not origin.note:
        return origin.requirement
    note = textwrap.wrap(
        origin.note,
        width=90,
        initial_indent="# ",
        subsequent_indent="# ",
        break_long_words=False,
        break_on_hyphens=False,
    )
    return "\n".join([*note, origin.requirement])


def create_site(target: Path, origin: Origin, ci: str = "github") -> list[Path]:
    """Write the starter site into `target` (made if missing), pinning the cvsite of `origin`
    and publishing with `ci`; the files written, relative. Nothing is written through a link
    that leads out of `target` (confined.py)."""
    if target.exists() and not target.is_dir():
        raise UsageError(f"{target} exists and is not a folder")
    files = starter_files(ci)
    clashes = [f.as_posix() for f in files if os.path.lexists(target / f)]
    if clashes:
        raise UsageError(
            f"{target}/ already has {', '.join(clashes)}; cvsite init never overwrites files. "
            "Choose a new folder, or move those files away."
        )
    confined.check(target, [f.as_posix() for f in files])
    for relative in files:
        text = (STARTER / relative).read_text(encoding="utf-8")
        data = text.replace(_REQUIREMENT_SLOT, requirements(origin)).encode("utf-8")
        if not confined.create(target, relative.as_posix(), data):
            raise UsageError(f"{target / relative} was made meanwhile; cvsite init stopped there")
    return files
