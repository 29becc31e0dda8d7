"""End-to-end: run `cvsite build` on real sites and read the produced HTML with a parser."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from generator.site.linkcheck import check_links
from generator.urls import slugify
from tests.helpers import FIXTURES, REPO, copy_site, run_cli
from tests.htmlread import read_page
from tests.releasejob import Release

COAUTHORS = FIXTURES / "sites" / "coauthors"


def build(site: Path, *args: str) -> Path:
    result = run_cli("build", "--site", site, *args)
    assert result.code == 0, result.err
    return site / "output"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def sample_output(tmp_path_factory) -> Path:
    site = copy_site(REPO, tmp_path_factory.mktemp("sample") / "site")
    return build(site)


# --- section pages ---------------------------------------------------------------------------


def _titles(page_path: Path, cls: str = "entry-title") -> list[str]:
    main = read_page(page_path).main
    return [e.text for e in main.find_all(cls=cls)]


def test_every_section_page_lists_every_entry(sample_output: Path):
    expected = {
        "education": [
            "Master of Application Informatics",
            "Master of Physics",
            "Bachelor of Applied Informatics",
            "Bachelor of Physics",
        ],
        "experience": [
            "AI Engineering",
            "Competition Project: AgentX",
            "Python Developer",
            "Full-stack Web Developer",
            "Robotics Engineer",
        ],
        "projects": [
            "Distributed Deep Learning with Golang",
            "HPC Benchmarking & Performance Assessment",
            "Parallel Deep Learning Pipelines Using Go and MPI",
        ],
    }
    for section, titles in expected.items():
        assert _titles(sample_output / section / "index.html") == titles, section
    certificates = read_page(sample_output / "certificates" / "index.html").main
    assert len(list(certificates.find_all("li"))) == 9
    skills = read_page(sample_output / "skills" / "index.html").main
    assert [h.text for h in skills.find_all("h2")] == [
        "Large Language Models",
        "High-Performance & Parallel Computing",
        "Programming & Tools",
    ]


def test_entries_with_a_body_get_a_page_linked_from_their_section(sample_output: Path):
    projects = read_page(sample_output / "projects" / "index.html")
    for slug in (
        "distributed-deep-learning-golang",
        "hpc-benchmarking",
        "parallel-deep-learning-go-mpi",
    ):
        assert f"../projects/{slug}/" in projects.links()
        page = read_page(sample_output / "projects" / slug / "index.html")
        assert "One of three research projects" in page.main.text  # its body
        assert len(list(page.main.find("ul", cls="highlights").find_all("li"))) == 4
    education = read_page(sample_output / "education" / "index.html")
    assert "../education/master-application-informatics/" in education.links()
    thesis = read_page(
        sample_output / "education" / "master-application-informatics" / "index.html"
    )
    assert "Improving Portability and Interoperability" in thesis.main.text
    assert "Portability Evaluation:" in thesis.main.text


def test_an_entry_page_shows_where_the_entry_was_not_its_own_address(tmp_path: Path):
    output = build(copy_site(FIXTURES / "every-kind", tmp_path / "site"))
    pages = [p for p in output.glob("*/*/index.html") if p.parent.parent.name != "tags"]
    assert pages
    for page in pages:
        meta = read_page(page).main.find(cls="meta")
        address = "/" + page.parent.relative_to(output).as_posix() + "/"
        assert meta is None or address not in meta.text, page
    phd = read_page(output / "education" / "phd" / "index.html").main.find(cls="meta")
    assert "Göttingen, Germany" in phd.text


def test_publications_grouped_by_year_newest_first_with_type_and_status(sample_output: Path):
    main = read_page(sample_output / "publications" / "index.html").main
    years = [h.text for h in main.find_all("h2")]
    assert years == ["2026", "2025", "2024", "2015"]
    statuses = [e.text for e in main.find_all(cls="status")]
    assert statuses == ["accepted", "under review", "granted"]
    assert "Federated Learning Systems & Applications (FLICS)" in main.text
    assert "Technical report" in main.text and "Patent" in main.text
    assert len(list(main.find_all("pre"))) == 4  # a BibTeX block per paper


# --- tags ------------------------------------------------------------------------------------


def _expected_tags(site: Path) -> dict[str, set[str]]:
    """Tag slug -> titles of the entries carrying it, computed from the source files directly."""
    tags: dict[str, set[str]] = {}
    for path in sorted((site / "content").rglob("*")):
        if path.name == "profile.yaml" or path.suffix not in (".yaml", ".md"):
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".md":
            entries = [yaml.safe_load(text.split("---")[1])]
        else:
            entries = yaml.safe_load(text)
        for entry in entries:
            title = entry.get("title") or entry.get("degree") or entry.get("position")
            for tag in entry.get("tags", []):
                tags.setdefault(slugify(" ".join(str(tag).split())), set()).add(str(title))
    return tags


@pytest.mark.parametrize("site", [REPO, COAUTHORS], ids=["sample", "coauthors"])
def test_every_tag_page_lists_exactly_the_entries_with_that_tag(site: Path, tmp_path: Path):
    output = build(copy_site(site, tmp_path / "site"))
    expected = _expected_tags(site)
    index = read_page(output / "tags" / "index.html")
    counts = {
        a.attrs["href"].rstrip("/").split("/")[-1]: a.find(cls="count").text
        for a in index.main.find_all("a")
    }
    assert set(counts) == set(expected)
    for slug, titles in expected.items():
        page = read_page(output / "tags" / slug / "index.html")
        listed = {li.find("a").text for li in page.main.find_all("li")}
        assert listed == titles, slug
        assert counts[slug] == str(len(titles))


def test_tags_differing_in_case_or_spacing_are_one_tag(tmp_path: Path):
    output = build(copy_site(COAUTHORS, tmp_path / "site"))
    assert sorted(p.name for p in (output / "tags").iterdir() if p.is_dir()) == [
        "deep-learning",
        "pytorch",
        "systems",
    ]
    pytorch = read_page(output / "tags" / "pytorch" / "index.html").main
    assert {li.find("a").text for li in pytorch.find_all("li")} == {
        "Fast Things",
        "Slow Things",
        "Torch Tools",
    }
    # Each entry is linked to where it lives: a section anchor that exists.
    assert check_links(output) == []


# --- owner highlighting ----------------------------------------------------------------------


def test_owner_highlighted_under_aliases_and_name_orders_but_not_namesakes(tmp_path: Path):
    output = build(copy_site(COAUTHORS, tmp_path / "site"))
    main = read_page(output / "publications" / "index.html").main
    by_title = {a.find(cls="entry-title").text: a for a in main.find_all("article")}
    highlighted = {
        title: [s.text for s in article.find_all("strong", cls="me")]
        for title, article in by_title.items()
    }
    assert highlighted == {
        "Fast Things": ["Zhang, Zili"],
        "Slow Things": ["Z. Zhang"],
        "Another Zhang": [],
    }
    fast = by_title["Fast Things"].find(cls="authors")
    assert [s.text for s in fast.find_all("sup")] == ["*", "*", "†"]
    # `*` means equal contribution; `†` means only what site.yaml says, and this one is silent.
    assert "Equal contribution" in main.text and "Corresponding author" not in main.text


# --- base URL with a sub-path ----------------------------------------------------------------


def test_every_internal_link_works_under_a_sub_path(tmp_path: Path):
    base = "https://user.github.io/portfolio/"
    output = build(copy_site(REPO, tmp_path / "site"), "--base-url", base)
    assert check_links(output, "/portfolio/") == []
    home = read_page(output / "index.html")
    canonical = home.root.find("link", rel="canonical")
    assert canonical.attrs["href"] == base
    not_found = read_page(output / "404.html")
    stylesheets = [e.attrs["href"] for e in not_found.root.find_all("link", rel="stylesheet")]
    assert stylesheets and all(s.startswith("/portfolio/assets/") for s in stylesheets)
    assert all(
        link.startswith("/portfolio/") for link in not_found.links() if not link.startswith("#")
    )
    assert f"Sitemap: {base}sitemap.xml" in (output / "robots.txt").read_text()
    assert f"<loc>{base}cv/</loc>" in (output / "sitemap.xml").read_text()


def test_links_are_relative_so_a_site_at_the_root_also_checks_clean(sample_output: Path):
    assert check_links(sample_output) == []
    for page in sample_output.rglob("*.html"):
        if page.name == "404.html":
            continue
        for link in read_page(page).links():
            assert not link.startswith("/"), (page, link)


# --- output safety ---------------------------------------------------------------------------


def test_failed_build_keeps_previous_output_byte_identical(sample_site: Path):
    output = build(sample_site)
    before = snapshot(output)
    experience = sample_site / "content" / "experience.yaml"
    experience.write_text(experience.read_text().replace("start: 2022.10", "start: 2022.13"))
    result = run_cli("build", "--site", sample_site)
    assert result.code == 1
    assert "content/experience.yaml:" in result.err and "'2022.13' is not a date" in result.err
    assert "Traceback" not in result.err
    assert snapshot(output) == before


def test_two_builds_of_the_same_input_are_byte_identical(sample_site: Path, tmp_path: Path):
    first = snapshot(build(sample_site, "--output", str(tmp_path / "one")))
    second = snapshot(build(sample_site, "--output", str(tmp_path / "two")))
    assert first == second


def test_rebuild_with_no_change_writes_nothing(sample_site: Path):
    output = build(sample_site)
    stamps = {p: p.stat().st_mtime_ns for p in output.rglob("*") if p.is_file()}
    result = run_cli("build", "--site", sample_site)
    assert "nothing changed" in result.out
    assert {p: p.stat().st_mtime_ns for p in output.rglob("*") if p.is_file()} == stamps


def test_refuses_to_replace_a_folder_cvsite_did_not_make(sample_site: Path, tmp_path: Path):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work")
    result = run_cli("build", "--site", sample_site, "--output", precious)
    assert result.code == 1
    assert "refusing to replace" in result.err and "--force" in result.err
    assert (precious / "thesis.tex").read_text() == "years of work"
    forced = run_cli("build", "--site", sample_site, "--output", precious, "--force")
    assert forced.code == 0
    assert (precious / "index.html").is_file() and not (precious / "thesis.tex").exists()


def test_refuses_an_output_folder_that_is_the_site_itself(sample_site: Path):
    result = run_cli("build", "--site", sample_site, "--output", sample_site, "--force")
    assert result.code == 1
    assert "would replace the site folder" in result.err
    assert (sample_site / "content" / "profile.yaml").is_file()


def test_url_collision_between_sources_names_both(sample_site: Path):
    (sample_site / "content" / "cv.yaml").write_text("- title: Clash\n")
    result = run_cli("build", "--site", sample_site)
    assert result.code == 1
    assert "content/cv.yaml" in result.err and "URL /cv/" in result.err
    assert "built-in cv page" in result.err


def test_a_slug_cannot_leave_the_output_folder(sample_site: Path):
    path = sample_site / "content" / "projects" / "hpc-benchmarking.md"
    path.write_text(path.read_text().replace("weight: 2", "weight: 2\nslug: ../../escape"))
    result = run_cli("build", "--site", sample_site)
    assert result.code == 1
    assert "content/projects/hpc-benchmarking.md:" in result.err
    assert "is not a valid slug" in result.err
    assert not (sample_site.parent / "escape").exists()


# --- Markdown --------------------------------------------------------------------------------

MARKDOWN_BODY = """\
Some "quoted" text -- with dashes.[^1]

