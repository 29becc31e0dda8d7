"""YAML syntax errors in a résumé author's words, placed where the author has to look.

PyYAML's messages are worded for the parser's maker ("could not find expected ':' while
scanning a simple key"); this rewords the common ones: a tab used to indent, an unclosed
quote (placed where it opens), an anchor defined twice, and a mapping key over the
1024-character limit that YAML sets on keys written without `? `.
"""

from __future__ import annotations

import yaml

from generator.content.textfile import fail
from generator.errors import ContentErrors, library_message

# YAML 1.1 and 1.2 (and so PyYAML and LibYAML) read an implicit key only up to this many
# characters; a longer one is not seen as a key at all.
MAX_KEY_LENGTH = 1024
# What may come right before a plain key on its line.
_BEFORE_KEY = ("- ", "? ", "{", "[", ",")


def syntax_error(
    exc: yaml.MarkedYAMLError, file: str, text: str, line_offset: int
) -> ContentErrors:
    """The error `exc` in `text`, located in `file` (whose text starts `line_offset` lines in)."""
    mark = exc.problem_mark or exc.context_mark
    if mark is None:  # pragma: no cover - PyYAML always marks parser errors
        return fail(file, 0, 0, f"YAML syntax error: {library_message(str(exc))}")
    source_line = _line(text, mark.line)
    indent = source_line[: len(source_line) - len(source_line.lstrip(" \t"))]
    line = mark.line + 1 + line_offset
    if "\t" in indent:
        message = "tab character used for indentation; YAML indents with spaces only"
        return fail(file, line, indent.index("\t") + 1, message)
    key_start = _long_key_start(source_line, mark.column)
    if key_start is not None:
        return fail(file, line, key_start + 1, _long_key_message(mark.column - key_start))
    message = _reworded(exc, line_offset)
    return fail(file, line, mark.column + 1, f"YAML syntax error: {library_message(message)}")


def _line(text: str, index: int) -> str:
    lines = text.split("\n")
    return lines[index] if index < len(lines) else ""


def _reworded(exc: yaml.MarkedYAMLError, line_offset: int) -> str:
    problem = exc.problem or "invalid YAML"
    context = exc.context or ""
    start = exc.context_mark
    if start is None:
        return f"{context} {problem}".strip()
    where = f"line {start.line + 1 + line_offset}, column {start.column + 1}"
    if exc.problem == "second occurrence":  # PyYAML's duplicate anchor
        return f"{context.split(';')[0]} (first defined at {where})"
    if context.startswith("while ") and exc.problem_mark is not None:
        # "found unexpected end of stream while scanning a quoted scalar that starts at
        # line 3, column 10": the start is where the user has to look.
        return f"{problem} {context} that starts at {where}"
    return f"{context} {problem}".strip()


def _long_key_message(length: int) -> str:
    return (
        f"mapping key too long: {length:,} characters from here to its ':', and YAML reads "
        f"a key of at most {MAX_KEY_LENGTH:,}; shorten the key"
    )


def _long_key_start(line: str, column: int) -> int | None:
    """Where the key ending at the ':' at `column` starts, if that key is over the limit.

    Both parsers stop at that ':' once they no longer take what precedes it for a key. A
    key on one line is quoted, or plain text after the indent, a `- `, `? `, `{`, `[` or
    `,`; looking back to the last of those is enough.
    """
    if line[column : column + 1] != ":":
        return None
    key = line[:column].rstrip()
    if key.endswith(('"', "'")):
        start = _quote_start(key)
    else:
        start = max((key.rfind(mark) + len(mark) for mark in _BEFORE_KEY if mark in key), default=0)
        start += len(key[start:]) - len(key[start:].lstrip())
        if ": " in key[start:]:  # a value, not a key: some other mistake
            return None
    if start is None or column - start <= MAX_KEY_LENGTH:
        return None
    return start


def _quote_start(key: str) -> int | None:
    """Where the quoted scalar that ends `key` opens (None if it does not on this line)."""
    quote = key[-1]
    index = len(key) - 1
    while (index := key.rfind(quote, 0, index)) >= 0:
        escaped = quote == '"' and (len(key[:index]) - len(key[:index].rstrip("\\"))) % 2
        doubled = quote == "'" and index > 0 and key[index - 1] == "'"
        if doubled:
            index -= 1
        elif not escaped:
            return index
    return None


def surrogate(text: str, at: int, file: str, line_offset: int) -> ContentErrors:
    """A lone surrogate in text made in Python (a JSON `\\ud800` escape, say): no file
    decoded as UTF-8 or UTF-16 holds one."""
    line = text.count("\n", 0, at) + 1 + line_offset
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return fail(
        file,
        line,
        column,
        f"U+{ord(text[at]):04X} is half of a surrogate pair, not a character: remove it",
    )
