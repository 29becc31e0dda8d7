"""Pictures that attack the site or the build (issue 39, points 2 and 7).

An SVG is a document: opened from the site's own address, its `<script>` and `onload` run
there. So an SVG `avatar`, entry `image` or `favicon` is published as pixels drawn from it,
never as itself, and a file named `.svg` that is not an SVG (an HTML page) is refused by what
it holds. The SVGs are real files: the attacks from darylldoyle/svg-sanitizer's tests and
Jinja's logos (tests/fixtures/realworld/svg/SOURCES.md).

A picture cache damaged on disk (a file overwritten, cut short, emptied) is made again, never
published.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from generator.site.stamp import cache_dir
from tests.helpers import FIXTURES, write_site
from tests.hostile.sandbox import build_hostile
from tests.htmlread import read_page
from tests.photos import noisy_photo, phone_photo

SVGS = FIXTURES / "realworld" / "svg"
SITE = "title: T\nbase_url: https://e.org/\n"
# Where each field naming the picture `me.svg` is, in the files _site writes.
PLACES = {
    "avatar": "content/profile.yaml:2:9",
    "image": "content/projects/a.md:3:8",
    "favicon": "site.yaml:3:10",
}
# Attacks that resvg draws, their scripts, handlers, forms and links to elsewhere left out.
DRAWN = [
    "svgTestOne.svg",  # Illustrator's export with <script>, <ScRiPt> and onload
    "externalTest.svg",  # fills from http:, https: and / URLs
    "formDataTest.svg",  # an HTML <form> with javascript: actions, and in CDATA
    "htmlTest.svg",  # <img onerror> hidden in comments, processing instructions, CDATA
    "entityTest.svg",  # a DOCTYPE's own entity
]
# Attacks resvg will not draw: an error at the field, nothing published.
NOT_DRAWN = [
    ("maliciousJsAndPhpTest.svg", "unknown namespace prefix"),  # onload on every element
    ("hrefTestOne.svg", "unknown namespace prefix"),  # javascript: and data: links
    ("xlinkLaughsTest.svg", "nodes limit reached"),  # <use> ten deep, ten wide
]


def _site(root: Path, field: str, picture: bytes, **more: str | bytes) -> Path:
    """A site whose `field` names `me.svg`, which holds `picture`."""
    files: dict[str, str | bytes] = {"site.yaml": SITE, "content/profile.yaml": "name: A\n"}
    if field == "avatar":
        files["content/profile.yaml"] = "name: A\navatar: me.svg\n"
    elif field == "image":
        files["content/projects/a.md"] = "---\ntitle: A\nimage: me.svg\n---\nBody.\n"
    else:
        files["site.yaml"] = SITE + "favicon: me.svg\n"
    return write_site(root, {**files, "content/me.svg": picture, **more})


def _made(output: Path, stem: str) -> dict[str, bytes]:
    """The picture files made of the original `stem`, by name: each one must decode."""
    made = {}
    for path in sorted(output.glob(f"{stem}-*")):
        with Image.open(path) as picture:
            picture.load()
            assert picture.format in ("PNG", "WEBP", "AVIF", "JPEG"), path
        made[path.name] = path.read_bytes()
    return made


@pytest.mark.parametrize("field", PLACES)
@pytest.mark.parametrize("name", DRAWN)
def test_an_svg_is_published_as_pixels_never_as_the_document(tmp_path, field, name):
    site = _site(tmp_path / "site", field, (SVGS / name).read_bytes())
    outcome = build_hostile(site)
    assert outcome.built, outcome.run.err
    output = site / "output"
    assert not (output / "me.svg").exists()
    published = {p.relative_to(output).as_posix() for p in output.rglob("*.svg")}
    assert published <= {"assets/favicon.svg"}  # the theme's own, when no favicon is given
    assert _made(output, "me"), "nothing made of the picture"
    for path in output.rglob("*"):
        if path.is_file():
            assert b"alert(" not in path.read_bytes(), path


@pytest.mark.parametrize("field", PLACES)
@pytest.mark.parametrize(("name", "said"), NOT_DRAWN)
def test_an_svg_the_renderer_will_not_draw_is_refused_at_its_field(tmp_path, field, name, said):
    site = _site(tmp_path / "site", field, (SVGS / name).read_bytes())
    outcome = build_hostile(site)
    (error,) = outcome.errors
    assert error.startswith(f"{PLACES[field]}: {field}: 'me.svg' cannot be drawn"), error
    assert said in error
    assert not (site / "output").exists()


@pytest.mark.parametrize("field", PLACES)
def test_an_html_page_named_svg_is_refused_by_what_it_holds(tmp_path, field):
    site = _site(tmp_path / "site", field, (SVGS / "mdn-index.html").read_bytes())
    outcome = build_hostile(site)
    assert outcome.errors == [
        f"{PLACES[field]}: {field}: 'me.svg' is not an SVG picture (it starts like HTML)"
    ]
    assert not (site / "output").exists()


@pytest.mark.parametrize(
    ("picture", "why"),
    [
        (b'<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
         "it starts like HTML"),  # XHTML, well-formed XML
        (b"<!-- a comment first -->\n<HTML><script>alert(1)</script></HTML>",
         "it starts like HTML"),
        (phone_photo(), "it is not UTF-8 text"),
        (b"name: A\n", "it is not XML: syntax error at 1:1"),
        (b'<?xml version="1.0"?><script>alert(1)</script>',
         "its root element is 'script', not 'svg'"),
        (b"", "it is not XML: no element found at 1:1"),
    ],
    ids=["xhtml", "html-after-comment", "jpeg", "yaml", "script", "empty"],
)  # fmt: skip
def test_a_file_named_svg_that_is_no_svg_is_refused(tmp_path, picture, why):
    site = _site(tmp_path / "site", "avatar", picture)
    outcome = build_hostile(site)
    assert outcome.errors == [
        f"content/profile.yaml:2:9: avatar: 'me.svg' is not an SVG picture ({why})"
    ]


def test_real_svg_logos_are_drawn_at_the_sizes_pages_show(tmp_path):
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": SITE + "favicon: icon.svg\n",
            "content/profile.yaml": "name: A\navatar: me.svg\n",
            "content/projects/a.md": "---\ntitle: A\nimage: name.svg\n---\nBody.\n",
            "content/me.svg": (SVGS / "jinja-logo.svg").read_bytes(),
            "content/icon.svg": (SVGS / "jinja-logo.svg").read_bytes(),
            "content/name.svg": (SVGS / "jinja-name.svg").read_bytes(),
        },
    )
    assert build_hostile(site).built
    output = site / "output"
    home = read_page(output / "index.html")
    avatar = home.root.find("img", cls="avatar").attrs
    assert (avatar["src"], avatar["width"], avatar["height"]) == ("me-160x160.png", "160", "160")
    icons = [
        (e.attrs["rel"], e.attrs["href"]) for e in home.root.find_all("link", type="image/png")
    ]
    assert icons == [("icon", "icon-32x32.png"), ("apple-touch-icon", "icon-180x180.png")]
    page = read_page(output / "projects/a/index.html")
    image = page.root.find("figure", cls="entry-image").find("img").attrs
    # Its own size (664 x 300, its viewBox's: width and height are 100%), under meridian's 768.
    assert (image["width"], image["height"]) == ("664", "300")
    assert image["srcset"] == "../../name-664x300.png 664w, ../../name-1328x600.png 1328w"
    for name in ("me-320x320.png", "icon-180x180.png", "name-1328x600.png"):
        _looks_like_the_logo(output / name)
    _looks_like_the_logo(output / "me-1200x630.jpg")  # the link preview


def _looks_like_the_logo(path: Path) -> None:
    """Jinja's logos: white (the gate, or the name's dots) and its maroon (#6c0a28 about)."""
    with Image.open(path) as picture:
        data = picture.convert("RGBA").tobytes()
    pixels = [tuple(data[i : i + 4]) for i in range(0, len(data), 4)]
    opaque = [p for p in pixels if p[3] == 255]
    white = sum(1 for r, g, b, _ in opaque if min(r, g, b) > 240)
    if path.name.startswith("name"):  # the word in black, on nothing
        dark = sum(1 for r, g, b, _ in opaque if max(r, g, b) < 40)
        assert dark > len(pixels) // 20, path
        return
    maroon = sum(1 for r, g, b, _ in opaque if r > 80 and g < 40 and b < 70)
    assert white > len(pixels) // 20 and maroon > len(pixels) // 5, path


def _garbage(data: bytes) -> bytes:
    return bytes((b * 7 + 13) % 256 for b in data)


DAMAGE = {
    "overwritten": _garbage,
    "cut in half": lambda data: data[: len(data) // 2],
    "emptied": lambda data: b"",
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_picture_cache_is_made_again_not_published(tmp_path, damage):
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": SITE,
            "content/profile.yaml": "name: A\navatar: me.jpg\n",
            "content/me.jpg": noisy_photo(600, 600),
            "content/projects/a.md": "---\ntitle: A\nimage: shot.png\n---\nBody.\n",
            "content/shot.png": phone_photo(fmt="PNG"),
        },
    )
    assert build_hostile(site).built
    output = site / "output"
    before = {**_made(output, "me"), **_made(output, "shot")}
    assert len(before) >= 10
    kept = [p for p in (cache_dir(site) / "images").iterdir() if p.suffix != ".blake2b"]
    assert len(kept) > len(before)  # every file made, and what the originals are
    for path in kept:
        path.write_bytes(DAMAGE[damage](path.read_bytes()))
    outcome = build_hostile(site, "--force")
    assert outcome.built, outcome.run.err
    assert {**_made(output, "me"), **_made(output, "shot")} == before
    outcome = build_hostile(site, "--force")  # and the cache is whole again
    assert {**_made(output, "me"), **_made(output, "shot")} == before


def test_a_picture_from_the_cache_is_the_one_made(tmp_path):
    """A cached file swapped for another picture (a valid one, so a decoder would not see
    it) is not published either: the digest beside it says it is not what was kept."""
    site = write_site(
        tmp_path / "site",
        {"content/profile.yaml": "name: A\navatar: me.jpg\n", "content/me.jpg": phone_photo()},
    )
    assert build_hostile(site).built
    before = _made(site / "output", "me")
    out = io.BytesIO()
    Image.new("RGB", (160, 160), (255, 0, 255)).save(out, "PNG")
    for path in (cache_dir(site) / "images").glob("*.png"):
        path.write_bytes(out.getvalue())
    assert build_hostile(site, "--force").built
    assert _made(site / "output", "me") == before
