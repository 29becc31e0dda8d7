"""When the PDFs are typeset. No process may fork once it has typeset (Typst's threads do not
survive fork()): a build that forks hands each PDF to its workers as one more job; one that
does not typesets on a thread beside its pages (each document is made where pages render:
Python-Markdown is not thread-safe). The preview shows pages first: `later` leaves the
generated files (the PDFs, the feed, resume.json, the sitemap) as they were, and
`make_late` makes them after the browsers reload."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import PurePosixPath
from typing import Any

from generator.render.renderer import Job, Page, Renderer
from generator.render.typstpdf import PdfJob
from generator.site.outputs import Wanted, same_inputs
from generator.site.parallel import forks_workers, parallel_map
from generator.site.rendered import RenderedSite


def pdfs_to_make(
    wanted: Wanted, before: dict[str, tuple[Any, bytes]], later: bool = False
) -> dict[str, PdfJob]:
    """Each PDF whose inputs changed since `before` (`later`: none), by name."""
    if later:
        return {}
    return {
        name: make
        for name, (inputs, make) in wanted.items()
        if isinstance(make, PdfJob) and not same_inputs(before.get(name), inputs)
    }


def pdf_cost(job: PdfJob) -> float:
    """About how long typesetting takes, in entry pages (see Renderer._unit_cost)."""
    return 150.0 + 2.5 * sum(1 for _ in job.resume.items)


def render_beside_pdfs(
    renderer: Renderer,
    pages: list[Page],
    also: list[Job],
    pdfs: dict[str, PdfJob],
    jobs: int,
    here: Callable[[Page | Job], bool] | None = None,
) -> tuple[list, dict[str, bytes]]:
    """`pages` rendered and `also`'s results, in order; and `pdfs` typeset, by name. Those
    `here` picks are rendered in this process, when the work is spread."""
    spread = functools.partial(parallel_map, jobs=jobs, here=here)
    if forks_workers(len(pages) + len(also) + len(pdfs), jobs):
        typeset = [Job(pdf_cost(job), job) for job in pdfs.values()]
        results = renderer.render_pages(pages, spread, also=[*also, *typeset])
        split = len(results) - len(typeset)
        return results[:split], dict(zip(pdfs, results[split:], strict=True))
    with ThreadPoolExecutor(1, thread_name_prefix="typeset") as thread:
        typesetting = {name: thread.submit(job.prepared()) for name, job in pdfs.items()}
        results = renderer.render_pages(pages, spread, also=also)
        return results, {name: job.result() for name, job in typesetting.items()}


def make_late(site: RenderedSite | None) -> Iterator[tuple[PurePosixPath, bytes]]:
    """The files `site` left to make, made now (the PDFs last) and kept as its own, each given
    as it is made: one that fails (a theme's Typst, say) leaves those before it made."""
    late = sorted(site.late.items(), key=_typeset_last) if site is not None else []
    for name, (inputs, make) in late:
        data = make()  # a mistake raises here, and this file stays late
        site.generated[name] = (inputs, data)
        site.files[PurePosixPath(name)] = data
        del site.late[name]
        yield PurePosixPath(name), data


def _typeset_last(pair: tuple[str, tuple[Any, Any]]) -> bool:
    return isinstance(pair[1][1], PdfJob)
