"""`cvsite --version`: the version; with `--verbose` also where this cvsite came from, the
Python running it and every dependency's version (only then is package metadata read)."""

from __future__ import annotations

import re

from generator import __version__

# A requirement's name is its first word (PEP 508); what follows is its version and markers.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def version_text(verbose: bool) -> str:
    if not verbose:
        return f"cvsite {__version__}"
    return "\n".join([f"cvsite {__version__}", *_details()])


def _details() -> list[str]:
    import platform
    from importlib import metadata

    from generator.scaffold.origin import running

    lines = [
        f"installed from {running().source}",
        f"Python {platform.python_version()} ({platform.python_implementation()}, "
        f"{platform.system()} {platform.machine()})",
    ]
    try:
        required = metadata.requires("cvsite") or []
    except metadata.PackageNotFoundError:
        return [*lines, "dependencies: unknown (cvsite is not installed, only on sys.path)"]
    for requirement in required:
        name, _, marker = requirement.partition(";")
        if "extra" in marker:  # an optional extra (test, bench), not needed to build a site
            continue
        found = _NAME.match(name.strip())
        if found:
            try:
                installed = metadata.version(found.group())
            except metadata.PackageNotFoundError:
                installed = "not installed"
            lines.append(f"{found.group()} {installed}")
    return lines
