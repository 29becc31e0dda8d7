"""Warnings of a build cut to a screenful, then one line saying how many more, so that a
.bib's hundred small faults do not scroll the outcome out of sight (`--verbose`: all)."""

from __future__ import annotations

import logging

from generator.errors import SCREENFUL

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
