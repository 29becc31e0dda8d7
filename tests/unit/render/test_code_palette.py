"""Every colour of highlighted code meets WCAG AA (4.5:1) on the code background of each
built-in theme, light and dark: what axe's color-contrast rule asks of text."""

from __future__ import annotations

import re

import pytest
from pygments.lexers import PythonLexer
from pygments.token import STANDARD_TYPES

from docs.code_palette import contrast
from tests.helpers import REPO

CORE = REPO / "themes" / "meridian" / "static" / "core.css"
_RULE = re.compile(
    r"\.highlight \.([\w-]+) \{ color: light-dark\((#\w+|currentColor), (#\w+|currentColor)\);"
)


def _palette() -> dict[str, tuple[str, str]]:
    return {name: (day, night) for name, day, night in _RULE.findall(CORE.read_text())}


def _code_background(theme: str) -> tuple[str, str]:
    css = (REPO / "themes" / theme / "static" / "style.css").read_text()
    day, night = re.search(r"--bg-soft: light-dark\((#\w+), (#\w+)\)", css).groups()
    assert re.search(r"\npre \{\n  background: var\(--bg-soft\);", css), "code is on --bg-soft"
    return day, night


@pytest.mark.parametrize("theme", ["meridian", "ledger"])
def test_every_token_colour_has_4_5_to_1_on_the_code_background(theme):
    day_bg, night_bg = _code_background(theme)
    palette = _palette()
    assert len(palette) > 40
    low = [
        f".{name} {colour} on {background}: {contrast(colour, background):.2f}"
        for name, colours in palette.items()
        for colour, background in zip(colours, (day_bg, night_bg), strict=True)
        if colour != "currentColor" and contrast(colour, background) < 4.5
    ]
    assert low == []


def test_the_palette_covers_what_pygments_writes():
    """Each class Pygments writes for real code has a rule, or is the text's own colour."""
    palette = _palette()
    code = (REPO / "generator" / "markdown" / "math.py").read_text()
    written = {STANDARD_TYPES.get(token) for token, _ in PythonLexer().get_tokens(code)}
    coloured = {"k", "s1", "s2", "c1", "nf", "nc", "kn"} & written
    assert coloured and coloured <= set(palette)
    assert set(palette) <= set(STANDARD_TYPES.values())
