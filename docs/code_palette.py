"""Print the code-highlighting palette that themes/meridian/static/core.css ships.

Not a benchmark: a maintenance script, run by hand when the palette is to change. It takes
Pygments' `xcode` style for light pages and `lightbulb` for dark ones (the two closest to
WCAG AA on the themes' code backgrounds), and darkens or lightens each token colour until it
has 4.6:1 contrast against every code background of the built-in themes
(tests/unit/render/test_code_palette.py checks 4.5:1 on the shipped file).

    python docs/code_palette.py > /tmp/palette.css
"""

from __future__ import annotations

import colorsys

from pygments.style import Style
from pygments.styles import get_style_by_name
from pygments.token import STANDARD_TYPES

# The <pre> background of each built-in theme (--bg-soft), light and dark.
LIGHT_BACKGROUNDS = ("#f4f6f8", "#f1efe8", "#ffffff", "#fbfaf7")
DARK_BACKGROUNDS = ("#1c2229", "#1a1f1d", "#14181d", "#111413")
TARGET = 4.6


def luminance(colour: str) -> float:
    value = colour.lstrip("#")
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _shifted(colour: str, backgrounds: tuple[str, ...], step: float) -> str:
    """`colour` made darker (step < 0) or lighter until it meets TARGET on every background."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, lightness, saturation = colorsys.rgb_to_hls(r, g, b)
    while min(contrast(colour, bg) for bg in backgrounds) < TARGET:
        lightness = min(1.0, max(0.0, lightness + step))
        r, g, b = colorsys.hls_to_rgb(hue, lightness, saturation)
        colour = "#" + "".join(f"{round(c * 255):02x}" for c in (r, g, b))
    return colour


def _colour(style: type[Style], token) -> tuple[str | None, bool, bool]:
    found = style.style_for_token(token)
    return (f"#{found['color']}" if found["color"] else None, found["bold"], found["italic"])


def palette() -> list[str]:
    light, dark = get_style_by_name("xcode"), get_style_by_name("lightbulb")
    rules = []
    for token, name in sorted(STANDARD_TYPES.items(), key=lambda item: item[1]):
        if not name:
            continue
        on_light, bold, italic = _colour(light, token)
        on_dark, _, _ = _colour(dark, token)
        if on_light is None and on_dark is None:
            continue
        day = _shifted(on_light, LIGHT_BACKGROUNDS, -0.01) if on_light else "currentColor"
        night = _shifted(on_dark, DARK_BACKGROUNDS, 0.01) if on_dark else "currentColor"
        look = (" font-weight: bold;" if bold else "") + (" font-style: italic;" if italic else "")
        rules.append(f".highlight .{name} {{ color: light-dark({day}, {night});{look} }}")
    return rules


if __name__ == "__main__":
    print("\n".join(palette()))
