"""A content file's text: its size bounded, its encoding checked, its line ends made \n;
and the bounds of a Markdown file's front matter. Without YAML (yamlio.py parses it)."""

from __future__ import annotations

import codecs
import os
import re
from pathlib import Path

from generator.confined import NotRegular, open_regular
from generator.errors import ContentError, ContentErrors

MAX_FILE_BYTES = 10 * 1024 * 1024
# Characters that no web page or XML feed may carry (NUL and the other C0 and C1 controls but
# tab and line ends, and the two non-characters XML refuses). Escapes such as "\x01" in a
# quoted YAML string make them too.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")


def fail(file: str, line: int, column: int, message: str, field_path: str = "") -> ContentErrors:
    """One error at a place in a file, to raise."""
    return ContentErrors([ContentError(file, line, column, field_path, message)])


def read_text(path: Path, display: str) -> str:
    """A file's text as UTF-8 (a BOM and UTF-16 with a BOM accepted), with \\n line ends."""
    try:
        # Looked at before it is opened: a named pipe put here would be waited on for ever.
        with os.fdopen(open_regular(path), "rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size > MAX_FILE_BYTES:
                mb = size / 1024 / 1024
                raise fail(display, 0, 0, f"file is too large ({mb:.1f} MB; the limit is 10 MB)")
            raw = file.read()
    except NotRegular as exc:
        raise fail(display, 0, 0, exc.reason) from None
    except OSError as exc:
        raise fail(display, 0, 0, f"cannot read file: {exc.strerror or exc}") from None
    return decode(raw, display)


def decode(raw: bytes, display: str) -> str:
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        # The BOM is dropped before decoding so that error offsets count from the text.
        encoding = "utf-8"
        raw = raw.removeprefix(codecs.BOM_UTF8)
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        # Columns count characters, as an editor does, not bytes.
        column = len(raw[line_start : exc.start].decode(encoding, errors="replace")) + 1
        raise fail(
            display,
            line,
            column,
            f"file is not valid UTF-8 (byte 0x{raw[exc.start]:02x}); save it as UTF-8",
        ) from None
    if "\x00" in text:
        raise fail(
            display,
            position(text, text.index("\x00"))[0],
            1,
            "file contains a NUL character; is it a binary file, or UTF-16 without a "
            "byte-order mark? save it as UTF-8",
        )
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if match := CONTROL.search(text):
        raise fail(display, *position(text, match.start()), control_character_message(match[0]))
    return text


def position(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of `text[index]`."""
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


def control_character_message(char: str) -> str:
    return (
        f"control character U+{ord(char):04X} in the text; web pages and feeds cannot carry "
        "it: remove it"
    )


def front_matter_lines(text: str, file: str) -> tuple[list[str], int | None]:
    """The lines of `text`, and the index of the one that closes its front matter (None
    without front matter)."""
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return lines, None
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            return lines, index
    raise fail(file, 1, 1, "front matter opened with '---' is never closed with '---'")


def read_body(path: Path, file: str) -> str:
    """The body of a Markdown file as `read_front_matter` gives it, without parsing its front
    matter: the same text even where that YAML is wrong."""
    text = read_text(path, file)
    lines, end = front_matter_lines(text, file)
    return text if end is None else "\n".join(lines[end + 1 :])
