"""Text of a .bib field read without the (slow) LaTeX parser where it reads the same.

Text with no LaTeX sign reads as it is; text whose only signs are balanced braces (titles'
`{GPU}s`, `{B}ayesian`) and dashes (pages' `12--19`) reads as the text without the braces,
with its dashes (tests/unit/content/test_bibtext_braces.py checks that against the parser on every
such field of the real files in tests/fixtures/realworld/). NASA ADS's `\\ensuremath{x}`
outside math is made the formula `$x$` before any reading.
"""

from __future__ import annotations

import re

# Text without any of these reads the same as LaTeX.
LATEX_SIGNS = re.compile(r"[\\{}$~%`]|--|''")
NOT_BRACES_OR_DASHES = re.compile(r"[\\$~%`]|''")
_BRACES = re.compile(r"[{}]")


def balanced(value: str) -> bool:
    depth = 0
    for brace in _BRACES.findall(value):
        depth += 1 if brace == "{" else -1
        if depth < 0:
            return False
    return depth == 0


def plain(value: str) -> str:
    """Text whose only LaTeX is balanced braces and dashes, as the parser reads it."""
    return value.replace("{", "").replace("}", "").replace("---", "—").replace("--", "–")


_DOLLAR = re.compile(r"(?<!\\)\$")


# `\\ensuremath{x}` outside math (NASA ADS: `{\\ensuremath{\\chi}}$_{p}$`) is the formula `$x$`;
# a sub- or superscript formula right after it is part of it (`$\\chi_{p}$`), as TeX shows.
_ARGUMENT = r"\{((?:[^{}$]|\{[^{}$]*\})*)\}"
_ENSUREMATH = re.compile(rf"\{{\\ensuremath\s*{_ARGUMENT}\}}|\\ensuremath\s*{_ARGUMENT}")
_SCRIPT_AFTER = re.compile(r"\$\$(?=[_^])")


def ensuremath_as_math(value: str) -> str:
    parts = _DOLLAR.split(value)
    if len(parts) % 2 == 0:
        return value
    for i in range(0, len(parts), 2):  # outside math only
        parts[i] = _ENSUREMATH.sub(lambda m: f"${m.group(1) or m.group(2) or ''}$", parts[i])
    return _SCRIPT_AFTER.sub("", "$".join(parts))
