"""Math in publications read from .bib files, with delimiters Markdown reads as TeX did.

A .bib follows TeX's rule (every unescaped `$` opens or closes math), Markdown fields
pandoc's (markdown/math.py), under which `$ \\sqrt{s} $` and `$b\\bar{b}$4q` are not math.
Their titles and abstracts are shown as Markdown, so such formulas are given as `\\(…\\)`.
"""

from __future__ import annotations

from dataclasses import replace

from generator.content.records import LoadedEntry
from generator.markdown.math import tex_math_for_markdown

_FIELDS = ("title", "abstract")


def with_tex_math(entries: list[LoadedEntry]) -> list[LoadedEntry]:
    """The entries of .bib files, each text field's formulas as Markdown reads them."""
    return [_with_tex_math(entry) for entry in entries]


def _with_tex_math(entry: LoadedEntry) -> LoadedEntry:
    fields = vars(entry.data)  # not getattr: pydantic's fallback for a missing field is slow
    update = {}
    for name in _FIELDS:
        text = fields.get(name)
        if text and "$" in text and (markdown := tex_math_for_markdown(text)) != text:
            update[name] = markdown
    return replace(entry, data=entry.data.model_copy(update=update)) if update else entry
