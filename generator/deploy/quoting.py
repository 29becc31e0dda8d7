"""How a deploy message shows an address, a path or a name the user or git gave it: bare
when plain (the characters `shlex.quote` leaves bare), else quoted and escaped as
errors.shown does, so that a line break in a name cannot fake a line of output."""

from __future__ import annotations

import re
from pathlib import Path

from generator.errors import shown
from generator.site.outputlock import LONGEST_PATH

_PLAIN = re.compile(r"[\w@%+=:,./~-]+")


def said(value: str | Path) -> str:
    """`value` bare when it is plain, otherwise quoted with its invisible characters escaped."""
    text = value.as_posix() if isinstance(value, Path) else value
    if len(text) <= LONGEST_PATH and _PLAIN.fullmatch(text) and text.isprintable():
        return text
    return shown(text, LONGEST_PATH)
