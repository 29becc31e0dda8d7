"""`cvsite build` on a site with a camera-sized photo as avatar and a phone photo (GPS and
all) on a project, in both themes: what the pages link to, what is published, what is not."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.helpers import run_cli, write_site
from tests.photos import noisy_photo, phone_photo

BASE = "https://example.org/sub/"
PROJECT = """---
title: Engine
date: 2020
image: shots/engine.jpg
image_alt: A red and blue test card
summary: A thing.
---
What it does.
"""


def make_site(root: Path, theme: str = "meridian", **extra: str | bytes | None) -> Path:
    return write_site(
        root,
        {
            "site.yaml": f"title: T\nbase_url: {BASE}\ntheme: {theme}\n",
            "content/profile.yaml": "name: Ada Test\navatar: images/me.jpg\n",
            "content/images/me.jpg": noisy_photo(),
            "content/projects/engine.md": PROJECT,
            "content/shots/engine.jpg": phone_photo(),
            **extra,
        },
    )


def build(site: Path, cache: Path, *args: str):
    return run_cli("build", "--site", site, *args, env={"CVSITE_CACHE_DIR": str(cache)})


@pytest.fixture(scope="module", params=["meridian", "ledger"])
def built(request, tmp_path_factory) -> tuple[str, Path, Path]:
    root = tmp_path_factory.mktemp(request.param)
    site = make_site(root / "site", request.param)
    result = build(site, root / "cache")
    assert result.code == 0, result.err
    return request.param, site / "output", root / "cache"


def _tag(html: str, pattern: str) -> str:
    found = re.search(pattern, html)
    assert found, pattern
    return found.group(0)


def test_the_avatar_is_a_picture_of_the_themes_size_loaded_at_once(built):
    theme, output, _ = built
    side = {"meridian": 160, "ledger": 96}[theme]
    home = (output / "index.html").read_text()
    picture = _tag(home, r'<picture>(<source [^>]*>)+<img class="avatar"[^>]*></picture>')
    assert (
        f'srcset="images/me-{side}x{side}.webp {side}w, images/me-{2 * side}x{2 * side}.webp'
        in picture
    )
    assert f'src="images/me-{side}x{side}.jpg"' in picture
    assert f'width="{side}" height="{side}"' in picture and f'sizes="{side}px"' in picture
    assert 'alt="Photo of Ada Test"' in picture and "loading=" not in picture
    for url in re.findall(r"images/me-[^ \"]+", picture):
        assert (output / url).is_file(), url


def test_an_entrys_image_is_on_its_page_and_a_lazy_thumbnail_where_the_theme_has_room(built):
    theme, output, _ = built
    page = (output / "projects/engine/index.html").read_text()
    figure = _tag(page, r'<figure class="entry-image">.*?</figure>')
    # Stored 400 x 300, turned by its EXIF orientation: shown 300 x 400, its own width.
    assert 'src="../../shots/engine-300x400.jpg"' in figure
    assert 'width="300" height="400"' in figure and 'alt="A red and blue test card"' in figure
    assert "loading=" not in figure
    cards = (output / "projects/index.html").read_text()
    if theme == "meridian":
        thumb = _tag(cards, r'<img class="thumb"[^>]*>')
        assert 'src="../shots/engine-128x171.jpg"' in thumb and 'loading="lazy"' in thumb
    else:  # one column, no cards: the picture on the entry's page only
        assert "<picture" not in cards and not list(output.glob("shots/engine-128x*"))


def test_link_previews_and_favicons_are_made_from_the_pictures(built):
    _, output, _ = built
    home = (output / "index.html").read_text()
    page = (output / "projects/engine/index.html").read_text()
    assert f'<meta property="og:image" content="{BASE}images/me-1200x630.jpg">' in home
    assert f'<meta property="og:image" content="{BASE}shots/engine-1200x630.jpg">' in page
    assert '<meta property="og:image:width" content="1200">' in page
    assert (
        '<link rel="icon" href="../../images/me-32x32.png" type="image/png" sizes="32x32">' in page
    )
    assert '<link rel="apple-touch-icon" href="images/me-180x180.png"' in home
    assert "favicon.svg" not in home
    resume = json.loads((output / "resume.json").read_text())
    assert resume["basics"]["image"] == f"{BASE}images/me-1200x630.jpg"
    assert f'"image": "{BASE}images/me-1200x630.jpg"' in home  # the Person's JSON-LD


def test_no_original_and_no_metadata_is_published(built):
    _, output, _ = built
    assert not (output / "images/me.jpg").exists() and not (output / "shots/engine.jpg").exists()
    made = [p for p in output.rglob("*") if p.suffix in (".jpg", ".png", ".webp", ".avif")]
    assert len(made) >= 10  # without AVIF, in ledger (no thumbnails): 10
    for path in made:
        data = path.read_bytes()
        assert b"Exif" not in data and b"TestPhone" not in data and b"xmpmeta" not in data, path


def test_a_rebuild_does_no_image_work(built, tmp_path: Path):
    theme, output, cache = built
    site = output.parent
    folder = next(cache.glob("*/images"))
    made = [p for p in folder.iterdir() if not p.name.startswith("originals.json")]
    before = {p.name: p.stat().st_mtime_ns for p in made}
    pages = {p: p.read_bytes() for p in output.rglob("*") if p.is_file()}
    (site / "content/images/me.jpg").touch()  # the build stamp sees a change: a full build
    result = build(site, cache)
    assert result.code == 0, result.err
    after = [p for p in folder.iterdir() if not p.name.startswith("originals.json")]
    assert {p.name: p.stat().st_mtime_ns for p in after} == before
    assert {p: p.read_bytes() for p in output.rglob("*") if p.is_file()} == pages


def test_an_svg_favicon_in_site_yaml_is_drawn_into_the_favicons(tmp_path: Path):
    site = make_site(
        tmp_path / "site",
        **{
            "site.yaml": f"title: T\nbase_url: {BASE}\nfavicon: icons/mark.svg\n",
            "content/icons/mark.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
        },
    )
    assert build(site, tmp_path / "cache").code == 0
    home = (site / "output/index.html").read_text()
    assert '<link rel="icon" href="icons/mark-32x32.png" type="image/png" sizes="32x32">' in home
    assert '<link rel="apple-touch-icon" href="icons/mark-180x180.png"' in home
    assert not (site / "output/icons/mark.svg").exists()  # an SVG runs its scripts: never as is
    assert not (site / "output/images/me-32x32.png").exists()  # not made of the avatar


def test_a_png_favicon_in_site_yaml_is_used_as_it_is(tmp_path: Path):
    icon = phone_photo(32, 32, "PNG")
    site = make_site(
        tmp_path / "site",
        **{
            "site.yaml": f"title: T\nbase_url: {BASE}\nfavicon: icons/mark.png\n",
            "content/icons/mark.png": icon,
        },
    )
    assert build(site, tmp_path / "cache").code == 0
    home = (site / "output/index.html").read_text()
    assert '<link rel="icon" href="icons/mark.png" type="image/png">' in home
    assert (site / "output/icons/mark.png").read_bytes() == icon
    assert "apple-touch-icon" not in home and not (site / "output/images/me-32x32.png").exists()


@pytest.mark.parametrize(
    ("picture", "expected"),
    [
        (
            b"<html>not a photo</html>",
            "content/projects/engine.md:4:8: image: 'shots/engine.jpg' is not a picture",
        ),
        (
            phone_photo()[:900],
            "content/projects/engine.md:4:8: image: 'shots/engine.jpg' is not a picture",
        ),
        (
            None,
            "content/projects/engine.md:4:8: image: 'shots/engine.jpg' is not a file in content/",
        ),
    ],
    ids=["not-a-picture", "cut-short", "missing"],
)
def test_a_bad_picture_is_a_located_error_and_the_last_site_stays(
    tmp_path: Path, picture: bytes | None, expected: str
):
    site = make_site(tmp_path / "site")
    cache = tmp_path / "cache"
    assert build(site, cache).code == 0
    kept = {p: p.read_bytes() for p in (site / "output").rglob("*") if p.is_file()}
    target = site / "content/shots/engine.jpg"
    if picture is None:
        target.unlink()
    else:
        target.write_bytes(picture)
    result = build(site, cache)
    assert result.code == 1
    assert expected in result.err and "Traceback" not in result.err
    assert {p: p.read_bytes() for p in (site / "output").rglob("*") if p.is_file()} == kept
