"""Each incremental path of the preview on, and off (patched to the simplest way that always
does the full work), in turns, on one edit through `Preview.rebuild`. Not a test (issue 43).

    python bench/paths.py corpus bench/corpus/1000/cvsite 5 listed:body pieces:title
    python bench/paths.py bib SITE 5 entries:title   # SITE made as bench/inspire.py's make_site

Each argument PATH:CASE; PATH may be BASE|PATH (BASE off in both) or A+B (both off);
a CASE ending in "pdf" waits for the PDFs too. Prints each pair's medians. The paths
issue 43 deleted (pieces, same_files, citations) are measured on 8093800, before it.
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

import generator.site.builder as builder
import generator.site.depends as depends
import generator.site.outputs as outputs
from generator.content import cache
from generator.serve.preview import Preview


def listed_off(prints, resume, sections=None):
    shown = [s for s in resume.sections if sections is None or s.name in sections]
    return (prints.site, tuple(prints.sources.get(f) for s in shown for f in s.sources))


def entries_off(old, new, changed):
    entries, bodies = set(), set()
    bodied = depends.body_edits(old, new, changed)
    for name in changed:
        keys = set(old.keys.get(name, ())) | set(new.keys.get(name, ()))
        (bodies if name in bodied else entries).update(keys)
    return entries, bodies - entries


PATCHES = {
    "listed": [(outputs, "without_bodies", listed_off)],
    "entries": [(depends, "changed_entries", entries_off)],
    "pieces": [(cache.BuildCache, "pieces_of", lambda self, name: cache.Pieces())],
    "same_files": [(builder.SiteBuilder, "_same_files", lambda self, changes: None)],
    "really_changed": [
        (builder.SiteBuilder, "_really_changed", lambda self, changes, told: changes),
        (builder, "_digest", lambda path, content: None),
    ],
    "citations": [
        (builder, "citation_files", lambda resume, before=None: outputs.citation_files(resume))
    ],
}


def patched(name, off):
    saved = []
    base, _, name = name.rpartition("|")
    names = (base.split("+") if base else []) + (name.split("+") if off else [])
    if names:
        for owner, attr, value in [p for n in names for p in PATCHES[n]]:
            saved.append((owner, attr, owner.__dict__[attr]))
            setattr(owner, attr, value)
    return saved


def main():
    kind, site, runs = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    if kind == "corpus":
        target = sorted((site / "content" / "projects").glob("*.md"))[1]
        original = target.read_text("utf-8")
        edits = {
            "body": lambda n: original.replace("\n\n", f"\n\nEdit {n}.\n\n", 1),
            "title": lambda n: original.replace('title: "', f'title: "Edit {n} ', 1),
            "noop": lambda n: original,
            "bodypdf": lambda n: original.replace("\n\n", f"\n\nEdit {n}.\n\n", 1),
        }
        pairs = [
            ("listed", "body"),
            ("same_files", "body"),
            ("pieces", "title"),
            ("really_changed", "noop"),
        ]
    else:
        target = site / "content" / "publications.bib"
        original = target.read_text("utf-8")
        title = "Search for a new heavy scalar resonance"
        edits = {
            "title": lambda n: original.replace(title, f"{title} ({n})", 1),
            "noop": lambda n: original,
        }
        pairs = [
            ("entries", "title"),
            ("pieces", "title"),
            ("same_files", "title"),
            ("citations", "title"),
            ("really_changed", "noop"),
        ]
    if len(sys.argv) > 4:
        pairs = [tuple(x.split(":")) for x in sys.argv[4:]]
    out = Path(tempfile.mkdtemp(prefix="ablate-", dir="/dev/shm"))
    preview = Preview(site, out / "out", "http://127.0.0.1:8000/")
    preview.start()
    assert preview.error is None, preview.error
    times = {(p, c, off): [] for p, c in pairs for off in (False, True)}
    number = 0
    try:
        for round_ in range(runs):
            for path, case in pairs:
                for off in (False, True) if round_ % 2 == 0 else (True, False):
                    number += 1
                    target.write_text(edits[case](number), "utf-8")
                    saved = patched(path, off)
                    try:
                        start = time.perf_counter()
                        preview.rebuild([target], pdfs=case.endswith("pdf"))
                        times[(path, case, off)].append(time.perf_counter() - start)
                    finally:
                        for owner, attr, value in saved:
                            setattr(owner, attr, value)
                    assert preview.error is None, preview.error
                    if case != "noop":
                        target.write_text(original, "utf-8")
                        preview.rebuild([target], pdfs=case.endswith("pdf"))
    finally:
        target.write_text(original, "utf-8")
    for path, case in pairs:
        on, off = ([round(t * 1000) for t in times[(path, case, o)]] for o in (False, True))
        gain = 1 - statistics.median(on) / statistics.median(off)
        print(f"{kind} {path} {case}: on {statistics.median(on)} ms, off", end=" ")
        print(f"{statistics.median(off)} ms, gain {gain:.0%}  (on {on}, off {off})")


if __name__ == "__main__":
    main()
