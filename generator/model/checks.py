"""Checks across files, once the model exists: each Markdown text rendered once (unsafe
links and refused texts become located errors), and file fields that name no file in content/.

A .bib's formulas that cannot be shown as math are warnings, one line per kind (an unknown
command, or why latex2mathml stopped), not per formula: a physicist's INSPIRE list can hold a
thousand with the same unknown macro, and a line for each would bury every other message."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from generator.content.reader import LoadedEntry
from generator.content.schema import Entry, Highlight, Profile, Publication, url_scheme
from generator.content.yamlio import Document
from generator.errors import SCREENFUL, ContentError, ErrorCollector, FieldPath, shown
from generator.markdown.math import SOURCE_CLASS, Macros, unconvertible
from generator.markdown.renderer import MarkdownProblem, MarkdownRenderer

if TYPE_CHECKING:
    from generator.content.cache import BuildCache, SafeEntries

log = logging.getLogger(__name__)


@dataclass
class MarkdownCheck:
    """The Markdown of one language's entries and profile, to render and check (see
    check_markdown). A big first build renders it over the cores (MarkdownRenderer.prepare)."""

    renderer: MarkdownRenderer
    errors: ErrorCollector
    checked: set[tuple[str, bool]]
    profile: Profile
    profile_doc: Document
    entries: list[LoadedEntry] = field(default_factory=list)
    pages: list[LoadedEntry] = field(default_factory=list)  # free pages: their bodies

    def run(self, cache: BuildCache | None) -> None:
        renderer = self.renderer
        fields = [_markdown_fields(entry.data) for entry in self.entries]
        if cache is not None and cache.spread is not None:
            texts = [(self.profile.summary or "", False)]
            for found in fields:
                texts += [(text, inline) for _, text, inline in found]
            renderer.prepare(texts, cache.spread)
        safe = cache.safe if cache is not None else None
        formulas = FormulaWarnings()
        for entry, found in zip(self.entries, fields, strict=True):
            check_markdown(entry, renderer, self.errors, self.checked, safe, found, formulas)
        formulas.report()
        for page in self.pages:
            body = [(("body",), page.data.body, False)] if page.data.body else []
            check_markdown(page, renderer, self.errors, self.checked, None, body)
        if self.profile.summary:
            try:
                html = renderer.block(self.profile.summary)
            except MarkdownProblem as exc:
                self.errors.extend([self.profile_doc.error(("summary",), str(exc))])
                return
            for message, _ in _formula_problems(self.profile.summary, html, renderer.macros):
                self.errors.extend([self.profile_doc.error(("summary",), message)])


def _markdown_fields(data: Entry) -> list[tuple[FieldPath, str, bool]]:
    """Every Markdown text of an entry: (field path, text, inline?). Titles count: themes
    show them through the `inline` filter."""
    title_path = ("title",) if data.title else (data.title_field,)
    texts: list[tuple[FieldPath, str | None, bool]] = [
        (title_path, data.slug_title, True),
        (("summary",), data.summary, False),
        (("body",), data.body, False),
        *_highlight_texts(("highlights",), data.highlights),
    ]
    if isinstance(data, Publication):
        texts.append((("abstract",), data.abstract, False))
        texts.append((("note",), data.note, True))
    fields = vars(data)  # not getattr: pydantic's fallback for a missing field is slow
    thesis = fields.get("thesis")
    if thesis is not None:
        texts.append((("thesis", "title"), thesis.title, True))
        texts.append((("thesis", "summary"), thesis.summary, False))
        texts += _highlight_texts(("thesis", "highlights"), thesis.highlights)
    if fields.get("area"):  # shown in the title (`Bachelor, Information Technology`)
        texts.append((("area",), fields["area"], True))
    for i, skill in enumerate(fields.get("items") or []):
        texts.append((("items", i, "name"), skill.name, True))
    return [(path, text, inline) for path, text, inline in texts if text]


def _highlight_texts(
    path: FieldPath, highlights: list[Highlight]
) -> list[tuple[FieldPath, str, bool]]:
    """Each highlight's text and the points under it, at their places in the file."""
    texts: list[tuple[FieldPath, str, bool]] = []
    for i, highlight in enumerate(highlights):
        texts.append(((*path, i), highlight.text, True))
        texts += [((*path, i, "items", j), point, True) for j, point in enumerate(highlight.items)]
    return texts


def check_markdown(
    origin: LoadedEntry,
    renderer: MarkdownRenderer,
    errors: ErrorCollector,
    checked: set[tuple[str, bool]],
    safe: SafeEntries | None = None,
    fields: list[tuple[FieldPath, str, bool]] | None = None,
    formulas: FormulaWarnings | None = None,
):
    """Render each Markdown text once now: unsafe links, and whatever else the renderer
    refuses, surface as located errors. `checked`: texts found safe, shared by the languages;
    `safe`: entries whose texts were all found safe in an earlier build; `fields`: the entry's
    `_markdown_fields`; `formulas` gathers .bib formula warnings for the caller to report."""
    data = origin.data
    if safe is not None and safe.known(renderer.options_key, data):
        return
    clean = True
    told = formulas if formulas is not None else FormulaWarnings()
    for path, text, inline in fields if fields is not None else _markdown_fields(data):
        if (text, inline) in checked:
            continue
        try:
            html = renderer.inline(text) if inline else renderer.block(text)
        except MarkdownProblem as exc:
            errors.extend([_placed(origin, path, text, str(exc), exc.found)])
            clean = False
            continue
        if _formulas_shown(origin, path, text, html, errors, renderer.macros, told):
            checked.add((text, inline))
        else:
            clean = False
    if formulas is None:
        told.report()
    if safe is not None and clean:
        safe.add(renderer.options_key, data)


