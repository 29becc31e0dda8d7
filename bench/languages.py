"""Time reading a site in one language and in two: `python bench/languages.py 100 1000`.

For each size, a site whose projects.yaml holds N entries (title, summary, three highlights,
dates) is loaded in-process (`model.load`: read, resolve, validate, model; no rendering) as
written in English only, and in English and German (`languages: [en, de]`), once with only
the titles translated and once with every text translated. Prints the median of five loads,
and the time to format 360 distinct date ranges in English and in German (Babel, CLDR; the
the first date in a language, which loads its CLDR data, is timed apart). Then the whole
build in memory (`build.render_site`: load, plan, render every page of every language, one
process), in one language and in two with every text translated, each entry with a page
of its own: the median of three.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.content.dates import PRESENT, PartialDate  # noqa: E402
from generator.content.i18n import Locale  # noqa: E402
from generator.model.resume import load  # noqa: E402
from generator.site.build import BuildOptions, render_site  # noqa: E402


def _entry(i: int, bilingual: bool, everything: bool, page: bool = False) -> str:
    def text(en: str, de: str, always: bool = False) -> str:
        return f"{{en: {en}, de: {de}}}" if bilingual and (everything or always) else en

    year = 1990 + i % 30
    return (
        f"- title: {text(f'Project {i}', f'Projekt {i}', always=True)}\n"
        f"  start: {year}-{1 + i % 12:02d}\n"
        f"  end: {'present' if i % 7 == 0 else f'{year + 1}-{1 + (i * 5) % 12:02d}'}\n"
        f"  summary: {text(f'What project {i} did.', f'Was Projekt {i} tat.')}\n"
        "  highlights:\n"
        + "".join(
            f"    - {text(f'Result {k} of {i}', f'Ergebnis {k} von {i}')}\n" for k in range(3)
        )
        + (f"  body: {text(f'About project {i}.', f'Über Projekt {i}.')}\n" if page else "")
    )


def _site(
    root: Path, entries: int, bilingual: bool, everything: bool = True, pages: bool = False
) -> Path:
    (root / "content").mkdir(parents=True)
    languages = "languages: [en, de]\n" if bilingual else ""
    (root / "site.yaml").write_text(f"title: T\nbase_url: https://x.org/\n{languages}")
    (root / "content" / "profile.yaml").write_text("name: Ada\n")
    text = "".join(_entry(i, bilingual, everything, pages) for i in range(entries))
    (root / "content" / "projects.yaml").write_text(text, encoding="utf-8")
    return root


def _median_load(root: Path) -> float:
    times = []
    for _ in range(5):
        started = time.perf_counter()
        load(root)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _median_render(root: Path) -> tuple[float, int]:
    """Seconds to render the whole site in memory, and its number of pages."""
    times, pages = [], 0
    for _ in range(3):
        started = time.perf_counter()
        site = render_site(BuildOptions(root, root / "output", jobs=1))
        times.append(time.perf_counter() - started)
        pages = len(site.pages)
    return statistics.median(times), pages


def _dates_ms(code: str, count: int) -> float:
    dates = [(PartialDate(1990 + i % 30, 1 + i % 12), PRESENT) for i in range(count)]
    started = time.perf_counter()
    locale = Locale(code)
    for start, end in dates:
        locale.date_range(start, end)
    return (time.perf_counter() - started) * 1000


def main(sizes: list[int]) -> None:
    print("| entries | one language | two, titles translated | two, everything translated |")
    print("| ---: | ---: | ---: | ---: |")
    for size in sizes:
        with tempfile.TemporaryDirectory() as scratch:
            one = _median_load(_site(Path(scratch) / "one", size, bilingual=False))
            titles = _site(Path(scratch) / "titles", size, bilingual=True, everything=False)
            some = _median_load(titles)
            every = _median_load(_site(Path(scratch) / "all", size, bilingual=True))
        ratios = f"{some:.3f} s ({some / one:.2f}×) | {every:.3f} s ({every / one:.2f}×)"
        print(f"| {size} | {one:.3f} s | {ratios} |")
    print()
    print("| entries | whole build, one language | two languages, everything translated |")
    print("| ---: | ---: | ---: |")
    for size in sizes:
        with tempfile.TemporaryDirectory() as scratch:
            one_site = _site(Path(scratch) / "one", size, bilingual=False, pages=True)
            two_site = _site(Path(scratch) / "two", size, bilingual=True, pages=True)
            one, one_pages = _median_render(one_site)
            two, two_pages = _median_render(two_site)
        print(
            f"| {size} | {one:.2f} s ({one_pages} pages) | {two:.2f} s ({two_pages} pages, "
            f"{two / one:.2f}×) |"
        )
    print()
    first = _dates_ms("fr", 1)
    print(f"first date in a language not used before (its CLDR data loaded): {first:.1f} ms")
    for code in ("en", "de"):
        print(f"dates of 360 distinct ranges, {code}: {_dates_ms(code, 360):.1f} ms")


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [100, 1000])
