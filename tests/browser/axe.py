"""axe-core on a page in each of the modes a visitor may see it in: light or dark, desktop or
phone.

A page is loaded once and checked in all four modes: the colour scheme is switched with
playwright's `emulate_media` and the width with `set_viewport_size`, as a visitor's system
setting or window would change them. The themes' CSS follows both at once (media queries),
and their only script, meridian's light/dark switch, listens for the system's change. A
load per mode cost the suite about 40 % more time in these tests, mostly in parsing axe
again on every load.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

SCHEMES = ("light", "dark")
WIDTHS = (1280, 360)
MODES = tuple((scheme, width) for scheme in SCHEMES for width in WIDTHS)
HEIGHT = 800
AXE_RUN = "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)"
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@functools.cache
def axe_source() -> str:
    """axe-core as bundled by axe-playwright-python (it works offline)."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe().axe_script


def axe_context(browser, **options):  # noqa: ANN001, ANN201 - playwright's Browser, context
    """A browser context whose every page has axe-core loaded before the page's own scripts."""
    scheme, width = MODES[0]
    context = browser.new_context(
        color_scheme=scheme, viewport={"width": width, "height": HEIGHT}, **options
    )
    context.add_init_script(script=axe_source())
    return context


def _describe(violation: dict) -> str:
    targets = [" ".join(node["target"]) for node in violation["nodes"][:3]]
    summary = violation["nodes"][0].get("failureSummary", "").replace("\n", " ")[:300]
    return f"{violation['id']} ({violation['impact']}) at {targets}: {summary}"


def _set_mode(page, scheme: str, width: int) -> None:  # noqa: ANN001 - playwright's Page
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": width, "height": HEIGHT})


def problems_in_every_mode(
    page,  # noqa: ANN001 - playwright's Page
    url: str,
    path: str,
    check: Callable[..., list[str]] = lambda page: [],
) -> list[str]:
    """Load `url` and say what axe finds there in each mode, where the page scrolls
    sideways, and what `check(page)` finds; each problem names `path` and the mode."""
    _set_mode(page, *MODES[0])
    page.goto(url)
    problems = []
    for scheme, width in MODES:
        _set_mode(page, scheme, width)
        where = f"{path} ({scheme}, {width} px)"
        problems += [f"{where}: {_describe(v)}" for v in page.evaluate(AXE_RUN)]
        overflow = page.evaluate(OVERFLOW)
        if overflow > 0:
            problems.append(f"{where}: scrolls sideways by {overflow} px")
        problems += [f"{where}: {problem}" for problem in check(page)]
    return problems
