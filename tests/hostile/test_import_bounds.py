"""Imports hold their sources to the build's bounds as they read them, with located errors.

- A Hugo Blox page whose TOML front matter nests 5,000 levels (`x = [[[…]]]`) ended in
  "internal error: RecursionError"; it is left out now, as a YAML one is, with
  `file:line:column: nested deeper than 64 levels` in the report.
- A resume.json with a 9 MB summary was written into a site that then failed to load
  ("a bug in the importer"); one with 200,000 `work` items was refused as "too many values"
  only once the reader with line marks had gone through the whole file. Both are refused
  as soon as the JSON is parsed, at the first value past the bound, which the error names
  (`basics.summary`, `work[33332]`), and nothing is written.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run_cli

DEEP = 5_000


def _hugo_site(root: Path, front_matter: str) -> Path:
    page = root / "content" / "publication" / "deep" / "index.md"
    page.parent.mkdir(parents=True)
    page.write_text(f"{front_matter}\nThe abstract.\n", encoding="utf-8")
    return root


def _plain(run) -> None:
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert "RecursionError" not in run.out + run.err


@pytest.mark.parametrize(
    ("head", "where"),
    [
        ("x = " + "[" * DEEP + "]" * DEEP, "index.md:3:69"),  # the 65th '[': 4 + 64 + 1
        ("x = " + "{a = " * DEEP + "1" + "}" * DEEP, "index.md:3:325"),  # 4 + 64 * 5 + 1
        ('s = "[[[[" # [[[[\nx = ' + "[" * 65 + "]" * 65, "index.md:4:69"),  # not in text
        (".".join(["a"] * DEEP) + " = 1", "index.md:2:1"),  # dotted keys: the front matter
    ],
    ids=["arrays", "inline-tables", "brackets-in-strings", "dotted-keys"],
)
def test_toml_front_matter_nested_too_deep_is_left_out_with_its_place(tmp_path, head, where):
    source = _hugo_site(tmp_path / "hugo", f'+++\ntitle = "Deep"\n{head}\n+++')
    run = run_cli("import", "hugoblox", source, "--site", tmp_path / "site")
    _plain(run)
    assert run.code == 0, run.err
    assert f"front matter not readable: content/publication/deep/{where}: nested deeper " \
        "than 64 levels" in run.out, run.out  # fmt: skip


def test_toml_and_yaml_share_the_depth_limit(tmp_path):
    """64 levels are read, 65 are not, in TOML as in YAML front matter."""
    for depth, readable in [(64, True), (65, False)]:
        for name, front in [
            ("toml", f'+++\ntitle = "D"\nx = {"[" * depth}{"]" * depth}\n+++'),
            ("yaml", f"---\ntitle: D\nx: {'[' * depth}{']' * depth}\n---"),
        ]:
            source = _hugo_site(tmp_path / f"{name}{depth}", front)
            run = run_cli("import", "hugoblox", source, "--dry-run", "--site", tmp_path / "s")
            _plain(run)
            assert ("nested deeper than 64 levels" not in run.out) == readable, (name, depth)


def _refused_before_writing(run, site: Path, error: str) -> None:
    _plain(run)
    assert run.code == 1, (run.code, run.out, run.err)
    assert run.err.strip().splitlines() == [error, "1 error found."], run.err
    assert "a bug in the importer" not in run.err
    assert not site.exists(), sorted(site.rglob("*"))


def test_a_summary_over_the_text_limit_is_refused_at_its_field(tmp_path):
    resume = tmp_path / "resume.json"
    summary = "word " * 1_800_000  # 9 MB, under the 10 MB of a file
    resume.write_text(json.dumps({"basics": {"name": "A", "summary": summary}}), encoding="utf-8")
    run = run_cli("import", "jsonresume", resume, "--site", tmp_path / "site")
    _refused_before_writing(
        run,
        tmp_path / "site",
        f"{resume}:1:37: basics.summary: a text of 9,000,000 characters is too long (the "
        "limit is 262,144, as for a Markdown text: split it, or link to a file)",
    )


def test_any_text_over_the_limit_is_named_where_it_is(tmp_path):
    """Deep in a list, on a later line: the line and column of the value, its field path."""
    resume = tmp_path / "resume.json"
    work = [{"name": "A"}, {"name": "B", "highlights": ["ok", "x" * 262_145]}]
    resume.write_text(json.dumps({"basics": {"name": "A"}, "work": work}, indent=2), "utf-8")
    run = run_cli("import", "jsonresume", resume, "--site", tmp_path / "site")
    line = next(
        n
        for n, text in enumerate(resume.read_text("utf-8").splitlines(), 1)
        if text.strip().startswith('"xxx')
    )
    _refused_before_writing(
        run,
        tmp_path / "site",
        f"{resume}:{line}:9: work[1].highlights[1]: a text of 262,145 characters is too long "
        "(the limit is 262,144, as for a Markdown text: split it, or link to a file)",
    )


def test_200000_work_items_are_refused_at_the_one_past_the_limit(tmp_path):
    resume = tmp_path / "resume.json"
    work = [{"name": f"C{i}", "position": "P"} for i in range(200_000)]
    resume.write_text(json.dumps({"basics": {"name": "A"}, "work": work}), encoding="utf-8")
    run = run_cli("import", "jsonresume", resume, "--site", tmp_path / "site")
    # The 100,001st value (the document, each mapping value, each list item): work[33332].
    text = resume.read_text(encoding="utf-8")
    column = text.index('{"name": "C33332"') + 1
    _refused_before_writing(
        run,
        tmp_path / "site",
        f"{resume}:1:{column}: work[33332]: too many values: more than 100,000 list items "
        "and mapping values in one file (the limit keeps a build's memory and time in "
        "bounds); split it into smaller files",
    )


def test_json_nested_past_the_limit_is_refused_at_the_level_too_many(tmp_path):
    resume = tmp_path / "resume.json"
    resume.write_text('{"basics": {"name": "A"}, "x": ' + "[" * 70 + "]" * 70 + "}", "utf-8")
    run = run_cli("import", "jsonresume", resume, "--site", tmp_path / "site")
    # x is at level 1, its list at 1, the 64th '[' inside it at level 64, the 65th past it.
    column = len('{"basics": {"name": "A"}, "x": ') + 64 + 1
    _plain(run)
    assert run.code == 1 and not (tmp_path / "site").exists(), run.err
    error = run.err.strip().splitlines()[0]  # the field path, x[0][0]…, cut to 80 characters
    assert error.startswith(f"{resume}:1:{column}: x[0][0][0]"), error
    assert error.endswith("…: nested deeper than 64 levels"), error
