"""What bench/ab.py and bench/timeline.py build, and where they put what they make."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from make_corpus import CORPUS, make


def add_site_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", type=int, default=1000, help="corpus entries (default 1000)")
    parser.add_argument("--site", type=Path, help="a site folder instead of the corpus")


def chosen_site(args: argparse.Namespace) -> tuple[Path, str]:
    """The site to build, made first when it is a corpus not made yet, and how to name it."""
    if args.site:
        return args.site.resolve(), str(args.site.resolve())
    site = CORPUS / str(args.size) / "cvsite"
    if not site.is_dir():
        make(args.size)
    return site, f"{args.size} entries"


def scratch_folder(prefix: str) -> Path:
    """A new folder for caches and outputs, on tmpfs when there is one: writing to a disk
    right after deleting many files (as each build's clean-up does) varies more than the
    differences being measured."""
    shm = Path("/dev/shm")
    return Path(tempfile.mkdtemp(prefix=prefix, dir=shm if shm.is_dir() else None))
