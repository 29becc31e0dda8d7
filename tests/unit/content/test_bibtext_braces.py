"""Text whose only LaTeX is braces and dashes skips the LaTeX parser: it must read as the
parser reads it.

Checked on every such field of the real .bib files kept as fixtures (their sources:
tests/fixtures/realworld/SOURCES.md), not only on text written for the test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content import bibtext
from generator.content.bibparse import parse

REAL = Path(__file__).resolve().parents[2] / "fixtures" / "realworld"


@pytest.fixture(scope="module")
def braces_and_dashes() -> list[str]:
    """Every field value of the real files whose only LaTeX is braces and dashes."""
    values: set[str] = set()
    for path in sorted(REAL.glob("**/*.bib")):
        for record in parse(path.read_text(encoding="utf-8", errors="replace"), path.name).records:
            values.update(field.value for field in record.fields.values())
    return sorted(v for v in values if re.search("[{}]|--", v) and not re.search(r"[\\$~%`]|''", v))


def test_the_real_files_have_many_such_fields(braces_and_dashes):
    assert len(braces_and_dashes) > 1000  # titles' {GPU}s, {B}ayesian, {ARM}; pages' 12--19


@pytest.mark.parametrize("paragraphs", [False, True])
def test_such_text_reads_as_the_latex_parser_reads_it(braces_and_dashes, paragraphs):
    differ = []
    for value in braces_and_dashes:
        parsed = bibtext._latex_to_text(value)
        if paragraphs:
            blocks = re.split(r"\n\s*\n", parsed)
            expected = "\n\n".join(" ".join(b.split()) for b in blocks if b.strip())
        else:
            expected = " ".join(parsed.split())
        if bibtext.decode(value, paragraphs=paragraphs) != expected:
            differ.append(value)
    assert differ == []


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("{The U.S. CMS HL-LHC R&D Strategic Plan}", "The U.S. CMS HL-LHC R&D Strategic Plan"),
        ("{R&D} for {\\em everyone}", "R&D for everyone"),  # through the parser
        ("AT\\&T and R&D", "AT&T and R&D"),
        ("{{GPU}s} on {ARM}", "GPUs on ARM"),
        ("12--19 and 3---4 and 5----6", "12–19 and 3—4 and 5—-6"),
    ],
)
def test_ampersands_braces_and_dashes(value, text):
    assert bibtext.decode(value) == text


@pytest.mark.parametrize("value", ["a}b{c", "{open", "close}", "}{"])
def test_unbalanced_braces_go_to_the_parser(value):
    assert bibtext.decode(value) == " ".join(bibtext._latex_to_text(value).split())
