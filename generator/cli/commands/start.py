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
        "site.yaml, a .gitignore, a requirements.txt pinning this cvsite, and a CI file that "
        "builds and publishes the site on every push (GitHub Actions to GitHub Pages, or "
        "GitLab CI to GitLab Pages). Existing files are never overwritten.",
    )
    init.add_argument("directory", metavar="DIR", help="the new site's folder")
    init.add_argument(
        "--ci",
        choices=["github", "gitlab", "none"],
        default="github",
        help="the CI that publishes the site: github (GitHub Actions and Pages, the default), "
        "gitlab (GitLab CI and Pages) or none",
    )
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


_PUBLISH = {
    "github": "or by pushing to GitHub (.github/workflows/deploy.yml)",
    "gitlab": "or by pushing to GitLab (.gitlab-ci.yml)",
    "none": "or with any static host (see cvsite's docs/deploy.md)",
}


def cmd_init(args: argparse.Namespace) -> int:
    from generator.scaffold import create_site, origin

    target = Path(args.directory)
    running = origin.running()
    created = create_site(target, running, args.ci)
    print(f"Created a new site in {target}/ ({len(created)} files):")
    for path in created:
        print(f"  {path}")
    print(f"requirements.txt pins {running.requirement} (this cvsite, from {running.source}).")
    if running.note:
        print(f"Note: {running.note} The same note is in requirements.txt.")
    print(
        f"Next: edit {target}/content/ and {target}/site.yaml (set base_url), build with "
        f"cvsite build, and publish with cvsite deploy, {_PUBLISH[args.ci]}."
    )
    return EXIT_OK
