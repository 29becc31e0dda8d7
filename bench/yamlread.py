"""Time content's YAML reader on every YAML and Markdown file of a site, in-process. Not a test.

    python bench/yamlread.py . 100                          # the repository's own site
    python bench/make_corpus.py 300 && python bench/yamlread.py bench/corpus/300/cvsite 100
    PYTHONPATH=/path/to/other/tree python bench/yamlread.py . 100   # another version

Reads site.yaml and every .yaml/.yml and .md under content/ (front matter only; nothing is
validated), once to warm up and then `repeats` times; prints the median and the fastest
round. Imports are not timed. Run two versions in turns: this machine is noisy.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from generator.content import yamlio


def texts(site: Path) -> list[tuple[Path, str]]:
    content = sorted(
        p for p in (site / "content").rglob("*") if p.suffix in (".yaml", ".yml", ".md")
    )
    return [(p, p.read_text("utf-8")) for p in [site / "site.yaml", *content]]


def read_all(files: list[tuple[Path, str]]) -> None:
    for path, text in files:
        if path.suffix == ".md":
            yamlio.split_front_matter(text, str(path))
        else:
            yamlio.load_yaml(text, str(path))


def main() -> None:
    site, repeats = Path(sys.argv[1]), int(sys.argv[2])
    files = texts(site)
    read_all(files)
    rounds = []
    for _ in range(repeats):
        started = time.perf_counter()
        read_all(files)
        rounds.append(time.perf_counter() - started)
    rounds.sort()
    tree = yamlio.__file__.rsplit("/generator/", 1)[0]
    median, fastest = rounds[len(rounds) // 2] * 1000, rounds[0] * 1000
    print(f"{tree} {site}: {len(files)} files, median {median:.2f} ms, min {fastest:.2f} ms")


if __name__ == "__main__":
    main()
