"""The CV as a typeset PDF: the theme's Typst template (the `typst` wheel's compiler), given
the CV's document (cvdocument.py) as one JSON input, never pasted into Typst source. Only
Typst's and the theme's fonts are used, so the same site gives the same PDF everywhere; but
for Chinese, Japanese and Korean, which no built-in font has, the machine's fonts fill in.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from generator import urls as routes
from generator.content.authors import CJK_NAME
from generator.content.schema import Variant
from generator.errors import BuildError, shown
from generator.model.resume import Loaded, Resume
from generator.model.variants import label as variant_label
from generator.model.variants import tailor
from generator.render.cvdocument import MAX_KEYWORDS, cv_document
from generator.render.theme import Theme, builtin_themes_dir

log = logging.getLogger(__name__)
# Where a diagnostic points: `┌─ path/to/cv.typ:4:1`, the path relative to the working folder.
_PLACE = re.compile(r"┌─ (\S+?):(\d+):(\d+)")

TEMPLATE = "typst/cv.typ"  # in a theme's folder; the first theme of the chain that has it
FONTS = "typst/fonts"  # fonts a theme ships, for its template (and its children's)
# Typst packages cvsite ships (`@cvsite/cv:1.0.0`), found here by Typst, never fetched.
PACKAGES = Path(__file__).parent / "typst"


def template_of(theme: Theme) -> Path | None:
    """The Typst template of a theme: its own, or the one it inherits."""
    return theme.file(TEMPLATE)


def font_folders(theme: Theme) -> list[Path]:
    """Every theme's font folder, child first: a child theme may ship the fonts it names."""
    return [t.path / FONTS for t in theme.chain if (t.path / FONTS).is_dir()]


# The process that has run the compiler: Typst's thread pool does not survive fork(), so a
# process forked after it would wait for ever; typesetting there is refused instead.
_typeset_in: int | None = None


def compiler() -> ModuleType:
    """The `typst` module, for a compile in this process (see `_typeset_in`)."""
    global _typeset_in
    if _typeset_in is not None and _typeset_in != os.getpid():
        raise RuntimeError(
            "cannot typeset in a process forked from one that has typeset: Typst's threads "
            "do not survive fork(); typeset in the process that forked"
        )
    _typeset_in = os.getpid()
    import typst  # only a build that makes a PDF or draws an SVG needs the compiler

    return typst


def typeset(document: dict[str, Any], template: Path, fonts: Sequence[Path] = ()) -> bytes:
    """`document` typeset with `template`; BuildError when the template fails."""
    typst = compiler()
    data = json.dumps(document, ensure_ascii=False, separators=(",", ":"), default=str)
    cjk = _lacks_cjk_fonts(data, fonts)
    try:
        pdf, warnings = typst.compile_with_warnings(
            template,
            root=template.parent,
            font_paths=[str(folder) for folder in fonts],
            ignore_system_fonts=not (cjk and machine_fonts()),
            sys_inputs={"cv": data},
            package_path=str(PACKAGES),
        )
    except typst.TypstError as exc:
        raise BuildError(_problem(template, exc, "cannot typeset the CV")) from None
    for warning in warnings:
        log.warning("%s", _problem(template, warning, "warning"))
    if cjk:
        _warn_of_missing_glyphs(data, fonts)
    return pdf


def machine_fonts() -> bool:
    """Whether Typst may take fonts of the machine's at all: not where Typst's own command
    line would not, with TYPST_IGNORE_SYSTEM_FONTS set (to have the same PDF everywhere)."""
    setting = os.environ.get("TYPST_IGNORE_SYSTEM_FONTS", "").strip().casefold()
    return setting in _FALSE


def _lacks_cjk_fonts(data: str, fonts: Sequence[Path]) -> bool:
    """Whether the CV holds Chinese, Japanese or Korean, which the built-in themes' fonts and
    Typst's own lack, with no theme of the site's own shipping fonts (docs/themes.md,
    "Fonts"): the machine's fonts then fill in (Typst takes a character its fonts lack
    from another font that has it, and only that character)."""
    builtin = builtin_themes_dir().resolve()
    own = not all(folder.resolve().is_relative_to(builtin) for folder in fonts)
    return not own and CJK_NAME.search(data) is not None


def _warn_of_missing_glyphs(data: str, fonts: Sequence[Path]) -> None:
    """Typst prints a character no font has as an empty box, and says nothing: say so."""
    if not unprintable("".join(CJK_NAME.findall(data)), fonts):
        return
    first = CJK_NAME.search(data)
    start = max(data.rfind('"', 0, first.start()) + 1, first.start() - 20)
    log.warning(
        "the CV holds Chinese, Japanese or Korean characters (%s), which neither the theme's "
        "fonts nor this machine's have: the PDF shows them as empty boxes (install a font that "
        "has them, such as Noto Sans CJK, or add one to the typst/fonts/ folder of a theme of "
        "your own: docs/themes.md, Fonts)",
        shown(data[start : first.end() + 20].split('"')[0]),
    )


def unprintable(characters: str, fonts: Sequence[Path] = ()) -> bool:
    """Whether some of `characters` (Chinese, Japanese, Korean) have no font that Typst finds
    in `fonts`, its own or, unless kept from them, the machine's. A page of them alone, in a
    font without any of them, tells: Typst puts that font in the PDF only for the boxes it
    draws with it."""
    probe = f'#set text(font: "{_NONE_OF_THEM}")\n' + "".join(sorted(set(characters)))
    pdf = compiler().compile(
        probe.encode(),
        font_paths=[str(folder) for folder in fonts],
        ignore_system_fonts=not machine_fonts(),
    )
    return _NONE_OF_THEM.replace(" ", "").encode() in pdf


