"""The `cvsite` command: parse arguments, call one function, map errors to messages and exit codes.

Commands import what they need when they run, so `cvsite --version` stays instant.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator import __version__
from generator.diskerrors import cause
from generator.errors import (
    EXIT_CONTENT,
    EXIT_OK,
    EXIT_USAGE,
    CvsiteError,
    UsageError,
    library_message,
    shown,
)

log = logging.getLogger("cvsite")
# What a build made, left for the system to free when `run` ends the process (see run).
_LEFT_TO_EXIT: list[object] = []


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
    import tempfile

    from generator.site.build import BuildOptions, render_site
    from generator.site.linkcheck import check_links
    from generator.site.writer import write_site
    from generator.urls import base_path

    site = _site_dir(args.site)
    with tempfile.TemporaryDirectory(prefix="cvsite-check-") as scratch:
        output = Path(scratch) / "site"
        rendered = render_site(BuildOptions(site, output, drafts=args.drafts))
        write_site(output, rendered.files)
        resume = rendered.loaded.resume
        broken = check_links(output, base_path(resume.config.base_url))
    if broken:
        for link in broken:
            print(f"broken link: {link}", file=sys.stderr)
        print(f"{len(broken)} broken links found.", file=sys.stderr)
        return EXIT_CONTENT
    counts = ", ".join(f"{s.name} {len(s.items)}" for s in resume.sections)
    total = sum(len(s.items) for s in resume.sections)
    languages = rendered.loaded.resumes
    where = f" in {len(languages)} languages ({', '.join(languages)})" if len(languages) > 1 else ""
    print(
        f"OK: {len(resume.sections)} sections, {total} entries ({counts}), "
        f"{len(resume.tags)} tags; {len(rendered.pages)} pages{where}, no broken links"
    )
    _print_fallbacks(rendered.loaded)
    return EXIT_OK


def _print_fallbacks(loaded) -> None:  # noqa: ANN001 - model.Loaded
    """Each value a language shows in the default language, for lack of a translation."""
    from generator.site.build import fallback_counts
    from generator.site.stamp import describe_fallbacks

    counts = fallback_counts(loaded)
    lines = describe_fallbacks(counts, loaded.resume.language)
    for line, code in zip(lines, counts, strict=True):
        print(line + ":")
        found = set(loaded.translations[code].fallbacks)
        for fallback in sorted(found, key=lambda f: (f.file, f.line, f.field)):
            print(f"  {fallback}")


@contextlib.contextmanager
def _without_gc(*, restore: bool) -> Iterator[None]:
    """No cyclic garbage collection during a build, as in `cvsite serve`: the build only adds
    to what it holds, and each full pass over it costs more (a tenth of the reading of 5,000
    entry files). The memory it would free is a tenth of the peak. Nor while it imports
    what it needs: 0.01 s of the sample site's 0.25 s of imports.

    Turned back on, collection would first go over everything the build made (0.1 s at
    1,000 entries): it stays off unless `restore`, in a process that goes on after."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting and restore:
            gc.enable()


def cmd_build(args: argparse.Namespace) -> int:
    import time

    from generator.site import stamp

    started = time.perf_counter()
    site = _site_dir(args.site)
    output = (Path(args.output) if args.output else site / "output").resolve()
    # Checked before anything heavy is imported: an unchanged site costs a few file stats.
    # --force builds in any case.
    unchanged = None
    if not args.force:
        unchanged = stamp.unchanged(site, output, args.base_url, args.drafts, args.pdf)
    if unchanged is not None:
        print(stamp.describe(unchanged, time.perf_counter() - started, output))
        if args.pdf:
            print(f"The CV is printed to {output / 'cv.pdf'}")
        return EXIT_OK

    with _without_gc(restore=not args.exiting):
        from generator.site.build import BuildOptions, build

        options = BuildOptions(
            site,
            output,
            args.base_url,
            args.drafts,
            args.force,
            pdf=args.pdf,
            cache_dir=stamp.cache_dir(site),
        )
        result = build(options, keep=_LEFT_TO_EXIT if args.exiting else None)
    print(result.summary())
    if args.pdf:
        print(f"The CV is printed to {output / 'cv.pdf'}")
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    from generator.serve.preview import ServeOptions, serve

    logging.getLogger("cvsite").setLevel(logging.INFO)
    site = _site_dir(args.site)
    if args.port is not None and not 0 < args.port < 65536:
        raise UsageError(f"--port {args.port}: expected a number from 1 to 65535")
    serve(ServeOptions(site, args.host, args.port, args.drafts, args.open))
    return EXIT_OK


