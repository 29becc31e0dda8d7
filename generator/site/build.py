"""`cvsite build` as its stages, under the output folder's lock: the inputs scanned, the site
built in memory (`SiteBuilder._stages`), written and swapped in whole, the stamp saved."""

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
        site = SiteBuilder(options, once=True).build().site
        report = write_site(options.output, site.files, force=options.force, locked=True)
        totals = _totals(site)
        if options.cache_dir is not None:  # (the Markdown is saved by the build)
            _save_stamp(options, site, inputs, report, totals)
    return BuildResult(totals, report, time.perf_counter() - started, options.output)


def _totals(site: RenderedSite) -> dict:
    """What the site holds, as `cvsite build` says it and its stamp keeps it."""
    return {
        "pages": dict(Counter(page.kind for page in site.pages)),
        "files": len(site.files),
        "fallbacks": fallback_counts(site.loaded),
        "language": site.loaded.resume.language,
    }


def fallback_counts(loaded: Loaded) -> dict[str, int]:
    """Per language other than the default, how many values fell back to the default one."""
    counts = {code: len(set(each.fallbacks)) for code, each in loaded.translations.items()}
    return {code: count for code, count in counts.items() if count}


def _save_stamp(
    options: BuildOptions, site: RenderedSite, inputs: dict, report: WriteReport, totals: dict
) -> None:
    outside = [t.path for t in site.theme.chain if options.site not in t.path.parents]
    if report.stats is None:  # nothing written: the folder as it is
        output = scan_output(options.output)
    else:
        output = output_stats(options.output, report.stats)
    Stamp(
        options_key(options.output, options.base_url, options.drafts),
        {**inputs, **scan_places(outside)},
        [str(p) for p in outside],
        output,
        totals,
    ).save(options.site, options.output)
