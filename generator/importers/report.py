"""An import's report for a structured source (RenderCV, JSON Resume, BibTeX): every input
field with its line, and where it went in the site or why it was left; what became of each
file; and general notes. The CLI prints `lines()`; tests read the fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.importers.sitefiles import Outcome

# What became of each file, as the report says it.
ACTIONS = {
    "write": "new",
    "update": "updated (unchanged since the last import)",
    "unchanged": "unchanged",
    "keep": "kept as it is (the site has one)",
    "beside": "edited by you, kept; the new version is beside it",
}


@dataclass(frozen=True)
class Placed:
    """One input field: `source` as written in the input ("cv.sections.education[0].area"),
    its line, and `where` it went (a file and field), or "" and `note` saying why it was
    left out."""

    source: str
    line: int
    where: str
    note: str = ""

    @property
    def left(self) -> bool:
        return not self.where


@dataclass
class Report:
    fields: list[Placed] = field(default_factory=list)
    files: list[Outcome] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # how things were read; what was moved

    def place(self, source: str, line: int, where: str, note: str = "") -> None:
        self.fields.append(Placed(source, line, where, note))

    def leave(self, source: str, line: int, why: str) -> None:
        self.fields.append(Placed(source, line, "", why))

    @property
    def left(self) -> list[Placed]:
        return [p for p in self.fields if p.left]

    def lines(self, source: str, dry_run: bool) -> list[str]:
        """The report as text: fields, files, notes and the totals."""
        out = [f"Fields of {source} and where they went:"]
        for placed in sorted(self.fields, key=lambda p: p.line):
            where = placed.where or "left out"
            note = f"  ({placed.note})" if placed.note else ""
            out.append(f"  {placed.line:>4} {placed.source} -> {where}{note}")
        out.append(f"Files ({'dry run: nothing written' if dry_run else 'written'}):")
        out += [f"  {_file_line(outcome)}" for outcome in self.files]
        out += [f"Note: {note}" for note in self.notes]
        verb = "would go" if dry_run else "went"
        out.append(
            f"{len(self.fields) - len(self.left)} of {len(self.fields)} fields {verb} into the "
            f"site; {len(self.left)} left out, each with its reason above."
        )
        return out


def _file_line(outcome: Outcome) -> str:
    extra = f" -> {outcome.beside}" if outcome.action == "beside" else ""
    edited = outcome.edited and outcome.action == "unchanged"
    since = " (edited by you since the import)" if edited else ""
    return f"{outcome.path}: {ACTIONS[outcome.action]}{extra}{since}"
