"""What real exporters write into a .bib (markup that is not LaTeX, TeX's quotes, a field that
repeats another) reads as the text it means, each checked on the text a real file has.
"""

from __future__ import annotations

from generator.content import bibread
from generator.content.bibtext import decode


def test_nasa_ads_object_tags_in_a_title_read_as_the_objects_name():
    """faria-cv-auto.bib's Martins2015 (and rowe-ads.bib's 2009A&A...505..715H), as NASA ADS
    writes them: ADS tags an astronomical object in a title `<ASTROBJ>…</ASTROBJ>`."""
    title = "Evidence for a spectroscopic direct detection of reflected light from "
    text = rf"""@ARTICLE{{Martins2015,
       author = {{{{Martins}}, J.~H.~C. and {{Santos}}, N.~C. and {{Figueira}}, P.}},
        title = "{{{title}<ASTROBJ>51 Pegasi b</ASTROBJ>}}",
      journal = {{\aap}},
         year = 2015,
}}"""
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert paper.title == (
        "Evidence for a spectroscopic direct detection of reflected light from 51 Pegasi b"
    )


def test_tex_left_quotes_read_as_quotes_not_as_markdown_code():
    """uegaki-mypubs.bib's CremersRoelofsenUegaki:17, as written there: TeX prints a backtick
    as a left quote; left as it is, the title's Markdown read `wonder' and ` as code."""
    text = r"""@article{CremersRoelofsenUegaki:17,
	Author = {Alexandre Cremers and Floris Roelofsen and Wataru Uegaki},
	Journal = {Semantics \& Pragmatics},
	Title = {Distributive ignorance inferences with `wonder' and `believe'},
	Year = {to appear}}"""
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert paper.title == "Distributive ignorance inferences with ‘wonder’ and ‘believe’"
    assert decode(r"a ``double'' quote") == "a “double” quote"
    # an accent's quote inside the quotes is the accent's
    assert decode(r"the `caf{\'e}' and `na{\"\i}ve'") == "the ‘café’ and ‘naïve’"


def test_a_publisher_that_is_the_journal_is_shown_once():
    """qi-mendeley.bib's ChuangChen2020, as written there: the publisher is the journal's
    name again."""
    text = r"""@article{ChuangChen2020,
author = {Chuang Chen and Xiao Yan Xu and Yang Qi and Zi Yang Meng},
title = {Metal to Orthogonal Metal Transition},
publisher = {Chin. Phys. Lett.},
year = {2020},
journal = {Chin. Phys. Lett.},
volume = {37},
number = {4},
eid = {047103},
numpages = {0},
pages = {047103},
keywords = {},
url = {http://cpl.iphy.ac.cn/EN/abstract/article_105568.shtml},
doi = {10.1088/0256-307X/37/4/047103}
}"""
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert (paper.venue, paper.publisher) == ("Chin. Phys. Lett.", None)


def test_nasa_ads_links_in_a_title_read_as_their_text():
    """rowe-ads.bib's 2014AJ....147..163C, as NASA ADS writes an erratum's title: the paper
    it corrects as an HTML link."""
    text = r"""@ARTICLE{2014AJ....147..163C,
       author = {{Coughlin}, Jeffrey L. and {Thompson}, Susan E. and {Bryson}, Stephen T. and {Burke}, Christopher J. and {Caldwell}, Douglas A. and {Christiansen}, Jessie L. and {Haas}, Michael R. and {Howell}, Steve B. and {Jenkins}, Jon M. and {Kolodziejczak}, Jeffery J. and {Mullally}, Fergal R. and {Rowe}, Jason F.},
        title = "{Erratum: ``Contamination in the Kepler Field. Identification of 685 KOIs as False Positives via Ephemeris Matching Based on Q1-Q12 Data'' <A href=``/abs/2014AJ....147..119C''>(2014, AJ, 147, 119)</A>}",
      journal = {\aj},
         year = 2014,
}"""  # noqa: E501
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert paper.title == (
        "Erratum: “Contamination in the Kepler Field. Identification of 685 KOIs as False "
        "Positives via Ephemeris Matching Based on Q1-Q12 Data” (2014, AJ, 147, 119)"
    )


def test_inspire_mathml_in_a_title_reads_as_a_formula():
    """gutsche-complete_publication_list.bib's Hayrapetyan:2025_2958462 and
    Hayrapetyan:2025_3094398, as INSPIRE writes the newest titles: formulas as MathML."""
    text = r"""@article{Hayrapetyan:2025_2958462,
  author         = {Hayrapetyan, Aram and others},
  title          = {{First Exclusive Reconstruction of the <math display="inline"><mrow><msup><mrow><mi>B</mi></mrow><mrow><mo>*</mo><mo>+</mo></mrow></msup></mrow></math>, <math display="inline"><mrow><msup><mrow><mi>B</mi></mrow><mrow><mo>*</mo><mn>0</mn></mrow></msup></mrow></math>, and <math display="inline"><mrow><msubsup><mrow><mi>B</mi></mrow><mrow><mi>s</mi></mrow><mrow><mo>*</mo><mn>0</mn></mrow></msubsup></mrow></math> Mesons and Precise Measurement of Their Masses}},
  year           = {2025},
}
@article{Hayrapetyan:2025_3094398,
  author         = {Hayrapetyan, Aram and others},
  title          = {{Characterization of the quantum state of top quark pairs produced in proton-proton collisions at <math display="inline"><msqrt><mi>s</mi></msqrt><mo>=</mo><mn>13</mn><mtext> </mtext><mtext> </mtext><mi>TeV</mi></math> using the beam and helicity bases}},
  year           = {2025},
}"""  # noqa: E501
    papers = [paper for _, paper in bibread.load_publications(text, "refs.bib")[0]]
    assert [paper.title for paper in papers] == [
        "First Exclusive Reconstruction of the ${B}^{*+}$, ${B}^{*0}$, and ${B}_{s}^{*0}$ Mesons "
        "and Precise Measurement of Their Masses",
        "Characterization of the quantum state of top quark pairs produced in proton-proton "
        r"collisions at $\sqrt{s}=13\ \ \mathrm{TeV}$ using the beam and helicity bases",
    ]
