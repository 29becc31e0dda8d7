"""Text whose only LaTeX is formulas kept as written (`$\\sqrt{s}$`, `\\(x\\)`), with braces
and dashes around them, skips the LaTeX parser: it must read as the parser reads it.

Checked on every such field of the real .bib files kept as fixtures (their sources:
tests/fixtures/realworld/SOURCES.md), physics titles above all, not only on text written
for the test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content import bibtext
from generator.content.bibparse import parse

REAL = Path(__file__).resolve().parents[2] / "fixtures" / "realworld"


def _as_parsed(value: str, paragraphs: bool) -> str:
    parsed = bibtext._latex_to_text(value)
    if not paragraphs:
        return " ".join(parsed.split())
    blocks = re.split(r"\n\s*\n", parsed)
    return "\n\n".join(" ".join(b.split()) for b in blocks if b.strip())


@pytest.fixture(scope="module")
def with_formulas() -> list[str]:
    """Every field value of the real files (titles as `decode` gets them) with a formula."""
    values: set[str] = set()
    for path in sorted(REAL.glob("**/*.bib")):
        for record in parse(path.read_text(encoding="utf-8", errors="replace"), path.name).records:
            for name, field in record.fields.items():
                value = field.value
                if name in ("title", "subtitle"):
                    value = bibtext.without_links(value)[0]
                values.add(bibtext.ensuremath_as_math(value))
    return sorted(v for v in values if "$" in v or "\\(" in v)


def test_most_of_them_skip_the_parser(with_formulas):
    skipping = [v for v in with_formulas if bibtext._formulas_kept(v) is not None]
    assert len(skipping) > 2000  # INSPIRE's `at $\sqrt{s} = 13$ TeV`, ADS's `$_{p}$`


@pytest.mark.parametrize("paragraphs", [False, True])
def test_such_text_reads_as_the_latex_parser_reads_it(with_formulas, paragraphs):
    differ = [
        v
        for v in with_formulas
        if bibtext.decode(v, paragraphs=paragraphs) != _as_parsed(v, paragraphs)
    ]
    assert differ == []


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (
            "{Jets in $pp$ Collisions at $\\sqrt{s}=7$ TeV}",
            "Jets in $pp$ Collisions at $\\sqrt{s}=7$ TeV",
        ),
        ("{$a$ {b}} $c$--$d$", "$a$ b $c$–$d$"),
        ("\\(\\Sigma\\)\\(\\Pi\\) Circuits", "\\(\\Sigma\\)\\(\\Pi\\) Circuits"),
        ("$ \\sqrt{s} $\n= 13 TeV", "$ \\sqrt{s} $ = 13 TeV"),
    ],
)
def test_formulas_stay_as_written(value, text):
    assert bibtext._formulas_kept(value) is not None
    assert bibtext.decode(value) == text


@pytest.mark.parametrize(
    "value",
    [
        "$$x$$ display",  # a display formula
        "$\\$5$ price",  # an escaped dollar inside
        "$x % y$ z",  # a comment swallows the closing dollar
        "{a $b} c$",  # a formula across a group's end
        "$\\frac1$ x",  # an argument missing
        "$x$ \\emph{y}",  # a macro outside
        "$x$ ~ y",  # a tie outside
        "$\\text\\{x\\}$",  # a hand-written slip the parser's path mends
        "a $b",  # no closing dollar
    ],
)
def test_other_text_goes_to_the_parser(value):
    assert bibtext._formulas_kept(value) is None
    assert bibtext.decode(value) == _as_parsed(value, False)
