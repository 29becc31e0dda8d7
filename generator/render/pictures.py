"""The site's pictures as pages show them: which files each original is made into, at which
URLs (`/images/me-160x160.webp`), and what templates write `<picture>` from. Each role is
made at the theme's width and twice it, in the modern formats and the original's own."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from generator import urls as routes
from generator.errors import ContentError

VECTOR = (".svg",)  # drawn into pixels at the sizes shown (site/vectors.py)
SOCIAL = (1200, 630)  # what link previews show (Open Graph's recommended size)
ICONS = (("icon", 32), ("apple-touch-icon", 180))
TYPES = {"avif": "image/avif", "webp": "image/webp", "jpeg": "image/jpeg", "png": "image/png"}
EXTENSIONS = {"avif": "avif", "webp": "webp", "jpeg": "jpg", "png": "png"}
# The theme options that size pictures, and the role each sizes.
ROLE_OPTIONS = {"avatar": "avatar_size", "image": "image_width", "thumbnail": "thumbnail_width"}
MAX_SHOWN = 4096  # a larger size in a theme's options is a mistake: shown at this


@dataclass(frozen=True)
class ImageInfo:
    """An original as read (site/images.py): its size as shown, its fallback format, a digest."""

    path: str  # inside content/, as the field names it
    file: Path
    width: int
    height: int
    fallback: str  # "jpeg" or "png" (a picture with transparency, or an SVG)
    digest: str
    place: ContentError  # the field that names it, for an error found while making it


@dataclass(frozen=True)
class PictureFile:
    """One file to make: the original cropped to `width`×`height`, in `format`."""

    url: str
    info: ImageInfo
    width: int
    height: int
    format: str


@dataclass(frozen=True)
class Candidate:
    url: str
    width: int


@dataclass(frozen=True)
class Source:
    type: str  # the MIME type of a <source>
    candidates: tuple[Candidate, ...]


@dataclass(frozen=True)
class Picture:
    """What a template writes a `<picture>` from: best format first, then the <img>."""

    sources: tuple[Source, ...]
    fallback: Source
    src: str
    width: int
    height: int
    sizes: str


@dataclass(frozen=True)
class SocialImage:
    url: str
    width: int | None = None
    height: int | None = None


@dataclass(frozen=True)
class Icon:
    rel: str
    url: str
    type: str
    sizes: str = ""


@dataclass
class Pictures:
    """Every picture of the site, sized: read-only for templates, `files` for the build."""

    infos: dict[str, ImageInfo] = field(default_factory=dict)  # the originals by path
    options: dict[str, Any] = field(default_factory=dict)  # the theme's
    formats: tuple[str, ...] = ("webp",)  # the modern formats to make, best first
    avatar: str | None = None
    favicon: str | None = None  # site.yaml's own

    def picture(self, path: str | None, role: str) -> Picture | None:
        """`path` (a content/ path) shown as `role`: avatar, image or thumbnail."""
        shown = self._shown(role)
        if not path or not shown:
            return None
        info = self.infos.get(_key(path))
        if info is None:  # not read: never published
            return None
        picture_files = self._sized_files(info, role, shown)
        sources = tuple(_source(picture_files, kind) for kind in self.formats)
        fallback = _source(picture_files, info.fallback)
        width, height = _display(info, role, shown)
        src = fallback.candidates[0].url
        return Picture(sources, fallback, src, width, height, _sizes(role, width))

    def social(self, *paths: str | None) -> SocialImage | None:
        """The link preview image of the first of `paths` that is a picture."""
        for path in paths:
            if path and _key(path) in self.infos:
                return SocialImage(social_url(path), *SOCIAL)
        return None

    def icons(self) -> list[Icon]:
        """The favicons: from an SVG `favicon` or the avatar, or that `favicon` as it is."""
        made_from = self.favicon or self.avatar
        info = self.infos.get(_key(made_from)) if made_from else None
        if info is None and self.favicon:
            suffix = PurePosixPath(self.favicon).suffix.lower()
            kind = "image/x-icon" if suffix == ".ico" else "image/png"
            return [Icon("icon", routes.content_file(self.favicon), kind)]
        if info is None:
            return []
        return [
            Icon(rel, _url(info.path, size, size, "png"), "image/png", f"{size}x{size}")
            for rel, size in ICONS
        ]

    def files(self, roles: dict[str, set[str]]) -> list[PictureFile]:
        """Every file to make: each original (path -> its roles) in each role's sizes."""
        made: dict[str, PictureFile] = {}
        for path, wanted in roles.items():
            info = self.infos.get(_key(path))
            if info is None:
                continue
            for role in sorted(wanted):
                made.update((v.url, v) for v in self._role_files(info, role))
        return [made[url] for url in sorted(made)]

    def _role_files(self, info: ImageInfo, role: str) -> list[PictureFile]:
        if role == "social":
            return [PictureFile(social_url(info.path), info, *SOCIAL, "jpeg")]
        if role == "icons":
            return [PictureFile(_url(info.path, s, s, "png"), info, s, s, "png") for _, s in ICONS]
        shown = self._shown(role)
        return self._sized_files(info, role, shown) if shown else []

    def _shown(self, role: str) -> int:
        try:
            value = int(self.options.get(ROLE_OPTIONS[role], 0) or 0)
        except (TypeError, ValueError):
            return 0
        return min(max(value, 0), MAX_SHOWN)

    def _sized_files(self, info: ImageInfo, role: str, shown: int) -> list[PictureFile]:
        made = []
        for width, height in _sizes_made(info, role, shown):
            for kind in (*self.formats, info.fallback):
                url = _url(info.path, width, height, kind)
                made.append(PictureFile(url, info, width, height, kind))
        return made


