"""What a write the system refused says: the path and the cause, never a traceback.

A full disk, a quota, a read-only or forbidden folder: on the output folder an error (the
build stops, the previous site as it was); on the build cache a warning, and the build goes on.
"""

from __future__ import annotations

import errno
import logging
from pathlib import Path

from generator.errors import BuildError

log = logging.getLogger("cvsite")


def cause(exc: OSError) -> str:
    """`No space left on device (ENOSPC)`."""
    name = errno.errorcode.get(exc.errno or 0)
    text = exc.strerror or str(exc)
    return f"{text} ({name})" if name else text


def cannot_write(where: Path | str, exc: OSError) -> str:
    """`cannot write output/index.html: No space left on device (ENOSPC)`: what every
    refused write says first."""
    return f"cannot write {where}: {cause(exc)}"


def output_error(exc: OSError, output: Path) -> BuildError:
    """The error of a write into `output`, or into the folder its new site is made in."""
    # A copy's error names its source first, and the file it could not write second.
    where = next((f for f in (exc.filename2, exc.filename) if f is not None), output)
    return BuildError(
        f"{cannot_write(where, exc)}; nothing was changed in {output}/ (the previous "
        "site, if any, is as it was)"
    )


def cache_warning(path: Path | str, exc: OSError) -> None:
    log.warning(
        "warning: cannot write the build cache %s: %s; the build goes on without it",
        path,
        cause(exc),
    )