def _source_file(value: str) -> Path:
    path = Path(value)
    if not path.is_file():
        raise UsageError(f"{value}: no such file")
    return path


def _print_problems(title: str, problems: list) -> None:  # noqa: ANN001 - ContentErrors
    if problems:
        print(title, file=sys.stderr)
        for problem in sorted(problems):
            print(f"  {problem}", file=sys.stderr)


def cmd_import_bibtex(args: argparse.Namespace) -> int:
    from generator.importers.bibtex import import_bibtex

    report = import_bibtex(_source_file(args.file), _site_dir(args.site))
    for path in report.written:
        print(f"  wrote {path}")
    print(
        f"Imported {len(report.written)} publications; {len(report.present)} were already "
        f"in the site; {len(report.skipped)} skipped."
    )
    _print_problems(f"Skipped {len(report.skipped)} (fix them and import again):", report.skipped)
    return EXIT_CONTENT if report.skipped else EXIT_OK


def cmd_import_jsonresume(args: argparse.Namespace) -> int:
    from generator.importers.jsonresume import import_jsonresume

    site = Path(args.site)
    if site.exists() and not site.is_dir():
        raise UsageError(f"--site {args.site}: not a folder")
    report = import_jsonresume(_source_file(args.file), site.resolve(), args.base_url)
    for path in report.written:
        print(f"  wrote {path}")
    print(f"Imported {args.file} into {site}/: {len(report.written)} files written.")
    _print_problems("Not imported (not JSON Resume fields):", report.ignored)
    _print_problems(f"Skipped {len(report.skipped)} (fix them and import again):", report.skipped)
    if not report.skipped:
        print(f"Next: cvsite build --site {site}")
    return EXIT_CONTENT if report.skipped else EXIT_OK


def cmd_import_markdown(args: argparse.Namespace) -> int:
    from generator.importers.markdown.importer import import_markdown

    site = Path(args.site)
    report = import_markdown(
        _source_file(args.file), site.resolve(), dry_run=args.dry_run, name=args.name
    )
    _print_markdown_report(report, args)
    return EXIT_OK


def _print_markdown_report(report, args: argparse.Namespace) -> None:  # noqa: ANN001
    """Every input line and where it went, then the files, then what needs a look."""
    print(f"Lines of {args.file} and where they went:")
    for placement in report.lines:
        where = ", ".join(w for w in placement.where if w) or "-"
        note = f"  ({placement.note})" if placement.note else ""
        print(f"  {placement.line:>4} {placement.kind:<9} {where}{note}")
    verb = "would" if args.dry_run else "did"
    print(f"Files ({'dry run: nothing written' if args.dry_run else 'written'}):")
    actions = {
        "write": "new",
        "update": "updated (unchanged since the last import)",
        "unchanged": "unchanged",
        "keep": "kept as it is (the site has one)",
        "beside": "edited by you, kept; the new version is beside it",
    }
    for outcome in report.files:
        extra = f" -> {outcome.beside}" if outcome.action == "beside" else ""
        edited = (
            " (edited by you since the import)"
            if outcome.edited and outcome.action == "unchanged"
            else ""
        )
        print(f"  {outcome.path}: {actions[outcome.action]}{extra}{edited}")
    for note in [*report.notes, *report.moved]:
        print(f"Note: {note}")
    structured = report.count("field", "structure")
    total = len([p for p in report.lines if p.kind != "layout"])
    kept = report.count("body", "notes")
    print(
        f"{structured} of {total} lines with text went into fields; {kept} into bodies or "
        f"notes ({verb} not lose any)."
    )
    if not args.dry_run:
        print(f"Next: cvsite build --site {args.site}")


def cmd_schema(args: argparse.Namespace) -> int:
    from generator.content.jsonschema import write_schemas

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


