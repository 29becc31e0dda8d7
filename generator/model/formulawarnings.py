"""Warnings about .bib formulas shown as their source, one line per kind, not per formula.

A physicist's INSPIRE list can hold a thousand formulas with the same unknown macro; a line
for each would bury every other message. Each kind (an unknown command, or why latex2mathml
stopped) gets one line: how many formulas, and the first one's place. Past a screenful of
kinds, one more line says how many kinds were left unsaid.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from generator.errors import ContentError

log = logging.getLogger(__name__)

# Lines a terminal shows at once, less room for the build's own lines.
SCREENFUL = 20
_UNKNOWN = re.compile(r"unknown command (\\[A-Za-z]+)")


@dataclass
class FormulaWarnings:
    """Formula problems of .bib files, grouped by kind until `report()`."""

    # kind -> (how many formulas, the first one's error)
    kinds: dict[str, tuple[int, ContentError]] = field(default_factory=dict)

    def add(self, error: ContentError, reason: str) -> None:
        unknown = _UNKNOWN.search(reason)
        kind = unknown.group(1) if unknown else reason.partition(":")[0]
        count, first = self.kinds.get(kind, (0, error))
        self.kinds[kind] = (count + 1, first)

    def report(self) -> None:
        """Log one line per kind, the commonest first, and forget them."""
        ordered = sorted(self.kinds.items(), key=lambda item: -item[1][0])
        for kind, (count, first) in ordered[:SCREENFUL]:
            log.warning("%s", _line(kind, count, first))
        if len(ordered) > SCREENFUL:
            rest = ordered[SCREENFUL:]
            formulas = sum(count for _, (count, _) in rest)
            log.warning(
                "%d more kinds of formula in .bib files cannot be shown as math (%d formulas, "
                "shown as their source): %s",
                len(rest),
                formulas,
                ", ".join(kind for kind, _ in rest[:10]) + (", …" if len(rest) > 10 else ""),
            )
        self.kinds.clear()


def _line(kind: str, count: int, first: ContentError) -> str:
    if kind.startswith("\\"):
        what = f"{kind} is a TeX command latex2mathml does not know"
        fix = f"define it in site.yaml under math: macros:, e.g. '{kind}': '\\mathrm{{…}}'"
    else:
        what, fix = kind, "expected TeX math that latex2mathml knows"
    times = "1 formula" if count == 1 else f"{count} formulas"
    return f"{first}; {what}: {times} shown as their source, this one first ({fix})"
