"""Formulas are made into MathML by latex2mathml, whose output holds what the TeX asked for:
`\\href` writes an href, `\\style` a style, `\\text` copies its text into <mtext> as it is.
None of it may reach a page as script, style or a link."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.markdown.renderer import MarkdownProblem, MarkdownRenderer
from tests.hostile.test_sanitize import _no_script, elements

HOSTILE_TEX = [
    r"$\href{javascript:alert(1)}{x}$",
    r"$\href{https://e.org/}{x}$",
    r"$\style{background:url(javascript:alert(1))}{x}$",
    r"$\color{red}{x}\colorbox{blue}{y}$",
    r"$\text{<img src=x onerror=alert(1)>}$",
    r"$\text{<script>alert(1)</script>}$",
    r"$\text{</math><script>alert(1)</script>}$",
    r"$\mathrm{<style>*{}</style>}$",
    r"$\operatorname{<a href='javascript:alert(1)'>x</a>}$",
    r"$$\begin{array}{c}<b>\end{array}$$",
    r"\(\toggle{x}{y}\endtoggle\)",
    r"\[\class{x}{y} \cssId{z}{w}\]",
]


def _hostile(html: str) -> list[str]:
    wrong = _no_script(html)
    for tag, attributes in elements(html):
        wrong += [f"<{tag} {name}>" for name in attributes if "href" in name or name == "style"]
        if tag in ("img", "a", "b", "script", "style") and tag in html.split("<math", 1)[-1]:
            wrong.append(f"<{tag}> in math")
    return wrong


@pytest.mark.parametrize("unsafe_html", [False, True])
@pytest.mark.parametrize("text", HOSTILE_TEX)
def test_latex2mathml_output_keeps_no_link_style_or_script(text, unsafe_html):
    html = str(MarkdownRenderer(unsafe_html=unsafe_html).block(text))
    assert _hostile(html) == [], html
    assert "<math" in html or 'class="math-source"' in html


def test_an_href_in_tex_keeps_its_text_and_loses_its_link():
    html = str(MarkdownRenderer().inline(r"$\href{javascript:alert(1)}{x}$"))
    assert "<mi>x</mi>" in html and "href" not in html.split("<annotation")[0]
    assert [name for _, attributes in elements(html) for name in attributes] == [
        *("display", "encoding"),  # the TeX is kept as text, in the annotation
    ]


def test_html_in_a_formula_is_shown_as_text():
    html = str(MarkdownRenderer().inline(r"$\text{<img src=x onerror=alert(1)>}$"))
    assert html == ('<code class="math-source">$\\text{&lt;img src=x onerror=alert(1)&gt;}$</code>')


def test_every_attribute_latex2mathml_writes_is_layout():
    text = " ".join(
        [
            r"$\binom{n}{k}$ $\left(\frac{a}{b}\right)$ $\overline{x}\underline{y}$",
            r"$\boxed{x}$ $\mathrm{d}x\,\quad$ $\begin{array}{c|c}a&b\\\hline c&d\end{array}$",
            r"$\color{red}{x}$ $\sum\limits_{i=1}^n \int_0^1$ $\hat{x}\vec{v}$ $\phantom{x}$",
        ]
    )
    html = str(MarkdownRenderer().block(text))
    names = {name for _, attributes in elements(html) for name in attributes}
    assert names <= {
        *("display", "stretchy", "fence", "form", "minsize", "maxsize", "linethickness"),
        *("accent", "accentunder", "width", "height", "depth", "notation", "mathvariant"),
        *("mathcolor", "movablelimits", "columnalign", "columnlines", "rowlines", "lspace"),
        *("rspace", "largeop", "displaystyle", "columnspacing", "rowspacing", "voffset"),
        *("symmetric", "separator", "scriptlevel", "mathbackground", "mathsize", "encoding"),
    }, names


PIECES = ["$", "$$", "\\(", "\\)", "\\[", "\\]", "\\", "{", "}", "x", " ", "5", "_", "*"]
PIECES += ["\\text{", "<b>", "&", "\\href{javascript:a}", "`", "\n", "\n\n", "^", "\\TeV"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=16).map("".join), st.booleans())
def test_any_tex_gives_safe_html_or_a_refusal(text, unsafe_html):
    try:
        html = str(MarkdownRenderer(unsafe_html=unsafe_html).block(text))
    except MarkdownProblem:
        return
    assert _no_script(html) == [], html
    assert "\x02" not in html and "\x03" not in html, html
