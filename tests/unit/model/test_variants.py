"""CV variants (site.yaml `variants`): which entries, highlights and sections a variant keeps,
the schema's located errors, the unknown-tag warning, and highlights with tags everywhere a
highlight goes (schema, JSON Schema, resume.json)."""

from __future__ import annotations

import json
import logging

import jsonschema
import pytest

from generator.content.jsonschema import schemas
from generator.content.schema import Variant
from generator.errors import ContentErrors
from generator.model.resume import load
from generator.model.variants import Choice, tailor
from generator.site.resumejson import resume_json
from tests.helpers import SITE_YAML, write_site

EXPERIENCE = """\
- position: Deep learning engineer
  organization: A
  tags: [PyTorch, Deep Learning]
  highlights:
    - Led a team of four.
    - text: Trained transformers on **512 GPUs**.
      tags: [deep-learning]
    - text: Ported the billing service to Java.
      tags: [Java]
    - text: Wrote the MPI layer.
      tags: [MPI]
- position: Java developer
  organization: B
  tags: [Java, Spring]
- position: Web developer
  organization: C
  tags: [Django]
- position: Night porter
  organization: D
- position: Researcher
  organization: E
  tags: [pytorch, HPC]
"""
EDUCATION = """\
- degree: MSc
  institution: U
  tags: [Deep Learning]
  thesis:
    title: On nets
    highlights:
      - text: Found one.
        tags: [Deep Learning]
      - text: Found none in Java.
        tags: [Java]
"""
SKILLS = """\
- title: Languages
  items: [Python, Java]
- title: Frameworks
  tags: [Java]
  items: [Spring]
"""


def _site(tmp_path, variants: str, files: dict | None = None):
    files = {
        "site.yaml": SITE_YAML + variants,
        "content/experience.yaml": EXPERIENCE,
        "content/education.yaml": EDUCATION,
        "content/skills.yaml": SKILLS,
        **(files or {}),
    }
    return write_site(tmp_path / "site", files)


def _variant(**fields) -> Variant:
    return Variant.model_validate({"name": "v", **fields})


def _titles(resume, section: str) -> list[str]:
    found = resume.section(section)
    return [item.title for item in found.items] if found else []


@pytest.fixture
def resume(tmp_path):
    return load(_site(tmp_path, "")).resume


def test_include_keeps_matching_and_untagged_entries_and_drops_the_other_tagged(resume):
    tailored = tailor(resume, _variant(include_tags=["PyTorch"]))
    assert _titles(tailored, "experience") == [
        "Deep learning engineer",
        "Night porter",  # untagged: kept
        "Researcher",  # `pytorch` is `PyTorch`: tags compare by slug
    ]


def test_exclude_wins_over_include(resume):
    variant = _variant(include_tags=["PyTorch", "Java"], exclude_tags=["hpc"])
    assert _titles(tailor(resume, variant), "experience") == [
        "Deep learning engineer",
        "Java developer",
        "Night porter",
    ]


def test_without_include_tags_every_entry_but_the_excluded_stays(resume):
    tailored = tailor(resume, _variant(exclude_tags=["Java", "Django"]))
    assert _titles(tailored, "experience") == [
        "Deep learning engineer",
        "Night porter",
        "Researcher",
    ]


def test_exclude_untagged_drops_entries_without_tags(resume):
    tailored = tailor(resume, _variant(include_tags=["PyTorch"], exclude_untagged=True))
    assert _titles(tailored, "experience") == ["Deep learning engineer", "Researcher"]
    assert _titles(tailored, "skills") == []  # `Languages` has no tags, `Frameworks` is Java
    assert [s.name for s in tailored.sections] == ["experience"]  # none left empty


def test_highlights_with_tags_are_chosen_untagged_ones_stay(resume):
    variant = _variant(include_tags=["Deep Learning"], exclude_tags=["MPI"])
    entry = tailor(resume, variant).section("experience").items[0]
    assert [h.text for h in entry.data.highlights] == [
        "Led a team of four.",
        "Trained transformers on **512 GPUs**.",
    ]
    thesis = tailor(resume, variant).section("education").items[0].data.thesis
    assert [h.text for h in thesis.highlights] == ["Found one."]


def test_the_resume_itself_is_untouched(resume):
    tailor(resume, _variant(include_tags=["Deep Learning"], sections=["skills"]))
    assert len(resume.section("experience").items[0].data.highlights) == 4
    assert [s.name for s in resume.sections] == ["education", "experience", "skills"]


def test_sections_choose_and_order_and_max_keeps_the_first(resume):
    variant = _variant(sections=["skills", "experience"], max_per_section=2)
    tailored = tailor(resume, variant)
    assert [s.name for s in tailored.sections] == ["skills", "experience"]
    assert _titles(tailored, "experience") == ["Deep learning engineer", "Java developer"]


def test_max_per_section_counts_after_the_tags_choose(resume):
    variant = _variant(include_tags=["pytorch"], max_per_section=2)
    assert _titles(tailor(resume, variant), "experience") == [
        "Deep learning engineer",
        "Night porter",
    ]


@pytest.mark.parametrize(
    ("tags", "expected"),
    [((), True), (("java",), False), (("mpi",), False), (("dl",), True), (("dl", "java"), False)],
)
def test_choice_keeps(tags, expected):
    choice = Choice(frozenset({"dl"}), frozenset({"java"}))
    assert choice.keeps(frozenset(tags)) is expected


# --- site.yaml ---------------------------------------------------------------------------


def _errors(tmp_path, variants: str) -> list[str]:
    with pytest.raises(ContentErrors) as raised:
        load(_site(tmp_path, variants))
    return [str(error) for error in raised.value.errors]


