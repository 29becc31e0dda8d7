"""The physicist's CV typeset by two versions of the CV templates, in turns. Not a test.

    python bench/typst_cv.py main .            # main against the working tree, 5 rounds
    python bench/typst_cv.py main . --runs 9 --themes meridian

The CV document is bench/inspire.py's site (1,650 papers), made once by this tree's cvsite;
each version typesets it with its own `themes/<theme>/typst/cv.typ` and `@cvsite/cv`
package, as `typstpdf.typeset` does, each compile in a new process (Typst remembers what it
laid out within a process: a second compile of the same document is far faster), the order
turning each round. Prints each version's median wall and CPU seconds and the PDF's size.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))

from ab import checkout  # noqa: E402
from inspire import make_site  # noqa: E402


def document(site: Path) -> str:
    """The CV's JSON as the build hands it to Typst (`sys.inputs.cv`)."""
    from generator.model.resume import load
    from generator.render.cvdocument import cv_document

    resume = load(site).resume
    shown = cv_document(resume, paper=resume.config.pdf.paper)
    return json.dumps(shown, ensure_ascii=False, separators=(",", ":"))


def compile_once(tree: Path, theme: str, data: Path) -> tuple[float, float, int]:
    """Wall and CPU seconds of one cold compile of `data` with `tree`'s template of `theme`,
    in a process of its own; the PDF's bytes."""
    folder = tree / "themes" / theme / "typst"
    code = f"""
import sys, time, typst
data = open({str(data)!r}, encoding="utf-8").read()
wall, cpu = time.perf_counter(), time.process_time()
pdf = typst.compile(
    {str(folder / "cv.typ")!r}, root={str(folder)!r}, font_paths=[{str(folder / "fonts")!r}],
    ignore_system_fonts=True, sys_inputs={{"cv": data}},
    package_path={str(tree / "generator" / "render" / "typst")!r},
)
print(time.perf_counter() - wall, time.process_time() - cpu, len(pdf))
"""
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    wall, cpu, size = done.stdout.split()
    return float(wall), float(cpu), int(size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs=2, metavar="REVISION", help="git revisions, or .")
    parser.add_argument("--runs", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--themes", nargs="+", default=["meridian", "ledger"])
    args = parser.parse_args()
    shm = Path("/dev/shm")
    scratch = Path(tempfile.mkdtemp(prefix="cvsite-typst-", dir=shm if shm.is_dir() else None))
    try:
        data = scratch / "cv.json"
        data.write_text(document(make_site(scratch / "site")), encoding="utf-8")
        trees = [checkout(revision, scratch) for revision in args.revisions]
        print(f"{time.strftime('%Y-%m-%d %H:%M')}, {args.runs} rounds in turns")
        for theme in args.themes:
            runs: list[list[tuple[float, float, int]]] = [[], []]
            for round_ in range(args.runs):
                for which in (0, 1) if round_ % 2 == 0 else (1, 0):
                    runs[which].append(compile_once(trees[which], theme, data))
            for revision, figures in zip(args.revisions, runs, strict=True):
                wall, cpu, size = (statistics.median(t) for t in zip(*figures, strict=True))
                print(
                    f"{theme:>9} {revision:>10}: median {wall:.3f} s (CPU {cpu:.3f} s),"
                    f" PDF {size / 1e6:.2f} MB"
                )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
