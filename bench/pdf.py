"""The typeset CV's figures: `python bench/pdf.py [N ...]`.

1. The time to import `typst`, in fresh processes (the median of five).
2. The time to typeset the sample site's CV in each theme, in-process after the import:
   the first PDF of a process (it reads the fonts), then the median of ten more, each with
   another headline (as a preview typesets an edited CV); and the time to make the CV's
   document from the model (cvdocument.py), the median of ten.
3. The sample's CV variant (site.yaml `variants`, `ml`) in each theme, in the same kind of
   process, after the whole CV was typeset there: the time to choose its entries and make
   its document (model/variants.py, cvdocument.py), the first variant PDF, and the median of
   ten more; then `cvsite build --variant ml` as a command (median of three).
4. A whole `cvsite build` of the sample site (two languages, each with its CV and the
   variant: four PDFs) into a new folder, with and without `pdf: false`: median of three.
5. What the `typst` wheel adds to an install: a fresh virtual environment measured before
   and after `pip install typst` (the version this environment has), the wheel's own size as
   downloaded, and the files pip installed for it here (its RECORD, as `pip show -f typst`
   lists them). pip may take the wheel from its cache; nothing else is installed.
6. For each N given, a synthetic site of N entries (bench/make_corpus.py): the time to
   typeset its CV in each theme (the first PDF of a process), and its pages.
5. What the fonts shipped in the built-in themes weigh (they go into cvsite's wheel).
"""

from __future__ import annotations

import importlib.metadata
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
THEMES = ("meridian", "ledger")
IMPORT = "import time; t = time.perf_counter(); import typst; print(time.perf_counter() - t)"


def import_time() -> float:
    runs = [float(subprocess.check_output([sys.executable, "-c", IMPORT])) for _ in range(5)]
    return statistics.median(runs)


def typeset_times(theme_name: str, site: Path = REPO) -> tuple[float, float, float, int]:
    """(first PDF, median of ten more, document median, bytes), in a fresh process."""
    script = f"""
import statistics, sys, time
sys.path.insert(0, {str(REPO)!r})
from pathlib import Path
import typst  # imported before timing: the import is measured apart
from generator.render.cvdocument import cv_document
from generator.model.resume import load
from generator.render.theme import load_theme
from generator.render.typstpdf import font_folders, template_of, typeset
site = Path({str(site)!r})
resume = load(site).resume
theme = load_theme({theme_name!r}, site, {{}})
times = []
for _ in range(10):
    t = time.perf_counter(); document = cv_document(resume, options=theme.options)
    times.append(time.perf_counter() - t)
template, fonts = template_of(theme), font_folders(theme)
t = time.perf_counter(); pdf = typeset(document, template, fonts); first = time.perf_counter() - t
again = []
for n in range(10):  # a new headline each time: Typst remembers what it typeset before
    profile = {{**document["profile"], "headline": f"{{n}} {{document['profile']['headline']}}"}}
    changed = {{**document, "profile": profile}}
    t = time.perf_counter(); typeset(changed, template, fonts)
    again.append(time.perf_counter() - t)
print(first, statistics.median(again), statistics.median(times), len(pdf))
"""
    first, again, document, size = subprocess.check_output([sys.executable, "-c", script]).split()
    return float(first), float(again), float(document), int(size)


def variant_times(theme_name: str) -> tuple[float, float, float]:
    """(document, first variant PDF after the CV's, median of ten more), in a fresh process."""
    script = f"""
import statistics, sys, time
sys.path.insert(0, {str(REPO)!r})
from pathlib import Path
import typst
from generator.render.cvdocument import cv_document
from generator.model.resume import load
from generator.model.variants import tailor
from generator.render.theme import load_theme
from generator.render.typstpdf import font_folders, template_of, typeset
site = Path({str(REPO)!r})
resume = load(site).resume
variant = resume.config.variants[0]
theme = load_theme({theme_name!r}, site, {{}})
template, fonts = template_of(theme), font_folders(theme)
typeset(cv_document(resume, options=theme.options), template, fonts)  # the whole CV first
times = []
for _ in range(10):
    t = time.perf_counter(); document = cv_document(tailor(resume, variant), options=theme.options)
    times.append(time.perf_counter() - t)
t = time.perf_counter(); typeset(document, template, fonts); first = time.perf_counter() - t
again = []
for n in range(10):
    profile = {{**document["profile"], "headline": f"{{n}} {{document['profile']['headline']}}"}}
    t = time.perf_counter(); typeset({{**document, "profile": profile}}, template, fonts)
    again.append(time.perf_counter() - t)
print(statistics.median(times), first, statistics.median(again))
"""
    document, first, again = subprocess.check_output([sys.executable, "-c", script]).split()
    return float(document), float(first), float(again)