def test_an_unknown_section_is_an_error_at_its_line_with_a_suggestion(tmp_path):
    variants = "variants:\n  - name: ml\n    sections: [skills, experiense]\n"
    assert _errors(tmp_path, variants) == [
        "site.yaml:5:24: variants[0].sections[1]: no section named 'experiense' in content/ "
        "(did you mean 'experience'?)"
    ]


def test_a_duplicate_variant_name_is_an_error_at_the_second(tmp_path):
    variants = "variants:\n  - name: ml\n  - name: hpc\n  - name: ml\n    label: again\n"
    assert _errors(tmp_path, variants) == [
        "site.yaml:6:5: variants[2]: a variant named 'ml' comes before this one (each needs a "
        "name of its own)"
    ]


@pytest.mark.parametrize("name", ["../x", "ML", "a b", "-x", "x/y", "cv.pdf", "a" * 65])
def test_a_name_that_is_no_safe_slug_is_an_error(tmp_path, name):
    variants = f"variants:\n  - name: {json.dumps(name)}\n"
    [error] = _errors(tmp_path, variants)
    assert error.startswith("site.yaml:4:11: variants[0].name: ")
    assert "is not a safe name for /cv/<name>/ and cv-<name>.pdf" in error


def test_a_section_listed_twice_is_an_error(tmp_path):
    variants = "variants:\n  - name: ml\n    sections: [skills, skills]\n"
    assert _errors(tmp_path, variants) == [
        "site.yaml:5:24: variants[0].sections[1]: 'skills' is listed twice"
    ]


def test_an_unknown_tag_warns_at_its_line_with_a_did_you_mean(tmp_path, caplog):
    variants = (
        "variants:\n  - name: ml\n    include_tags: [Pytorh, MPI]\n"
        "    exclude_tags: [Cobol, spring]\n"
    )
    with caplog.at_level(logging.WARNING):
        load(_site(tmp_path, variants))
    assert [r.getMessage() for r in caplog.records] == [
        "site.yaml:5:20: variants[0].include_tags[0]: no entry or highlight has the tag "
        "'Pytorh', so it chooses nothing (did you mean 'PyTorch'?)",
        "site.yaml:6:20: variants[0].exclude_tags[0]: no entry or highlight has the tag "
        "'Cobol', so it chooses nothing",
    ]  # MPI is a highlight's tag, spring an entry's (in another case): both known


# --- highlights with tags, wherever highlights go -------------------------------------------


def test_a_highlight_mapping_needs_text_and_knows_no_other_key(tmp_path):
    experience = "- position: X\n  highlights:\n    - tags: [a]\n    - text: t\n      tag: [a]\n"
    with pytest.raises(ContentErrors) as raised:
        load(write_site(tmp_path / "site", {"content/experience.yaml": experience}))
    text = str(raised.value)
    assert (
        "content/experience.yaml:3:7: experience[0].highlights[0].text: missing required "
        "field 'text'" in text
    )
    assert "experience[0].highlights[1].tag: unknown field 'tag' (did you mean 'tags'?)" in text


def test_resume_json_gives_highlights_as_text(resume):
    exported = json.loads(resume_json(resume))
    assert exported["work"][0]["highlights"] == [
        "Led a team of four.",
        "Trained transformers on **512 GPUs**.",
        "Ported the billing service to Java.",
        "Wrote the MPI layer.",
    ]


def test_the_editor_schema_takes_text_a_mapping_and_text_per_language():
    schema = schemas()["experience.schema.json"]
    entry = {
        "position": "X",
        "highlights": [
            "plain",
            {"en": "a", "de": "b"},
            {"text": "t", "tags": ["LLM"]},
            {"text": {"en": "a", "de": "b"}},
        ],
    }
    assert list(jsonschema.Draft202012Validator(schema).iter_errors([entry])) == []
    bad = {"position": "X", "highlights": [{"text": "t", "tag": ["x"]}]}
    assert list(jsonschema.Draft202012Validator(schema).iter_errors([bad])) != []
    site = schemas()["site.schema.json"]
    variant = {"name": "ml", "label": {"en": "CV", "de": "Lebenslauf"}, "sections": ["skills"]}
    config = {"title": "T", "base_url": "https://x.org/", "variants": [variant]}
    assert list(jsonschema.Draft202012Validator(site).iter_errors(config)) == []


def test_an_unsafe_link_in_a_tagged_highlight_is_placed_at_its_text(tmp_path):
    experience = (
        "- position: X\n  highlights:\n    - '[a](javascript:alert(1))'\n"
        "    - tags: [a]\n      text: '[b](javascript:alert(2))'\n"
    )
    with pytest.raises(ContentErrors) as raised:
        load(write_site(tmp_path / "site", {"content/experience.yaml": experience}))
    places = [f"{e.line}:{e.column} {e.field}" for e in raised.value.errors]
    assert places == ["3:7 experience[0].highlights[0]", "5:13 experience[0].highlights[1].text"]


def test_a_variant_shows_the_cvs_sections_by_default_and_its_own_order_else(tmp_path):
    cv = "cv:\n  sections: [skills, experience]\n"
    resume = load(_site(tmp_path, cv)).resume
    assert [s.name for s in tailor(resume, _variant()).cv_sections] == ["skills", "experience"]
    own = tailor(resume, _variant(sections=["education", "skills"]))
    assert [s.name for s in own.cv_sections] == ["education", "skills"]  # not cv.sections'
    assert [s.name for s in resume.cv_sections] == ["skills", "experience"]  # untouched