def cmd_deploy(args: argparse.Namespace) -> int:
    from generator.deploy.publish import DeployRequest, deploy
    from generator.errors import ContentErrors

    request = DeployRequest(
        site=_site_dir(args.site),
        target=args.target,
        remote=args.remote,
        branch=args.branch,
        cname=args.cname,
        destination=args.destination,
        base_url=args.base_url,
        force=args.force,
        dry_run=args.dry_run,
    )
    try:
        report = deploy(request)
    except ContentErrors as exc:
        print(f"{_error_text(exc)}\nNothing was deployed.", file=sys.stderr)
        return exc.exit_code
    for line in report.checks:
        print(f"checked {line}")
    print(report.outcome)
    return EXIT_OK


def cmd_init(args: argparse.Namespace) -> int:
    from generator.scaffold import create_site

    target = Path(args.directory)
    created = create_site(target)
    print(f"Created a new site in {target}/ ({len(created)} files):")
    for path in created:
        print(f"  {path}")
    print(
        f"Next: edit {target}/content/ and {target}/site.yaml (set base_url), build with "
        "cvsite build, and publish with cvsite deploy, or by pushing to GitHub "
        "(.github/workflows/deploy.yml)."
    )
    return EXIT_OK


def _add_deploy(commands: argparse._SubParsersAction) -> None:
    deploy = commands.add_parser(
        "deploy",
        help="check, build and publish the site",
        description="Build the site afresh, check the content, every internal link and that "
        "base_url fits the target, then publish: commit to a GitHub Pages branch and push "
        "it, rsync to host:path or a local folder, or copy to a folder. Settings come "
        "from site.yaml's deploy: block; flags override them. Any failed check stops the "
        "deploy before anything is published.",
    )
    _add_site(deploy)
    deploy.add_argument(
        "--target", metavar="TARGET", help="where to publish: github-pages, rsync or directory"
    )
    deploy.add_argument("--remote", metavar="NAME", help="github-pages: git remote (origin)")
    deploy.add_argument("--branch", metavar="NAME", help="github-pages: branch (gh-pages)")
    deploy.add_argument("--cname", metavar="DOMAIN", help="github-pages: custom domain")
    deploy.add_argument(
        "--destination", metavar="DEST", help="rsync: host:path or a folder; directory: a folder"
    )
    deploy.add_argument(
        "--base-url", metavar="URL", help="publish address, overriding site.yaml's base_url"
    )
    deploy.add_argument(
        "--force",
        action="store_true",
        help="github-pages: publish onto a branch cvsite did not make or over local commits, "
        "and force the push; directory: replace a folder cvsite did not make",
    )
    deploy.add_argument(
        "--dry-run", action="store_true", help="run every check and say what would change"
    )
    deploy.set_defaults(func=cmd_deploy)


def _add_init(commands: argparse._SubParsersAction) -> None:
    init = commands.add_parser(
        "init",
        help="start a new site in a folder",
        description="Create a new site: a short starter résumé in content/, a commented "
        "site.yaml, a .gitignore, and a GitHub Actions workflow that publishes to GitHub "
        "Pages. Existing files are never overwritten.",
    )
    init.add_argument("directory", metavar="DIR", help="the new site's folder")
    init.set_defaults(func=cmd_init)