def _placed(origin: LoadedEntry, path: FieldPath, text: str, message: str, found: str):
    """An error about a Markdown text, at `found` when the text is a body below front matter."""
    error = origin.error(origin.written(path), message)
    if path == ("body",) and origin.body_line:
        error = _at_text(error, text, found)
    return error


def _formula_problems(text: str, html: str, macros: Macros) -> list[tuple[str, str]]:
    """(why, formula as written) for each formula of `text` that its HTML shows as source."""
    return [(f"{p} ({_EXPECTED})", p.formula) for p in _unconverted(text, html, macros)]


_EXPECTED = "expected TeX math that latex2mathml knows, or a macro of site.yaml math: macros:"


def _unconverted(text: str, html: str, macros: Macros) -> list:
    if SOURCE_CLASS not in html:  # every formula converted (or none written)
        return []
    return unconvertible(text, macros)


def _formulas_shown(
    origin: LoadedEntry,
    path: FieldPath,
    text: str,
    html: str,
    errors: ErrorCollector,
    macros: Macros,
    formulas: FormulaWarnings,
) -> bool:
    """Formulas that cannot be converted (math.py): errors in the owner's own files; in a
    .bib, often someone else's file with macros of its own, warnings gathered by kind in
    `formulas` (each formula is shown as its source). False when there were errors."""
    if origin.source.endswith(".bib"):
        for problem in _unconverted(text, html, macros):
            where = _placed(origin, path, text, f"formula {problem.formula}", problem.formula)
            formulas.add(where, problem.reason)
        return True
    placed = [_placed(origin, path, text, *p) for p in _formula_problems(text, html, macros)]
    errors.extend(placed)
    return not placed


def _at_text(error: ContentError, body: str, found: str) -> ContentError:
    """The error moved to where `found` is in a Markdown body, which is the file's text as is."""
    index = body.find(found)
    if index < 0:
        return error
    line_start = body.rfind("\n", 0, index) + 1
    return replace(
        error, line=error.line + body.count("\n", 0, index), column=index - line_start + 1
    )


def missing_files(refs: dict[str, str | None], assets: set[str]) -> dict[str, str]:
    """File fields (avatar, image, pdf, slides) whose relative path names no file in content/."""
    missing = {}
    for name, value in refs.items():
        if not value or url_scheme(value) is not None or value.startswith(("#", "//")):
            continue
        path = value.split("#")[0].split("?")[0].lstrip("/")
        if path and path not in assets:
            missing[name] = (
                f"{shown(value)} is not a file in content/ (expected a path such as "
                "files/paper.pdf, relative to content/)"
            )
    return missing


def checked_files(entry: LoadedEntry, assets: set[str], errors: ErrorCollector) -> LoadedEntry:
    """The entry, its file fields (pdf, slides) checked. A missing file is an error in the
    site's own YAML and Markdown; a .bib usually comes from elsewhere (its paths point into
    someone else's folders), so there it is a warning and the link is left out."""
    missing = missing_files(file_refs(entry.data), assets)
    if not missing:
        return entry
    if not entry.source.endswith(".bib"):
        errors.extend([entry.error((name,), message) for name, message in missing.items()])
        return entry
    key = vars(entry.data).get("key") or ""
    for name, message in missing.items():
        warning = entry.error((name,), f"{message}; the link is left out")
        log.warning("%s", replace(warning, field=f"{key}.{name}" if key else name))
    return replace(entry, data=entry.data.model_copy(update=dict.fromkeys(missing)))


def file_refs(data: Entry) -> dict[str, str | None]:
    if isinstance(data, Publication):
        return {"image": data.image, "pdf": data.pdf, "slides": data.slides}
    return {"image": data.image}


_UNKNOWN = re.compile(r"unknown command (\\[A-Za-z]+)")


@dataclass
class FormulaWarnings:
    """Formula problems of .bib files, grouped by kind until `report()`."""

    # kind -> (how many formulas, the first one's error)
    kinds: dict[str, tuple[int, ContentError]] = field(default_factory=dict)

    def add(self, error: ContentError, reason: str) -> None:
        unknown = _UNKNOWN.search(reason)
        kind = unknown.group(1) if unknown else reason.partition(":")[0]
        count, first = self.kinds.get(kind, (0, error))
        self.kinds[kind] = (count + 1, first)

    def report(self) -> None:
        """Log one line per kind, the commonest first, and forget them."""
        ordered = sorted(self.kinds.items(), key=lambda item: -item[1][0])
        for kind, (count, first) in ordered[:SCREENFUL]:
            log.warning("%s", _line(kind, count, first))
        if len(ordered) > SCREENFUL:
            rest = ordered[SCREENFUL:]
            formulas = sum(count for _, (count, _) in rest)
            log.warning(
                "%d more kinds of formula in .bib files cannot be shown as math (%d formulas, "
                "shown as their source): %s",
                len(rest),
                formulas,
                ", ".join(kind for kind, _ in rest[:10]) + (", …" if len(rest) > 10 else ""),
            )
        self.kinds.clear()


def _line(kind: str, count: int, first: ContentError) -> str:
    if kind.startswith("\\"):
        what = f"{kind} is a TeX command latex2mathml does not know"
        fix = f"define it in site.yaml under math: macros:, e.g. '{kind}': '\\mathrm{{…}}'"
    else:
        what, fix = kind, "expected TeX math that latex2mathml knows"
    times = "1 formula" if count == 1 else f"{count} formulas"
    return f"{first}; {what}: {times} shown as their source, this one first ({fix})"
