"""Pictures' figures: `python bench/images.py [--images N]`.

1. Issue 28's avatar: a noisy 2,400 × 2,400 JPEG of about 8.9 MB (tests/photos.py, made with
   Pillow; no real photo). Each file meridian makes of it (1x and 2x of 160 pixels in each
   format, the 1200×630 link preview, the favicons) with its size; the time to make them
   all from the original (cold: the median of three, each into an empty cache) and to find
   them all in the cache (warm: the median of ten).
2. A whole `cvsite build` of a site with that avatar, cold (new cache folder) and warm
   (the same cache, `--force`: every page rendered again, every picture from the cache).
3. With `--images N`: the same with N projects, each with its own 1,600 × 1,200 photo.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import PIL  # noqa: E402

from generator.errors import ContentError  # noqa: E402
from generator.render.pictures import Pictures  # noqa: E402
from generator.site import images  # noqa: E402
from tests.photos import noisy_photo  # noqa: E402

MERIDIAN = {"avatar_size": 160, "image_width": 768, "thumbnail_width": 128}
ROLES = {"avatar", "social", "icons"}


def avatar_files(folder: Path, original: bytes) -> tuple[dict[str, int], float, float]:
    """(URL -> bytes of each file made, cold seconds, warm seconds)."""
    file = folder / "me.jpg"
    file.write_bytes(original)
    place = ContentError("content/profile.yaml", 2, 9, "avatar", "")
    info = images.read_image(file, "images/me.jpg", place)
    pictures = Pictures({info.path: info}, MERIDIAN, images.modern_formats(), info.path)
    (group,) = images.by_original(pictures.files({info.path: ROLES}))
    colds = []
    for run in range(3):
        cache = folder / f"cache-{run}"
        started = time.perf_counter()
        made = images.make_group(group, cache)
        colds.append(time.perf_counter() - started)
    warms = []
    for _ in range(10):
        started = time.perf_counter()
        assert images.cached(group, cache) is not None
        warms.append(time.perf_counter() - started)
    sizes = {url: Path(path).stat().st_size for url, path in made.items()}
    return sizes, statistics.median(colds), statistics.median(warms)


def make_site(root: Path, original: bytes, count: int) -> Path:
    (root / "content/images").mkdir(parents=True)
    (root / "content/projects").mkdir()
    (root / "site.yaml").write_text("title: Bench\nbase_url: https://example.org/\n")
    (root / "content/profile.yaml").write_text("name: Ada Bench\navatar: images/me.jpg\n")
    (root / "content/images/me.jpg").write_bytes(original)
    for number in range(count):
        photo = noisy_photo(1600, 1200, 20 + number % 7)
        (root / f"content/images/p{number}.jpg").write_bytes(photo)
        (root / f"content/projects/p{number}.md").write_text(
            f"---\ntitle: Project {number}\ndate: 2020\nimage: images/p{number}.jpg\n"
            f"image_alt: Photo {number}\n---\nAbout it.\n"
        )
    return root


def build_seconds(site: Path, cache: Path) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "generator", "build", "--site", str(site), "--force"],
        check=True,
        capture_output=True,
        cwd=REPO,
        env={"CVSITE_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin"},
    )
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--images", type=int, default=0, help="projects with a photo each")
    count = parser.parse_args().images
    original = noisy_photo()
    print(f"python {sys.version.split()[0]}, Pillow {PIL.__version__}, formats: "
          f"{', '.join(images.modern_formats())} + the original's")  # fmt: skip
    print(f"avatar: 2400 x 2400 JPEG, {len(original) / 1e6:.1f} MB")
    with tempfile.TemporaryDirectory() as scratch:
        sizes, cold, warm = avatar_files(Path(scratch), original)
        for url, size in sorted(sizes.items(), key=lambda pair: pair[1]):
            print(f"  {url:32} {size / 1000:7.1f} KB")
        print(f"made from the original: {cold * 1000:.0f} ms cold (median of 3), "
              f"{warm * 1000:.2f} ms warm from the cache (median of 10)")  # fmt: skip
        site = make_site(Path(scratch) / "site", original, count)
        cache = Path(scratch) / "build-cache"
        first = build_seconds(site, cache)
        again = statistics.median(build_seconds(site, cache) for _ in range(3))
        print(f"cvsite build with {count} more photos: {first:.2f} s cold, "
              f"{again:.2f} s warm (--force, median of 3)")  # fmt: skip


if __name__ == "__main__":
    main()
