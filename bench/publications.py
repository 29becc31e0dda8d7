"""How long BibTeX costs: build a site from a generated .bib of N papers, edit one paper's
title in the preview, and import the file; then edit one title in the preview of a site
with the same papers as a YAML list (content/publications.yaml).

Run: python bench/publications.py [N ...]   (default 100 1000). Prints seconds per stage.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

from generator.importers.bibtex import import_bibtex
from generator.serve.preview import Preview
from generator.site.build import BuildOptions, build

ENTRY = """@inproceedings{{paper{i},
  title     = {{On {{Scalable}} Training, Part {i}: M{{\\"u}}ller's \\& Co's Method}},
  author    = {{Zhang, Zili* and M{{\\"u}}ller, J{{\\"o}}rg and Author{i}, Some}},
  booktitle = {{Proceedings of the {i}th Conference on Systems}},
  year      = {{{year}}},
  month     = oct,
  pages     = {{{i}--{j}}},
  doi       = {{10.5555/{i}}},
  abstract  = {{We study $O(n \\log n)$ scheduling for case {i}.}},
}}
"""


def make_site(root: Path, count: int) -> Path:
    (root / "content").mkdir(parents=True)
    (root / "site.yaml").write_text(
        "title: Bench\nbase_url: https://bench.example.org/\nhighlight_author: Zili Zhang\n"
    )
    (root / "content" / "profile.yaml").write_text("name: Zili Zhang\n")
    text = "".join(ENTRY.format(i=i, j=i + 9, year=2000 + i % 25) for i in range(count))
    (root / "content" / "publications.bib").write_text(text, encoding="utf-8")
    return root


YAML_ENTRY = """- title: "On Scalable Training, Part {i}: Müller's & Co's Method"
  authors: [Zili Zhang, Jörg Müller, Some Author{i}]
  type: conference
  venue: Proceedings of the {i}th Conference on Systems
  year: {year}
  month: 10
  pages: {i}--{j}
  doi: 10.5555/{i}
  abstract: We study $O(n \\log n)$ scheduling for case {i}.
"""


def make_yaml_site(root: Path, count: int) -> Path:
    make_site(root, 0)
    (root / "content" / "publications.bib").unlink()
    text = "".join(YAML_ENTRY.format(i=i, j=i + 9, year=2000 + i % 25) for i in range(count))
    (root / "content" / "publications.yaml").write_text(text, encoding="utf-8")
    return root


def timed(action) -> float:  # noqa: ANN001
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def preview_edit(site: Path, name: str, output: Path, runs: int = 5) -> tuple[float, float]:
    """The median time `cvsite serve` takes after one paper's title changed in
    content/`name`: to rebuild the pages (then it tells the browsers to reload), and then
    to typeset the CV's PDF again, as `cvsite serve` does them (`rebuild(late=True)`,
    then `make_late()`)."""
    bib = site / "content" / name
    original = bib.read_text(encoding="utf-8")
    preview = Preview(site, output, "http://127.0.0.1:8000/")
    preview.start()
    pages, pdfs = [], []
    try:
        for run in range(runs):
            bib.write_text(original.replace("Part 1:", f"Part 1 ({run}):", 1), encoding="utf-8")
            pages.append(timed(lambda: preview.rebuild([bib], late=True)))  # noqa: B023
            pdfs.append(timed(preview.make_late))
            assert preview.error is None, preview.error
    finally:
        bib.write_text(original, encoding="utf-8")
    return sorted(pages)[len(pages) // 2], sorted(pdfs)[len(pdfs) // 2]


def main(counts: list[int]) -> None:
    print(
        f"{'papers':>7} {'first build':>12} {'no-op build':>12} {'title edit':>11}"
        f" {'then PDF':>9} {'import':>8} {'re-import':>10} {'YAML title edit':>16}"
    )
    for count in counts:
        scratch = Path(tempfile.mkdtemp(prefix="cvsite-bench-"))
        try:
            site = make_site(scratch / "site", count)
            options = BuildOptions(site, site / "output")
            first = timed(lambda: build(options))  # noqa: B023
            again = timed(lambda: build(options))  # noqa: B023
            edit, pdf = preview_edit(site, "publications.bib", scratch / "preview")
            target = make_site(scratch / "target", 0)
            (target / "content" / "publications.bib").unlink()
            bib = site / "content" / "publications.bib"
            imported = timed(lambda: import_bibtex(bib, target))  # noqa: B023
            reimported = timed(lambda: import_bibtex(bib, target))  # noqa: B023
            listed_site = make_yaml_site(scratch / "listed", count)
            listed, _ = preview_edit(listed_site, "publications.yaml", scratch / "preview-yaml")
            print(
                f"{count:>7} {first:>11.2f}s {again:>11.2f}s {edit:>10.2f}s {pdf:>8.2f}s"
                f" {imported:>7.2f}s {reimported:>9.2f}s {listed:>15.2f}s"
            )
        finally:
            shutil.rmtree(scratch)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [100, 1000])
