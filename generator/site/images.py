"""The site's pictures, made with Pillow: each original's header read for the page plan, then
decoded once into the files render/pictures.py plans. Only pixels are published: upright,
in sRGB, without EXIF (a phone's GPS position), XMP or profiles. Each file made is kept in
the cache under a digest of what shapes it, checked before it is used again."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import math
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from generator.cachefolders import intact, keep
from generator.diskerrors import cache_warning
from generator.errors import ContentError, ContentErrors, shown
from generator.model.resume import Loaded
from generator.render.pictures import ImageInfo, PictureFile, Pictures, is_vector
from generator.site.collisions import Origin
from generator.site.vectors import NotDrawn, draw, renderer_version, svg_size
from generator.site.writer import Source

if TYPE_CHECKING:
    from PIL import Image

# Pillow is imported where a picture is read or made: a site without one does not pay for it.

MAX_PIXELS = 50_000_000  # a bigger original is refused: decoding it would take gigabytes
READS = ("JPEG", "PNG", "WEBP", "GIF")  # the formats an original may be in
QUALITY = {"avif": 60, "webp": 80, "jpeg": 82}
# What Pillow is told when it saves each format.
SAVING = {
    "jpeg": {"quality": QUALITY["jpeg"], "optimize": True, "progressive": True},
    "png": {"optimize": True},
    "webp": {"quality": QUALITY["webp"], "method": 4},
    "avif": {"quality": QUALITY["avif"], "speed": 6},
}
CENTRE = (0.5, 0.4)  # where a crop is taken: a little above the middle, where faces are
SETTINGS = f"1 {sorted(QUALITY.items())} {CENTRE}"  # how files are made here, for the cache

Wanted = dict[str, tuple[ContentError, set[str]]]  # path -> (the field naming it, its roles)


def modern_formats() -> tuple[str, ...]:
    """The formats made beside the fallback, best first: AVIF where this Pillow writes it."""
    from PIL import features

    return ("avif", "webp") if "avif" in features.get_supported_modules() else ("webp",)


def wanted_images(loaded: Loaded) -> Wanted:
    """Every picture the site shows, with the field that names it and its roles: the avatar
    (also the link preview and, without a `favicon`, the favicons), each entry's `image`,
    and an SVG `favicon` (a PNG or ICO one is published as it is)."""
    wanted: Wanted = {}

    def add(path: str | None, place: ContentError, roles: set[str]) -> None:
        if path:
            key = path.split("#")[0].split("?")[0].lstrip("/")
            wanted.setdefault(key, (place, set()))[1].update(roles)

    for resume in loaded.resumes.values():
        if resume.profile_doc is not None:
            place = resume.profile_doc.error(("avatar",), "")
        else:
            place = ContentError("content/profile.yaml", 0, 0, "avatar", "")
        icons = set() if resume.config.favicon else {"icons"}
        add(resume.profile.avatar, place, {"avatar", "social", *icons})
        for item in resume.items:
            if item.data.image and item.origin is not None:
                place = item.origin.error(("image",), "")
                preview = {"social"} if item.has_page else set()  # its page's og:image
                add(item.data.image, place, {"image", "thumbnail", *preview})
    favicon = loaded.resume.config.favicon
    if favicon and is_vector(favicon):
        doc = loaded.config_doc
        place = ContentError("site.yaml", 0, 0, "favicon", "")
        add(favicon, doc.error(("favicon",), "") if doc is not None else place, {"icons"})
    return wanted


class Originals:
    """What each original was found to be, by its file's size and time, kept in the cache."""

    def __init__(self, path: Path | None):
        self.path = path
        self.known: dict[str, list] = {}
        self.changed = False
        kept = intact(path) if path else None  # as this class wrote it, or nothing
        with contextlib.suppress(ValueError):
            self.known = json.loads(kept) if kept is not None else {}

    def info(self, file: Path, path: str, place: ContentError) -> ImageInfo:
        try:
            stat = file.stat()
        except OSError:  # read_image says why
            return read_image(file, path, place)
        mark = [stat.st_size, stat.st_mtime_ns]
        known = self.known.get(str(file))
        if isinstance(known, list) and len(known) == 6 and known[:2] == mark:
            digest, width, height, fallback = known[2:]
            return ImageInfo(path, file, width, height, fallback, digest, place)
        info = read_image(file, path, place)
        self.known[str(file)] = [*mark, info.digest, info.width, info.height, info.fallback]
        self.changed = True
        return info

    def save(self) -> None:
        if self.path is None or not self.changed:
            return
        _keep(self.path, json.dumps(self.known, sort_keys=True).encode("utf-8"))
        self.changed = False


