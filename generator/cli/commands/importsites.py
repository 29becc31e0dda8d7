"""`cvsite import hugoblox DIR` and `cvsite import academicpages DIR`: another generator's
site folder into a site; prints every input field and where it went, and each file."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.arguments import Commands, target_dir
from generator.cli.commands.importreport import finish
from generator.errors import UsageError

KINDS = {
    "hugoblox": "a Hugo Blox (Wowchemy, Hugo Academic) site folder",
    "academicpages": "an academicpages (Jekyll) site folder",
}


def add(formats: Commands) -> None:
    for kind, what in KINDS.items():
        parser = formats.add_parser(
            kind,
            help=f"{what} into a site",
            description=f"Read {what} into content/: the owner's profile, publications, talks, "
            "teaching and projects. Prints every input field and where it went, or why it was "
            "left. Importing again changes nothing, and a file you edited is never replaced: "
            "the new version is written under imported/. See docs/importing.md.",
        )
        parser.add_argument("source", metavar="DIR", help="the site folder to import")
        parser.add_argument(
            "--site", default=".", metavar="DIR", help="the site folder to make (default: .)"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="say what would be written, and write nothing"
        )
        parser.set_defaults(func=cmd_import_site, kind=kind)


def cmd_import_site(args: argparse.Namespace) -> int:
    source = Path(args.source)
    if not source.is_dir():
        raise UsageError(f"{args.source}: no such folder")
    site = target_dir(args.site)
    if args.kind == "hugoblox":
        from generator.importers.hugoblox.importer import import_hugoblox as run
    else:
        from generator.importers.academicpages.importer import import_academicpages as run
    report = run(source, site, dry_run=args.dry_run)
    return finish(report, args.source, args.site, args.dry_run)
