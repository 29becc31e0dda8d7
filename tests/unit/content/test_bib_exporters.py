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
