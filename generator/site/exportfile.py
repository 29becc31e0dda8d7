"""The file an export writes (`cvsite export FORMAT --output FILE`), for every format alike:
never one of the site's own (writer.source_part), reached by any name; no other existing file
without `--force`; into a pipe or device as it is, otherwise whole or not at all."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from generator import confined
from generator.diskerrors import cannot_write
from generator.errors import BuildError, UsageError
from generator.site.writer import source_part


@dataclass(frozen=True)
class ExportTarget:
    """Where an export goes: the path as given, where it leads, and what is there now."""

    given: Path
    path: Path  # resolved
    exists: bool
    stream: bool  # a pipe or a character device, written into rather than replaced


def export_target(output: Path, site: Path, *, force: bool) -> ExportTarget:
    """`output` checked before anything is exported; a UsageError if it may not be written."""
    path = confined.resolved(output)
    part = source_part(path, confined.resolved(site))
    if part is not None:
        leads = "" if output.absolute() == path else f" (it leads to {path})"
        raise UsageError(
            f"--output {output}{leads} is part of the site ({part}): an export never writes "
            "over a file the site is made of, nor into its folders; write it elsewhere"
        )
    if not path.parent.is_dir():
        raise UsageError(f"--output {output}: there is no folder {path.parent}")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return ExportTarget(output, path, exists=False, stream=False)
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return ExportTarget(output, path, exists=True, stream=True)
    if not stat.S_ISREG(mode):
        raise UsageError(f"--output {output} exists and is not a file")
    if not force:
        raise UsageError(f"--output {output} exists; use --force to replace it")
    return ExportTarget(output, path, exists=True, stream=False)


def write_export(target: ExportTarget, text: str) -> None:
    """`text` written to `target`, whole or not at all (a pipe or device: as it takes it)."""
    data = text.encode("utf-8")
    try:
        if target.stream:
            _stream(target.path, data)
        elif target.exists:
            confined.replace(target.path.parent, target.path.name, data)
        elif not confined.create(target.path.parent, target.path.name, data):
            raise UsageError(f"--output {target.given} was made meanwhile; it is left as it is")
    except OSError as exc:
        left = "" if target.stream or not target.exists else f"; {target.given} is as it was"
        raise BuildError(cannot_write(target.given, exc) + left) from None


def _stream(path: Path, data: bytes) -> None:
    descriptor = os.open(path, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        confined.write_all(descriptor, data)
    finally:
        os.close(descriptor)
