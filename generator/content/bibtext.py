"""BibTeX field text made plain: LaTeX decoded, names in reading order with their marks.

`M{\\"u}ller, J{\\"o}rg$^*$` reads `Jörg Müller*`; a URL-like field only loses its braces
and TeX escapes.
"""

from __future__ import annotations

import functools
import re

from bibtexparser.middlewares.names import (
    parse_single_name_into_parts,
    split_multiple_persons_names,
)
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

ET_AL = "et al."
_MARK_TAIL = re.compile(
    r"\s*(\$\^\{?(?P<math>[^$]*?)\}?\$|\\textsuperscript\{(?P<sup>[^{}]*)\}"
    r"|\^\{(?P<caret>[^{}]*)\}|(?P<plain>[*†‡])|\\(?P<macro>textdagger|ddagger|dagger|ddag|dag)\b)\s*$"
)


def _decoder() -> LatexNodes2Text:
    context = get_default_latex_context_db()
    # \url{x} is the address itself, not "<x>".
    context.add_context_category("cvsite", prepend=True, macros=[MacroTextSpec("url", "%s")])
    return LatexNodes2Text(latex_context=context, math_mode="verbatim")


_DECODER = _decoder()


# Text without any of these reads the same as LaTeX; it skips the (slow) LaTeX parser.
_LATEX_SIGNS = re.compile(r"[\\{}$~%`]|--|''")


def decode(value: str, *, paragraphs: bool = False) -> str:
    """LaTeX to text: `M{\\"u}ller` -> Müller, `{ARM}` -> ARM, `\\&` -> &. Math stays as written."""
    text = _latex_to_text(value) if _LATEX_SIGNS.search(value) else value
    if not paragraphs:
        return " ".join(text.split())
    blocks = re.split(r"\n\s*\n", text)
    return "\n\n".join(" ".join(b.split()) for b in blocks if b.strip())


@functools.lru_cache(maxsize=4096)  # names and venues repeat across a library
def _latex_to_text(value: str) -> str:
    try:
        text = _DECODER.latex_to_text(value)
    except Exception:  # pylatexenc is lenient; a failure here must not lose the text
        text = value.replace("{", "").replace("}", "")
    return text


def verbatim(value: str) -> str:
    """A URL-like field: braces and TeX escapes removed, nothing else touched."""
    text = re.sub(r"\\([_%&#$~])", r"\1", value)
    text = re.sub(r"^\\url\{(.*)\}$", r"\1", text.strip())
    return text.replace("{", "").replace("}", "").strip()


def split_marks(raw: str) -> tuple[str, str]:
    """`Zhang, Zili$^{*\\dagger}$` -> ('Zhang, Zili', '*†'); affiliation numbers are dropped."""
    marks = ""
    name = raw.strip()
    while match := _MARK_TAIL.search(name):
        inner = next(
            g for g in match.group("math", "sup", "caret", "plain", "macro") if g is not None
        )
        inner = re.sub(r"\\(?:ddagger|ddag)", "‡", inner)
        inner = re.sub(r"\\(?:textdagger|dagger|dag)|^(?:textdagger|dagger|dag)$", "†", inner)
        inner = inner.replace("ddagger", "‡").replace("ddag", "‡")
        marks = "".join(c for c in inner if c in "*†‡") + marks
        name = name[: match.start()].rstrip()
    return name, "".join(dict.fromkeys(marks))


def display_name(raw: str) -> str:
    """A BibTeX name in reading order, decoded: `M{\\"u}ller, J{\\"o}rg*` -> `Jörg Müller*`."""
    name, marks = split_marks(raw)
    if name.strip().lower() == "others":
        return ET_AL
    parts = parse_single_name_into_parts(name, strict=False)
    words = [
        decode(" ".join(part)) for part in (parts.first, parts.von, parts.last, parts.jr) if part
    ]
    return " ".join(w for w in words if w) + marks


def names(raw: str) -> list[str]:
    return [display_name(n) for n in split_multiple_persons_names(raw) if n.strip()]
