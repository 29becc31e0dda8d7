"""Wrong types in every field of every model: one located error per field, never a traceback.

The fields come from the pydantic models (tests/hostile/fields.py).
"""

from __future__ import annotations

import pytest

from generator.content.schema import Profile, SiteConfig, model_for
from generator.errors import ContentErrors, format_field_path
from generator.model.resume import load
from tests.helpers import run_cli, write_site, yaml_text
from tests.hostile.fields import leaves, put
from tests.hostile.hostile_site import SECTIONS

# A value of the wrong type for each kind of field.
WRONG = {
    "text": {"a": "mapping"},
    "bool": "maybe",
    "int": "many",
    "number": "lots",
    "date": "someday",
    "literal": "nonsense",
    "mapping": ["a", "list"],
}
# Required siblings: a file whose every field is wrong still needs these to say more.
SITE_BASE = {"title": "T", "base_url": "https://example.org/"}


def _wrong_file(model, root_path=()):
    data: dict = {}
    expected = set()
    for leaf in leaves(model):
        put(data, leaf.path, WRONG[leaf.kind])
        expected.add(leaf.path)
    return data, expected


def _site_files():
    """Every file with every field wrong, and the field names each must be blamed for."""
    files, expected = {}, {}
    for name, model, root in [("site.yaml", SiteConfig, ""), ("content/profile.yaml", Profile, "")]:
        data, paths = _wrong_file(model)
        files[name] = data
        expected[name] = {format_field_path(root, p) for p in paths}
    for section in SECTIONS:
        data, paths = _wrong_file(model_for(section))
        files[f"content/{section}.yaml"] = [data]
        expected[f"content/{section}.yaml"] = {format_field_path(section, (0, *p)) for p in paths}
    return files, expected


def test_every_field_of_every_model_is_generated():
    _, expected = _site_files()
    assert len(expected) == len(SECTIONS) + 2
    assert "publications[0].month" in expected["content/publications.yaml"]
    assert "education[0].thesis.advisors[0]" in expected["content/education.yaml"]
    assert "markdown.unsafe_html" in expected["site.yaml"]
    assert sum(len(v) for v in expected.values()) > 250


def test_a_wrong_type_in_any_field_is_an_error_at_that_field(tmp_path):
    files, expected = _site_files()
    root = write_site(tmp_path / "site", {k: yaml_text(v) for k, v in files.items()})
    with pytest.raises(ContentErrors) as info:
        load(root)
    found = {}
    for error in info.value.errors:
        assert error.line >= 1, error
        found.setdefault(error.file, set()).add(error.field)
    for file, fields in expected.items():
        missing = fields - found.get(file, set())
        assert not missing, f"{file}: no error for {sorted(missing)}"


@pytest.mark.parametrize(
    ("section", "field", "value", "message"),
    [
        ("projects", "tags", "one, two", "expected a list, found 'one, two'"),
        ("projects", "links", {"label": "x"}, "expected a list, found a mapping"),
        ("projects", "highlights", {"a": 1}, "expected a list, found a mapping"),
        ("education", "thesis", ["a"], "expected a mapping of keys to values, found a list"),
        ("publications", "authors", "A and B", "expected a list, found 'A and B'"),
        ("skills", "items", "Go, Python", "expected a list, found 'Go, Python'"),
        ("projects", "draft", ["yes"], "expected true or false, found a list"),
        ("projects", "weight", "1.5", "expected a whole number, found '1.5'"),
        ("projects", "start", ["2020"], "a list is not a date"),
    ],
)
def test_a_list_or_mapping_where_another_shape_belongs(site_errors, section, field, value, message):
    entry = {"title": "T", field: value}
    (error,) = site_errors({f"content/{section}.yaml": yaml_text([entry])})
    assert error.startswith(f"content/{section}.yaml:")
    assert f"{section}[0].{field}: {message}" in error


def test_the_command_reports_every_wrong_type_without_a_traceback(tmp_path):
    files, expected = _site_files()
    root = write_site(tmp_path / "site", {k: yaml_text(v) for k, v in files.items()})
    result = run_cli("build", "--site", root)
    assert result.code == 1
    assert "Traceback" not in result.err and "internal error" not in result.err
    count = sum(len(v) for v in expected.values())
    assert int(result.err.splitlines()[-1].split()[0]) >= count
    assert not (root / "output").exists()
