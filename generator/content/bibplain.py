"""Text of a .bib field read without the (slow) LaTeX parser where it reads the same.

Text with no LaTeX sign reads as it is; text whose only signs are balanced braces (titles'
`{GPU}s`, `{B}ayesian`) and dashes (pages' `12--19`) reads as the text without the braces,
with its dashes; so does the text around the formulas of a title whose text is only that
(most physics titles), the formulas kept as written. NASA ADS's `\\ensuremath{x}` outside
math is made the formula `$x$` first. tests/unit/test_bibtext_braces.py checks each against
the parser on every such field of the real files in tests/fixtures/realworld/.
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


def math_kept(value: str) -> str | None:
    """A title whose text between its formulas is only braces and dashes (most physics
    titles: `{Search for $\\PW$ at $\\sqrt{s}$ = 13 TeV}`), read as the parser reads it with
    math verbatim: the formulas as written, the text around them plain. None for any other."""
    parts = _DOLLAR.split(value)
    if len(parts) % 2 == 0 or any(p == "" for p in parts[1:-1:2]):  # odd `$`, or `$$`
        return None
    text = "".join(parts[0::2])
    if NOT_BRACES_OR_DASHES.search(text) or not balanced(text):
        return None
    if not all(balanced(formula) for formula in parts[1::2]):
        return None
    return "".join(plain(p) if i % 2 == 0 else f"${p}$" for i, p in enumerate(parts))


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
