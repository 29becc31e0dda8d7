"""The suite's memo of Typst's PDFs (tests/typstmemo.py) answers only for the very same
inputs: a test that changes a template, a file beside it, a font or the data gets Typst's
new answer, and a failure is never remembered."""

from __future__ import annotations

from pathlib import Path

import pytest
import typst

from generator.model.resume import load
from generator.render.cvdocument import cv_document
from generator.render.theme import load_theme
from generator.render.typstpdf import font_folders, template_of, typeset
from tests import typstmemo
from tests.helpers import REPO, write_site

TEMPLATE = '#let cv = json(bytes(sys.inputs.cv))\n#text(font: "{font}")[#cv.name]\n'


class Counted:
    """Typst's own compile_with_warnings, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.real = getattr(typst.compile_with_warnings, "__wrapped__", typst.compile_with_warnings)

    def __call__(self, *args, **options):
        self.calls += 1
        return self.real(*args, **options)


@pytest.fixture
def memo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(typstmemo.FOLDER_VARIABLE, str(tmp_path / "memo"))
    (tmp_path / "memo").mkdir()
    typst_calls = Counted()
    return typstmemo.remembering(typst_calls), typst_calls


def _template(folder: Path, font: str = "Libertinus Serif") -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "cv.typ").write_text(TEMPLATE.replace("{font}", font), encoding="utf-8")
    return folder / "cv.typ"


def _compile(
    compile_or_recall,
    template: Path,
    name: str = "Ada",
    fonts: list[str] = (),
    packages: Path | None = None,
):
    more = {"package_path": str(packages)} if packages else {}
    return compile_or_recall(
        template,
        root=template.parent,
        font_paths=list(fonts),
        ignore_system_fonts=True,
        sys_inputs={"cv": f'{{"name": "{name}"}}'},
        **more,
    )


def test_the_same_inputs_are_typeset_once_and_give_the_same_pdf_and_warnings(memo, tmp_path):
    compile_or_recall, typst_calls = memo
    template = _template(tmp_path / "theme", font="No Such Font")
    first_pdf, first_warnings = _compile(compile_or_recall, template)
    again_pdf, again_warnings = _compile(compile_or_recall, template)
    assert typst_calls.calls == 1
    assert again_pdf == first_pdf and again_pdf.startswith(b"%PDF")
    assert [(w.message, w.diagnostic) for w in again_warnings] == [
        (w.message, w.diagnostic) for w in first_warnings
    ]
    assert "unknown font family" in again_warnings[0].message


def test_other_data_a_changed_template_or_a_new_file_beside_it_is_typeset_again(memo, tmp_path):
    compile_or_recall, typst_calls = memo
    template = _template(tmp_path / "theme")
    first, _ = _compile(compile_or_recall, template)
    assert _compile(compile_or_recall, template, name="Grace")[0] != first
    _template(tmp_path / "theme", font="DejaVu Sans Mono")
    assert _compile(compile_or_recall, template)[0] != first
    (template.parent / "photo.txt").write_text("read by a template, say", encoding="utf-8")
    _compile(compile_or_recall, template)
    assert typst_calls.calls == 4


@pytest.mark.parametrize("kind", ["fonts", "packages"])
def test_a_changed_font_or_package_folder_is_typeset_again(memo, tmp_path, kind):
    compile_or_recall, typst_calls = memo
    template = _template(tmp_path / "theme")
    folder = tmp_path / kind
    folder.mkdir()
    given = {"fonts": [str(folder)]} if kind == "fonts" else {"packages": folder}
    _compile(compile_or_recall, template, **given)
    _compile(compile_or_recall, template, **given)
    (folder / "added").write_bytes(b"not really a font, nor a Typst module")
    _compile(compile_or_recall, template, **given)
    assert typst_calls.calls == 2


def test_a_failure_is_not_remembered(memo, tmp_path):
    compile_or_recall, typst_calls = memo
    template = tmp_path / "broken.typ"
    template.write_text("#let x = \n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(typst.TypstError):
            _compile(compile_or_recall, template)
    assert typst_calls.calls == 2


def test_without_its_folder_named_every_call_goes_to_typst(memo, tmp_path, monkeypatch):
    compile_or_recall, typst_calls = memo
    monkeypatch.delenv(typstmemo.FOLDER_VARIABLE)
    template = _template(tmp_path / "theme")
    _compile(compile_or_recall, template)
    _compile(compile_or_recall, template)
    assert typst_calls.calls == 2


def test_cvsites_own_calls_are_remembered(memo, tmp_path, monkeypatch):
    """The arguments cvsite gives (its shared Typst package's folder among them) are all
    understood: before, every PDF of the suite went to Typst again."""
    compile_or_recall, typst_calls = memo
    monkeypatch.setattr(typst, "compile_with_warnings", compile_or_recall)
    theme = load_theme("meridian", REPO, {})
    site = write_site(tmp_path / "site", {"content/profile.yaml": "name: Ada Lovelace\n"})
    document = cv_document(load(site).resume, options=theme.options)
    first = typeset(document, template_of(theme), font_folders(theme))
    assert typeset(document, template_of(theme), font_folders(theme)) == first
    assert typst_calls.calls == 1
