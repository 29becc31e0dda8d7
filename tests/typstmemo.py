"""Typst's PDF for the same inputs, typeset once per test session.

Every build typesets its CV, and the suite builds the same few sites hundreds of times: of
about 1,700 compiles in a run, 1,000 repeat a document typeset before (46 s of the run's
time in Typst). Typst gives the same bytes for the same inputs, so the suite keeps each PDF it
typesets in a folder shared by its processes (named by CVSITE_TEST_TYPST_MEMO) and gives it
again for the same inputs: the same template and every file beside it, the same fonts, the
same `sys.inputs`, the same Typst. cvsite's own code runs as it does for a user, up to the
call of `typst.compile_with_warnings`; a document typeset for the first time, and every
failing one, goes to Typst.

Not a part of cvsite: for a user, who rarely builds one document twice, a cache of PDFs
saved too little to keep (issue 26; the figures are in the history of bench/README.md). A
module of its own, importing no pytest, because the processes `run_cli` forks import it
(tests.clichild).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

FOLDER_VARIABLE = "CVSITE_TEST_TYPST_MEMO"
# The only arguments cvsite gives; a call with any other goes to Typst unremembered.
UNDERSTOOD = {"root", "font_paths", "ignore_system_fonts", "sys_inputs", "package_path"}


def install() -> None:
    """Put the memo in front of `typst.compile_with_warnings` in this process (once)."""
    import typst

    if not getattr(typst.compile_with_warnings, "remembers", False):
        typst.compile_with_warnings = remembering(typst.compile_with_warnings)


def remembering(compile_with_warnings: Callable[..., Any]) -> Callable[..., Any]:
    """`compile_with_warnings`, answering from the memo folder what it answered before."""

    @functools.wraps(compile_with_warnings)
    def compile_or_recall(input: Any, *args: Any, **options: Any) -> Any:  # noqa: A002
        folder = os.environ.get(FOLDER_VARIABLE)
        if not folder or args or not set(options) <= UNDERSTOOD or not isinstance(input, Path):
            return compile_with_warnings(input, *args, **options)
        key = inputs_key(input, **options)
        pdf, notes = Path(folder) / f"{key}.pdf", Path(folder) / f"{key}.warnings"
        if pdf.exists() and notes.exists():
            return pdf.read_bytes(), pickle.loads(notes.read_bytes())
        result, warnings = compile_with_warnings(input, **options)
        _write(notes, pickle.dumps(warnings))  # TypstWarning pickles whole, as itself
        _write(pdf, result)
        return result, warnings

    compile_or_recall.remembers = True  # type: ignore[attr-defined]
    return compile_or_recall


def inputs_key(
    template: Path,
    root: Path,
    font_paths: list[str] = (),  # type: ignore[assignment]
    ignore_system_fonts: bool = False,
    sys_inputs: dict[str, str] | None = None,
    package_path: str | None = None,
) -> str:
    """A name for everything a compile reads: Typst's version, the options, the template's
    path, and the path and bytes of every file under the root, in the font folders and in
    the packages' folder (cvsite's shared Typst module)."""
    import typst

    digest = hashlib.sha256()
    settings = [typst.__version__, str(template), str(root), ignore_system_fonts, package_path]
    digest.update(json.dumps([settings, sorted((sys_inputs or {}).items())]).encode())
    for folder in (root, *font_paths, *([package_path] if package_path else [])):
        for path in sorted(Path(folder).rglob("*")):
            if path.is_file():
                found = path.stat()
                digest.update(f"\0{path}\0".encode())
                digest.update(_file_digest(path, found.st_size, found.st_mtime_ns))
    return digest.hexdigest()


@functools.cache
def _file_digest(path: Path, size: int, modified: int) -> bytes:
    """A file's bytes, hashed once per size and time of change in a process (fonts are
    large, and read again by every compile)."""
    del size, modified  # in the cache's key only
    return hashlib.sha256(path.read_bytes()).digest()


def _write(path: Path, data: bytes) -> None:
    """Whole or not at all: another process may read the folder at any time."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    partial.write_bytes(data)
    os.replace(partial, path)
