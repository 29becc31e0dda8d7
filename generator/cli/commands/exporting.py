"""`cvsite export`: the site's data in another tool's format (RenderCV's YAML), printed or
written to a file."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.arguments import Commands, add_site, site_dir
from generator.errors import EXIT_OK


def add(commands: Commands) -> None:
    exporter = commands.add_parser(
        "export",
        help="write the site's data in another format (RenderCV)",
        description="Write the site's data in another tool's format. See docs/importing.md.",
    )
    formats = exporter.add_subparsers(dest="format", metavar="FORMAT", required=True)
    rendercv = formats.add_parser(
        "rendercv",
        help="a RenderCV YAML file of the site's data",
        description="Write the site's profile and sections as a RenderCV 2.x file, to render "
        "with `rendercv render`. Printed, or written to --output.",
    )
    add_site(rendercv)
    rendercv.add_argument("--output", "-o", metavar="FILE", help="write here instead of printing")
    rendercv.set_defaults(func=cmd_export_rendercv)


def cmd_export_rendercv(args: argparse.Namespace) -> int:
    from generator.exporters.rendercv import export

    text = export(site_dir(args.site))
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"Wrote {args.output}. Next: rendercv render {args.output}")
    else:
        print(text, end="")
    return EXIT_OK
