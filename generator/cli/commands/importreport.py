"""The end of every `cvsite import`: the import's report printed (importers/report.py), and
the exit status: 0 when a site was written or had everything already (what was left out
is in the report), 1 only when nothing could be written because everything was refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.cli.messages import print_problems
from generator.errors import EXIT_CONTENT, EXIT_OK

if TYPE_CHECKING:  # the importers are loaded only when an import runs
    from generator.importers.report import Report


def finish(report: Report, source: str, site: str, dry_run: bool) -> int:
    for line in report.lines(source, dry_run):
        print(line)
    print_problems(f"Skipped {len(report.skipped)} (fix them and import again):", report.skipped)
    if report.skipped and not report.files:  # everything given was refused
        return EXIT_CONTENT
    if not dry_run:
        print(f"Next: cvsite build --site {site}")
    return EXIT_OK
