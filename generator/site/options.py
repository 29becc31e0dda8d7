"""What a build is asked to do (`BuildOptions`), and what it says when done (`BuildResult`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.site.stamp import describe
from generator.site.writer import WriteReport


@dataclass(frozen=True)
class BuildOptions:
    site: Path
    output: Path
    base_url: str | None = None
    drafts: bool = False
    force: bool = False
    jobs: int = 0  # processes to use for big builds; 0: one per core
    cache_dir: Path | None = None  # keep rendered Markdown and compiled templates here


@dataclass(frozen=True)
class BuildResult:
    totals: dict  # what the site holds, as its stamp keeps it (stamp.describe)
    report: WriteReport
    seconds: float
    output: Path

    def summary(self) -> str:
        action = f"wrote {self.report.written} files" if self.report.changed else "nothing changed"
        if self.report.removed:
            action += f", removed {self.report.removed}"
        return describe(self.totals, self.seconds, self.output, action)
