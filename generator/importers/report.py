"""The one report of an import: every input field with its file and line and where it went
(or why it was left), what became of each file, warnings and notes. The CLI prints
`lines()`; tests read the fields."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.errors import ContentError
from generator.importers.importedfiles import Outcome

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
    """One input field: `field` as the source names it ("work[0].startDate",
    "education[0].area"; for a text résumé, the kind of line), in `file` (the source's own
    file, "" for the one file imported) at `line`, and `where` it went (a site file and
    field), or "" and `note` saying why it was left out."""

    file: str
    line: int
    field: str
    where: str
    note: str = ""

    @property
    def kept(self) -> bool:
        return bool(self.where)


@dataclass
class Report:
    fields: list[Placed] = field(default_factory=list)
    files: list[Outcome] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # how things were read; what was moved
    # Values left out of an entry that was kept, at the source's own file, line and field.
    warnings: list[ContentError] = field(default_factory=list)
    # Whole items not imported (a BibTeX entry that cannot be read): nothing else to keep.
    skipped: list[ContentError] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)  # all-empty template objects skipped

    def place(self, source: str, line: int, where: str, note: str = "", file: str = "") -> None:
        self.fields.append(Placed(file, line, source, where, note))

    def leave(self, source: str, line: int, why: str, file: str = "") -> None:
        self.fields.append(Placed(file, line, source, "", why))

    @property
    def left(self) -> list[Placed]:
        return [p for p in self.fields if not p.kept]

    def count(self, kept: bool) -> int:
        return sum(1 for p in self.fields if p.kept == kept)

    def lines(self, source: str, dry_run: bool) -> list[str]:
        """The report as text: fields by file, files, notes, warnings and the totals."""
        out = [f"Fields of {source} and where they went:"]
        order = {name: rank for rank, name in enumerate(dict.fromkeys(p.file for p in self.fields))}
        current = None
        for placed in sorted(self.fields, key=lambda p: (order[p.file], p.line)):
            if placed.file != current and placed.file:
                out.append(f"  {placed.file}")
            current = placed.file
            out.append(_field_line(placed, "    " if placed.file else "  "))
        out.append(f"Files ({'dry run: nothing written' if dry_run else 'written'}):")
        out += [f"  {_file_line(outcome)}" for outcome in self.files]
        out += [f"Note: {note}" for note in self.notes]
        out += [f"Warning: {warning}" for warning in self.warnings]
        if self.empty:
            out.append(f"Skipped {len(self.empty)} empty entries: {', '.join(self.empty)}")
        verb = "would go" if dry_run else "went"
        kept = self.count(True)
        out.append(
            f"{kept} of {len(self.fields)} input fields {verb} into the site; "
            f"{len(self.fields) - kept} left out, each with its reason above."
        )
        return out


def _field_line(placed: Placed, indent: str) -> str:
    line = f"{placed.line:>4}" if placed.line else "    "
    if placed.kept:
        note = f"  ({placed.note})" if placed.note else ""
        return f"{indent}{line} {placed.field} -> {placed.where}{note}"
    return f"{indent}{line} {placed.field} -> left out ({placed.note})"


def _file_line(outcome: Outcome) -> str:
    extra = f" -> {outcome.beside}" if outcome.action == "beside" else ""
    edited = outcome.edited and outcome.action == "unchanged"
    since = " (edited by you since the import)" if edited else ""
    return f"{outcome.path}: {ACTIONS[outcome.action]}{extra}{since}"
