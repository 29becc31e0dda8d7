"""`cvsite build` and `check` say, once, which sections and pages no menu item and no page
links to (issue 40, point 4): an import that adds a section the menu lacks is found."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import SITE_YAML, run_cli, write_site

NAV = SITE_YAML + "nav:\n  - projects\n"
PROJECTS = "- title: Loom\n"
TALKS = "- title: On engines\n"
WARNING = "no menu item or page links to the section 'talks'"


def test_a_section_no_menu_reaches_is_named_once(tmp_path: Path):
    files = {"site.yaml": NAV, "content/projects.yaml": PROJECTS, "content/talks.yaml": TALKS}
    site = write_site(tmp_path, files)
    for command in ("build", "check"):
        run = run_cli(command, "--site", site)
        assert run.code == 0, run.err
        assert run.err.count(WARNING) == 1, run.err
        assert "section 'projects'" not in run.err


def test_a_page_that_links_to_the_section_reaches_it(tmp_path: Path):
    files = {"site.yaml": NAV + "  - about\n", "content/projects.yaml": PROJECTS}
    files["content/talks.yaml"] = TALKS
    files["content/about.md"] = "---\ntitle: About\n---\nSee [my talks](/talks/).\n"
    site = write_site(tmp_path, files)
    run = run_cli("build", "--site", site)
    assert run.code == 0, run.err
    assert "no menu item or page links" not in run.err


def test_without_a_nav_every_section_is_in_the_menu(tmp_path: Path):
    site = write_site(tmp_path, {"content/projects.yaml": PROJECTS, "content/talks.yaml": TALKS})
    run = run_cli("build", "--site", site)
    assert run.code == 0, run.err
    assert "no menu item or page links" not in run.err
