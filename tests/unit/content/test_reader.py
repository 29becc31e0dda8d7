"""Finding a site's files and reading them: which file is what, and the errors for bad files."""

from __future__ import annotations

import os

import pytest

ENTRY = "- title: One\n"


def test_section_in_both_forms_is_one_section(load_site):
    resume = load_site(
        {
            "content/projects.yaml": "- title: From YAML\n",
            "content/projects/page.md": "---\ntitle: From Markdown\n---\nBody.\n",
            "content/notes.yml": "- title: A .yml file\n",
        }
    ).resume
    assert [s.name for s in resume.sections] == ["projects", "notes"]
    assert [i.title for i in resume.section("projects").items] == ["From YAML", "From Markdown"]
    assert resume.section("projects").sources == [
        "content/projects.yaml",
        "content/projects/page.md",
    ]


def test_markdown_body_and_front_matter(load_site):
    (item,) = (
        load_site(
            {"content/talks/intro.md": "---\ntitle: Intro\ndate: 2020\n---\n# Heading\n\nText.\n"}
        )
        .resume.section("talks")
        .items
    )
    assert item.body == "# Heading\n\nText.\n"
    assert item.slug == "intro"
    assert item.url == "/talks/intro/"


def test_profile_yml_is_the_profile(load_site):
    resume = load_site({"content/profile.yaml": None, "content/profile.yml": "name: Yml\n"}).resume
    assert resume.profile.name == "Yml"
    assert resume.sections == []


def test_two_profiles_are_an_error(site_errors):
    assert site_errors({"content/profile.yml": "name: B\n"}) == [
        "content/profile.yml: a second profile: content/profile.yaml is one already; "
        "keep only one of the two"
    ]


def test_missing_site_yaml_and_profile(site, tmp_path):
    from generator.errors import ContentErrors
    from generator.model.resume import load

    root = tmp_path / "bare"
    (root / "content").mkdir(parents=True)
    with pytest.raises(ContentErrors) as info:
        load(root)
    assert [str(e) for e in info.value.errors] == [
        "content/profile.yaml: the profile is missing: create content/profile.yaml with at "
        "least your name",
        "site.yaml: site.yaml is missing (is this a cvsite site folder?)",
    ]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "content/My Projects.yaml",
            "content/My Projects.yaml: 'My Projects' is not a valid section name (expected "
            "lower-case letters, digits, '-' and '_')",
        ),
        (
            "content/About Me.md",
            "content/About Me.md: 'About Me' is not a valid page name (expected lower-case "
            "letters, digits, '-' and '_'; the name is the page's address)",
        ),
        (
            "content/projects/2021/deep.md",
            "content/projects/2021/deep.md: a Markdown entry belongs in a section folder: "
            "content/<section>/<name>.md",
        ),
    ],
)
def test_misplaced_files(site_errors, name, message):
    assert site_errors({name: "---\ntitle: x\n---\n"}) == [message]


