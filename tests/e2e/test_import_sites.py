"""`cvsite import hugoblox` and `cvsite import academicpages` on real sites: the facts of
each shown on the built site (tests/fidelity/facts.py's measure), every input field in the report,
importing again changes nothing, edits survive, and the source and the site are confined."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from generator.content.textfile import MAX_FILE_BYTES
from generator.importers.academicpages.importer import import_academicpages
from generator.importers.hugoblox.importer import import_hugoblox
from tests.fidelity import facts
from tests.helpers import FIXTURES, run_cli
from tests.htmlread import read_page

REALWORLD = FIXTURES / "realworld"
SITES = [("hugoblox", p) for p in sorted((REALWORLD / "hugoblox").iterdir()) if p.is_dir()] + [
    ("academicpages", p) for p in sorted((REALWORLD / "academicpages").iterdir()) if p.is_dir()
]
# Issue 30's sites, each miss named below (issue 40's are in
# tests/e2e/test_import_realworld_more.py).
ISSUE_30 = {
    "academic-cv-2026",
    "academic-2023",
    "zakeri-academic-v4",
    "starter-2025",
    "ribeiro-2018",
}
MEASURED = [(kind, source) for kind, source in SITES if source.name in ISSUE_30]
IMPORTERS = {"hugoblox": import_hugoblox, "academicpages": import_academicpages}
HUGO_2026 = REALWORLD / "hugoblox" / "academic-cv-2026"
STARTER = REALWORLD / "academicpages" / "starter-2025"


def imported(kind: str, source: Path, site: Path, *extra: str):
    run = run_cli("import", kind, source, "--site", site, *extra)
    assert run.code == 0, run.err
    assert "Traceback" not in run.err
    return run


def files_of(site: Path) -> dict[str, bytes]:
    return {
        p.relative_to(site).as_posix(): p.read_bytes()
        for p in sorted(site.rglob("*"))
        if p.is_file() and "output" not in p.relative_to(site).parts
    }


# The facts each site knowingly does not show, by name (field, start of its text), and why.
LINK_INTO_SOURCE = "a link into the source site's own page or a file the repository lacks"
KNOWN_MISSES = {
    "academic-2023": {
        ("authors.social.link", "/#contact"): LINK_INTO_SOURCE,
        ("authors.social.link", "uploads/resume.pdf"): LINK_INTO_SOURCE,
    },
    "academic-cv-2026": {
        ("author.education.button.text", "Download dissertation"): "a Hugo Blox button label",
        ("author.education.button.url", "/resume.pdf"): LINK_INTO_SOURCE,
        ("author.experience.button.text", "View portfolio"): "a Hugo Blox button label",
        ("courses.summary", "My courses"): "the landing page's course list heading",
        ("courses.body", "$$\\gamma_{n}"): "display math in a course page, shown as MathML",
        ("courses.body", "Example inline math {{< math >}}"): "a Hugo shortcode around math",
        ("courses.body", "f(k;p_{0}^{}) = \\begin{cases}"): "a cases environment, as MathML",
        ("events.date", "2017-01-01T00:00:00Z"): "an event's time of day: cvsite shows the date",
        ("events.body", "✅ Available in fullscreen mode"): "a Hugo icon shortcode",
        ("events.body", "Click the {{< icon"): "a Hugo icon shortcode",
    },
    "zakeri-academic-v4": {
        ("authors.social.link", "#contact"): LINK_INTO_SOURCE,
        ("authors.user_groups", "Researchers"): "Hugo's people-widget groups: no cvsite field",
        ("authors.user_groups", "Visitors"): "Hugo's people-widget groups: no cvsite field",
        ("talk.title", "Recent & Upcoming Talks"): "a landing-page widget's heading",
    },
}


@pytest.mark.parametrize(("kind", "source"), MEASURED, ids=lambda v: getattr(v, "name", v))
def test_a_real_site_shows_its_facts(kind, source, tmp_path):
    outcome = facts.run_unit(kind, source, tmp_path)
    assert outcome.build == "ok", outcome.errors
    assert len(outcome.facts) > 50
    known = KNOWN_MISSES.get(source.name, {})
    missed = [(f.kind, f.text) for f in outcome.missing]
    unnamed = [m for m in missed if not any(m[0] == k and m[1].startswith(t) for k, t in known)]
    assert unnamed == [], "shown nowhere, and not named as a known miss"
    now_shown = [
        (k, t) for k, t in known if not any(m[0] == k and m[1].startswith(t) for m in missed)
    ]
    assert now_shown == [], "shown now: take them out of KNOWN_MISSES"
    assert outcome.broken == []


def _top_keys(source: Path) -> set[tuple[str, str]]:
    """(file, top-level key) of every front matter and author file of the source."""
    found = set()
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source).as_posix()
        if path.suffix in (".md", ".html"):
            meta, _ = facts.front_matter(path)
        elif relative.startswith("data/authors/"):
            import yaml

            meta = yaml.safe_load(path.read_text(encoding="utf-8"))
        else:
            continue
        found |= {(relative, str(key)) for key in (meta or {})}
    return found


@pytest.mark.parametrize(("kind", "source"), SITES, ids=lambda v: getattr(v, "name", v))
def test_the_report_names_every_input_field(kind, source, tmp_path):
    report = IMPORTERS[kind](source, tmp_path / "site", dry_run=True)
    named = {(p.file, re.split(r"[.\[]", p.field)[0]) for p in report.fields}
    whole = {p.file for p in report.fields if p.field == "(file)"}
    missing = {(f, k) for f, k in _top_keys(source) if (f, k) not in named and f not in whole}
    assert missing == set()
    assert all(p.where or p.note for p in report.fields)  # where it went, or why not


def test_the_imported_hugo_site_reads_as_its_source(tmp_path):
    site = tmp_path / "site"
    run = imported("hugoblox", HUGO_2026, site)
    assert "data/authors/me.yaml" in run.out
    assert re.search(r"\d+ of \d+ input fields went into the site; \d+ left out", run.out)
    assert "shortcode button as a link" in run.out  # shortcodes are reported
    assert run_cli("build", "--site", site).code == 0
    home = read_page(site / "output" / "index.html")
    assert "Dr. Alex Johnson, PhD, MIEEE" in home.text
    assert "I apply a range of qualitative" in home.text  # the landing page's markdown block
    assert "This site is generated by HugoBlox Kit" not in home.text  # a demo block
    paper = read_page(site / "output" / "publications" / "example1" / "index.html")
    assert "Alex Johnson" in paper.text and "Robert Ford" in paper.text
    assert "https://github.com/HugoBlox/kit" in paper.links()
    assert "https://doi.org/10.5555/123456" in paper.links()
    talk = (site / "content" / "talks" / "example.md").read_text(encoding="utf-8")
    assert "event: HugoBlox Showcase" in talk and "{{<" not in talk.split("```")[0]


@pytest.mark.parametrize(("kind", "source"), [("hugoblox", HUGO_2026), ("academicpages", STARTER)])
def test_importing_again_changes_nothing(kind, source, tmp_path):
    site = tmp_path / "site"
    imported(kind, source, site)
    before = files_of(site)
    stamps = {p: (site / p).stat().st_mtime_ns for p in before}
    again = imported(kind, source, site)
    assert files_of(site) == before
    assert {p: (site / p).stat().st_mtime_ns for p in before} == stamps
    assert ": new" not in again.out and "updated" not in again.out


def test_an_edited_file_is_never_overwritten(tmp_path):
    source = shutil.copytree(STARTER, tmp_path / "source")
    site = tmp_path / "site"
    imported("academicpages", source, site)
    talk = site / "content" / "talks" / "talk-1.md"
    edited = talk.read_text(encoding="utf-8").replace("Talk 1", "Talk 1 ★")
    talk.write_text(edited, encoding="utf-8")
    assert "edited by you since the import" in imported("academicpages", source, site).out
    original = source / "_talks" / "2012-03-01-talk-1.md"
    original.write_text(original.read_text(encoding="utf-8").replace("Talk 1", "Keynote"))
    run = imported("academicpages", source, site)
    assert talk.read_text(encoding="utf-8") == edited
    beside = site / "imported" / "content" / "talks" / "talk-1.md"
    assert "Keynote" in beside.read_text(encoding="utf-8")
    assert "content/talks/talk-1.md: edited by you, kept" in run.out


def test_dry_run_writes_nothing(tmp_path):
    site = tmp_path / "site"
    run = imported("hugoblox", HUGO_2026, site, "--dry-run")
    assert not site.exists()
    assert "dry run: nothing written" in run.out
    assert "content/publications/conference-paper.md: new" in run.out


def test_a_link_in_the_source_is_never_followed(tmp_path):
    source = shutil.copytree(STARTER, tmp_path / "source")
    secret = tmp_path / "secret.md"
    secret.write_text("---\ntitle: SECRET-TITLE\n---\nSECRET-BODY\n", encoding="utf-8")
    (source / "_talks" / "leak.md").symlink_to(secret)
    (source / "_teaching").rename(tmp_path / "teaching")
    (source / "_teaching").symlink_to(tmp_path / "teaching", target_is_directory=True)
    os.symlink("/etc/passwd", source / "_publications" / "passwd.md")
    site = tmp_path / "site"
    run = imported("academicpages", source, site)
    assert "_talks/leak.md" in run.out and "a symbolic link: not read" in run.out
    assert "_publications/passwd.md" in run.out and "_teaching" in run.out
    written = b"".join(files_of(site).values())
    assert b"SECRET" not in written and b"root:" not in written
    assert not (site / "content" / "teaching").exists()


def test_a_link_out_of_the_site_is_refused(tmp_path):
    site, outside = tmp_path / "site", tmp_path / "elsewhere"
    outside.mkdir()
    site.mkdir()
    (site / "content").symlink_to(outside, target_is_directory=True)
    run = run_cli("import", "hugoblox", HUGO_2026, "--site", site)
    assert run.code == 2
    assert "symbolic link that leads out of the site" in run.err
    assert list(outside.iterdir()) == [] and not (site / "site.yaml").exists()


def test_untrusted_values_are_checked(tmp_path):
    source = tmp_path / "source"
    (source / "_publications").mkdir(parents=True)
    (source / "_config.yml").write_text(
        'author:\n  name: "Mallory <script>x</script>"\n  github: "m"\n'
        '  orcid: "javascript:alert(1)"\n',
        encoding="utf-8",
    )
    (source / "_publications" / "p.md").write_text(
        "---\ntitle: Paper\npaperurl: 'javascript:alert(2)'\n---\n"
        "Click [here](javascript:alert(3)) <img src=x onerror=alert(4)>\n",
        encoding="utf-8",
    )
    (source / "_publications" / "big.md").write_bytes(b"x" * (MAX_FILE_BYTES + 1))
    site = tmp_path / "site"
    run = imported("academicpages", source, site)
    assert "big.md" in run.out and "too large" in run.out
    assert run_cli("build", "--site", site).code == 0
    built = b"".join(p.read_bytes() for p in (site / "output").rglob("*.html"))
    # Raw HTML is escaped as in content; an unsafe link is written as its text.
    assert b"javascript:" not in built and b"<script>x" not in built and b"<img src=x" not in built
    assert b"Click here &lt;img" in built
    assert re.search(r"author\.orcid -> left out \(", run.out)


@pytest.mark.parametrize(("kind", "other"), [("hugoblox", STARTER), ("academicpages", HUGO_2026)])
def test_the_wrong_kind_of_folder_is_refused(kind, other, tmp_path):
    run = run_cli("import", kind, other, "--site", tmp_path / "site")
    assert run.code == 2 and "not a" in run.err and "Traceback" not in run.err
    assert not (tmp_path / "site").exists()