# One of Typst's own fonts, which has no Chinese, Japanese or Korean character.
_NONE_OF_THEM = "Libertinus Serif"
# What a flag set in the environment reads as false, as Typst's command line reads it (clap).
_FALSE = ("", "0", "false", "no", "off", "n", "f")


def _problem(template: Path, found: Any, what: str) -> str:
    """A Typst diagnostic as one message: `template:line:column: what: message (hint: …)`."""
    message = getattr(found, "message", None) or str(found)
    hints = "".join(f" (hint: {hint})" for hint in getattr(found, "hints", None) or ())
    place = _PLACE.search(getattr(found, "diagnostic", None) or "")
    where = _shown(template)
    if place:
        where = f"{_shown(Path.cwd() / place.group(1))}:{place.group(2)}:{place.group(3)}"
    return f"{where}: {what}: {message}{hints}"


def _shown(path: Path) -> str:
    """A path as short as it can be said: relative to the working folder when inside it."""
    path = path.resolve()
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def pdf_name(resume: Resume, variant: Variant | None = None) -> str:
    """Where a language's CV goes in the output: `cv.pdf`, `de/cv.pdf`, `de/cv-ml.pdf`."""
    name = variant.name if variant is not None else None
    return routes.output_path(routes.cv_pdf(name, resume.root)).as_posix()


def pdf_names(loaded: Loaded) -> list[str]:
    """The PDFs a build writes (none with `pdf: false`)."""
    return [pdf_name(resume, variant) for resume, variant in _printed(loaded)]


def _printed(loaded: Loaded) -> list[tuple[Resume, Variant | None]]:
    """Each language's CV, and each variant's, but with `pdf: false`."""
    return [
        (resume, variant)
        for resume in loaded.resumes.values()
        if resume.config.pdf is not None
        for variant in (None, *resume.config.variants)
    ]


def pdf_jobs(loaded: Loaded, theme: Theme) -> dict[str, PdfJob]:
    """How each language's CV PDF, and each variant's, is made, by name."""
    template = template_of(theme)
    if template is None:
        return {}
    fonts = tuple(font_folders(theme))
    return {
        pdf_name(resume, variant): PdfJob(resume, theme, variant, template, fonts)
        for resume, variant in _printed(loaded)
    }


def pdf_files(
    loaded: Loaded, theme: Theme, shown: Callable[[Resume], Any]
) -> dict[str, tuple[Any, Callable[[], bytes]]]:
    """Each of `pdf_jobs`: name -> (what it is made from, how to make it)."""
    jobs = pdf_jobs(loaded, theme)
    if not jobs:
        return {}
    digest = _digest(template_of(theme), *sorted(PACKAGES.rglob("*.typ")))
    looks = {code: shown(r) for code, r in loaded.resumes.items() if r.config.pdf is not None}
    return {
        name: (
            (
                looks[job.resume.language],
                digest,
                job.fonts,
                repr(theme.options),
                repr(job.variant),
                repr(job.resume.config),  # `pdf`, `dates`, `marks`, `contact` shape the PDF
            ),
            job,
        )
        for name, job in jobs.items()
    }


@dataclass(frozen=True, eq=False)
class PdfJob:
    """How one CV PDF is made, in two steps: its document (which renders Markdown, so on the
    thread that renders pages), then Typst's compile (which lets other threads run)."""

    resume: Resume
    theme: Theme
    variant: Variant | None = None
    template: Path | None = None
    fonts: tuple[Path, ...] = ()

    def __call__(self) -> bytes:
        return self.prepared()()

    def prepared(self) -> Callable[[], bytes]:
        """The document made now; what is left, typesetting it, as a call."""
        template = self.template or template_of(self.theme)
        if template is None:
            raise BuildError(f"theme {self.theme.name} has no {TEMPLATE} to typeset the CV with")
        fonts = self.fonts or tuple(font_folders(self.theme))
        resume, variant = self.resume, self.variant
        shown = resume if variant is None else tailor(resume, variant)
        document = cv_document(shown, paper=resume.config.pdf.paper, options=self.theme.options)
        if variant is not None:
            _retitle(document, shown, variant)
        return functools.partial(typeset, document, template, fonts)


def make_pdf(resume: Resume, theme: Theme, variant: Variant | None = None) -> bytes:
    """The CV of `resume` (or of its `variant`) typeset with the theme's template."""
    return PdfJob(resume, theme, variant)()


def _retitle(document: dict[str, Any], resume: Resume, variant: Variant) -> None:
    """A variant's PDF names itself, links its page, and has its entries' tags as keywords."""
    cv = variant_label(variant, resume.locale.t("cv"))
    url = routes.cv_variant(variant.name, resume.root)
    used = Counter(tag.name for item in resume.items for tag in item.tags)
    document["meta"].update(
        title=f"{resume.profile.name} — {cv}",
        url=routes.absolute(resume.config.base_url, url),
        keywords=[name for name, _ in sorted(used.items(), key=_most_used)][:MAX_KEYWORDS],
        variant={"name": variant.name, "label": cv},
    )


def _most_used(pair: tuple[str, int]) -> tuple[int, str]:
    return -pair[1], pair[0].casefold()


def _digest(*paths: Path) -> str:
    digest = hashlib.blake2b(digest_size=16)
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()
