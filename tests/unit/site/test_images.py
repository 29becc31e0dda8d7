"""Pictures made with Pillow (generator/site/images.py) as render/pictures.py plans them:
upright, stripped of EXIF, GPS, XMP and colour profiles, small, cached, and refused with a
located error when they are not pictures or too big."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from generator.errors import ContentError, ContentErrors
from generator.render.pictures import Pictures, social_url
from generator.site import images
from tests.photos import GPS_IFD, noisy_photo, phone_photo

PLACE = ContentError("content/profile.yaml", 3, 9, "avatar", "")
MERIDIAN = {"avatar_size": 160, "image_width": 768, "thumbnail_width": 128}


def _info(tmp_path: Path, data: bytes, path: str = "images/me.jpg"):
    file = tmp_path / "content" / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_bytes(data)
    return images.read_image(file, path, PLACE)


def _made(tmp_path: Path, data: bytes, roles: set[str], cache: Path | None = None) -> dict:
    info = _info(tmp_path, data)
    pictures = Pictures({info.path: info}, MERIDIAN, images.modern_formats(), info.path)
    picture_files = pictures.files({info.path: roles})
    made = {}
    for group in images.by_original(picture_files):
        made.update(images.make_group(group, cache))
    return {url: s if isinstance(s, bytes) else s.read_bytes() for url, s in made.items()}


def test_a_phone_photo_is_published_upright_without_its_gps_position_or_other_metadata(
    tmp_path: Path,
):
    original = phone_photo()
    assert Image.open(io.BytesIO(original)).getexif().get_ifd(GPS_IFD)  # the test's premise
    made = _made(tmp_path, original, {"avatar", "image", "social", "icons"})
    assert len(made) >= 9  # avatar and image sizes in 2 or 3 formats, card, icons
    for url, data in made.items():
        picture = Image.open(io.BytesIO(data))
        assert not picture.getexif(), url
        assert not {"exif", "xmp", "XML:com.adobe.xmp", "icc_profile"} & picture.info.keys(), url
        for marker in (b"Exif\x00\x00", b"TestPhone", b"xmpmeta", b"acsp"):  # acsp: ICC's
            assert marker not in data, (url, marker)
    # Stored 400 × 300 with its left half blue, shown turned a quarter clockwise (EXIF 6):
    # 300 × 400, blue on top.
    upright = Image.open(io.BytesIO(made["/images/me-300x400.jpg"])).convert("RGB")
    assert upright.size == (300, 400)
    red, green, blue = upright.getpixel((150, 50))
    assert blue > 150 and red < 100
    red, green, blue = upright.getpixel((150, 350))
    assert red > 150 and blue < 100


def test_an_8_9_mb_2400_pixel_avatar_comes_out_at_60_kb_or_less_at_the_size_shown(
    tmp_path: Path,
):
    original = noisy_photo()
    assert len(original) > 8_500_000 and Image.open(io.BytesIO(original)).width == 2400
    made = _made(tmp_path, original, {"avatar"})
    assert sorted(made) == sorted(
        f"/images/me-{s}x{s}.{kind}"
        for s in (160, 320)
        for kind in (*images.modern_formats(), "jpg")
    )
    for url, data in made.items():
        assert len(data) <= 60_000, (url, len(data))
        assert Image.open(io.BytesIO(data)).size == tuple(
            map(int, url[11:-4].split(".")[0].split("x"))
        )


def test_the_link_preview_is_a_1200_by_630_jpeg_and_the_favicons_are_pngs(tmp_path: Path):
    made = _made(tmp_path, noisy_photo(800, 1000, 20), {"social", "icons"})
    assert social_url("images/me.jpg") == "/images/me-1200x630.jpg"
    sizes = {
        url: (Image.open(io.BytesIO(d)).format, Image.open(io.BytesIO(d)).size)
        for url, d in made.items()
    }
    assert sizes == {
        "/images/me-1200x630.jpg": ("JPEG", (1200, 630)),
        "/images/me-32x32.png": ("PNG", (32, 32)),
        "/images/me-180x180.png": ("PNG", (180, 180)),
    }


def test_a_rebuild_takes_every_file_from_the_cache_and_does_no_image_work(tmp_path: Path):
    cache = tmp_path / "cache"
    info = _info(tmp_path, phone_photo())
    pictures = Pictures({info.path: info}, MERIDIAN, images.modern_formats(), info.path)
    (group,) = images.by_original(pictures.files({info.path: {"avatar", "social"}}))
    assert images.cached(group, cache) is None
    first = images.make_group(group, cache)
    info.file.write_bytes(b"not a picture any more")  # decoding it again would fail
    again = images.cached(group, cache)
    assert again == first and all(isinstance(p, Path) for p in again.values())
    assert images.make_group(group, cache) == first
    # Another Pillow, or other settings, would make other bytes: another cache entry.
    other = images.cache_path(cache, group[0])
    assert other.parent == cache and group[0].info.digest not in other.name


def test_an_original_seen_unchanged_is_not_read_again(tmp_path: Path):
    memo = tmp_path / "cache" / "originals.json"
    data = phone_photo()
    info = _info(tmp_path, data)
    first = images.Originals(memo).info(info.file, info.path, PLACE)
    images.Originals(memo).save()  # nothing new: nothing written
    originals = images.Originals(memo)
    originals.info(info.file, info.path, PLACE)
    originals.save()
    assert memo.is_file()
    # Other bytes of the same length, the same time: taken as unchanged, never read.
    stat = info.file.stat()
    info.file.write_bytes(b"x" * len(data))
    os.utime(info.file, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert images.Originals(memo).info(info.file, info.path, PLACE) == first
    os.utime(info.file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))  # touched: read again
    with pytest.raises(ContentErrors):
        images.Originals(memo).info(info.file, info.path, PLACE)


def test_the_plan_gives_templates_1x_and_2x_sources_and_the_size_shown(tmp_path: Path):
    info = _info(tmp_path, noisy_photo(1000, 500, 10), "shots/wide.jpg")
    pictures = Pictures({info.path: info}, MERIDIAN, ("avif", "webp"))
    image = pictures.picture("shots/wide.jpg", "image")
    assert (image.width, image.height, image.src) == (768, 384, "/shots/wide-768x384.jpg")
    assert [s.type for s in image.sources] == ["image/avif", "image/webp"]
    assert [(c.url, c.width) for c in image.sources[1].candidates] == [
        ("/shots/wide-768x384.webp", 768),
        ("/shots/wide-1000x500.webp", 1000),  # twice 768 is wider than the original
    ]
    assert image.sizes == "(max-width: 808px) calc(100vw - 40px), 768px"
    thumb = pictures.picture("shots/wide.jpg", "thumbnail")
    assert (thumb.width, thumb.height, thumb.sizes) == (128, 64, "128px")
    assert pictures.picture("shots/wide.jpg", "avatar").width == 160
    assert Pictures({}, {**MERIDIAN, "thumbnail_width": 0}).picture("a.jpg", "thumbnail") is None
    assert pictures.picture("files/me.svg", "avatar") is None  # not read: never published


def test_a_picture_with_transparency_falls_back_to_png(tmp_path: Path):
    out = io.BytesIO()
    Image.new("RGBA", (300, 300), (0, 0, 0, 0)).save(out, "WEBP")
    info = _info(tmp_path, out.getvalue(), "logo.webp")
    assert info.fallback == "png"


def test_a_file_that_is_not_a_picture_is_a_located_error(tmp_path: Path):
    with pytest.raises(ContentErrors) as raised:
        _info(tmp_path, b"<html>not a photo</html>")
    (error,) = raised.value.errors
    assert str(error).startswith("content/profile.yaml:3:9: avatar: 'images/me.jpg' is not a")
    assert "expected a JPEG, PNG, WebP or GIF" in str(error)


def test_a_broken_jpeg_is_a_located_error_when_it_is_decoded(tmp_path: Path):
    whole = noisy_photo(600, 600, 20)
    with pytest.raises(ContentErrors) as raised:
        _made(tmp_path, whole[: len(whole) // 3], {"avatar"})
    (error,) = raised.value.errors
    assert str(error).startswith("content/profile.yaml:3:9: avatar: 'images/me.jpg' is not a")


@pytest.mark.parametrize("size", [(8000, 7000), (15000, 12000)])
def test_a_picture_of_more_than_50_million_pixels_is_refused_before_it_is_decoded(
    tmp_path: Path, size: tuple[int, int]
):
    out = io.BytesIO()
    Image.new("1", size).save(out, "PNG")  # 56 and 180 million pixels (Pillow's own limit)
    with pytest.raises(ContentErrors) as raised:
        _info(tmp_path, out.getvalue())
    (error,) = raised.value.errors
    assert str(error).startswith("content/profile.yaml:3:9: avatar: 'images/me.jpg' is too big")
    assert "more than 50 million pixels" in str(error)
