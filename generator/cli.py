"""The `cvsite` command: parse arguments, call one function, map errors to messages and exit codes.

Commands import what they need when they run, so `cvsite --version` stays instant.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from generator import __version__
from generator.errors import EXIT_CONTENT, EXIT_OK, EXIT_USAGE, CvsiteError, UsageError

log = logging.getLogger("cvsite")


def _site_dir(value: str) -> Path:
    path = Path(value)
    if not path.is_dir():
        raise UsageError(f"--site {value}: no such folder")
    return path.resolve()


def _add_site(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--site",
        default=".",
        metavar="DIR",
        help="the site folder, holding site.yaml and content/ (default: .)",
    )


def cmd_check(args: argparse.Namespace) -> int:
    from generator.model import load

    loaded = load(_site_dir(args.site), include_drafts=args.drafts)
    resume = loaded.resume
    counts = ", ".join(f"{s.name} {len(s.items)}" for s in resume.sections)
    total = sum(len(s.items) for s in resume.sections)
    print(
        f"OK: {len(resume.sections)} sections, {total} entries ({counts}), {len(resume.tags)} tags"
    )
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    from generator.jsonschema import write_schemas

    out = Path(args.output)
    written = write_schemas(out)
    print(f"Wrote {len(written)} JSON Schema files to {out}/:")
    for path in written:
        print(f"  {path.name}")
    print(
        "Point your editor at them with a first line such as:\n"
        f"  # yaml-language-server: $schema=../{out.name}/experience.schema.json"
    )
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cvsite",
        description="Build a fast, accessible personal website from your CV kept as data.",
    )
    parser.add_argument("--version", action="version", version=f"cvsite {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="say more")
    parser.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser(
        "check",
        help="validate the site's content",
        description="Validate site.yaml and "
        "content/: print every error with file:line:column, or one OK line.",
    )
    _add_site(check)
    check.add_argument("--drafts", action="store_true", help="include draft entries")
    check.set_defaults(func=cmd_check)

    schema = commands.add_parser(
        "schema",
        help="write JSON Schema files for editors",
        description="Write JSON Schema files for site.yaml, profile.yaml and each section, "
        "for editors that validate YAML as you type (yaml-language-server).",
    )
    schema.add_argument(
        "--output", default="schema", metavar="DIR", help="where to write them (default: schema)"
    )
    schema.set_defaults(func=cmd_schema)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        format="%(message)s", level=logging.INFO if args.verbose else logging.WARNING
    )
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.func(args)
    except CvsiteError as exc:
        print(_error_text(exc), file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: say so plainly, without a traceback unless asked
        if args.debug:
            raise
        print(
            f"cvsite: internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in cvsite; run again with --debug for details.",
            file=sys.stderr,
        )
        return EXIT_CONTENT


def _error_text(exc: CvsiteError) -> str:
    from generator.errors import ContentErrors

    if isinstance(exc, ContentErrors):
        count = len(exc.errors)
        noun = "error" if count == 1 else "errors"
        return f"{exc}\n{count} {noun} found."
    return f"cvsite: {exc}"
