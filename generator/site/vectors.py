"""SVG pictures, made into pixels: opened from the site's own address an SVG would run its
scripts, so each is checked to be SVG by what it holds, sized from its root element, and
drawn by resvg (in the `typst` wheel: no script, no `foreignObject`, no linked file)."""

from __future__ import annotations

import functools
import importlib.metadata
import math
import re
import tempfile
from xml.parsers import expat

from generator.errors import shown
from generator.render.typstpdf import compiler

SVG = "http://www.w3.org/2000/svg"
MOST_BYTES = 10_000_000  # as a YAML or Markdown file: more is not a picture of a résumé
DEFAULT_SIDE = 100.0  # an SVG that says no size is drawn 100 pixels wide (as resvg does)
# CSS pixels in each unit an SVG's width and height may be given in (em and ex: of 16px text).
UNITS = {"": 1, "px": 1, "pt": 4 / 3, "pc": 16, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96}
UNITS.update(em=16, ex=8)
_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z]*)\s*", re.I)
_LINKED = re.compile(r"failed to load linked (?:image|file) (\S+?) in SVG")
# The page is exactly the size asked for, the SVG drawn on it to fit; the SVG and the size
# come in as inputs, never as Typst source.
_DRAW = b"""#set page(width: float(sys.inputs.width) * 1pt, height: float(sys.inputs.height) * 1pt,
  margin: 0pt, fill: none)
#image(bytes(sys.inputs.svg), format: "svg", width: 100%, height: 100%, fit: "contain")
"""


class NotDrawn(ValueError):
    """Why a file is not an SVG cvsite draws: `is not an SVG picture (it starts like HTML)`."""


@functools.cache
def renderer_version() -> str:
    """The version of the compiler that draws SVG pictures, for the cache's keys."""
    return importlib.metadata.version("typst")


def svg_size(data: bytes) -> tuple[float, float]:
    """The size (CSS pixels) at which a browser shows the SVG `data`; NotDrawn if not an SVG."""
    if len(data) > MOST_BYTES:
        raise _not_svg(f"it is over {MOST_BYTES // 1_000_000} MB")
    text = _text(data)
    if _looks_like_html(text):
        raise _not_svg("it starts like HTML")
    tag, attributes = _root(text)
    local = tag.rsplit(" ", 1)[-1]  # expat names it `namespace local`
    if local.lower() == "html":
        raise _not_svg("it starts like HTML")
    if tag not in ("svg", f"{SVG} svg"):  # resvg draws an <svg> without its namespace too
        raise _not_svg(f"its root element is {shown(local, 40)}, not 'svg'")
    return _natural(attributes)


def draw(data: bytes, width: int, height: int) -> bytes:
    """The SVG `data` drawn to fit `width` × `height` pixels, as a transparent PNG."""
    typst = compiler()
    inputs = {"svg": _text(data), "width": str(width), "height": str(height)}
    # An empty folder as Typst's root: an SVG's link to a file finds nothing to read.
    with tempfile.TemporaryDirectory(prefix="cvsite-svg-") as root:
        try:
            options = {"root": root, "format": "png", "ppi": 72.0, "ignore_system_fonts": True}
            return typst.compile(_DRAW, **options, sys_inputs=inputs)
        except typst.TypstError as exc:
            raise NotDrawn(_why(exc)) from None


def _not_svg(why: str) -> NotDrawn:
    return NotDrawn(f"is not an SVG picture ({why})")


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _not_svg("it is not UTF-8 text") from None


def _looks_like_html(text: str) -> bool:
    """An HTML page, which is seldom well-formed XML: a doctype or first tag of HTML's."""
    start = text.lstrip()[:200].lower()
    return start.startswith(("<!doctype html", "<html", "<head", "<body", "<script", "<meta"))


class _Found(Exception):
    """The root element, found: parsing stops there."""


def _root(text: str) -> tuple[str, dict[str, str]]:
    """The root element's name and attributes, read by expat (which loads no external entity)."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def start(name: str, attributes: dict[str, str]) -> None:
        raise _Found(name, attributes)

    parser.StartElementHandler = start
    try:
        parser.Parse(text.encode("utf-8"), True)
    except _Found as found:
        return found.args
    except expat.ExpatError as exc:
        where = f"{exc.lineno}:{exc.offset + 1}"
        raise _not_svg(f"it is not XML: {expat.ErrorString(exc.code)} at {where}") from None
    raise _not_svg("it holds no element")


def _natural(attributes: dict[str, str]) -> tuple[float, float]:
    """SVG's rule: width and height where given in absolute units, the viewBox's shape for
    the one left out (or given in %), the viewBox's size for both, else 100 × 100."""
    width, height = _length(attributes.get("width")), _length(attributes.get("height"))
    box = _view_box(attributes.get("viewBox"))
    if box is None:
        return width or DEFAULT_SIDE, height or DEFAULT_SIDE
    if width and height:
        return width, height
    if width:
        return width, width * box[1] / box[0]
    if height:
        return height * box[0] / box[1], height
    return box


def _length(value: str | None) -> float | None:
    """A width or height in CSS pixels; None for none, a percentage or what cannot be read."""
    found = _LENGTH.fullmatch(value or "")
    if found is None or found.group(2).lower() not in UNITS:
        return None
    pixels = float(found.group(1)) * UNITS[found.group(2).lower()]
    return pixels if math.isfinite(pixels) and pixels > 0 else None


def _view_box(value: str | None) -> tuple[float, float] | None:
    try:
        numbers = [float(n) for n in re.split(r"[\s,]+", (value or "").strip())]
    except ValueError:
        return None
    if len(numbers) != 4 or not all(math.isfinite(n) for n in numbers):
        return None
    return (numbers[2], numbers[3]) if numbers[2] > 0 and numbers[3] > 0 else None


def _why(exc: Exception) -> str:
    """Typst's message about an SVG it cannot draw, as the end of one line."""
    message = getattr(exc, "message", None) or str(exc)
    linked = _LINKED.search(message)
    if linked:
        return (
            f"links to {shown(linked.group(1), 60)}: cvsite draws an SVG from what is inside "
            "it only (put the picture itself into the SVG, or name the picture instead)"
        )
    return f"cannot be drawn (Typst's SVG renderer says: {shown(message.strip(), 120)})"
