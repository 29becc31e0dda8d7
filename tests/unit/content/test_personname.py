"""The owner's name as papers print it: titles before and degrees after are not the name."""

from __future__ import annotations

import pytest

from generator.content.personname import without_titles


@pytest.mark.parametrize(
    ("written", "bare"),
    [
        ("Dr. Alex Johnson", "Alex Johnson"),
        ("Prof. Dr. Maria Schmidt", "Maria Schmidt"),
        ("Prof Liu Yang", "Liu Yang"),
        ("Dr. rer. nat. Hans Meier", "Hans Meier"),
        ("Dr.-Ing. Karl Benz", "Karl Benz"),
        ("Jane Roe, PhD", "Jane Roe"),
        ("Alex Johnson, Ph.D.", "Alex Johnson"),
        ("Jane Roe PhD, MBA", "Jane Roe"),
        ("John Smith, M.S.", "John Smith"),
        ("Jo Ba, MSc, PhD", "Jo Ba"),
        ("Ms. Amy Ma, MD", "Amy Ma"),
    ],
)
def test_titles_and_degrees_go(written: str, bare: str):
    assert without_titles(written) == bare


@pytest.mark.parametrize(
    "name", ["Amy Ma", "Tom Md", "Med Ali", "Martin Luther King Jr.", "Msila Ndlovu", "Dr."]
)
def test_a_name_that_only_looks_like_a_title_stays(name: str):
    assert without_titles(name) == name