def test_hidden_and_system_files_are_skipped(load_site):
    loaded = load_site(
        {
            "content/.wip.yaml": "this: is not read",
            "content/.drafts/a.md": "not read",
            "content/.DS_Store": b"\x00\x01",
            "content/files/cv.pdf": b"%PDF-1.4",
        }
    )
    assert loaded.resume.sections == []
    assert loaded.resume.assets == ["files/cv.pdf"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_symlink_out_of_content_is_refused(site, tmp_path):
    from generator.errors import ContentErrors
    from generator.model.resume import load

    secret = tmp_path / "secret.txt"
    secret.write_text("private")
    root = site()
    (root / "content" / "leak.txt").symlink_to(secret)
    with pytest.raises(ContentErrors) as info:
        load(root)
    assert [str(e) for e in info.value.errors] == [
        "content/leak.txt: symbolic link points outside content/; refused (copy the file "
        "into content/ instead)"
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs links and named pipes")
def test_a_path_told_plain_from_one_lstat_is_what_the_full_checks_say(tmp_path):
    # discover() tells regular files and folders from one system call, and looks at
    # anything else with the full checks: both must agree wherever the first answers.
    from generator.content.discover import _checked, _plain

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("s")
    content = tmp_path / "content"
    (content / "talks").mkdir(parents=True)
    (content / "talks" / "a.md").write_text("a")
    (content / "cv.pdf").write_text("pdf")
    (content / "inside.txt").symlink_to("cv.pdf")
    (content / "leak.txt").symlink_to(outside / "secret.txt")
    (content / "linked").symlink_to(outside)
    (content / "gone.txt").symlink_to("nothing")
    (content / "self").symlink_to("self")
    os.mkfifo(content / "pipe.md")
    # A regular file reached through a linked folder, as a walk that follows links finds it.
    paths = [*sorted(content.rglob("*")), content / "linked" / "secret.txt"]
    folders: dict = {}
    told = {path: _plain(path, content, folders, {}) for path in paths}
    checked = {path: _checked(path, content, {}) for path in paths}
    assert {p for p, kind in told.items() if kind} == {
        content / "talks",
        content / "talks" / "a.md",
        content / "cv.pdf",
    }
    assert all(kind is None or kind == checked[path] for path, kind in told.items())
    assert checked[content / "linked" / "secret.txt"].startswith("symbolic link points outside")
    assert checked[content / "pipe.md"].startswith("not a regular file")


def test_empty_section_file(site_errors):
    assert site_errors({"content/projects.yaml": "# nothing yet\n"}) == [
        "content/projects.yaml:1:1: file is empty (expected a list of projects entries, "
        "each starting with '- ')"
    ]


def test_empty_profile(site_errors):
    assert site_errors({"content/profile.yaml": ""}) == [
        "content/profile.yaml:1:1: file is empty (expected a mapping of fields, like 'name: ...')"
    ]


def test_section_file_holding_a_mapping(site_errors):
    assert site_errors({"content/projects.yaml": "title: One\n"}) == [
        "content/projects.yaml:1:1: expected a list of projects entries, each starting with "
        "'- ', found a mapping"
    ]


def test_profile_holding_a_list(site_errors):
    assert site_errors({"content/profile.yaml": "- name: Ada\n"}) == [
        "content/profile.yaml:1:1: expected a mapping of fields, like 'name: ...', found a list"
    ]


def test_list_item_that_is_not_a_mapping(site_errors):
    assert site_errors({"content/projects.yaml": "- title: One\n- Two\n"}) == [
        "content/projects.yaml:2:3: projects[1]: expected an entry (a mapping of fields), "
        "found 'Two'"
    ]


def test_front_matter_that_is_a_list(site_errors):
    assert site_errors({"content/projects/a.md": "---\n- x\n---\nBody\n"}) == [
        "content/projects/a.md:1:1: expected front matter with fields, like 'title: ...', "
        "found a list"
    ]


def test_markdown_without_front_matter_needs_a_title(site_errors):
    assert site_errors({"content/projects/a.md": "Just a body.\n"}) == [
        "content/projects/a.md:1:1: title: missing required field 'title'"
    ]


def test_body_given_twice(site_errors):
    text = "---\ntitle: A\nbody: In front.\n---\nAnd below.\n"
    assert site_errors({"content/projects/a.md": text}) == [
        "content/projects/a.md:3:1: body: the body is given twice: in the front matter and below it"
    ]


def test_all_errors_of_all_files_at_once_sorted(site_errors):
    found = site_errors(
        {
            "site.yaml": "title: T\nbase_url: https://x.org/\nlanguage: English\n",
            "content/profile.yaml": "name: Ada\nheadlin: x\n",
            "content/projects.yaml": "- title: A\n  start: 2021.13\n- title: B\n  tags: x\n",
            "content/projects/b.md": "---\ntitle: B\ndate: someday\n---\n",
            "content/awards.yaml": "- title: A\n  awardr: X\n",
        }
    )
    assert [e.split(": ")[0] for e in found] == [
        "content/awards.yaml:2:3",
        "content/profile.yaml:2:1",
        "content/projects.yaml:2:10",
        "content/projects.yaml:4:9",
        "content/projects/b.md:3:7",
        "site.yaml:3:11",
    ]


def test_empty_site_yaml(site_errors):
    assert site_errors({"site.yaml": ""}) == [
        "site.yaml:1:1: file is empty (expected a mapping of fields, like 'title: ...')"
    ]


def test_site_yaml_holding_a_list(site_errors):
    assert site_errors({"site.yaml": "- title: T\n"}) == [
        "site.yaml:1:1: expected a mapping of fields, like 'title: ...', found a list"
    ]


def test_empty_list_item(site_errors):
    assert site_errors({"content/projects.yaml": "- title: A\n-\n"}) == [
        "content/projects.yaml:2:2: projects[1]: expected an entry (a mapping of fields), "
        "found nothing"
    ]
