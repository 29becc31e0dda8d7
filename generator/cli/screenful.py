"""Warnings of a build cut to a screenful: the first ones, then one line saying how many more.

A real .bib can hold a hundred small faults (fields given twice, files of someone else's
folders); a line for each would scroll the build's outcome and its errors out of sight.
`--verbose` shows every one.
"""

from __future__ import annotations

import logging

from generator.model.checks import SCREENFUL

__all__ = ["SCREENFUL", "ScreenfulHandler"]


class ScreenfulHandler(logging.StreamHandler):
    """Prints warnings until a screenful is printed, then counts the rest (`summary`)."""

    def __init__(self) -> None:
        super().__init__()
        self.printed = 0
        self.held = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno == logging.WARNING and self.printed >= SCREENFUL:
            self.held += 1
            return
        if record.levelno == logging.WARNING:
            self.printed += 1
        super().emit(record)

    def summary(self) -> None:
        """The line for the warnings not printed, if any."""
        if self.held:
            self.stream.write(
                f"… and {self.held} more warning{'s' if self.held > 1 else ''} not shown "
                "(cvsite --verbose build shows every one)\n"
            )
            self.flush()
            self.held = 0
