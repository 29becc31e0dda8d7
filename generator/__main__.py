"""`python -m generator` is the same as the `cvsite` command."""

from generator.cli import run

run()
