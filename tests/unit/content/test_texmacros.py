"""TeX macros of physics and astronomy bibliographies (content/texmacros.py): in a formula
they expand to TeX latex2mathml knows; outside one they read as text or become a formula;
a site's own (site.yaml `math: macros:`) win over them."""

from __future__ import annotations

import html
import re

import pytest

from generator.content.bibtext import decode, decode_markdown
from generator.content.texmacros import BUILT_IN, MacroError, expand, macro_problem
from generator.markdown.math import find_formulas, to_mathml, unconvertible
from generator.markdown.renderer import MarkdownRenderer

# Issue 42: the commands of a real INSPIRE list of 1,378 papers, by how often they occur.
INSPIRE_COMMANDS = (
    *("TeV", "Pp", "sqrtsNN", "ttbar", "PW", "PZ", "PH", "bbbar", "PQb", "PWpr", "PQt"),
    *("JPsi", "PgUa", "PBzs", "pt", "PQs", "PB", "Pgy", "Pgm", "PgUc", "Pe", "PZpr"),
)


def _mathml(tex: str, macros=()) -> str:
    (formula,) = find_formulas(f"${tex}$")
    return to_mathml(formula, macros)


def _shown(mathml: str) -> str:
    """What a reader sees of a formula: its MathML without the TeX annotation."""
    return re.sub(r"<annotation.*?</annotation>", "", mathml)


@pytest.mark.parametrize("name", INSPIRE_COMMANDS)
def test_every_command_of_the_inspire_list_is_math(name):
    shown = _shown(_mathml(rf"\{name}" if name != "abs" else r"\abs{\eta}"))
    assert "\\" not in shown and "<math" in shown


def test_a_cms_title_reads_as_math():
    shown = _shown(_mathml(r"\Pp\Pp \to \PW\PZ, \sqrt{s} = 13\TeV, \abs{\eta} < 2.4"))
    letters = html.unescape(re.sub(r"<[^>]+>", "", shown))
    assert letters.startswith("pp→WZ,s=13") and "TeV" in letters and "|η|<2.4" in letters


# Issue 42: the commands of Javier Duarte's real CMS publication list (1,379 papers,
# tests/fixtures/realworld/bibtex/duarte-cv-publications.bib) that the table first lacked:
# ptdr-definitions' generic quark and vector boson, its symbol face, its older `c` names.
CMS_LIST_COMMANDS = ("Pq", "PV", "cPKstz", "cPqb", "cPaqt", "cPZ", "cPgg", "cPJgy", "GeVc")


@pytest.mark.parametrize("name", CMS_LIST_COMMANDS)
def test_every_command_of_the_cms_list_is_math(name):
    shown = _shown(_mathml(rf"\{name}"))
    assert "\\" not in shown and "<math" in shown


def test_the_cms_titles_that_kept_source_read_as_math():
    for title in (
        r"\PH\PV\PV",
        r"\bbbar 4\Pq",
        r"\PB^0 \to \cPKstz\mu^+ \mu^-",
        r"\cmsSymbolFace{B}^+\to\cmsSymbolFace{K}^+\mu^+\mu^-",
    ):
        assert unconvertible(f"${title}$") == [], title
    letters = html.unescape(re.sub(r"<[^>]+>", "", _shown(_mathml(r"\cmsSymbolFace{B}^+"))))
    assert letters == "B+"


def test_cms_units_without_space_and_per_c():
    assert BUILT_IN["TeVns"] == r"\mathrm{TeV}"
    assert BUILT_IN["GeVc"] == r"\,\mathrm{GeV}/c"
    assert BUILT_IN["GeVcc"] == r"\,\mathrm{GeV}/c^{2}"
    # outside math, as CMS titles write them: a formula, not the command's name as a word
    assert "TeVns" not in decode(r"the \TeVns range") and "GeVc" not in decode(r"100\GeVc in")


def test_units_are_upright_after_a_thin_space():
    assert BUILT_IN["TeV"] == r"\,\mathrm{TeV}"
    assert BUILT_IN["fbinv"] == r"\,\mathrm{fb}^{-1}"
    assert BUILT_IN["PAQt"] == r"\overline{\mathrm{t}}"


