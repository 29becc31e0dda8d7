"""Pictures through the preview's rebuilds and the parallel build: the same bytes as a clean
build, and each original decoded once for all the files made of it."""

from __future__ import annotations

from pathlib import Path

from generator.site import images
from generator.site.build import BuildOptions, render_site
from tests.e2e.test_images import make_site
from tests.integration.test_rebuild import Harness
from tests.photos import noisy_photo, phone_photo


def test_the_preview_follows_a_changed_replaced_or_broken_picture(tmp_path: Path):
    source = make_site(tmp_path / "source")
    h = Harness(tmp_path / "preview", source=source)
    h.assert_same_as_clean()
    steps = [
        # Other pixels, another shape: other sizes in the pages that show it.
        ("a new photo", lambda: _write(h, "content/shots/engine.jpg", phone_photo(640, 480))),
        (
            "another avatar",
            lambda: _write(h, "content/images/me.jpg", noisy_photo(500, 400, 10)),
        ),
        (
            "the project shows another file",
            lambda: [
                _write(h, "content/shots/other.png", phone_photo(200, 200, "PNG")),
                h.replace("content/projects/engine.md", "shots/engine.jpg", "shots/other.png"),
            ],
        ),
    ]
    h.run_steps(steps)
    h.rebuild(_write(h, "content/shots/other.png", b"broken"))
    assert "content/projects/engine.md:4:8: image:" in str(h.preview.error)
    h.run_steps([("mended", lambda: _write(h, "content/shots/other.png", phone_photo()))])


def _write(h: Harness, relative: str, data: bytes) -> Path:
    path = h.path(relative)
    path.write_bytes(data)
    return path


def test_a_parallel_build_makes_each_original_once_and_the_same_bytes(tmp_path: Path, monkeypatch):
    entry = "---\ntitle: P{n}\ndate: 2020\nimage: shots/p{n}.jpg\n---\nText.\n"
    projects = {f"content/projects/p{n}.md": entry.format(n=n) for n in range(120)}
    shots = {f"content/shots/p{n}.jpg": phone_photo(60 + n, 40) for n in range(120)}
    site = make_site(tmp_path / "site", **projects, **shots)
    decoded: list[str] = []
    decode = images._decoded

    def counted(group):
        decoded.append(group[0].info.path)
        return decode(group)

    monkeypatch.setattr(images, "_decoded", counted)  # counts in this process only
    one = render_site(BuildOptions(site, tmp_path / "a", jobs=1)).files
    assert sorted(decoded) == sorted({*decoded}) and len(decoded) == 122  # 120 + avatar + engine
    two = render_site(BuildOptions(site, tmp_path / "b", jobs=2)).files
    assert one.keys() == two.keys()
    assert [str(p) for p in one if one[p] != two[p]] == []
    assert sum(1 for p in one if p.suffix in (".webp", ".jpg", ".avif", ".png")) > 122 * 4
