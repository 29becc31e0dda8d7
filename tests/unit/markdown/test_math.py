"""Math in Markdown: formulas become MathML, prices and escaped dollars stay text."""

from __future__ import annotations

import pytest

from generator.markdown import renderer as renderer_module
from generator.markdown.math import (
    FormulaError,
    find_formulas,
    tex_math_for_markdown,
    to_mathml,
    unconvertible,
)
from generator.markdown.renderer import MarkdownRenderer


def _inline(text: str) -> str:
    return str(MarkdownRenderer().inline(text))


@pytest.mark.parametrize(
    ("text", "display"),
    [
        ("$E = mc^2$", "inline"),
        (r"\(E = mc^2\)", "inline"),
        ("$$E = mc^2$$", "block"),
        (r"\[E = mc^2\]", "block"),
    ],
)
def test_each_delimiter_makes_mathml(text, display):
    html = _inline(f"Energy: {text}.")
    assert f'<math display="{display}">' in html
    assert "<msup><mi>c</mi><mn>2</mn></msup>" in html
    assert "$" not in html and "\\" not in html


@pytest.mark.parametrize(
    "text",
    ["It costs $5 and $10.", "Between $ 5 and $6", "from $20 to $30 a month", "US$5 or $ 10"],
)
def test_prices_are_not_math(text):
    html = _inline(text)
    assert "<math" not in html
    assert html.count("$") == text.count("$")


def test_an_escaped_dollar_is_a_dollar_sign():
    html = _inline(r"costs \$5, or $x$ per item")
    assert html.startswith("costs $5, or <math")
    assert "\\" not in html


def test_math_is_not_emphasis_and_code_is_not_math():
    html = _inline("`$x$` and $a_1 * b_2 * c_3$ and *em*")
    assert "<code>$x$</code>" in html
    assert "<msub><mi>a</mi><mn>1</mn></msub>" in html
    assert html.count("<em>") == 1


def test_a_displayed_formula_over_lines_stays_in_its_paragraph():
    html = str(MarkdownRenderer().block("Text\n\n$$\na = b\n  + c\n$$\n"))
    assert '<p><math display="block">' in html
    assert "<mo>+</mo><mi>c</mi>" in html


@pytest.mark.parametrize(
    ("formula", "reason"),
    [
        (r"$\frac{a}{$", "latex2mathml stopped"),
        (r"$x^$", "latex2mathml stopped"),
        (r"$\Foo$", r"unknown command \Foo"),
        (r"$\text{<b>x</b>}$", "HTML"),
        (r"$\text{a & b}$", "<, > or &"),
    ],
)
def test_a_formula_that_cannot_be_converted_is_named(formula, reason):
    (found,) = find_formulas(formula)
    with pytest.raises(FormulaError) as caught:
        to_mathml(found)
    assert formula in str(caught.value) and reason in str(caught.value)
    (problem,) = unconvertible(f"before {formula} after $x$")
    assert problem.formula == formula


def test_a_formula_that_cannot_be_converted_shows_its_source():
    html = _inline(r"at $\sqrt{s}=13\,\Foo$ and $x$")
    assert r'<code class="math-source">$\sqrt{s}=13\,\Foo$</code>' in html
    assert html.count("<math") == 1


def test_the_memo_key_changes_with_the_math(monkeypatch):
    before = MarkdownRenderer().options_key
    monkeypatch.setattr(renderer_module, "MATH_VERSION", renderer_module.MATH_VERSION + 1)
    assert MarkdownRenderer().options_key != before


def test_a_text_of_many_formulas_is_refused_not_slow():
    text = " ".join(f"$x^{{{i}}}$" for i in range(15_000))
    with pytest.raises(renderer_module.MarkdownTooCostly, match="more math"):
        MarkdownRenderer().block(text)


