"""SVG pictures (generator/site/vectors.py): the size a browser shows one at, read from its
root element; drawn by Typst's SVG renderer into pixels, at the sizes the pages show, with
nothing it links to; and planned as photos are, but with 2× files beyond their own size."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from generator.errors import ContentError
from generator.render.pictures import Pictures
from generator.site import images
from generator.site.vectors import NotDrawn, draw, svg_size

PLACE = ContentError("content/projects/a.md", 3, 8, "image", "")
MERIDIAN = {"avatar_size": 160, "image_width": 768, "thumbnail_width": 128}
SVG = 'xmlns="http://www.w3.org/2000/svg"'
RED = f'<svg {SVG} width="40" height="20"><rect width="40" height="20" fill="#f00"/></svg>'


@pytest.mark.parametrize(
    ("root", "size"),
    [
        (f'<svg {SVG} width="120" height="40">', (120, 40)),
        (f'<svg {SVG} width="120px" height="30pt">', (120, 40)),
        (f'<svg {SVG} width="25.4mm" height="1in">', (96, 96)),
        (f'<svg {SVG} viewBox="0 0 664 300">', (664, 300)),
        (f'<svg {SVG} width="100%" height="100%" viewBox="0,0,664,300">', (664, 300)),
        (f'<svg {SVG} width="332" viewBox="0 0 664 300">', (332, 150)),
        (f'<svg {SVG} height="150" viewBox="0 0 664 300">', (332, 150)),
        (f"<svg {SVG}>", (100, 100)),  # no size at all: resvg's 100 × 100
        (f'<svg {SVG} width="-5" height="1e999" viewBox="0 0 0 10">', (100, 100)),
        ('<svg width="12" height="8">', (12, 8)),  # no namespace: resvg draws it all the same
    ],
)
def test_the_size_shown_is_read_from_the_root_element(root: str, size: tuple[int, int]):
    assert svg_size(f'<?xml version="1.0"?>\n<!-- made by hand -->\n{root}</svg>'.encode()) == size


def test_entities_outside_the_root_element_are_never_expanded():
    laughs = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    bomb = f'<!DOCTYPE svg [<!ENTITY l0 "ha">{laughs}]><svg {SVG} width="9"><text>&l9;</text></svg>'
    assert svg_size(bomb.encode()) == (9, 100)


def test_a_drawing_fits_the_size_asked_for_and_is_transparent_around_the_svg():
    picture = Image.open(io.BytesIO(draw(RED.encode(), 80, 80)))
    assert (picture.format, picture.size, picture.mode) == ("PNG", (80, 80), "RGBA")
    assert picture.getpixel((40, 40)) == (255, 0, 0, 255)  # 80 × 40, in the middle
    assert picture.getpixel((40, 5))[3] == 0


def test_nothing_an_svg_links_to_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    Image.new("RGB", (10, 10), (0, 0, 255)).save(tmp_path / "blue.png")
    monkeypatch.chdir(tmp_path)  # where Typst would look for a file named without a folder
    for link in ("blue.png", str(tmp_path / "blue.png"), "https://example.org/blue.png"):
        svg = f'<svg {SVG} width="10" height="10"><image href="{link}" width="10" height="10"/>'
        with pytest.raises(NotDrawn) as raised:
            draw(f"{svg}</svg>".encode(), 10, 10)
        said = str(raised.value)
        assert said.startswith(f"links to '{link[:20]}") and "draws an SVG from what is" in said


def test_an_svg_is_planned_with_2x_files_beyond_its_own_size(tmp_path: Path):
    file = tmp_path / "logo.svg"
    file.write_text(f'<svg {SVG} viewBox="0 0 48 24"><rect width="48" height="24"/></svg>')
    info = images.read_image(file, "logo.svg", PLACE)
    assert (info.width, info.height, info.fallback) == (48, 24, "png")
    pictures = Pictures({info.path: info}, MERIDIAN, ("webp",), avatar="logo.svg")
    image = pictures.picture("logo.svg", "image")
    assert (image.width, image.height) == (48, 24)  # its own size, under the theme's 768
    assert [c.url for c in image.fallback.candidates] == ["/logo-48x24.png", "/logo-96x48.png"]
    avatar = pictures.picture("logo.svg", "avatar")
    assert [c.width for c in avatar.sources[0].candidates] == [160, 320]
    assert pictures.social("logo.svg").url == "/logo-1200x630.jpg"
    roles = {"image", "avatar", "social", "icons"}
    (group,) = images.by_original(pictures.files({info.path: roles}))
    made = images.make_group(group, tmp_path / "cache")
    for picture_file in group:
        data = Path(made[picture_file.url]).read_bytes()
        with Image.open(io.BytesIO(data)) as picture:
            assert picture.size == (picture_file.width, picture_file.height), picture_file.url
    again = images.cached(group, tmp_path / "cache")
    assert again == made  # every file from the cache, checked against its digest
