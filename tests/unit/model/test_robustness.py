"""Never a traceback: whatever the input, reading and modelling end in data or ContentErrors."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.schema import SECTION_MODELS
from generator.content.textfile import decode
from generator.content.yamlio import load_yaml, split_front_matter
from generator.errors import ContentErrors
from generator.model.resume import load
from tests.helpers import write_site, yaml_text

FIELD_NAMES = sorted(
    {name for model in SECTION_MODELS.values() for name in model.model_fields} | {"name", "url"}
)
SCALARS = st.one_of(
    st.none(),
    st.text(max_size=20),
    st.sampled_from(["2021", "2021.13", "present", "javascript:x", "[a](javascript:b)", "../x"]),
    st.integers(-5, 3000),
    st.booleans(),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(FIELD_NAMES), inner, max_size=4),
    ),
    max_leaves=12,
)
ENTRIES = st.lists(st.dictionaries(st.sampled_from(FIELD_NAMES), VALUES, max_size=6), max_size=4)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_data_or_content_errors(text):
    try:
        load_yaml(text, "f.yaml")
    except ContentErrors as exc:
        assert all(str(e).startswith("f.yaml") for e in exc.errors)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="-:[]{}&*!|>'\"#%@` \t\n?,.ab12", max_size=120))
def test_yaml_punctuation_is_data_or_content_errors(text):
    for reader in (lambda: load_yaml(text, "f.yaml"), lambda: split_front_matter(text, "f.md")):
        with contextlib.suppress(ContentErrors):
            reader()


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=100))
def test_any_bytes_decode_or_give_content_errors(raw):
    with contextlib.suppress(ContentErrors):
        decode(raw, "f.yaml")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(SECTION_MODELS) + ["generic"]), ENTRIES, st.booleans())
def test_any_entries_load_or_give_located_content_errors(tmp_path_factory, section, entries, md):
    root = tmp_path_factory.mktemp("site")
    if md:
        files = {
            f"content/{section}/e{i}.md": f"---\n{yaml_text(entry)}---\nBody {i}\n"
            for i, entry in enumerate(entries)
        }
    else:
        files = {f"content/{section}.yaml": yaml_text(entries)}
    try:
        load(write_site(root, files))
    except ContentErrors as exc:
        for error in exc.errors:
            assert error.file.startswith(f"content/{section}"), error
            assert error.line >= 1, error
