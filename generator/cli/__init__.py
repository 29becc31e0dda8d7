"""The `cvsite` command line: parser.py its grammar, commands/ a module per group of
commands, messages.py what a failure prints. No build logic; each command imports what it
needs when it runs, so `cvsite --version` stays instant."""

from __future__ import annotations

import gc
import logging
import sys

from generator.cli.messages import guarded
from generator.cli.parser import build_parser
from generator.cli.screenful import ScreenfulHandler
from generator.cli.versions import version_text
from generator.errors import EXIT_OK, EXIT_USAGE

__all__ = ["build_parser", "main", "run"]


def main(argv: list[str] | None = None) -> int:
    """Run one command; its exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    building = getattr(getattr(args, "func", None), "__name__", "") == "cmd_build"
    screenful = ScreenfulHandler() if building and not args.verbose else None
    logging.basicConfig(
        format="%(message)s",
        level=logging.INFO if args.verbose else logging.WARNING,
        handlers=[screenful] if screenful is not None else None,
    )
    if args.version:
        print(version_text(args.verbose))
        return EXIT_OK
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return guarded(lambda: args.func(args), debug=getattr(args, "debug", False))
    finally:
        if screenful is not None:
            screenful.summary()


def run() -> None:
    """The `cvsite` console script and `python -m generator`: `main`, then the exit.

    The objects are frozen out of the cycle collector's reach first (`gc.freeze`): its pass
    over a build's whole model at exit does nothing useful, as the system frees the memory.
    atexit handlers still run and streams are flushed."""
    code = main()
    gc.freeze()
    sys.exit(code)
