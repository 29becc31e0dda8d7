"""The command line's grammar: `cvsite [--version] [-v] COMMAND ...`, each command's
parser added by its module in cli/commands."""

from __future__ import annotations

import argparse
from typing import Any

from generator.cli.commands import build, deploy, exporting, importing, serve, start


class Parser(argparse.ArgumentParser):
    """The parser of cvsite and of each command: `--debug` is taken before or after the
    command, since the message of an internal error says "run again with --debug"."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Not set unless given, so that a command's parser does not undo `cvsite --debug`.
        self.add_argument(
            "--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS
        )


def build_parser() -> argparse.ArgumentParser:
    return parser_and_commands()[0]


def command_names() -> list[str]:
    """Every command, as `cvsite --help` lists them."""
    return sorted(parser_and_commands()[1])


def parser_and_commands() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser, and each command's by name."""
    # Commands' parsers are made of the same class as this one (argparse's parser_class).
    parser = Parser(
        prog="cvsite",
        description="Build a fast, accessible personal website from your CV kept as data.",
    )
    # Not argparse's "version" action, which exits at once: `--version --verbose` says more.
    parser.add_argument(
        "--version",
        action="store_true",
        help="show cvsite's version and exit; with -v also Python's and every dependency's",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="say more")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    build.add(commands)
    serve.add(commands)
    importing.add(commands)
    exporting.add(commands)
    start.add(commands)
    deploy.add(commands)
    start.add_init(commands)
    return parser, commands.choices