class _Parser(argparse.ArgumentParser):
    """The parser of cvsite and of each command: `--debug` is taken before or after the
    command, since the message of an internal error says "run again with --debug"."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Not set unless given, so that a command's parser does not undo `cvsite --debug`.
        self.add_argument(
            "--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS
        )


def build_parser() -> argparse.ArgumentParser:
    # Commands' parsers are made of the same class as this one (argparse's parser_class).
    parser = _Parser(
        prog="cvsite",
        description="Build a fast, accessible personal website from your CV kept as data.",
    )
    parser.add_argument("--version", action="version", version=f"cvsite {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="say more")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser(
        "check",
        help="validate the content, then check every link of a build",
        description="Validate site.yaml and content/, build the site in a scratch folder and "
        "check every internal link. Prints each problem (content errors as file:line:column), "
        "or one OK line.",
    )
    _add_site(check)
    check.add_argument("--drafts", action="store_true", help="include draft entries")
    check.set_defaults(func=cmd_check)

    build = commands.add_parser(
        "build",
        help="build the site into output/",
        description="Build the site: read and check content/, render every page with the "
        "theme, and replace the output folder in one step (a failed build leaves it as it was).",
    )
    _add_site(build)
    build.add_argument(
        "--output",
        metavar="DIR",
        help="where to write the site (default: output/ in the site folder)",
    )
    build.add_argument(
        "--base-url", metavar="URL", help="publish address, overriding site.yaml's base_url"
    )
    build.add_argument("--drafts", action="store_true", help="include draft entries")
    build.add_argument(
        "--force",
        action="store_true",
        help="build even when nothing changed, and replace an output folder that cvsite did "
        "not create",
    )
    build.add_argument(
        "--pdf",
        action="store_true",
        help="also print the CV page to cv.pdf (A4) with a headless Chromium or Chrome "
        "(found on PATH, or named by CVSITE_CHROMIUM)",
    )
    build.set_defaults(func=cmd_build)

    serve = commands.add_parser(
        "serve",
        help="preview the site, rebuilt and reloaded as you edit",
        description="Build the site into a temporary folder and serve it on this machine. "
        "Every save of site.yaml, content/ or the theme rebuilds what it touches, and open "
        "pages reload by themselves; a mistake shows as an error page until it is fixed. "
        "Ctrl-C stops it. output/ is never touched.",
    )
    _add_site(serve)
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
    importer = commands.add_parser(
        "import",
        help="import a .bib file, a JSON Resume or a Markdown résumé into the site's content",
        description="Write entries from another format into content/. Existing files are "
        "never replaced; entries that cannot be read are reported and skipped.",
    )
    formats = importer.add_subparsers(dest="format", metavar="FORMAT", required=True)
    bibtex = formats.add_parser(
        "bibtex",
        help="BibTeX entries into content/publications/<key>.md",
        description="Add each entry of a .bib file as content/publications/<key>.md. A key "
        "the site already has is left alone, so importing twice adds nothing and keeps your "
        "edits. Exits 1 when an entry was skipped.",
    )
    bibtex.add_argument("file", metavar="FILE", help="the .bib file")
    _add_site(bibtex)
    bibtex.set_defaults(func=cmd_import_bibtex)
    jsonresume = formats.add_parser(
        "jsonresume",
        help="a resume.json (JSON Resume) into a complete site",
        description="Make site.yaml and content/ from a JSON Resume document, every section "
        "and field kept. Refuses to replace content that is already there.",
    )
    jsonresume.add_argument("file", metavar="FILE", help="the resume.json file")
    jsonresume.add_argument(
        "--site", default=".", metavar="DIR", help="the site folder to make (default: .)"
    )
    jsonresume.add_argument(
        "--base-url", metavar="URL", help="where the site will be published (for site.yaml)"
    )
    jsonresume.set_defaults(func=cmd_import_jsonresume)
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
    _add_deploy(commands)
    _add_init(commands)
    return parser


def main(argv: list[str] | None = None, *, exiting: bool = False) -> int:
    """Run one command; `exiting`: the process ends with it (`run`)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    args.exiting = exiting
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
        if getattr(args, "debug", False):
            raise
        if isinstance(exc, OSError) and exc.filename is not None:
            # The system refused a path the user gave or a folder they chose (a name too
            # long, a folder that cannot be made): theirs to change, not a bug.
            path = shown(str(exc.filename))
            print(f"cvsite: cannot use {path}: {cause(exc)}", file=sys.stderr)
            return EXIT_CONTENT
        print(
            f"cvsite: internal error: {type(exc).__name__}: {library_message(str(exc))}\n"
            "This is a bug in cvsite; run again with --debug for details.",
            file=sys.stderr,
        )
        return EXIT_CONTENT


def run() -> None:
    """The `cvsite` command: `main`, then out at once.

    Everything is written and closed by then; what is left is freeing the site's model
    object by object, which takes a fifth of a second for 1,000 entries. The system frees
    a process's memory in one go.
    """
    code = main(exiting=True)
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _error_text(exc: CvsiteError) -> str:
    from generator.errors import error_text

    return error_text(exc)
