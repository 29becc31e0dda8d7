"""Errors that carry a place (file:line:column) and a field path, and the exit codes they map to.

Every problem the user can fix is a `ContentError`; the pipeline collects them in an
`ErrorCollector` and raises them together, so one run reports every error at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

EXIT_OK = 0
EXIT_CONTENT = 1
EXIT_USAGE = 2

PathPart = str | int
FieldPath = tuple[PathPart, ...]


def format_field_path(root: str, path: Sequence[PathPart]) -> str:
    """`experience`, (2, 'start') -> `experience[2].start`."""
    text = root
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


@dataclass(frozen=True, order=True)
class ContentError:
    """One problem in the user's input, with where it is and what was expected."""

    file: str
    line: int
    column: int
    field: str
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}:{self.column}"
        field = f" {self.field}:" if self.field else ""
        return f"{where}:{field} {self.message}"


class CvsiteError(Exception):
    """Base of the errors the command line turns into a message and an exit status."""

    exit_code = EXIT_CONTENT


class UsageError(CvsiteError):
    """The command was called wrongly (bad flag, missing folder): exit status 2."""

    exit_code = EXIT_USAGE


class BuildError(CvsiteError):
    """A problem that is not tied to one place in the content (a theme, the output folder)."""


class ContentErrors(CvsiteError):
    """All content errors of a run, sorted by file and line."""

    def __init__(self, errors: Iterable[ContentError]):
        self.errors = sorted(set(errors))
        super().__init__("\n".join(str(e) for e in self.errors))


def display_path(path: Path | str, root: Path | None) -> str:
    """A path as the user should read it: relative to the site folder when inside it."""
    path = Path(path)
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    return path.as_posix()


class ErrorCollector:
    """Gathers content errors across stages; `raise_if_any` stops the run with all of them."""

    def __init__(self) -> None:
        self.errors: list[ContentError] = []

    def add(self, file: str, line: int, column: int, field: str, message: str) -> None:
        self.errors.append(ContentError(file, line, column, field, message))

    def extend(self, errors: Iterable[ContentError]) -> None:
        self.errors.extend(errors)

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_if_any(self) -> None:
        if self.errors:
            raise ContentErrors(self.errors)


def error_text(exc: CvsiteError) -> str:
    """What the user reads for an error: each content error on its line, then a count."""
    if isinstance(exc, ContentErrors):
        count = len(exc.errors)
        noun = "error" if count == 1 else "errors"
        return f"{exc}\n{count} {noun} found."
    return f"cvsite: {exc}"