@pytest.mark.parametrize(
    ("bib", "markdown"),
    [
        (r"the $\mathrm{b\bar{b}}$4q state", r"the \(\mathrm{b\bar{b}}\)4q state"),
        (r"at $ \sqrt{s} $ = 13 TeV", r"at \(\sqrt{s}\) = 13 TeV"),
        (r"$B^*$ and $D^*$", r"$B^*$ and $D^*$"),  # Markdown reads these as written
        (r"decay $\eta$$\to$$\mu$", r"decay $\eta$\(\to\)\(\mu\)"),
        (r"a \$ b", r"a \$ b"),
    ],
)
def test_a_bib_formula_by_texs_rule_is_given_as_markdown_reads_it(bib, markdown):
    assert tex_math_for_markdown(bib) == markdown
    assert str(MarkdownRenderer().inline(markdown)).count("<math") == bib.count("$") // 2


def test_springers_bold_vector_is_drawn_bold_and_keeps_its_source():
    """gutsche-complete_publication_list.bib: a CMS title with `\\varvec`, which latex2mathml
    lacks (it was shown as TeX on the paper's page)."""
    title = r"at $\sqrt{{\varvec{s}}}=13$ TeV"
    html = _inline(title)
    assert "math-source" not in html and unconvertible(title) == []
    assert '<mi mathvariant="bold-italic">s</mi>' in html
    assert r'<annotation encoding="application/x-tex">\sqrt{{\varvec{s}}}=13</annotation>' in html


@pytest.mark.parametrize(
    ("written", "known"),
    [
        (r"\ensuremath{x}", "<mi>x</mi>"),
        (r"\textsc{Nb}", "<mtext>Nb</mtext>"),
        (r"\boldmath x \unboldmath", "<mi>x</mi>"),
        (r"\textmu", "<mi>μ</mi>"),
        # NASA ADS's `{\ensuremath{\i}} Orionis` (rowe-ads.bib): TeX's dotless i in math
        (r"\i", "<mi>ı</mi>"),
    ],
)
def test_common_package_commands_latex2mathml_lacks_are_drawn(written, known):
    html = _inline(f"${written}$")
    assert known in html and "math-source" not in html


def test_an_alias_is_a_whole_command_only():
    assert [p.formula for p in unconvertible(r"$\varvecx$")] == [r"$\varvecx$"]


@pytest.mark.parametrize(
    ("bib", "markdown"),
    [
        # Real titles (gutsche-complete_publication_list.bib): a control space ends the formula.
        (r"at $\sqrt{s_{NN}} =\  $ 5.02", r"at \(\sqrt{s_{NN}} =\) 5.02"),
        (r"$a \\ $ b", r"\(a \\\) b"),  # a line break, not a space
    ],
)
def test_a_control_space_at_the_end_of_a_bib_formula_is_the_space_after_it(bib, markdown):
    assert tex_math_for_markdown(bib) == markdown


@pytest.mark.parametrize(
    ("tex", "shown"),
    [
        # CMS's unit (gutsche-complete_publication_list.bib, duarte-cv-publications.bib).
        (r"13\,\text {Te}\hspace{-.08em}\text {V}", "<mtext>Te</mtext><mtext>V</mtext>"),
        (r"\text{Te\hspace{-.08em}V}", "<mtext>TeV</mtext>"),
        (r"a\hspace{1em}b", '<mi>a</mi><mspace width="1em"></mspace><mi>b</mi>'),
        (r"\text{a\hspace{1em}b}", "<mtext>a&nbsp;b</mtext>"),
        (r"\textstyle{\rm d}x", '<mi mathvariant="normal">d</mi>'),  # a math style, kept
        # DBLP's titles (`XML$^{\mbox{\tiny TM}}$`, `Java$_{\mbox{\scriptsize \it light}}$`).
        (r"^{\mbox{\tiny TM}}", "<mtext>TM</mtext>"),
        (r"_{\mbox{\scriptsize \it light}}", "<mtext>light</mtext>"),
        # An LHCb list (shires-lhcb-papers.bib): the size's argument braced, only a group.
        (r"\sqrt{s_{\mbox{\tiny{NN}}}}=5", "<mtext>NN</mtext>"),
        # Markdown's rule reads `$a =\ $` as a formula too (gutsche-complete).
        (r"\sqrt{s_{NN}} =\ ", "<mo>=</mo></mrow>"),
    ],
)
def test_what_latex2mathml_would_show_as_text_is_drawn(tex, shown):
    html = _inline(f"${tex}$")
    assert shown in html and "math-source" not in html
    assert "\\" not in html.split("<annotation")[0]
