"""`cvsite build`: the build as its list of stages.

    with output_lock(output):                # a second build of the same folder waits
        inputs = scan_inputs(site)           # what the stamp will say it was built from
        site = SiteBuilder(options).build()  # read, plan, check, render and typeset
        report = write_site(output, files)   # write a new folder, swap it in whole
        Stamp(...).save(site, output)        # an unchanged rerun then has nothing to do

The in-memory stages are `SiteBuilder._stages` (builder.py), when the PDFs are typeset is
typesetting.py's, the write and the swap are writer.py's and swap.py's, the stamp
stamp.py's. This module also gives the names the other packages build with.
"""

from __future__ import annotations

import time
from collections import Counter

from generator.model.resume import Loaded
from generator.site.builder import SiteBuilder, render_site
from generator.site.changes import Changes
from generator.site.options import BuildOptions, BuildResult
from generator.site.outputlock import output_lock
from generator.site.rendered import RenderedSite, Update
from generator.site.stamp import (
    Stamp,
    forget,
    options_key,
    output_stats,
    scan_inputs,
    scan_output,
    scan_places,
)
from generator.site.writer import WriteReport, check_output_location, prepare_output, write_site

__all__ = [  # what serve, deploy and the command line build with
    "BuildOptions",
    "BuildResult",
    "Changes",
    "RenderedSite",
    "SiteBuilder",
    "Update",
    "build",
    "fallback_counts",
    "render_site",
]


def build(options: BuildOptions) -> BuildResult:
    """A clean build into options.output, leaving a stamp so an unchanged rerun is instant."""
    started = time.perf_counter()
    check_output_location(options.output, options.site)
    # Held until the stamp is saved: a second build of the same folder waits (outputlock.py).
    with output_lock(options.output):
        inputs = scan_inputs(options.site)  # before anything is read: a later edit is seen
        forget(options.site, options.output)
        prepare_output(options.output, options.force)  # refused before anything is rendered
        builder = SiteBuilder(options, once=True)
        site = builder.build().site
        report = write_site(options.output, site.files, force=options.force, locked=True)
        if options.cache_dir is not None:  # (the Markdown is saved by the build)
            _save_stamp(options, site, inputs, report)
    return _result(options, site, report, time.perf_counter() - started)


def _result(
    options: BuildOptions, site: RenderedSite, report: WriteReport, seconds: float
) -> BuildResult:
    pages = Counter(page.kind for page in site.pages)
    fallbacks = fallback_counts(site.loaded)
    default = site.loaded.resume.language
    return BuildResult(pages, len(site.files), report, seconds, options.output, fallbacks, default)


def fallback_counts(loaded: Loaded) -> dict[str, int]:
    """Per language other than the default, how many values fell back to the default one."""
    counts = {code: len(set(each.fallbacks)) for code, each in loaded.translations.items()}
    return {code: count for code, count in counts.items() if count}


def _save_stamp(
    options: BuildOptions, site: RenderedSite, inputs: dict, report: WriteReport
) -> None:
    outside = [t.path for t in site.theme.chain if options.site not in t.path.parents]
    if report.stats is None:  # nothing written: the folder as it is
        output = scan_output(options.output)
    else:
        output = output_stats(options.output, report.stats)
    summary = {
        "pages": dict(Counter(page.kind for page in site.pages)),
        "files": len(site.files),
        "fallbacks": fallback_counts(site.loaded),
        "language": site.loaded.resume.language,
    }
    Stamp(
        options_key(options.output, options.base_url, options.drafts),
        {**inputs, **scan_places(outside)},
        [str(p) for p in outside],
        output,
        summary,
    ).save(options.site, options.output)
