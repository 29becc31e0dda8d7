"""A link to a folder inside content/ is read as the folder would be; one that cannot be is
an error naming it.

It used to be skipped without a word: nothing under it was published. Now
`content/work -> projects` publishes the entries of projects/ under /work/ too, and is
seen by the "nothing changed" check and by the preview's rebuilds when a file in the
folder changes. A link that would be read for ever (to content/ or a folder above it, or
two folders linking each other), one inside a folder reached through a link (links are
followed one deep), and one to a hidden folder are refused by name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.serve.preview import Preview
from tests.helpers import run_cli, write_site
from tests.hostile.sandbox import build_hostile

ENTRY = "---\ntitle: A project\norganization: Somewhere\n---\nA {word} plan.\n"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    site = write_site(tmp_path / "site", {"content/projects/a.md": ENTRY.format(word="quixotic")})
    (site / "content" / "work").symlink_to("projects")
    return site


def _page(site: Path, url: str) -> str:
    return (site / "output" / url / "index.html").read_text(encoding="utf-8")


def test_a_linked_folder_is_published_under_the_link(site):
    outcome = build_hostile(site)
    assert outcome.built, outcome.run.err
    assert "A quixotic plan." in _page(site, "work/a")
    assert "A quixotic plan." in _page(site, "projects/a")
    assert "A project" in _page(site, "work")


LOOP = "a folder that holds it: it would be read for ever; refused"
HIDDEN = "a hidden folder, which the build does not read; refused"
DEEPER = (
    "a folder, inside a folder that is itself reached through a link: links are followed one "
    "deep; link to the folder from outside the linked one"
)


@pytest.mark.parametrize(
    ("link", "target", "refused", "why"),
    [
        ("projects/up", "..", "projects/up", LOOP),
        ("projects/self", ".", "projects/self", LOOP),
        ("all", ".", "all", LOOP),
        ("b/to-c", "../c", "b/to-c/to-b", LOOP),  # and c/to-b -> ../b: back to b
        ("hidden", ".drafts", "hidden", HIDDEN),
        ("projects/extra", "../more", "work/extra", DEEPER),  # found again through work/
    ],
)
def test_a_link_that_cannot_be_followed_is_an_error_naming_it(site, link, target, refused, why):
    content = site / "content"
    for folder in ("b", "c", ".drafts", "more"):
        (content / folder).mkdir()
        (content / folder / "x.md").write_text(ENTRY.format(word="other"), encoding="utf-8")
    (content / "c" / "to-b").symlink_to("../b")
    (content / link).symlink_to(target)
    outcome = build_hostile(site)
    assert not outcome.built
    mine = [e for e in outcome.errors if e.startswith(f"content/{refused}: ")]
    assert mine == [f"content/{refused}: symbolic link to {why}"], outcome.errors


def test_an_edit_in_the_linked_folder_is_not_nothing_changed(site):
    assert run_cli("build", "--site", site).code == 0
    (site / "content" / "projects" / "a.md").write_text(
        ENTRY.format(word="sensible, longer"), encoding="utf-8"
    )
    again = run_cli("build", "--site", site)
    assert again.code == 0 and "nothing changed" not in again.out, again.out
    assert "A sensible, longer plan." in _page(site, "work/a")


@pytest.mark.parametrize("edit", ["body", "new file"])
def test_the_preview_rebuilds_both_names_of_an_edited_file(site, tmp_path, edit):
    """The watcher reports the file where it is (projects/a.md); the page of its other name
    (/work/a/) is made again too, for a body edit as for a new file."""
    preview = Preview(site, tmp_path / "served", "http://127.0.0.1:8000/")
    preview.start()
    assert preview.error is None, preview.error
    if edit == "body":
        changed = site / "content" / "projects" / "a.md"
        changed.write_text(ENTRY.format(word="rebuilt"), encoding="utf-8")
        url = "work/a"
    else:
        changed = site / "content" / "projects" / "b.md"
        changed.write_text(ENTRY.format(word="rebuilt"), encoding="utf-8")
        url = "work/b"
    preview.rebuild([changed])
    assert preview.error is None, preview.error
    served = (preview.output / url / "index.html").read_text(encoding="utf-8")
    assert "A rebuilt plan." in served