def social_url(path: str) -> str:
    """Where the link preview image of a content/ picture is: its 1200×630 JPEG."""
    return _url(path, *SOCIAL, "jpeg")


def is_vector(path: str) -> bool:
    return _key(path).lower().endswith(VECTOR)


def _key(path: str) -> str:
    return path.split("#")[0].split("?")[0].lstrip("/")


def _url(path: str, width: int, height: int, kind: str) -> str:
    original = PurePosixPath(_key(path))
    name = f"{original.stem}-{width}x{height}.{EXTENSIONS[kind]}"
    return routes.content_file(original.with_name(name).as_posix())


def _display(info: ImageInfo, role: str, shown: int) -> tuple[int, int]:
    """The size a picture is shown at (1×): the theme's, or the original's if smaller."""
    if role == "avatar":
        return shown, shown
    width = min(shown, info.width)
    return width, max(1, round(info.height * width / info.width))


def _sizes_made(info: ImageInfo, role: str, shown: int) -> list[tuple[int, int]]:
    """The 1× and 2× sizes, none wider than a photo's original (an avatar: squares); a
    vector's 2× is twice its 1×, drawn at that size."""
    vector = is_vector(info.path)
    if role == "avatar":
        side = 2 * shown if vector else min(info.width, info.height)
        return [(s, s) for s in sorted({min(shown, side), min(2 * shown, side)})]
    widest = 2 * min(shown, info.width) if vector else info.width
    widths = sorted({min(shown, info.width), min(2 * shown, widest)})
    return [(w, max(1, round(info.height * w / info.width))) for w in widths]


def _source(picture_files: list[PictureFile], kind: str) -> Source:
    candidates = tuple(Candidate(v.url, v.width) for v in picture_files if v.format == kind)
    return Source(TYPES[kind], candidates)


def _sizes(role: str, width: int) -> str:
    """How wide the picture is on the page: fixed, or the page's width on a narrow screen."""
    if role == "image":
        return f"(max-width: {width + 40}px) calc(100vw - 40px), {width}px"
    return f"{width}px"
