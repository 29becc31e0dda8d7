"""How a deploy message shows an address, a path or a name the user or git gave it.

A plain value (letters, digits and `@%+=:,./~_-`, the characters `shlex.quote` leaves
bare) is shown as it is, so `Deployed to /srv/www/` reads as it always has. Anything else,
a space, a quote, a line break, a control or format character, is quoted and escaped as
every other message quotes a user's value (errors.shown): a destination named with a line
break cannot fake a second line of output, and one with a trailing space is seen to have it.
"""

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
