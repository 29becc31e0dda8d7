"""`cvsite import rendercv` on RenderCV's own example files (sources in
tests/fixtures/realworld/SOURCES.md): the built site shows the facts of the input, the
report names every field, importing again changes nothing and edits are kept."""

from __future__ import annotations

import textwrap

import pytest
import yaml

from generator.importers.rendercv.importer import import_rendercv
from tests import pdfread
from tests.fidelity import facts
from tests.helpers import FIXTURES, run_cli, set_theme, write_site
from tests.htmlread import read_page

REAL = FIXTURES / "realworld" / "rendercv"
FILES = sorted(REAL.glob("*.yaml"))
CLASSIC = REAL / "John_Doe_ClassicTheme_CV.yaml"


# What a file knowingly does not show, by name: RenderCV's "present" end is shown in the
# site's language ("Present", "heute"), not as the file spells it.
KNOWN_MISSES = {
    "venibren-resume.yaml": [("cv.sections.projects.end_date", "present")] * 2,
}


@pytest.mark.parametrize("source", FILES, ids=[f.name for f in FILES])
def test_the_built_site_shows_the_facts_of_the_file(tmp_path, source):
    site = tmp_path / "site"
    run = run_cli("import", "rendercv", source, "--site", site)
    assert run.code == 0, run.err
    assert run_cli("build", "--site", site).code == 0
    outcome = facts.Outcome(source.name, facts.rendercv_facts(source))
    facts.measure(outcome, facts.Site.read(site))
    missed = [(f.kind, f.text) for f in outcome.missing]
    assert missed == KNOWN_MISSES.get(source.name, []), "a fact shown nowhere, or shown again"
    assert not outcome.broken