def read_pictures(
    loaded: Loaded, wanted: Wanted, options: dict, originals: Originals | None = None
) -> Pictures:
    """The site's pictures, each original's header read; ContentErrors for any not readable."""
    originals = originals or Originals(None)
    files = {loaded.files.display(p).removeprefix("content/"): p for p in loaded.files.assets}
    infos, problems = {}, []
    for path, (place, _) in sorted(wanted.items()):
        try:
            infos[path] = originals.info(files[path], path, place)
        except ContentErrors as exc:
            problems.extend(exc.errors)
    originals.save()
    if problems:
        raise ContentErrors(problems)
    config = loaded.resume.config
    formats = modern_formats() if infos else ()
    return Pictures(infos, options, formats, loaded.resume.profile.avatar, config.favicon)


def read_image(file: Path, path: str, place: ContentError) -> ImageInfo:
    """An original's size as shown and its fallback format, from its header."""
    data = _read(file, place)
    digest = hashlib.blake2b(data, digest_size=16).hexdigest()
    if is_vector(path):
        try:
            width, height = svg_size(data)
        except NotDrawn as exc:
            raise _error(place, f"{shown(path)} {exc}") from None
        # The size it is shown at, in whole pixels (a drawing of any size is made at need).
        size = (max(1, round(width)), max(1, round(height)))
        return ImageInfo(path, file, *size, "png", digest, place)
    with _opened(io.BytesIO(data), place, path) as image:
        width, height = image.size
        if _orientation(image) in (5, 6, 7, 8):  # turned a quarter
            width, height = height, width
        alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
        fallback = "png" if image.format in ("PNG", "GIF") or alpha else "jpeg"
    return ImageInfo(path, file, width, height, fallback, digest, place)


def _orientation(image: Image.Image) -> int | None:
    """The EXIF Orientation tag; None where EXIF cannot be read (decoding will say so)."""
    try:
        return image.getexif().get(0x0112)
    except (OSError, SyntaxError, ValueError, TypeError, KeyError):
        return None


def _read(file: Path, place: ContentError) -> bytes:
    try:
        return file.read_bytes()
    except OSError as exc:
        raise _error(place, f"{shown(file.name)} cannot be read ({exc.strerror or exc})") from None


@contextlib.contextmanager
def _opened(file: io.BytesIO | Path, place: ContentError, path: str) -> Iterator[Image.Image]:
    """`Image.open` of an original, its problems as located errors (too big: from its header)."""
    from PIL import Image, UnidentifiedImageError

    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(file, formats=READS)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _error(place, _too_big(shown(path))) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
            raise _error(place, _not_an_image(shown(path), exc)) from None
    try:
        if image.width * image.height > MAX_PIXELS:
            raise _error(place, _too_big(shown(path), image.size))
        yield image
    finally:
        image.close()


def _too_big(value: str, size: tuple[int, int] | None = None) -> str:
    pixels = f"{size[0]} × {size[1]} pixels, " if size else ""
    return (
        f"{value} is too big ({pixels}more than {MAX_PIXELS // 1_000_000} million pixels); "
        "make it smaller, such as 3000 pixels wide, before it goes into content/"
    )


def _not_an_image(value: str, exc: Exception) -> str:
    from PIL import UnidentifiedImageError

    expected = "expected a JPEG, PNG, WebP or GIF file, or an SVG"
    if isinstance(exc, UnidentifiedImageError):  # its message names only a stream
        return f"{value} is not a picture cvsite can read ({expected})"
    said = shown(str(exc), 120)
    return f"{value} is not a picture cvsite can read ({expected}; Pillow says: {said})"


def _error(place: ContentError, message: str) -> ContentErrors:
    return ContentErrors([replace(place, message=message)])


def image_claims(picture_files: list[PictureFile]) -> dict[str, tuple[Source, Origin]]:
    """The URLs the pictures' files take, each from the field naming its original."""
    places = {picture_file.url: picture_file.info.place for picture_file in picture_files}
    return {url: (b"", Origin(f"{p.file}:{p.line}", p.file, p.line)) for url, p in places.items()}


# --- making the files ------------------------------------------------------------------------


def by_original(picture_files: Iterable[PictureFile]) -> list[list[PictureFile]]:
    """The files to make, in groups of one original each (one decoding for each group)."""
    groups: dict[str, list[PictureFile]] = {}
    for picture_file in picture_files:
        groups.setdefault(picture_file.info.path, []).append(picture_file)
    return [groups[path] for path in sorted(groups)]


def cached(group: list[PictureFile], folder: Path | None) -> dict[str, Source] | None:
    """The files of one original, if the cache has every one of them, each as it was kept."""
    if folder is None:
        return None
    found = {v.url: cache_path(folder, v) for v in group}
    whole = all(intact(path) is not None for path in found.values())
    return found if whole else None  # type: ignore


def make_group(group: list[PictureFile], folder: Path | None) -> dict[str, Source]:
    """The files of one original, by URL: from the cache, or made (and cached) now."""
    have = cached(group, folder)
    if have is not None:
        return have
    image = _decoded(group)
    made: dict[str, Source] = {}
    for picture_file in group:
        path = cache_path(folder, picture_file) if folder is not None else None
        if path is not None and intact(path) is not None:
            made[picture_file.url] = path
            continue
        data = encode(image, picture_file)
        made[picture_file.url] = _keep(path, data) if path is not None else data
    return made


