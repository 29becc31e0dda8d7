"""What a build is asked to do (`BuildOptions`), and what it says when done (`BuildResult`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from generator.site.stamp import describe_fallbacks
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
    pages: Counter[str]
    files: int
    report: WriteReport
    seconds: float
    output: Path
    fallbacks: dict[str, int] = field(default_factory=dict)  # per language, missing translations
    default_language: str = "en"

    def summary(self) -> str:
        kinds = ", ".join(f"{kind} {count}" for kind, count in self.pages.items())
        total = sum(self.pages.values())
        others = self.files - total
        action = f"wrote {self.report.written} files" if self.report.changed else "nothing changed"
        if self.report.removed:
            action += f", removed {self.report.removed}"
        line = (
            f"Built {total} pages ({kinds}) and {others} other files; {action} "
            f"in {self.seconds:.2f} s → {_shown(self.output)}/"
        )
        return "\n".join([line, *describe_fallbacks(self.fallbacks, self.default_language)])


def _shown(path: Path) -> str:
    """A path as short as it can be said: relative to the working folder when inside it."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()
