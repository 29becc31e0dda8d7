"""`cvsite import markdown` as a user runs it: on the sample person's résumé texts and on
real Markdown résumés (tests/fixtures/realworld/markdown/SOURCES.md), each imported site
must build, keep every line, and stay as it is when imported again; edits survive, a dry
run writes nothing, and nothing is written out of the site."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

from tests.helpers import FIXTURES, run_cli

REALWORLD = FIXTURES / "realworld" / "markdown"
SEED = FIXTURES / "seed-resume.txt"
DATE_WORDS = re.compile(
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|spring|summer|fall|autumn"
    r"|winter|present|now|current|today|ongoing|expected|since|till|until|\d+"
)
INPUTS = [
    SEED,
    FIXTURES / "seed-resume-plain.txt",
    *sorted(p for p in REALWORLD.glob("*.md") if p.name != "SOURCES.md"),
]


def imported(source: Path, site: Path, *args: str):
    run = run_cli("import", "markdown", source, "--site", site, *args)
    assert run.code == 0, run.err
    return run


def files_of(site: Path) -> dict[str, str]:
    return {
        p.relative_to(site).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(site.rglob("*"))
        if p.is_file() and "output" not in p.relative_to(site).parts
    }


def written_text(site: Path) -> str:
    """Every value of the written files, read back as YAML (and Markdown bodies)."""
    values: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            values.extend(str(k) for k in value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif value is not None:
            values.append(str(value))

    for relative, text in files_of(site).items():
        values.append(relative)
        if relative.endswith(".md"):
            _, meta, body = text.split("---\n", 2)
            walk(yaml.safe_load(meta))
            values.append(body)
        else:
            walk(yaml.safe_load(text))
    return "\n".join(values).casefold()


@pytest.mark.parametrize("source", INPUTS, ids=lambda p: p.name)
def test_an_imported_resume_builds_and_keeps_every_line(source, tmp_path):
    site = tmp_path / "site"
    run = imported(source, site)
    build = run_cli("build", "--site", site)
    assert build.code == 0, build.err
    assert (site / "output" / "index.html").is_file()
    # The report names every non-blank line of the input.
    reported = {int(m) for m in re.findall(r"^\s+(\d+) ", run.out, re.M)}
    lines = source.read_text(encoding="utf-8").split("\n")
    assert reported == {n for n, line in enumerate(lines, 1) if line.strip()}
    # No line is lost: most of its words are in the written files, read back as YAML
    # (tests/fidelity/markdown_import.py counts every word). Dates are rewritten (Sep. 2019 is
    # 2019-09), and a profile part's heading ("About me") is the part itself.
    text = written_text(site)
    skipped = {  # lines of markup only, and profile parts' headings
        int(n)
        for n in re.findall(r"^\s+(\d+) (?:layout|structure -> content/profile)", run.out, re.M)
    }
    for number, line in enumerate(lines, 1):
        # Text copied out of a PDF runs words together ("ReportUniversität").
        line = re.sub(r"(?<=[a-zäöüß)])(?=[A-Z(])", " ", line)
        found = [w.casefold() for w in re.findall(r"[^\W_]{3,}", line)]
        found = [w for w in found if not DATE_WORDS.fullmatch(w)]
        if not found or number in skipped:
            continue
        missing = [w for w in found if w not in text]
        assert len(missing) * 2 <= len(found), f"{source.name}:{number}: lost {missing}"


def test_the_seed_is_placed_in_fields(tmp_path):
    run = imported(SEED, tmp_path / "site")
    kinds = re.findall(r"^\s+\d+ (\w+) -> ", run.out, re.M)
    placed = sum(1 for kind in kinds if kind in ("field", "structure"))
    assert placed / sum(1 for kind in kinds if kind != "layout") >= 0.95


@pytest.mark.parametrize("source", INPUTS[:3], ids=lambda p: p.name)
def test_importing_again_changes_nothing(source, tmp_path):
    site = tmp_path / "site"
    imported(source, site)
    before = files_of(site)
    stamps = {p: (site / p).stat().st_mtime_ns for p in before}
    again = imported(source, site)
    assert files_of(site) == before
    assert {p: (site / p).stat().st_mtime_ns for p in before} == stamps
    assert ": new" not in again.out and "updated" not in again.out


def test_an_edited_file_is_never_overwritten(tmp_path):
    site = tmp_path / "site"
    source = tmp_path / "resume.md"
    source.write_text(SEED.read_text(encoding="utf-8"), encoding="utf-8")
    imported(source, site)
    experience = site / "content" / "experience.yaml"
    edited = experience.read_text(encoding="utf-8").replace("Turing College", "Turing College ★")
    experience.write_text(edited, encoding="utf-8")
    # The same source again: nothing is written, the edit stays, nothing goes beside it.
    again = imported(source, site)
    assert experience.read_text(encoding="utf-8") == edited
    assert not (site / "imported").exists()
    assert "edited by you since the import" in again.out
    # A changed source: the edit still stays; the new version is written beside it.
    changed = source.read_text(encoding="utf-8").replace("Robotics Engineer", "Robotics Lead")
    source.write_text(changed, encoding="utf-8")
    third = imported(source, site)
    assert experience.read_text(encoding="utf-8") == edited
    beside = site / "imported" / "content" / "experience.yaml"
    assert "Robotics Lead" in beside.read_text(encoding="utf-8")
    assert "content/experience.yaml: edited by you, kept" in third.out
    # A file the import wrote and nobody edited follows the source.
    assert run_cli("build", "--site", site).code == 0


def test_an_untouched_file_follows_a_changed_source(tmp_path):
    site = tmp_path / "site"
    source = tmp_path / "resume.md"
    source.write_text(SEED.read_text(encoding="utf-8"), encoding="utf-8")
    imported(source, site)
    source.write_text(
        source.read_text(encoding="utf-8").replace("Robotics Engineer", "Robotics Lead"),
        encoding="utf-8",
    )
    run = imported(source, site)
    assert "Robotics Lead" in (site / "content" / "experience.yaml").read_text(encoding="utf-8")
    assert "content/experience.yaml: updated" in run.out


def test_a_file_the_user_wrote_is_never_replaced(tmp_path):
    site = tmp_path / "site"
    (site / "content").mkdir(parents=True)
    mine = "- position: My own entry\n"
    (site / "content" / "experience.yaml").write_text(mine, encoding="utf-8")
    imported(SEED, site)
    assert (site / "content" / "experience.yaml").read_text(encoding="utf-8") == mine
    assert (site / "imported" / "content" / "experience.yaml").is_file()


def test_dry_run_writes_nothing(tmp_path):
    site = tmp_path / "site"
    run = imported(SEED, site, "--dry-run")
    assert not site.exists()
    assert "dry run: nothing written" in run.out
    assert "content/experience.yaml: new" in run.out


@pytest.mark.parametrize("link", ["content", "content/experience.yaml"])
def test_a_symbolic_link_out_of_the_site_is_refused(tmp_path, link):
    site = tmp_path / "site"
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    site.mkdir()
    if link == "content":
        (site / "content").symlink_to(outside, target_is_directory=True)
    else:
        (site / "content").mkdir()
        (site / link).symlink_to(outside / "experience.yaml")
    run = run_cli("import", "markdown", SEED, "--site", site)
    assert run.code == 2
    assert "symbolic link that leads out of the site" in run.err
    assert "Traceback" not in run.err
    assert list(outside.iterdir()) == []
    assert not (site / "site.yaml").exists()  # nothing at all was written


def test_untrusted_text_is_escaped_and_links_checked(tmp_path):
    source = tmp_path / "resume.md"
    source.write_text(
        "# Mallory Example\n\n## Experience\n\n"
        "**Engineer** | Evil Corp | 2020 - 2021\n\n"
        "Wrote <script>alert(1)</script> and [a link](javascript:alert(2)).\n"
        "- <img src=x onerror=alert(3)> highlights\n",
        encoding="utf-8",
    )
    site = tmp_path / "site"
    run = imported(source, site)
    assert "HTML tags left out, their text kept" in run.out
    assert "a link with an unsafe URL scheme, written as text" in run.out
    assert run_cli("build", "--site", site).code == 0
    html = "".join(p.read_text(encoding="utf-8") for p in (site / "output").rglob("*.html"))
    assert "<script>alert" not in html and "<img src=x" not in html
    assert 'href="javascript' not in html
    assert "alert(1)" in html and "a link" in html  # the text itself is kept


def test_a_file_over_the_size_limit_is_refused(tmp_path):
    source = tmp_path / "huge.md"
    source.write_bytes(b"# A Name\n" + b"x" * (10 * 1024 * 1024 + 1))
    run = run_cli("import", "markdown", source, "--site", tmp_path / "site")
    assert run.code == 1
    assert "file is too large" in run.err
    assert not (tmp_path / "site").exists()


def test_the_report_names_where_each_line_went(tmp_path):
    run = imported(SEED, tmp_path / "site")
    assert re.search(r"^\s+1 structure -> section education", run.out, re.M)
    assert re.search(r"^\s+3 field -> content/education.yaml\[0\].degree", run.out, re.M)
    assert "no name at the top of seed-resume.txt" in run.out


def test_no_name_comes_from_the_option(tmp_path):
    site = tmp_path / "site"
    imported(SEED, site, "--name", "Silin Zhao")
    profile = yaml.safe_load((site / "content" / "profile.yaml").read_text(encoding="utf-8"))
    assert profile["name"] == "Silin Zhao"
    assert os.path.isfile(site / "site.yaml")


def test_a_site_with_profile_yml_keeps_one_profile(tmp_path):
    site = tmp_path / "site"
    (site / "content").mkdir(parents=True)
    (site / "site.yaml").write_text("title: Mine\nbase_url: https://example.org/\n")
    (site / "content" / "profile.yml").write_text("name: Silin Zhao\n", encoding="utf-8")
    imported(SEED, site)
    assert not (site / "content" / "profile.yaml").exists()
    assert (site / "imported" / "content" / "profile.yml").is_file()
    assert run_cli("build", "--site", site).code == 0


def test_the_imported_seed_shows_on_the_built_site(tmp_path):
    site = tmp_path / "site"
    imported(SEED, site)
    assert run_cli("build", "--site", site).code == 0
    cv = (site / "output" / "cv" / "index.html").read_text(encoding="utf-8")
    for fact in (
        "Silin Zhao",
        "Mianyang Lunqi Robotics Co., Ltd.",
        "Improving Portability and Interoperability of Deep-Learning Workloads using ONNX",
        "Kubernetes Certified Application Developer (CKAD)",
        "Emacs (10+ years)",
        "Federated Learning Systems &amp; Applications",
        "Research Projects",
    ):
        assert fact in cv, fact
