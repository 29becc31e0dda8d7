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
    add_output(rendercv)
    rendercv.set_defaults(func=cmd_export_rendercv)


def add_output(exporter: argparse.ArgumentParser) -> None:
    """--output and --force, as every export format takes them."""
    exporter.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help="write here instead of printing (never a file of the site: content/, themes/, "
        "site.yaml...)",
    )
    exporter.add_argument("--force", action="store_true", help="replace FILE if it exists")


def cmd_export_rendercv(args: argparse.Namespace) -> int:
    from generator.exporters.rendercv import export
    from generator.site.exportfile import export_target, write_export

    site = site_dir(args.site)
    if not args.output:
        print(export(site), end="")
        return EXIT_OK
    target = export_target(Path(args.output), site, force=args.force)  # before the work
    write_export(target, export(site))
    print(f"Wrote {args.output}. Next: rendercv render {args.output}")
    return EXIT_OK
