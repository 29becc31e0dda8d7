"""What starts a site: `cvsite init` (a new site in a folder) and `cvsite schema` (JSON
Schema files for editors that check YAML as it is typed)."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.arguments import Commands
from generator.errors import EXIT_OK


def add(commands: Commands) -> None:
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


def add_init(commands: Commands) -> None:
    init = commands.add_parser(
        "init",
        help="start a new site in a folder",
        description="Create a new site: a short starter résumé in content/, a commented "
        "site.yaml, a .gitignore, and a GitHub Actions workflow that publishes to GitHub "
        "Pages. Existing files are never overwritten.",
    )
    init.add_argument("directory", metavar="DIR", help="the new site's folder")
    init.set_defaults(func=cmd_init)


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
