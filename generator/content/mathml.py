"""MathML in a .bib field as the TeX formula it writes.

INSPIRE gives the newest titles their formulas as MathML, `<math display="inline"><msqrt>
<mi>s</mi></msqrt><mo>=</mo><mn>13</mn><mtext> </mtext><mtext>TeV</mtext></math>`; a title
shows a formula as math when it is TeX (`$\\sqrt{s}=13\\ \\text{TeV}$`), so each `<math>`
element is written as the TeX of its presentation elements. One that does not parse as XML
is left as written.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

_MATH = re.compile(r"<math\b[^>]*>.*?</math>", re.DOTALL)
# Operators whose character TeX reads otherwise or not at all.
_OPERATORS = {"→": r"\to ", "−": "-", "′": "'", "±": r"\pm ", "∓": r"\mp ", "×": r"\times "}
_OPERATORS |= {"{": r"\{", "}": r"\}", "#": r"\#", "%": r"\%", "&": r"\&", "…": r"\ldots "}
# `<mover accent="true">`: the accent over its base.
_ACCENTS = {"¯": r"\bar", "‾": r"\overline", "~": r"\tilde", "˜": r"\tilde", "^": r"\hat"}
_ACCENTS |= {"ˆ": r"\hat", "˙": r"\dot", "→": r"\vec"}
_VARIANTS = {"normal": r"\mathrm", "script": r"\mathcal", "bold": r"\mathbf"}
_VARIANTS |= {"double-struck": r"\mathbb", "fraktur": r"\mathfrak"}
_SCRIPTS = {"msub": "_", "msup": "^", "msubsup": "_^"}
_ROWS = {"math", "mrow", "mstyle", "semantics", "mpadded", "mphantom"}


def mathml_as_tex(value: str) -> str:
    """Every `<math>…</math>` in `value` as `$…$`."""
    return _MATH.sub(_formula, value) if "<math" in value else value


def _formula(match: re.Match) -> str:
    try:
        element = ET.fromstring(match.group(0))
    except ET.ParseError:
        return match.group(0)
    return "$" + _tex(element).strip() + "$"


def _tex(element: ET.Element) -> str:
    tag = element.tag.rpartition("}")[2]  # without a namespace
    parts = [_tex(child) for child in element]
    text = (element.text or "").strip()
    if tag in _ROWS:
        return "".join(parts)
    if tag == "mi":
        variant = element.get("mathvariant", "normal" if len(text) > 1 else "italic")
        return f"{_VARIANTS[variant]}{{{text}}}" if variant in _VARIANTS else text
    if tag == "mn":
        return text
    if tag == "mo":
        return _OPERATORS.get(text, text)
    if tag == "mtext":
        return rf"\text{{{element.text}}}" if text else r"\ "
    if tag == "mspace":
        return "" if element.get("width", "").startswith("-") else r"\,"
    if tag == "msqrt":
        return rf"\sqrt{{{''.join(parts)}}}"
    if tag == "mfrac" and len(parts) == 2:
        return rf"\frac{{{parts[0]}}}{{{parts[1]}}}"
    if tag in _SCRIPTS and len(parts) == len(_SCRIPTS[tag]) + 1:
        signs = zip(_SCRIPTS[tag], parts[1:], strict=True)
        return f"{{{parts[0]}}}" + "".join(f"{sign}{{{part}}}" for sign, part in signs)
    if tag == "mover" and len(parts) == 2:
        accent = _ACCENTS.get("".join(element[1].itertext()).strip())
        return f"{accent}{{{parts[0]}}}" if accent else rf"\overset{{{parts[1]}}}{{{parts[0]}}}"
    if tag == "munder" and len(parts) == 2:
        return rf"\underset{{{parts[1]}}}{{{parts[0]}}}"
    return "".join(element.itertext())