def cache_path(folder: Path, picture_file: PictureFile) -> Path:
    """Where a made file is kept: named by a digest of everything that shapes its bytes."""
    import PIL

    info, kind = picture_file.info, picture_file.format
    what = f"{info.digest} {picture_file.width}x{picture_file.height} {kind} "
    what += f"{PIL.__version__} {SETTINGS}"
    if is_vector(info.path):
        what += f" typst {renderer_version()}"
    return folder / f"{hashlib.blake2b(what.encode(), digest_size=16).hexdigest()}.{kind}"


def _keep(path: Path, data: bytes) -> Source:
    """`data` kept in the cache, and the file; the bytes if the cache cannot be written."""
    try:
        keep(path, data)
    except OSError as exc:
        cache_warning(path.parent, exc)
        return data
    return path


def _decoded(group: list[PictureFile]) -> Image.Image:
    """The original's pixels, upright, in sRGB, as RGB (or RGBA), with nothing else kept."""
    from PIL import ImageOps

    info = group[0].info
    if is_vector(info.path):
        return _drawn(info, max(_scale(info, v) for v in group))
    with _opened(info.file, info.place, info.path) as image:
        if image.format == "JPEG":  # decoded at a half, a quarter… when that is enough
            scale = max(_scale(info, v) for v in group)
            image.draft("RGB", (math.ceil(image.width * scale), math.ceil(image.height * scale)))
        try:
            image.load()
            return _srgb(ImageOps.exif_transpose(image))
        except (OSError, SyntaxError, ValueError, TypeError, KeyError) as exc:
            raise _error(info.place, _not_an_image(shown(info.path), exc)) from None


def _drawn(info: ImageInfo, scale: float) -> Image.Image:
    """An SVG original drawn at `scale` times its size shown (at most MAX_PIXELS), as RGBA."""
    from PIL import Image

    width, height = info.width * scale, info.height * scale
    shrink = min(1.0, math.sqrt(MAX_PIXELS / (width * height)))
    size = (max(1, math.ceil(width * shrink)), max(1, math.ceil(height * shrink)))
    try:
        data = draw(_read(info.file, info.place), *size)
    except NotDrawn as exc:
        raise _error(info.place, f"{shown(info.path)} {exc}") from None
    with Image.open(io.BytesIO(data), formats=["PNG"]) as image:
        return image.convert("RGBA")


def _scale(info: ImageInfo, picture_file: PictureFile) -> float:
    """How much of the original's size a picture_file needs: its crop at full size."""
    crop = _box(info.width, info.height, picture_file.width, picture_file.height)
    return max(picture_file.width / (crop[2] - crop[0]), picture_file.height / (crop[3] - crop[1]))


def _srgb(image: Image.Image) -> Image.Image:
    from PIL import ImageCms

    alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    mode = "RGBA" if alpha else "RGB"
    profile = image.info.get("icc_profile")
    converted = None
    if profile:
        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
            converted = ImageCms.profileToProfile(
                image, source, ImageCms.createProfile("sRGB"), outputMode=mode
            )
        except (ImageCms.PyCMSError, OSError, ValueError):
            converted = None  # a profile that cannot be read: the pixels as they are
    clean = converted or (image.convert("RGBA") if alpha else image.convert(mode))
    clean.info.clear()  # no EXIF, XMP or profile travels on to the files made
    return clean


def _box(width: int, height: int, want_w: int, want_h: int) -> tuple[int, int, int, int]:
    """The part of a width × height picture with the shape want_w : want_h, about CENTRE."""
    if width * want_h > height * want_w:  # wider than wanted: cut the sides
        crop_w, crop_h = height * want_w / want_h, height
    else:
        crop_w, crop_h = width, width * want_h / want_w
    left = (width - crop_w) * CENTRE[0]
    top = (height - crop_h) * CENTRE[1]
    return (round(left), round(top), round(left + crop_w), round(top + crop_h))


def encode(image: Image.Image, picture_file: PictureFile) -> bytes:
    """One file: `image` cropped and resized to the picture_file's size, in its format."""
    from PIL import Image

    box = _box(image.width, image.height, picture_file.width, picture_file.height)
    size = (picture_file.width, picture_file.height)
    picture = image.resize(size, Image.Resampling.LANCZOS, box=box, reducing_gap=3.0)
    picture.info.clear()
    if picture_file.format == "jpeg" and picture.mode == "RGBA":  # a JPEG has no transparency
        white = Image.new("RGBA", picture.size, (255, 255, 255, 255))
        picture = Image.alpha_composite(white, picture)
    if picture_file.format == "jpeg":
        picture = picture.convert("RGB")
    out = io.BytesIO()
    picture.save(out, picture_file.format.upper(), **SAVING[picture_file.format])
    return out.getvalue()
