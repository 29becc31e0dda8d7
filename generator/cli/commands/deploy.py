"""`cvsite deploy`: check, build and publish the site."""

from __future__ import annotations

import argparse

from generator.cli.arguments import Commands, add_site, site_dir
from generator.cli.messages import say
from generator.errors import EXIT_OK, error_text


def add(commands: Commands) -> None:
    deploy = commands.add_parser(
        "deploy",
        help="check, build and publish the site",
        description="Build the site afresh, check the content, every internal link and that "
        "base_url fits the target, then publish: commit to a GitHub Pages branch and push "
        "it, rsync to host:path or a local folder, or copy to a folder. Settings come "
        "from site.yaml's deploy: block; flags override them. Any failed check stops the "
        "deploy before anything is published.",
    )
    add_site(deploy)
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


def cmd_deploy(args: argparse.Namespace) -> int:
    from generator.deploy.publish import DeployRequest, deploy
    from generator.errors import ContentErrors

    flags = ("target", "remote", "branch", "cname", "destination", "base_url", "force", "dry_run")
    request = DeployRequest(site_dir(args.site), **{flag: getattr(args, flag) for flag in flags})
    try:
        report = deploy(request)
    except ContentErrors as exc:
        say(f"{error_text(exc)}\nNothing was deployed.")
        return exc.exit_code
    for line in report.checks:
        print(f"checked {line}")
    print(report.outcome)
    return EXIT_OK
