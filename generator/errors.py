"""Errors that carry a place (file:line:column) and a field path, and the exit codes they map to.

Every problem the user can fix is a `ContentError`; the pipeline collects them in an
`ErrorCollector` and raises them together, so one run reports every error at once. A message
quotes what the user wrote through `shown` (or `listed`), cut short and with line breaks
escaped, so each error stays on its line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Warnings a terminal shows at once, less room for the build's own lines: the rest are
# counted in one line (cli/screenful.py, and model/checks.py for formulas).
SCREENFUL = 20

EXIT_OK = 0
EXIT_CONTENT = 1
EXIT_USAGE = 2

PathPart = str | int
FieldPath = tuple[PathPart, ...]

MAX_SHOWN = 80  # characters of a quoted value, escapes included
MAX_LISTED = 120  # characters of a list of names (the sections there are, say)
MAX_FIELD = 80  # characters of a field path in an error line
MAX_LIBRARY_MESSAGE = 200  # characters of a dependency's message (PyYAML's, Jinja's)

_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _invisible(char: str) -> bool:
    """What a message escapes: line breaks, controls, format characters (zero-width ones,
    direction overrides) and every space but the plain one. They look like nothing, or like
    another character, and are often what makes a value wrong."""
    return not char.isprintable() and char != " "


def _escape(char: str) -> str:
    """`\\n`, `\\xa0`, `\\u2028`: the escape of a character in a double-quoted YAML string
    (and in Python), so that what a message shows can be written back as it was."""
    if char in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _clipped(text: str, limit: int) -> tuple[str, bool]:
    """`text` escaped, cut to `limit` characters with an ellipsis when longer, and whether
    it was cut. Only what is shown is read: a 200 KB value costs no more than a short one."""
    parts: list[str] = []
    size = 0
    for char in text:
        part = _escape(char) if _invisible(char) else char
        parts.append(part)
        size += len(part)
        if size > limit:
            while size > limit - 1:  # room for the ellipsis; never half an escape
                size -= len(parts.pop())
            return "".join(parts) + "…", True
    return "".join(parts), False


def shown(value: Any, limit: int = MAX_SHOWN) -> str:
    """A user's value as a message quotes it: `'2021-13'`.

    Every message that repeats what the user wrote goes through here. Invisible characters
    are escaped (`'a\\nb'`, `'\\xa0javascript:'`), so an error stays on its line; a value
    longer than `limit` characters is cut, with its length:
    `'2020-01-01xxxx…' (200,000 characters)`.
    """
    text = value if isinstance(value, str) else str(value)
    clipped, cut = _clipped(text, limit)
    return f"'{clipped}' ({len(text):,} characters)" if cut else f"'{clipped}'"


def describe(value: Any) -> str:
    """What was found where something else was expected: `a list`, `nothing`, `'2021-13'`."""
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return shown(value)


def listed(names: Iterable[Any], limit: int = MAX_LISTED) -> str:
    """Names as a message lists them: `en, de, fr`, or `a, b, … (1,200 in all)` when they
    take more than `limit` characters. Invisible characters are escaped, as in `shown`."""
    items = list(names)
    text = ""
    for count, name in enumerate(items):
        item, _ = _clipped(str(name), limit)
        joined = f"{text}, {item}" if count else item
        if count and len(joined) > limit:
            return f"{text}, … ({len(items):,} in all)"
        text = joined
    return text


def one_line(text: str) -> str:
    """`text` with its invisible characters escaped, as `shown` escapes them: what could
    break a line, or disguise it, cannot."""
    if text.isprintable():
        return text
    return "".join(_escape(char) if _invisible(char) else char for char in text)


# A quoted part: not an apostrophe inside a word (can't), which opens and closes nothing.
_QUOTED = re.compile(r"(?<!\w)'[^']*'(?!\w)|(?<!\w)\"[^\"]*\"(?!\w)")


def library_message(text: str) -> str:
    """A dependency's message (PyYAML's, Jinja's, an exception's) on one short line. Such
    messages quote the user's text (`found undefined alias 'x'`): each long quoted part is
    cut as `shown` cuts values, and what is still too long is cut at the end."""

    def requote(match: re.Match) -> str:
        inner = match.group()[1:-1]
        return match.group() if len(inner) <= MAX_SHOWN else shown(inner)

    text = one_line(_QUOTED.sub(requote, text))
    clipped, _ = _clipped(text, MAX_LIBRARY_MESSAGE)
    return clipped


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
        # Escaped whatever the parts hold (a file name may hold a line break): one error
        # stays one line. Values in the message are cut where they are quoted (`shown`).
        where = one_line(self.file)
        if self.line:
            where += f":{self.line}:{self.column}"
        field, _ = _clipped(self.field, MAX_FIELD)
        field = f" {field}:" if field else ""
        return f"{where}:{field} {one_line(self.message)}"


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
