"""Where compiled templates are kept (render/compiled.py).

What this module once started ahead of a build (a forked child compiling templates and
rendering Markdown bodies) is gone: workers now start from the pool (site/parallel.py). The
render package replaces the compiled-templates store with Jinja's bytecode cache, and this
module with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from generator.site.stamp import builtin_themes_dir, code_version, templates_folder


def folder(cache: Path) -> Path:
    """Where compiled templates are kept in a site's cache folder (stamp.templates_folder)."""
    return templates_folder(cache)


def installed_folder() -> Path:
    """Where the built-in themes' templates are kept compiled, for every site: beside the
    themes, as Python keeps cvsite's own code compiled in `__pycache__` beside it (and as
    safe to delete), for this cvsite's code and this Python (Jinja's bytecode is marshal's)."""
    tag = sys.implementation.cache_tag
    return builtin_themes_dir() / "__pycache__" / f"templates-{code_version()}-{tag}"
