"""MathML in a .bib field as TeX: the elements INSPIRE's titles use, each on MathML a real
title has (gutsche-complete_publication_list.bib)."""

from __future__ import annotations

import pytest

from generator.content.mathml import mathml_as_tex


@pytest.mark.parametrize(
    ("mathml", "tex"),
    [
        (  # script and upright letters, an arrow, an accent under a prime
            '<math altimg="si1.svg"><mi mathvariant="script">B</mi><mo stretchy="false">(</mo>'
            '<mi mathvariant="normal">W</mi><mo stretchy="false">→</mo><mi mathvariant="normal">'
            'c</mi><mi mathvariant="normal">q</mi><mo stretchy="false">)</mo>'
            '<mo stretchy="false">/</mo><mi mathvariant="script">B</mi><mo stretchy="false">(</mo>'
            '<mi mathvariant="normal">W</mi><mo stretchy="false">→</mo><mi mathvariant="normal">'
            'q</mi><msup><mrow><mover accent="true"><mrow><mi mathvariant="normal">q</mi></mrow>'
            '<mrow><mo stretchy="false">¯</mo></mrow></mover></mrow><mrow><mo>′</mo></mrow></msup>'
            '<mo stretchy="false">)</mo></math>',
            r"$\mathcal{B}(\mathrm{W}\to \mathrm{c}\mathrm{q})/\mathcal{B}(\mathrm{W}\to "
            r"\mathrm{q}{\bar{\mathrm{q}}}^{'})$",
        ),
        (  # a negative space is a kern, no space
            '<math altimg="si6.svg"><mrow><mi>C</mi><mspace width="-0.16em"/><mi>P</mi></mrow>'
            "</math>",
            "$CP$",
        ),
        (  # text under an accent
            '<math altimg="si1.svg"><mover accent="true"><mrow><mtext>t</mtext></mrow><mrow>'
            '<mo stretchy="false">¯</mo></mrow></mover></math>',
            r"$\bar{\text{t}}$",
        ),
        # not XML (the tags do not close in order): left as written
        ("<math><mi>x</mi><mo>&lt;</mi></math>", "<math><mi>x</mi><mo>&lt;</mi></math>"),
    ],
)
def test_inspire_mathml_reads_as_tex(mathml: str, tex: str):
    assert mathml_as_tex(mathml) == tex