def variant_build_time() -> float:
    """`cvsite build --variant ml` of the sample site, the whole command: median of three."""
    runs = []
    with tempfile.TemporaryDirectory(prefix="bench-pdf-variant-") as scratch:
        for n in range(3):
            command = [sys.executable, "-m", "generator", "build", "--site", REPO, "--variant"]
            command += ["ml", "--output", Path(scratch) / f"out{n}"]
            t = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, cwd=REPO)
            runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def build_times() -> tuple[float, float]:
    """(median build with the PDFs, median build with `pdf: false`), in seconds."""
    medians = []
    with tempfile.TemporaryDirectory(prefix="bench-pdf-build-") as scratch:
        for pdf in (True, False):
            site = Path(scratch) / f"site-{pdf}"
            site.mkdir()
            config = (REPO / "site.yaml").read_text(encoding="utf-8")
            (site / "site.yaml").write_text(config + ("" if pdf else "pdf: false\n"), "utf-8")
            (site / "content").symlink_to(REPO / "content")
            runs = []
            for n in range(3):
                command = [sys.executable, "-m", "generator", "build", "--site", site]
                command += ["--output", site / f"out{n}"]
                t = time.perf_counter()
                subprocess.run(command, check=True, capture_output=True, cwd=REPO)
                runs.append(time.perf_counter() - t)
            medians.append(statistics.median(runs))
    return medians[0], medians[1]


def _tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def install_size() -> tuple[str, int, int]:
    """(version, bytes the install adds to site-packages, bytes of the wheel)."""
    version = importlib.metadata.version("typst")
    with tempfile.TemporaryDirectory(prefix="bench-typst-") as scratch:
        venv = Path(scratch) / "venv"
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        python = venv / "bin" / "python"
        site = Path(
            subprocess.check_output(
                [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                text=True,
            ).strip()
        )
        before = _tree_size(site)
        quiet = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
        pip = [python, "-m", "pip", "install", "-q", "--no-deps", f"typst=={version}"]
        subprocess.run(pip, check=True, env=quiet, stderr=subprocess.DEVNULL)
        added = _tree_size(site) - before
        wheels = Path(scratch) / "wheels"
        download = [python, "-m", "pip", "download", "-q", "--no-deps", "-d", wheels]
        subprocess.run(
            [*download, f"typst=={version}"], check=True, env=quiet, stderr=subprocess.DEVNULL
        )
        wheel = sum(p.stat().st_size for p in wheels.glob("*.whl"))
    return version, added, wheel


def recorded_size() -> int:
    """The bytes of the files pip installed for `typst` here, as its RECORD lists them."""
    files = importlib.metadata.files("typst") or []
    return sum(path.stat().st_size for f in files if (path := Path(f.locate())).is_file())


def main() -> None:
    mb = 1024 * 1024
    print(f"python {sys.version.split()[0]}, typst {importlib.metadata.version('typst')}")
    print(f"import typst: {import_time() * 1000:.0f} ms (median of 5 fresh processes)")
    for name in THEMES:
        first, again, document, size = typeset_times(name)
        print(
            f"{name:9} document {document * 1000:5.1f} ms   first PDF {first * 1000:4.0f} ms   "
            f"again {again * 1000:4.0f} ms (median of 10)   {size / 1024:.0f} KiB"
        )
    for name in THEMES:
        document, first, again = variant_times(name)
        print(
            f"{name:9} variant ml: document {document * 1000:5.1f} ms   first PDF after the CV's "
            f"{first * 1000:4.0f} ms   again {again * 1000:4.0f} ms (median of 10)"
        )
    print(f"cvsite build --variant ml: {variant_build_time():.2f} s (median of 3, the command)")
    with_pdf, without = build_times()
    print(
        f"cvsite build, sample site: {with_pdf:.2f} s with its 4 PDFs, {without:.2f} s with "
        f"pdf: false (median of 3 each, the whole command)"
    )
    version, added, wheel = install_size()
    print(f"typst {version}: installs {added / mb:.1f} MiB, its wheel {wheel / mb:.1f} MiB")
    print(f"typst {version} here, the files pip recorded: {recorded_size() / mb:.1f} MiB")
    fonts = sum(_tree_size(REPO / "themes" / name / "typst" / "fonts") for name in THEMES)
    print(f"fonts shipped in the built-in themes: {fonts / mb:.2f} MiB")
    for size in sys.argv[1:]:
        corpus = REPO / "bench" / "corpus" / size / "cvsite"
        if not corpus.is_dir():
            make = [sys.executable, REPO / "bench" / "make_corpus.py", size]
            subprocess.run(make, check=True, capture_output=True)
        for name in THEMES:
            first, _, document, pdf = typeset_times(name, corpus)
            pages = pdf_pages(name, corpus)
            print(
                f"{size} entries, {name:9} document {document * 1000:.0f} ms   "
                f"first PDF {first:.2f} s   {pages} pages, {pdf / 1024:.0f} KiB"
            )


def pdf_pages(theme_name: str, site: Path) -> str:
    """The pages of a site's CV in a theme, as pdfinfo counts them ("?" without poppler)."""
    sys.path.insert(0, str(REPO))
    from generator.model.resume import load
    from generator.render.cvdocument import cv_document
    from generator.render.theme import load_theme
    from generator.render.typstpdf import font_folders, template_of, typeset

    theme = load_theme(theme_name, site, {})
    document = cv_document(load(site).resume, options=theme.options)
    with tempfile.TemporaryDirectory(prefix="bench-pdf-pages-") as scratch:
        pdf = Path(scratch) / "cv.pdf"
        pdf.write_bytes(typeset(document, template_of(theme), font_folders(theme)))
        try:
            info = subprocess.check_output(["pdfinfo", pdf], text=True, stderr=subprocess.DEVNULL)
        except OSError:
            return "?"
    return next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:"))


if __name__ == "__main__":
    main()
