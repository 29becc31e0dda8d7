"""`cvsite import`: a .bib file, a JSON Resume or a résumé written as Markdown, into a
site's content; each prints what it wrote and what it could not read."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.arguments import Commands, add_site, site_dir, source_file, target_dir
from generator.cli.commands import importsites
from generator.cli.messages import print_problems
from generator.errors import EXIT_CONTENT, EXIT_OK, UsageError

# What became of each file of a Markdown import, as the report says it.
_MARKDOWN_ACTIONS = {
    "write": "new",
    "update": "updated (unchanged since the last import)",
    "unchanged": "unchanged",
    "keep": "kept as it is (the site has one)",
    "beside": "edited by you, kept; the new version is beside it",
}


def add(commands: Commands) -> None:
    importer = commands.add_parser(
        "import",
        help="import a CV kept elsewhere (BibTeX, JSON Resume, Markdown, RenderCV, Hugo Blox, "
        "academicpages) into the site's content",
        description="Write entries from another format into content/, with a report of every "
        "input field and where it went. Importing again changes nothing, and a file you "
        "edited is never replaced: the new version is written under imported/.",
    )
    formats = importer.add_subparsers(dest="format", metavar="FORMAT", required=True)
    _add_bibtex(formats)
    _add_jsonresume(formats)
    _add_markdown(formats)
    _add_rendercv(formats)
    importsites.add(formats)  # hugoblox, academicpages


def _add_bibtex(formats: Commands) -> None:
    bibtex = formats.add_parser(
        "bibtex",
        help="BibTeX entries into content/publications/<key>.md",
        description="Add each entry of a .bib file as content/publications/<key>.md. A key "
        "the site has from elsewhere is left alone; importing again changes nothing, updates "
        "papers the .bib changed, and keeps your edits (the new version goes under "
        "imported/). Exits 1 when an entry was skipped.",
    )
    bibtex.add_argument("file", metavar="FILE", help="the .bib file")
    add_site(bibtex)
    bibtex.add_argument(
        "--dry-run", action="store_true", help="say what would be written, and write nothing"
    )
    bibtex.set_defaults(func=cmd_import_bibtex)


def _add_jsonresume(formats: Commands) -> None:
    jsonresume = formats.add_parser(
        "jsonresume",
        help="a resume.json (JSON Resume) into a complete site",
        description="Make site.yaml and content/ from a JSON Resume document, every section "
        "and field kept. Importing again changes nothing, and a file you edited is never "
        "replaced: the new version is written under imported/.",
    )
    jsonresume.add_argument("file", metavar="FILE", help="the resume.json file")
    jsonresume.add_argument(
        "--site", default=".", metavar="DIR", help="the site folder to make (default: .)"
    )
    jsonresume.add_argument(
        "--base-url", metavar="URL", help="where the site will be published (for site.yaml)"
    )
    jsonresume.add_argument(
        "--dry-run", action="store_true", help="say what would be written, and write nothing"
    )
    jsonresume.set_defaults(func=cmd_import_jsonresume)


def _add_markdown(formats: Commands) -> None:
    markdown = formats.add_parser(
        "markdown",
        help="a résumé written as Markdown or plain text into a site",
        description="Read a résumé written as Markdown or as plain text (as copied out of a "
        "PDF) into content/: the name and contact lines into profile.yaml, each section "
        "into its cvsite section, entries with their dates, places, highlights and tags. "
        "Prints where every line went; lines it cannot place go to entries' bodies or to "
        "a draft notes page. Importing again changes nothing, and a file you edited is "
        "never replaced: the new version is written under imported/. See docs/importing.md.",
    )
    markdown.add_argument("file", metavar="FILE", help="the résumé (.md or .txt)")
    markdown.add_argument(
        "--site", default=".", metavar="DIR", help="the site folder to make (default: .)"
    )
    markdown.add_argument(
        "--dry-run", action="store_true", help="say what would be written, and write nothing"
    )
    markdown.add_argument(
        "--name", metavar="NAME", help="your name, when the résumé does not start with it"
    )
    markdown.set_defaults(func=cmd_import_markdown)


def _add_rendercv(formats: Commands) -> None:
    rendercv = formats.add_parser(
        "rendercv",
        help="a RenderCV YAML file into a site",
        description="Read a RenderCV file (1.x or 2.x) into content/: cv's header into "
        "profile.yaml, each section into its cvsite section, design and locale into "
        "site.yaml where cvsite has a setting for them. Prints every field with its line "
        "and where it went or why it was left. Importing again changes nothing, and a file "
        "you edited is never replaced: the new version is written under imported/. See "
        "docs/importing.md.",
    )
    rendercv.add_argument("file", metavar="FILE", help="the RenderCV file (.yaml)")
    rendercv.add_argument(
        "--site", default=".", metavar="DIR", help="the site folder to make (default: .)"
    )
    rendercv.add_argument(
        "--dry-run", action="store_true", help="say what would be written, and write nothing"
    )
    rendercv.set_defaults(func=cmd_import_rendercv)


def cmd_import_rendercv(args: argparse.Namespace) -> int:
    from generator.importers.rendercv.importer import import_rendercv

    report = import_rendercv(source_file(args.file), target_dir(args.site), dry_run=args.dry_run)
    for line in report.lines(args.file, args.dry_run):
        print(line)
    if not args.dry_run:
        print(f"Next: cvsite build --site {args.site}")
    return EXIT_OK


def cmd_import_bibtex(args: argparse.Namespace) -> int:
    from generator.importers.bibtex import import_bibtex

    report = import_bibtex(source_file(args.file), site_dir(args.site), dry_run=args.dry_run)
    for line in report.fields.lines(args.file, args.dry_run):
        print(line)
    for path in report.written:
        print(f"  wrote {path}")
    print(
        f"Imported {len(report.written)} publications; {len(report.present)} were already "
        f"in the site; {len(report.skipped)} skipped."
    )
    if report.beside:
        print(f"{len(report.beside)} you edited kept; their new versions are under imported/.")
    print_problems(f"Skipped {len(report.skipped)} (fix them and import again):", report.skipped)
    return EXIT_CONTENT if report.skipped else EXIT_OK


def cmd_import_jsonresume(args: argparse.Namespace) -> int:
    from generator.importers.jsonresume import import_jsonresume

    site = Path(args.site)
    if site.exists() and not site.is_dir():
        raise UsageError(f"--site {args.site}: not a folder")
    report = import_jsonresume(
        source_file(args.file), target_dir(args.site), args.base_url, dry_run=args.dry_run
    )
    for line in report.fields.lines(args.file, args.dry_run):
        print(line)
    print(f"Imported {args.file} into {site}/: {len(report.written)} files written.")
    print_problems("Read differently from how they are written:", report.notes)
    print_problems("Not imported (not JSON Resume fields):", report.ignored)
    print_problems(f"Skipped {len(report.skipped)} (fix them and import again):", report.skipped)
    if not report.skipped:
        print(f"Next: cvsite build --site {site}")
    return EXIT_CONTENT if report.skipped else EXIT_OK


def cmd_import_markdown(args: argparse.Namespace) -> int:
    from generator.importers.markdown.importer import import_markdown

    report = import_markdown(
        source_file(args.file), target_dir(args.site), dry_run=args.dry_run, name=args.name
    )
    _print_lines(report, args.file)
    _print_files(report, args.dry_run)
    _print_totals(report, args.dry_run)
    if not args.dry_run:
        print(f"Next: cvsite build --site {args.site}")
    return EXIT_OK


def _print_lines(report, source: str) -> None:  # noqa: ANN001 - importers' ImportReport
    """Every input line and where it went."""
    print(f"Lines of {source} and where they went:")
    for placement in report.lines:
        where = ", ".join(w for w in placement.where if w) or "-"
        note = f"  ({placement.note})" if placement.note else ""
        print(f"  {placement.line:>4} {placement.kind:<9} {where}{note}")


def _print_files(report, dry_run: bool) -> None:  # noqa: ANN001 - importers' ImportReport
    """Each file and what became of it, then what needs a look."""
    print(f"Files ({'dry run: nothing written' if dry_run else 'written'}):")
    for outcome in report.files:
        extra = f" -> {outcome.beside}" if outcome.action == "beside" else ""
        edited = outcome.edited and outcome.action == "unchanged"
        since = " (edited by you since the import)" if edited else ""
        print(f"  {outcome.path}: {_MARKDOWN_ACTIONS[outcome.action]}{extra}{since}")
    for note in [*report.notes, *report.moved]:
        print(f"Note: {note}")


def _print_totals(report, dry_run: bool) -> None:  # noqa: ANN001 - importers' ImportReport
    structured = report.count("field", "structure")
    total = len([p for p in report.lines if p.kind != "layout"])
    kept = report.count("body", "notes")
    verb = "would" if dry_run else "did"
    print(
        f"{structured} of {total} lines with text went into fields; {kept} into bodies or "
        f"notes ({verb} not lose any)."
    )
