"""`cvsite import hugoblox DIR` and `cvsite import academicpages DIR`: another generator's
site folder into a site; prints every input field and where it went, and each file."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.arguments import Commands, target_dir
from generator.errors import EXIT_OK, UsageError

# What became of each file, as the report says it (sitefiles.Outcome.action).
ACTIONS = {
    "write": "new",
    "update": "updated (unchanged since the last import)",
    "unchanged": "unchanged",
    "keep": "kept as it is (the site has one)",
    "beside": "edited by you, kept; the new version is beside it",
}
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
    _print_fields(report, args.source)
    _print_files(report, args.dry_run)
    kept, left = report.count(True), report.count(False)
    verb = "would go" if args.dry_run else "went"
    print(f"{kept} input fields {verb} into the site; {left} were left, each with its reason.")
    if not args.dry_run:
        print(f"Next: cvsite build --site {args.site}")
    return EXIT_OK


def _print_fields(report, source: str) -> None:  # noqa: ANN001 - sitesource's ImportReport
    print(f"Fields of {source} and where they went:")
    current = None
    order = {
        source: index
        for index, source in reversed(list(enumerate(p.source for p in report.fields)))
    }
    for placed in sorted(report.fields, key=lambda p: (order[p.source], p.line)):
        if placed.source != current:
            current = placed.source
            print(f"  {current}")
        line = f"{placed.line:>4}" if placed.line else "    "
        where = placed.where if placed.kept else f"left: {placed.where}"
        print(f"    {line} {placed.field:<28} {where}")


def _print_files(report, dry_run: bool) -> None:  # noqa: ANN001 - sitesource's ImportReport
    print(f"Files ({'dry run: nothing written' if dry_run else 'written'}):")
    for outcome in report.files:
        extra = f" -> {outcome.beside}" if outcome.action == "beside" else ""
        edited = outcome.edited and outcome.action == "unchanged"
        since = " (edited by you since the import)" if edited else ""
        print(f"  {outcome.path}: {ACTIONS[outcome.action]}{extra}{since}")
    for note in [*report.notes, *report.moved]:
        print(f"Note: {note}")
