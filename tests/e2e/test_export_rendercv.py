"""`cvsite export rendercv`: the site's data as a file RenderCV reads.

RenderCV is not a dependency of cvsite (its newest releases need a newer Python). The check
against RenderCV's own model runs where it is installed: in this environment, or in the
Python that RENDERCV_PYTHON names (e.g. a scratch venv with `pip install "rendercv[full]==2.3"`);
elsewhere it is skipped, saying why. The round trips render both files with that RenderCV and
count the PDFs' pages with poppler's `pdfinfo`.

RenderCV's themes import a Typst package, `@preview/fontawesome:0.5.0`, which Typst downloads
from Typst Universe when it is not on the machine; CI has no network. Typst looks in its data
folder first, so each render is given one holding a stand-in (`_FONTAWESOME`): both files of a
round trip are typeset with the same stand-in, so their page counts compare as they would with
the real icons.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.helpers import FIXTURES, REPO, run_cli, write_site

REAL = FIXTURES / "realworld" / "rendercv"
_VALIDATE = """
import json, pathlib, sys
from rendercv import data
model = data.read_input_file(pathlib.Path(sys.argv[1]))
print(json.dumps([[s.title, s.entry_type] for s in model.cv.sections]))
"""
# Written for these tests, not copied from the package: `fa-icon` as RenderCV 2.3 calls it
# (`fa-icon("phone", size: 0.9em)`), a blank box of the icon's size.
_FONTAWESOME = {
    "typst.toml": '[package]\nname = "fontawesome"\nversion = "0.5.0"\nentrypoint = "lib.typ"\n'
    'authors = ["cvsite tests"]\nlicense = "MIT"\ndescription = "A stand-in for the tests"\n',
    "lib.typ": "#let fa-icon(name, solid: false, fill: none, ..args) = "
    'box(width: args.named().at("size", default: 1em), height: 0.8em)\n',
}


def _rendercv_python() -> str | None:
    given = os.environ.get("RENDERCV_PYTHON")
    if given:
        return given
    return sys.executable if importlib.util.find_spec("rendercv") else None


def _validated(path: Path) -> list[list[str]]:
    python = _rendercv_python()
    if python is None:
        pytest.skip("RenderCV is not installed here (set RENDERCV_PYTHON to a Python that has it)")
    run = subprocess.run([python, "-c", _VALIDATE, str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    return yaml.safe_load(run.stdout)


def _exported(site: Path, tmp_path: Path) -> Path:
    out = tmp_path / "cv.yaml"
    run = run_cli("export", "rendercv", "--site", site, "--output", out)
    assert run.code == 0, run.err
    return out


def _pages(source: Path, out: Path) -> int:
    """The pages of the PDF RenderCV renders from `source`."""
    python = _rendercv_python()
    if python is None or shutil.which("pdfinfo") is None:
        pytest.skip("RenderCV or poppler's pdfinfo is not installed here")
    args = ["render", str(source), "--output-folder-name", str(out), "--dont-generate-png"]
    args += ["--dont-generate-markdown", "--dont-generate-html"]
    data = out.parent / f"{out.name}-typst-data"  # Typst's data folder: $XDG_DATA_HOME/typst
    package = data / "typst" / "packages" / "preview" / "fontawesome" / "0.5.0"
    package.mkdir(parents=True)
    for name, text in _FONTAWESOME.items():
        (package / name).write_text(text, encoding="utf-8")
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    command = [python, "-m", "rendercv", *args]
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    if "partial installation" in run.stdout + run.stderr:
        message = 'RenderCV is here without its PDF renderer (pip install "rendercv[full]" click)'
        if os.environ.get("CI"):  # .ci/run installs it: there, a skip would hide a failure
            pytest.fail(message)
        pytest.skip(message)
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    (pdf,) = out.glob("*.pdf")
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)[1])


def _as_installed_rendercv_reads_it(source: Path, tmp_path: Path) -> Path:
    """RenderCV's example, without the settings of releases after 2.3 (its locale names a
    language where 2.3 wants a code, and `settings` is 2.4's): the CV itself as written."""
    document = yaml.safe_load(source.read_text(encoding="utf-8"))
    kept = {key: document[key] for key in ("cv", "design") if key in document}
    path = tmp_path / "original.yaml"
    path.write_text(yaml.safe_dump(kept, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "example", ["John_Doe_ClassicTheme_CV-v2.3.yaml", "John_Doe_ClassicTheme_CV.yaml"]
)
def test_the_john_doe_example_keeps_its_page_count_through_a_round_trip(tmp_path, example):
    original = _as_installed_rendercv_reads_it(REAL / example, tmp_path)
    site = tmp_path / "site"
    assert run_cli("import", "rendercv", REAL / example, "--site", site).code == 0
    back = _exported(site, tmp_path)
    assert _pages(back, tmp_path / "back") == _pages(original, tmp_path / "original")


def test_a_text_section_goes_back_as_text_entries_one_per_paragraph(tmp_path):
    site = tmp_path / "site"
    source = REAL / "John_Doe_ClassicTheme_CV.yaml"
    assert run_cli("import", "rendercv", source, "--site", site).code == 0
    out = _exported(site, tmp_path)
    welcome = yaml.safe_load(out.read_text(encoding="utf-8"))["cv"]["sections"]
    assert welcome["Welcome to RenderCV"] == [
        "RenderCV reads a CV written in a YAML file, and generates a PDF with professional "
        "typography.",
        "Each section title is arbitrary.",
        "You can choose any of the 9 entry types for each section.",
        "Markdown syntax is supported everywhere. This is **bold**, *italic*, and "
        "[link](https://example.com).",
    ]
    assert dict(_validated(out))["Welcome to RenderCV"] == "TextEntry"


def test_no_exported_value_holds_a_line_break(tmp_path):
    """RenderCV 2.3 prints a value's lines over each other; 2.8 shows its Markdown as is."""
    text = _exported(REPO, tmp_path).read_text(encoding="utf-8")
    values = yaml.safe_load(text)

    def strings(value):
        if isinstance(value, dict):
            for inner in value.values():
                yield from strings(inner)
        elif isinstance(value, list):
            for inner in value:
                yield from strings(inner)
        elif isinstance(value, str):
            yield value

    assert [s for s in strings(values["cv"]) if "\n" in s] == []
    assert len(values["cv"]["sections"]["Summary"]) >= 1


def test_what_the_export_leaves_out_is_told_on_the_terminal(tmp_path):
    out = tmp_path / "cv.yaml"
    run = run_cli("export", "rendercv", "--site", REPO, "--output", out)
    assert run.code == 0, run.err
    told = [line for line in run.err.splitlines() if line.startswith("Not exported: ")]
    commented = [
        line.removeprefix("# ")
        for line in out.read_text(encoding="utf-8").splitlines()
        if line.startswith("# Not exported: ")
    ]
    assert told and told == commented
    assert any("the page text of projects/" in line for line in told)
    printed = run_cli("export", "rendercv", "--site", REPO)
    assert "Not exported: " not in printed.out.replace("# Not exported: ", "")
    assert printed.err.splitlines() == told


def test_an_imported_rendercv_file_comes_back_as_rendercv(tmp_path):
    site = tmp_path / "site"
    source = REAL / "John_Doe_ClassicTheme_CV.yaml"
    assert run_cli("import", "rendercv", source, "--site", site).code == 0
    out = _exported(site, tmp_path)
    cv = yaml.safe_load(out.read_text(encoding="utf-8"))["cv"]
    assert cv["social_networks"] == [
        {"network": "LinkedIn", "username": "rendercv"},
        {"network": "GitHub", "username": "rendercv"},
    ]
    papers = cv["sections"]["Publications"]
    assert papers[0]["authors"][0] == "**John Doe**"
    assert papers[0]["doi"] == "10.1234/neurips.2023.1234"
    assert cv["sections"]["Skills"][0] == {
        "label": "Languages",
        "details": "Python, C++, CUDA, Rust, Julia",
    }
    types = dict(_validated(out))
    assert types["Education"] == "EducationEntry"
    assert types["Experience"] == "ExperienceEntry"
    assert types["Publications"] == "PublicationEntry"
    assert types["Skills"] == "OneLineEntry"
    assert types["Selected Honors"] == "NormalEntry"


def test_the_sample_site_exports_a_file_rendercv_accepts(tmp_path):
    out = _exported(REPO, tmp_path)
    text = out.read_text(encoding="utf-8")
    assert "# Not exported: the page text of projects/" in text
    types = dict(_validated(out))
    assert types["Summary"] == "TextEntry" and types["Education"] == "EducationEntry"


def test_export_prints_without_output(tmp_path):
    run = run_cli("export", "rendercv", "--site", REPO)
    assert run.code == 0, run.err
    assert yaml.safe_load(run.out)["cv"]["name"]


def test_the_owner_inside_a_groups_name_is_the_only_bold_part(tmp_path):
    group = "Task Force (co-chairs, Crista Lopes; editor, A. Lovelace)"
    site = write_site(
        tmp_path / "site",
        {
            "content/publications.yaml": f"""
                - title: Virtual conferences
                  authors: ["{group}", Charles Babbage]
                  year: 2020
            """
        },
    )
    cv = yaml.safe_load(_exported(site, tmp_path).read_text(encoding="utf-8"))["cv"]
    assert cv["sections"]["Publications"][0]["authors"] == [
        "Task Force (co-chairs, Crista Lopes; editor, **A. Lovelace**)",
        "Charles Babbage",
    ]


def test_a_bib_titles_signs_reach_rendercv_as_written(tmp_path):
    """A .bib title is text (ZEUS's `High Q**2`, NASA ADS's `[C II]`): cvsite keeps it as
    escaped Markdown; RenderCV reads `\\*` as an asterisk and any other escape as written."""
    bib = (
        "@article{a, author={Lovelace, A.}, title={{High Q**2 cross-sections}}, year=2003}\n"
        "@article{b, author={Lovelace, A.}, title={[C II] cooling and __init__ < 5}, year=2004}\n"
    )
    site = write_site(tmp_path / "site", {"content/publications.bib": bib})
    cv = yaml.safe_load(_exported(site, tmp_path).read_text(encoding="utf-8"))["cv"]
    titles = sorted(entry["title"] for entry in cv["sections"]["Publications"])
    assert titles == ["High Q\\*\\*2 cross-sections", "[C II] cooling and __init__ < 5"]
