"""What several commands take alike: the site folder, a source file, and the type of the
object a command adds its parser to."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Protocol

from generator.confined import resolved
from generator.errors import UsageError


class Commands(Protocol):
    """What `ArgumentParser.add_subparsers()` returns: where each command adds its parser."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...


def add_site(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--site",
        default=".",
        metavar="DIR",
        help="the site folder, holding site.yaml and content/ (default: .)",
    )


def site_dir(value: str) -> Path:
    path = Path(value)
    if not path.is_dir():
        raise UsageError(f"--site {value}: no such folder")
    return path.resolve()


def target_dir(value: str) -> Path:
    """A folder a command writes a site into, which may not exist yet, resolved."""
    return resolved(Path(value))


def source_file(value: str) -> Path:
    path = Path(value)
    if not path.is_file():
        raise UsageError(f"{value}: no such file")
    return path
