"""Plain text written as Markdown that reads as written: what a .bib title, an abstract or an
imported line holds is text, and `Q**2`, `__init__` or `[C II]` must not turn into emphasis,
a link or a formula. One table, so that every writer of such Markdown escapes alike and the
RenderCV export can undo it."""

from __future__ import annotations

import re

# Signs escaped with a backslash, as Python-Markdown unescapes them.
_BACKSLASHED = re.compile(r"[\\`*_>]")
# Signs with no backslash escape in cvsite's Markdown, written as entities: `\[` opens a
# display formula (markdown/math.py), and `\<` shows its backslash.
ENTITIES = {"[": "&#91;", "<": "&lt;"}
_ENTITY_SIGNS = re.compile(r"[\[<]")
# What would start a heading or a list at the start of a paragraph: `# `, `- `, `+ `, `1. `.
_BLOCK_START = re.compile(r"^(?:(#|[-+](?=\s))|(\d+)\.(?=\s))", re.MULTILINE)


def escape_markdown(text: str) -> str:
    """Plain text for a Markdown field: `a_b *c* [d] <e>` and `Q**2` stay as they read."""
    text = unlinked(_BACKSLASHED.sub(r"\\\g<0>", text))
    return _BLOCK_START.sub(_block_start_escaped, text)


def unlinked(markdown: str) -> str:
    """Markdown whose links, autolinks and HTML are text, its other marks kept."""
    return _ENTITY_SIGNS.sub(lambda m: ENTITIES[m.group(0)], markdown)


def _block_start_escaped(match: re.Match) -> str:
    sign, number = match.groups()
    return "\\" + sign if sign else number + "\\."
