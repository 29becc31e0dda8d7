"""`cvsite serve`: the preview, rebuilt and reloaded as the user edits."""

from __future__ import annotations

import argparse
import logging

from generator.cli.arguments import Commands, add_site, site_dir
from generator.errors import EXIT_OK, UsageError


def add(commands: Commands) -> None:
    serve = commands.add_parser(
        "serve",
        help="preview the site, rebuilt and reloaded as you edit",
        description="Build the site into a temporary folder and serve it on this machine. "
        "Every save of site.yaml, content/ or the theme rebuilds what it touches, and open "
        "pages reload by themselves; a mistake shows as an error page until it is fixed. "
        "Ctrl-C stops it. output/ is never touched.",
    )
    add_site(serve)
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this machine only)",
    )
    serve.add_argument(
        "--port",
        type=int,
        metavar="N",
        help="port to listen on (default: 8000, or the next free one)",
    )
    serve.add_argument("--drafts", action="store_true", help="include draft entries")
    serve.add_argument("--open", action="store_true", help="open the preview in a browser")
    serve.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    from generator.serve.preview import ServeOptions, serve

    logging.getLogger("cvsite").setLevel(logging.INFO)
    site = site_dir(args.site)
    if args.port is not None and not 0 < args.port < 65536:
        raise UsageError(f"--port {args.port}: expected a number from 1 to 65535")
    serve(ServeOptions(site, args.host, args.port, args.drafts, args.open))
    return EXIT_OK