| a | b |
|---|---|
| 1 | 2 |

```python
print("<b>")
```

A paragraph with a class.
{: .note }

<script>alert(1)</script> and <b>bold</b>

[^1]: A footnote.
"""


def _markdown_site(tmp_path: Path, unsafe: bool) -> Path:
    site = copy_site(COAUTHORS, tmp_path / "site")
    (site / "content" / "notes").mkdir()
    (site / "content" / "notes" / "page.md").write_text(
        "---\ntitle: Notes\n---\n" + MARKDOWN_BODY, encoding="utf-8"
    )
    if unsafe:
        with (site / "site.yaml").open("a") as config:
            config.write("markdown:\n  unsafe_html: true\n")
    return site


def test_markdown_extensions_and_raw_html_escaped_by_default(tmp_path: Path):
    output = build(_markdown_site(tmp_path, unsafe=False))
    page = read_page(output / "notes" / "page" / "index.html")
    body = page.main.find(cls="body")
    assert body.find("table") is not None
    assert body.find(cls="footnote") is not None
    assert "\u201cquoted\u201d" in body.text and "\u2013" in body.text
    # Coloured by Pygments: tokens are spans (which this reader joins with spaces).
    assert "".join(body.find("code").text.split()) == 'print("<b>")'
    assert body.find("span", cls="nb").text == "print"
    assert body.find("p", cls="note") is not None
    assert body.find("script") is None and body.find("b") is None
    assert "<script>alert(1)</script>" in body.text


def test_unsafe_html_switch_lets_raw_html_through(tmp_path: Path):
    output = build(_markdown_site(tmp_path, unsafe=True))
    body = read_page(output / "notes" / "page" / "index.html").main.find(cls="body")
    assert body.find("b") is not None


def test_javascript_link_in_markdown_is_refused_with_its_place(tmp_path: Path):
    site = copy_site(COAUTHORS, tmp_path / "site")
    (site / "content" / "projects.yaml").write_text(
        "- title: Bad\n  summary: '[click](javascript:alert(1))'\n"
    )
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert "content/projects.yaml:2:12: projects[0].summary:" in result.err
    assert "unsafe URL scheme" in result.err


# --- themes ----------------------------------------------------------------------------------


def test_template_mistake_is_reported_with_template_and_line(tmp_path: Path):
    site = copy_site(COAUTHORS, tmp_path / "site")
    theme = site / "themes" / "broken"
    (theme / "templates").mkdir(parents=True)
    (theme / "theme.yaml").write_text("name: broken\nextends: meridian\n")
    (theme / "templates" / "404.html").write_text(
        '{% extends "@parent/404.html" %}\n{% block content %}\n{{ no_such_thing.x }}\n'
        "{% endblock %}\n"
    )
    with (site / "site.yaml").open("a") as config:
        config.write("theme: broken\n")
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert "themes/broken/templates/404.html:3" in result.err
    assert "no_such_thing" in result.err and "Traceback" not in result.err


def test_unknown_theme_option_is_an_error(tmp_path: Path):
    site = copy_site(COAUTHORS, tmp_path / "site")
    with (site / "site.yaml").open("a") as config:
        config.write("theme_options:\n  home_publication: 2\n")
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert "theme_options.home_publication" in result.err
    assert "did you mean 'home_publications'" in result.err


def test_installed_wheel_builds_a_site_from_any_folder(release: Release, tmp_path: Path):
    """A non-editable install (the release job's wheel, tests/releasejob.py) carries the
    built-in themes inside the package."""
    import subprocess
    import sys

    target = tmp_path / "installed"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(release.wheel),
        ],
        check=True,
        capture_output=True,
        timeout=600,
    )
    assert (target / "generator" / "themes" / "meridian" / "theme.yaml").is_file()
    site = copy_site(COAUTHORS, tmp_path / "elsewhere" / "site")
    with (site / "site.yaml").open("a", encoding="utf-8") as config:
        config.write("language: de\n")  # the labels' tables are package data too
    env = {"PYTHONPATH": str(target)}
    where = subprocess.run(
        [sys.executable, "-c", "import generator; print(generator.__file__)"],
        capture_output=True,
        text=True,
        cwd=site,
        env=env,
        check=True,
    )
    assert where.stdout.startswith(str(target))
    result = run_cli("build", "--site", site, cwd=site, env=env)
    assert result.code == 0, result.err
    assert (site / "output" / "assets" / "style.css").is_file()
    assert read_page(site / "output" / "tags" / "index.html").main.find("h1").text == "Schlagwörter"
    shutil.rmtree(target)


def test_relative_links_in_markdown_resolve_from_the_site_root_on_every_page(tmp_path: Path):
    """The same Markdown shows on the home page, section pages, entry pages and the CV."""
    site = copy_site(COAUTHORS, tmp_path / "site")
    (site / "content" / "files").mkdir()
    (site / "content" / "files" / "poster.pdf").write_bytes(b"%PDF-1.4")
    with (site / "content" / "profile.yaml").open("a") as profile:
        profile.write("summary: See [my projects](projects/) and [the poster](files/poster.pdf).\n")
    (site / "content" / "notes").mkdir()
    (site / "content" / "notes" / "page.md").write_text(
        "---\ntitle: Notes\nsummary: '[poster](./files/poster.pdf)'\n---\n"
        "Back to [the CV](/cv/#cv-notes) or [the top](../).\n",
        encoding="utf-8",
    )
    (site / "content" / "projects.yaml").write_text(
        "- title: Torch Tools\n  summary: The [poster](files/poster.pdf).\n", encoding="utf-8"
    )
    output = build(site)
    assert check_links(output) == []
    page = read_page(output / "notes" / "page" / "index.html")
    assert "../../files/poster.pdf" in page.links() and "../../cv/#cv-notes" in page.links()
    assert "files/poster.pdf" in read_page(output / "index.html").links()
    # The feed is read elsewhere: its links are full URLs.
    assert "https://zili.example.org/files/poster.pdf" in (output / "feed.xml").read_text()


def test_the_menu_marks_the_current_page_on_every_page_that_shares_it(tmp_path: Path):
    """The menu is rendered once per page depth and reused: which link is the page itself,
    and which section an entry page is in, must still be right on each page."""
    site = copy_site(REPO, tmp_path / "site")
    config = yaml.safe_load((site / "site.yaml").read_text(encoding="utf-8"))
    config["nav"] += [{"label": "Benchmarks", "url": "/projects/hpc-benchmarking/"}]
    (site / "site.yaml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    output = build(site)

    def current(page: str) -> dict[str, str]:
        nav = read_page(output / page / "index.html").root.find("ul", cls="nav")
        links = nav.find_all("a")
        return {a.text: a.attrs["aria-current"] for a in links if "aria-current" in a.attrs}

    assert current("projects/hpc-benchmarking") == {"Projects": "true", "Benchmarks": "page"}
    assert current("projects/parallel-deep-learning-go-mpi") == {"Projects": "true"}
    assert current("projects") == {"Projects": "page"}
    assert current("publications") == {"Publications": "page"}
    assert current("tags") == {}
    thesis = next((output / "education").glob("*/index.html")).parent.name
    assert current(f"education/{thesis}") == {"Education": "true"}