def test_a_sites_macros_win_and_take_arguments():
    macros = (("TeV", r"\text{teraelectronvolt}"), ("\\norm", r"\left\|#1\right\|"))
    shown = _shown(_mathml(r"13\TeV + \norm{x}", macros))
    assert "teraelectronvolt" in shown and "‖" in html.unescape(shown)
    assert expand(r"\norm{a+b}", {"norm": r"|#1|"}) == "|a+b|"


def test_a_macro_that_calls_itself_is_a_reason_not_a_hang():
    with pytest.raises(MacroError):
        expand(r"\loop", {"loop": r"x\loop"})
    (problem,) = unconvertible(r"a $\loop$", (("loop", r"x\loop"),))
    assert "calls itself" in problem.reason or "more than" in problem.reason


def test_a_line_break_is_not_a_macro_call():
    assert expand(r"a\\PW", BUILT_IN) == r"a\\PW"


@pytest.mark.parametrize(
    ("name", "body", "problem"),
    [
        ("\\RR", r"\mathbb{R}", None),
        ("RR", r"\mathbb{R}", None),
        ("\\R R", "x", "is not a TeX macro name"),
        ("\\R1", "x", "is not a TeX macro name"),
        ("\\open", "{x", "unbalanced braces"),
    ],
)
def test_a_sites_macro_is_checked(name, body, problem):
    found = macro_problem(name, body)
    assert found is None if problem is None else problem in found


def test_outside_math_units_and_particles_become_formulas_and_journals_names():
    assert decode(r"WZ at 13\TeV{} and \ttbar") == (
        r"WZ at 13\(\,\mathrm{TeV}\) and \(\mathrm{t}\overline{\mathrm{t}}\)"
    )
    assert decode(r"\apj") == "ApJ" and decode(r"\mnras") == "MNRAS" and decode(r"\aap") == "A&A"
    assert decode(r"13\TeV{} \PW\PW", math_as_text=True) == "13 TeV WW"


def test_nasa_ads_ensuremath_is_one_formula():
    # ADS writes a Greek letter with a subscript as {\ensuremath{\chi}}$_{p}$
    assert decode(r"{Measuring {\ensuremath{\chi}}$_{p}$ of binaries}") == (
        r"Measuring $\chi_{p}$ of binaries"
    )
    assert decode(r"{{\ensuremath{\kappa}}TNG: weak lensing}") == r"$\kappa$TNG: weak lensing"


def test_bracketed_math_in_a_note_stays_math():
    shown = MarkdownRenderer().inline(decode_markdown(r"see \(\Sigma\)\(\Pi\) at 13\TeV"))
    assert shown.count("<math") == 3 and "\\(" not in _shown(shown)


# An LHCb physicist's list of the collaboration's papers (shires-lhcb-papers.bib) writes
# lhcb-symbols-def's `\jpsi`; the others are that file's commonest particle names.
LHCB_COMMANDS = ("jpsi", "psitwos", "Bs", "Bd", "Bu", "Bc", "Lb", "Dz", "Ds", "KS", "Kstarz")
LHCB_COMMANDS += ("pip", "pim", "piz", "Kp", "Km", "mup", "mun", "mumu", "epem", "proton")


@pytest.mark.parametrize("name", LHCB_COMMANDS)
def test_every_command_of_the_lhcb_symbols_is_math(name):
    shown = _shown(_mathml(rf"\{name}"))
    assert "\\" not in shown and "<math" in shown


def test_an_lhcb_title_reads_as_math():
    letters = html.unescape(re.sub(r"<[^>]+>", "", _shown(_mathml(r"B^0_s \to \jpsi f_0(980)"))))
    assert letters == "Bs0→J/ψf0(980)"
    decay = r"\decay{\Bs}{\jpsi\phi}"
    assert html.unescape(re.sub(r"<[^>]+>", "", _shown(_mathml(decay)))) == "Bs0→J/ψϕ"
    assert "jpsi" not in decode(r"Measurement of \jpsi polarization", math_as_text=True)