def _leaf_paths(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaf_paths(item, (*path, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaf_paths(item, (*path, index))
    elif value not in (None, ""):
        yield path


def _shown(path) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


@pytest.mark.parametrize("source", FILES, ids=[f.name for f in FILES])
def test_the_report_names_every_field_of_the_file(tmp_path, source):
    """No silent drop: every value of the file is under a field the report names, as
    placed or as left out with a reason."""
    report = import_rendercv(source, tmp_path / "site", dry_run=True)
    named = {p.field for p in report.fields}
    document = yaml.safe_load(source.read_text(encoding="utf-8"))
    for path in _leaf_paths(document):
        prefixes = {_shown(path[:n]) for n in range(1, len(path) + 1)}
        assert prefixes & named, f"{_shown(path)} is not in the report"
    assert all(p.note for p in report.left), [p for p in report.left if not p.note]
    assert not (tmp_path / "site").exists()  # a dry run writes nothing


def test_entry_types_social_networks_and_the_owner(tmp_path):
    site = tmp_path / "site"
    assert run_cli("import", "rendercv", CLASSIC, "--site", site).code == 0
    profile = yaml.safe_load((site / "content" / "profile.yaml").read_text(encoding="utf-8"))
    urls = {link["label"]: link["url"] for link in profile["links"]}
    assert urls == {
        "LinkedIn": "https://linkedin.com/in/rendercv",
        "GitHub": "https://github.com/rendercv",
    }
    settings = yaml.safe_load((site / "site.yaml").read_text(encoding="utf-8"))
    assert settings["highlight_author"] == "John Doe"
    assert {"section": "awards", "label": "Selected Honors"} in settings["nav"]
    papers = yaml.safe_load((site / "content" / "publications.yaml").read_text(encoding="utf-8"))
    assert papers[0]["authors"] == ["John Doe", "Sarah Williams", "David Park"]
    projects = yaml.safe_load((site / "content" / "projects.yaml").read_text(encoding="utf-8"))
    assert projects[0]["title"] == "FlashInfer"
    assert projects[0]["links"] == [{"label": "FlashInfer", "url": "https://github.com/"}]
    assert run_cli("build", "--site", site).code == 0
    html = (site / "output" / "publications" / "index.html").read_text(encoding="utf-8")
    assert html.count('<strong class="me">John Doe</strong>') == 4


def test_the_phone_is_published_as_rendercv_prints_it_and_the_report_says_so(tmp_path):
    """A site publishes a phone only when site.yaml asks (issue 41); RenderCV prints the
    phone in its header, so the import asks, and says so. A file with no phone asks nothing."""
    site = tmp_path / "site"
    run = run_cli("import", "rendercv", REAL / "ats_proof_diacritics.yaml", "--site", site)
    assert run.code == 0, run.err
    assert "cv.phone -> content/profile.yaml.phone" in run.out
    assert "`contact: {phone: true}`" in run.out
    settings = yaml.safe_load((site / "site.yaml").read_text(encoding="utf-8"))
    assert settings["contact"] == {"phone": True}
    assert run_cli("build", "--site", site).code == 0
    page = read_page(site / "output" / "index.html")
    assert "+34-612-345-678" in page.text
    import_rendercv(CLASSIC, tmp_path / "none")  # `phone:` left empty
    settings = yaml.safe_load((tmp_path / "none" / "site.yaml").read_text(encoding="utf-8"))
    assert "contact" not in settings


_NESTED = [
    "ICML 2022 main conference paper, cited 340+ times within two years",
    "NeurIPS 2022 workshop paper on emergent communication protocols",
    "Invited journal extension in JMLR (2023)",
]


@pytest.mark.parametrize("theme", ["meridian", "ledger"])
def test_nested_bullets_stay_nested_on_the_site_and_in_the_pdf(tmp_path, theme):
    """RenderCV's example nests three points under one highlight (indented `- ` lines):
    each is an item of its own under that highlight, in HTML and in cv.pdf."""
    pdfread.require_poppler()
    site = tmp_path / "site"
    assert run_cli("import", "rendercv", CLASSIC, "--site", site).code == 0
    entries = yaml.safe_load((site / "content" / "experience.yaml").read_text(encoding="utf-8"))
    deepmind = next(e for e in entries if e["organization"] == "Google DeepMind")
    assert deepmind["highlights"][1] == {
        "text": "Published research at top-tier venues with significant academic impact",
        "items": _NESTED,
    }
    set_theme(site, theme)
    assert run_cli("build", "--site", site).code == 0
    page = read_page(site / "output" / "experience" / "index.html")
    outer = next(
        li
        for li in page.main.find_all("li")
        if li.text.startswith("Published research at top-tier venues")
    )
    inner = outer.find("ul")
    assert inner is not None and [li.text for li in inner.find_all("li")] == _NESTED
    lines = pdfread.text(site / "output" / "cv.pdf", "-layout").splitlines()
    at = next(i for i, line in enumerate(lines) if "Published research at top-tier" in line)
    points = lines[at + 1 : at + 4]
    assert [line.strip()[2:] for line in points] == _NESTED  # each after its bullet (•, –)
    indent = len(lines[at]) - len(lines[at].lstrip())
    assert all(len(line) - len(line.lstrip()) > indent for line in points)


def test_nested_bullets_go_back_to_rendercv_as_it_writes_them(tmp_path):
    site = tmp_path / "site"
    assert run_cli("import", "rendercv", CLASSIC, "--site", site).code == 0
    run = run_cli("export", "rendercv", "--site", site)
    experience = yaml.safe_load(run.out)["cv"]["sections"]["Experience"]
    deepmind = next(e for e in experience if e["company"] == "Google DeepMind")
    assert deepmind["highlights"][1] == " - ".join(
        ["Published research at top-tier venues with significant academic impact", *_NESTED]
    )


def test_older_generations_map_locale_and_paper(tmp_path):
    old = import_rendercv(REAL / "John_Doe_ClassicTheme_CV-v1.18.yaml", tmp_path / "a")
    settings = yaml.safe_load((tmp_path / "a" / "site.yaml").read_text(encoding="utf-8"))
    assert settings["pdf"] == {"paper": "us-letter"}
    assert settings["highlight_author"] == "John Doe"
    projects = yaml.safe_load((tmp_path / "a/content/projects.yaml").read_text(encoding="utf-8"))
    assert projects[0]["links"][0]["url"] == "https://github.com/rendercv/rendercv"
    assert any(p.field == "locale_catalog.date_style" and not p.kept for p in old.fields)
    import_rendercv(REAL / "John_Doe_ClassicTheme_CV-v2.3.yaml", tmp_path / "b")
    projects = yaml.safe_load((tmp_path / "b/content/projects.yaml").read_text(encoding="utf-8"))
    fall = next(p for p in projects if p["title"] == "Teaching on Udemy")
    assert (fall["date"], fall["subtitle"]) == ("2023", "Fall 2023")


def test_a_spanish_file_makes_a_spanish_site(tmp_path):
    source = tmp_path / "cv.yaml"
    source.write_text(
        "cv:\n  name: Ana Pérez\n  social_networks:\n    - network: Mastodon\n"
        "      username: '@ana@mastodon.social'\n    - network: ORCID\n"
        "      username: 0000-0002-1825-0097\n  sections:\n    experiencia:\n"
        "      - company: Glovo\n        position: Ingeniera\n        start_date: 2021-03\n"
        "locale:\n  language: spanish\n  present: actualidad\ndesign:\n  page:\n    size: a4\n",
        encoding="utf-8",
    )
    site = tmp_path / "site"
    import_rendercv(source, site)
    settings = yaml.safe_load((site / "site.yaml").read_text(encoding="utf-8"))
    assert settings["language"] == "es"
    assert settings["strings"] == {"present": "actualidad"}
    assert settings["pdf"] == {"paper": "a4"}
    assert {"section": "experience", "label": "Experiencia"} in settings["nav"]
    profile = yaml.safe_load((site / "content" / "profile.yaml").read_text(encoding="utf-8"))
    assert [link["url"] for link in profile["links"]] == [
        "https://mastodon.social/@ana",
        "https://orcid.org/0000-0002-1825-0097",
    ]
    jobs = yaml.safe_load((site / "content" / "experience.yaml").read_text(encoding="utf-8"))
    assert jobs[0]["end"] == "present"  # a start alone runs to the present, as in RenderCV


def test_importing_again_changes_nothing_and_keeps_edits(tmp_path):
    site = tmp_path / "site"
    first = run_cli("import", "rendercv", CLASSIC, "--site", site)
    assert first.code == 0, first.err
    before = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    again = run_cli("import", "rendercv", CLASSIC, "--site", site)
    assert again.code == 0 and "new\n" not in again.out
    assert {p: p.read_bytes() for p in site.rglob("*") if p.is_file()} == before
    edited = site / "content" / "skills.yaml"
    edited.write_text(edited.read_text(encoding="utf-8") + "- title: Mine\n", encoding="utf-8")
    changed = tmp_path / "changed.yaml"
    changed.write_text(
        CLASSIC.read_text(encoding="utf-8").replace("Julia", "Julia, Go"), encoding="utf-8"
    )
    run = run_cli("import", "rendercv", changed, "--site", site)
    assert run.code == 0, run.err
    assert "- title: Mine" in edited.read_text(encoding="utf-8")
    assert "- Julia\n    - Go\n" in (site / "imported" / "content" / "skills.yaml").read_text(
        "utf-8"
    )
    assert "content/skills.yaml: edited by you, kept" in run.out


def test_a_link_out_of_the_site_is_refused_before_anything_is_written(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    site = write_site(tmp_path / "site", {})
    (site / "content" / "profile.yaml").unlink()
    (site / "content").rmdir()
    (site / "content").symlink_to(elsewhere, target_is_directory=True)
    run = run_cli("import", "rendercv", CLASSIC, "--site", site)
    assert run.code != 0 and "Traceback" not in run.err
    assert "symbolic link" in run.err
    assert list(elsewhere.iterdir()) == []


def test_a_broken_file_is_named_with_its_line(tmp_path):
    source = tmp_path / "cv.yaml"
    source.write_text("cv:\n  name: [unclosed\n", encoding="utf-8")
    run = run_cli("import", "rendercv", source, "--site", tmp_path / "site")
    assert run.code != 0 and "Traceback" not in run.err
    assert f"{source}:" in run.err
    source.write_text("design:\n  theme: classic\n", encoding="utf-8")
    run = run_cli("import", "rendercv", source, "--site", tmp_path / "site")
    assert "expected a RenderCV file" in run.err


def test_untrusted_text_is_escaped_and_unsafe_links_are_not_links(tmp_path):
    source = tmp_path / "cv.yaml"
    source.write_text(
        "cv:\n  name: Eve\n  sections:\n    projects:\n      - name: '[x](javascript:alert(1))'\n"
        "        summary: <script>alert(1)</script>\n        highlights:\n"
        "          - '[click](javascript:alert(2))'\n",
        encoding="utf-8",
    )
    site = tmp_path / "site"
    run = run_cli("import", "rendercv", source, "--site", site)
    assert run.code == 0, run.err
    assert run_cli("build", "--site", site).code == 0
    html = (site / "output" / "projects" / "index.html").read_text(encoding="utf-8")
    assert "<script>alert" not in html
    assert 'href="javascript' not in html.replace("&#x27;", "'")


def test_hostile_values_in_every_place_build_safely(tmp_path):
    source = tmp_path / "cv.yaml"
    source.write_text(
        textwrap.dedent(
            """\
            cv:
              name: Eve
              social_networks:
                - network: GitHub
                  username: 'x" onmouseover="alert(1)'
                - network: Myspace
                  username: eve
              sections:
                honors:
                  - bullet: '[x](javascript:alert(1)) <img src=x onerror=alert(1)>'
                papers:
                  - title: T
                    authors: '*Eve*'
                    url: javascript:alert(3)
                notes: just a string
            """
        ),
        encoding="utf-8",
    )
    site = tmp_path / "site"
    run = run_cli("import", "rendercv", source, "--site", site)
    assert run.code == 0, run.err
    assert "RenderCV knows no network 'Myspace'" in run.out
    assert "cv.sections.notes -> left out" in run.out
    build = run_cli("build", "--site", site)
    assert build.code == 0, build.err
    for page in (site / "output").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<img src=x" not in html and 'href="javascript' not in html, page
        assert 'onmouseover="alert' not in html, page
