"""Hostile sites, built with the command line: a located error or a safe site, never worse.

Every case runs `cvsite build` in a scratch folder (tests/hostile/sandbox.py): no traceback,
every error line placed in a file, nothing written outside output/.
"""

from __future__ import annotations

import codecs
import json
import os
from pathlib import Path

import pytest

from generator.urls import output_path
from tests.helpers import run_cli, write_site
from tests.hostile.sandbox import build_hostile
from tests.hostile.scan import scan_site
from tests.htmlread import read_page

MB = 1024 * 1024
SITE = "title: T\nbase_url: https://e.org/\n"

NOT_REGULAR = (
    "not a regular file (a pipe, socket or device); cvsite reads only regular files, "
    "and never opens these: remove it"
)


def entry(body: str = "Body.", **fields: str) -> str:
    """A projects.yaml with one entry; values are written as YAML as given."""
    lines = ["- title: A project"] + [f"  {k}: {v}" for k, v in fields.items()]
    if body:
        lines.append(f"  body: {body}")
    return "\n".join(lines) + "\n"


# (id, files, where the first error is, a fragment of its message)
REFUSED = [
    # --- slugs ---------------------------------------------------------------------------
    (
        "slug-parent",
        {"content/projects.yaml": entry(slug='"../../outside"')},
        "content/projects.yaml:2:9",
        "not a valid slug",
    ),
    (
        "slug-slash",
        {"content/projects.yaml": entry(slug='"a/b"')},
        "content/projects.yaml:2:9",
        "not a valid slug",
    ),
    (
        "slug-absolute",
        {"content/projects.yaml": entry(slug='"/etc"')},
        "content/projects.yaml:2:9",
        "not a valid slug",
    ),
    (
        "slug-backslash",
        {"content/projects.yaml": entry(slug='"a\\\\b"')},
        "content/projects.yaml:2:9",
        "not a valid slug",
    ),
    (
        "slug-nul",
        {"content/projects.yaml": entry(slug='"a\\0b"')},
        "content/projects.yaml:2:9",
        "control character U+0000",
    ),
    (
        "slug-long",
        {"content/projects.yaml": entry(slug="a" * 101)},
        "content/projects.yaml:2:9",
        "at most 100 characters",
    ),
    (
        "slug-long-bytes",
        {"content/projects.yaml": entry(slug="漢" * 70)},
        "content/projects.yaml:2:9",
        "210 bytes",
    ),
    (
        "slug-right-to-left-override",
        {"content/projects.yaml": entry(slug='"cod\\u202Egpj.exe"')},
        "content/projects.yaml:2:9",
        "not a valid slug",
    ),
    (
        "slug-dot",
        {"content/projects.yaml": entry(slug='"."')},
        "content/projects.yaml:2:9",
        "not a valid slug",
    ),
    (
        "slug-same-twice",
        {"content/projects.yaml": entry(slug="x") + "- title: B\n  slug: x\n"},
        "content/projects.yaml:5:9",
        "already used",
    ),
    # --- URL collisions --------------------------------------------------------------------
    (
        "section-named-tags",
        {"content/tags.yaml": "- title: A\n"},
        "content/tags.yaml",
        "URL /tags/ is also made by",
    ),
    (
        "section-named-cv",
        {"content/cv.yaml": "- title: A\n"},
        "content/cv.yaml",
        "URL /cv/ is also made by",
    ),
    (
        "asset-named-like-the-feed",
        {"content/feed.xml": "<x/>"},
        "content/feed.xml",
        "URL /feed.xml is also made by",
    ),
    (
        "asset-in-place-of-a-folder",
        {"content/cv": "x"},
        "content/cv",
        "is a file where the built-in cv page needs a folder",
    ),
    (
        "folder-in-place-of-a-file",
        {"content/sitemap.xml/a.txt": "x"},
        "content/sitemap.xml/a.txt",
        "where the generated sitemap.xml writes the file sitemap.xml",
    ),
    (
        "slug-index-html",
        {"content/projects.yaml": entry(slug="index.html")},
        "content/projects.yaml:1:1",
        "needs a folder projects/index.html/",
    ),
    (
        "asset-over-a-section-page",
        {"content/projects.yaml": entry(), "content/projects/index.html": "<p>x</p>"},
        "content/projects/index.html",
        "is also made by",
    ),
    (
        "asset-differing-in-case",
        {"content/projects.yaml": entry(), "content/Projects/Index.HTML": "x"},
        "content/Projects/Index.HTML",
        "is also made by",
    ),
    (
        "entry-page-over-an-asset",
        {"content/projects.yaml": entry(slug="logo"), "content/projects/logo/index.html": "x"},
        "content/projects/logo/index.html",
        "is also made by",
    ),
    # --- YAML that would never end ---------------------------------------------------------
    (
        "alias-bomb",
        {
            "content/profile.yaml": "name: A\nx0: &a0 ["
            + ", ".join(["lol"] * 9)
            + "]\n"
            + "".join(f"x{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10))
        },
        "content/profile.yaml:7:5",
        "too many values",
    ),
    (
        "deep-flow-nesting",
        {"content/projects.yaml": "- title: A\n  tags: " + "[" * 100_000 + "\n"},
        "content/projects.yaml",
        "nested deeper than 64 levels",
    ),
    (
        "deep-block-nesting",
        {
            "content/projects.yaml": "- title: A\n  links:\n"
            + "".join("  " * (i + 2) + f"k{i}:\n" for i in range(100))
        },
        "content/projects.yaml",
        "nested deeper than 64 levels",
    ),
    # --- files that are not text -------------------------------------------------------------
    (
        "latin-1",
        {"content/profile.yaml": "name: Zoë\n".encode("latin-1")},
        "content/profile.yaml:1:9",
        "not valid UTF-8 (byte 0xeb)",
    ),
    (
        "utf-16-without-bom",
        {"content/profile.yaml": "name: A\n".encode("utf-16-le")},
        "content/profile.yaml:1:1",
        "NUL character",
    ),
    (
        "binary-as-yaml",
        {"content/projects.yaml": bytes(range(256))},
        "content/projects.yaml",
        "not valid UTF-8",
    ),
    (
        "control-character-escape",
        {"content/projects.yaml": entry(subtitle='"bell \\a"')},
        "content/projects.yaml:2:13",
        "control character U+0007",
    ),
    (
        "control-character-in-body",
        {"content/projects/a.md": "---\ntitle: A\n---\nLine one.\nescape \x1b[31m red\n"},
        "content/projects/a.md:5:8",
        "control character U+001B",
    ),
    (
        "crlf-error-line",
        {"content/projects.yaml": "- title: A\r\n  start: 2021\r\n  end: 2019\r\n"},
        "content/projects.yaml:3:8",
        "before the start",
    ),
    # --- size -----------------------------------------------------------------------------
    (
        "fifty-mb-yaml",
        {"content/projects.yaml": b"- title: A\n  body: '" + b"x" * (50 * MB) + b"'\n"},
        "content/projects.yaml",
        "too large (50.0 MB",
    ),
    (
        "fifty-mb-markdown",
        {"content/projects/a.md": b"---\ntitle: A\n---\n" + b"words " * (9 * MB)},
        "content/projects/a.md",
        "too large (54.0 MB",
    ),
    # --- URLs ------------------------------------------------------------------------------
    (
        "javascript-link",
        {"content/projects.yaml": entry(links="[{label: x, url: 'javascript:alert(1)'}]")},
        "content/projects.yaml:2:27",
        "unsafe URL scheme 'javascript:'",
    ),
    (
        "vbscript-website",
        {"content/profile.yaml": "name: A\nwebsite: 'VBScript:msgbox(1)'\n"},
        "content/profile.yaml:2:10",
        "unsafe URL scheme 'vbscript:'",
    ),
    (
        "data-pdf",
        {
            "content/publications.yaml": "- title: A\n"
            + "  pdf: 'data:application/pdf;base64,JVBERi0='\n"
        },
        "content/publications.yaml:2:8",
        "unsafe URL scheme 'data:'",
    ),
    (
        "javascript-with-tab",
        {"content/certificates.yaml": '- title: A\n  url: "java\\tscript:alert(1)"\n'},
        "content/certificates.yaml:2:8",
        "unsafe URL scheme 'javascript:'",
    ),
    (
        "javascript-nav",
        {
            "site.yaml": "title: T\nbase_url: https://e.org/\nnav:\n"
            + "  - label: x\n    url: ' javascript:alert(1)'\n"
        },
        "site.yaml:5:10",
        "unsafe URL scheme",
    ),
    (
        "url-unparsable",
        {"content/profile.yaml": "name: A\nlinks:\n  - {label: x, url: 'http://[::1'}\n"},
        "content/profile.yaml:3:21",
        "not a valid URL",
    ),
    (
        "markdown-entity-scheme",
        {"content/projects.yaml": entry(summary="'[x](javascript&#58;alert(1))'")},
        "content/projects.yaml:2:12",
        "unsafe URL scheme",
    ),
    (
        "markdown-reference-link",
        {"content/projects/a.md": "---\ntitle: A\n---\nSee [this][1].\n\n[1]: vbscript:msgbox\n"},
        "content/projects/a.md:6:6",
        "unsafe URL scheme",
    ),
    (
        "markdown-image",
        {"content/projects/a.md": "---\ntitle: A\n---\n![x](data:image/svg+xml;base64,PHN2Zz4=)\n"},
        "content/projects/a.md:4:6",
        "unsafe URL scheme",
    ),
    (
        "markdown-attribute-list",
        {
            "content/projects/a.md": "---\ntitle: A\n---\n"
            + '[x](https://e.org){: href="javascript:alert(1)" }\n'
        },
        "content/projects/a.md:4:28",
        "unsafe URL scheme",
    ),
    (
        "markdown-link-in-title",
        {"content/projects.yaml": "- title: '[x](javascript:alert(1))'\n"},
        "content/projects.yaml:1:10",
        "unsafe URL scheme",
    ),
    (
        "email-with-headers",
        {"content/profile.yaml": "name: A\nemail: 'a@b.org?bcc=all@c.org'\n"},
        "content/profile.yaml:2:8",
        "not an e-mail address",
    ),
    (
        "avatar-from-another-host",
        {"content/profile.yaml": "name: A\navatar: https://tracker.example/p.png\n"},
        "content/profile.yaml:2:9",
        "on another host",
    ),
    # --- deploy settings handed to git and rsync -------------------------------------------
    (
        "deploy-remote-read-as-an-option",
        {"site.yaml": SITE + "deploy:\n  remote: '--receive-pack=touch pwned'\n"},
        "site.yaml:4:11",
        "would be read as an option",
    ),
    (
        "deploy-cname-with-a-line-break",
        {"site.yaml": SITE + 'deploy:\n  cname: "cv.example.org\\nevil"\n'},
        "site.yaml:4:10",
        "holds a line break",
    ),
    # --- files that are not there --------------------------------------------------------
    (
        "avatar-missing",
        {"content/profile.yaml": "name: A\navatar: me.jpg\n"},
        "content/profile.yaml:2:9",
        "not a file in content/",
    ),
    (
        "avatar-outside",
        {"content/profile.yaml": "name: A\navatar: ../../../etc/passwd\n"},
        "content/profile.yaml:2:9",
        "not a file in content/",
    ),
    (
        "pdf-missing",
        {"content/publications.yaml": "- title: A\n  pdf: files/a.pdf\n"},
        "content/publications.yaml:2:8",
        "not a file in content/",
    ),
    (
        "pdf-absolute-path",
        {"content/publications.yaml": "- title: A\n  pdf: /etc/passwd\n"},
        "content/publications.yaml:2:8",
        "not a file in content/",
    ),
    (
        "slides-missing",
        {"content/publications.yaml": "- title: A\n  slides: talk.pdf\n"},
        "content/publications.yaml:2:11",
        "not a file in content/",
    ),
    (
        "file-name-with-backslash",
        {"content/a\\b.png": b"x"},
        "content/a\\b.png",
        "'\\' is refused",
    ),
    # --- a key longer than YAML reads (issue 25: it was called a syntax error) -------------
    (
        "yaml-key-over-1024",
        {"content/projects.yaml": "- title: A\n  " + "k" * 1100 + ": 1\n"},
        "content/projects.yaml:2:3",
        "mapping key too long",
    ),
    (
        "json-style-key-over-1024",
        {"content/projects.yaml": '[{"title": "A", "' + "k" * 1100 + '": 1}]\n'},
        "content/projects.yaml:1:17",
        "mapping key too long",
    ),
]


@pytest.mark.parametrize(
    ("files", "where", "fragment"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_refused_with_a_located_error(tmp_path, files, where, fragment):
    site = write_site(tmp_path / "site", files)
    outcome = build_hostile(site)
    assert outcome.run.code == 1, outcome.run.out
    first = outcome.errors[0]
    assert first.startswith(where + ":"), outcome.errors
    assert fragment in first, outcome.errors
    assert not (site / "output").exists()


def test_there_are_at_least_forty_cases():
    assert len(REFUSED) + len(BUILT) >= 40


# --- cases that build, safely ----------------------------------------------------------------


def _page(output: Path, url: str):
    return read_page(output / output_path(url))


def _unicode_slug(output: Path) -> None:
    assert (output / "projects" / "مرحبا" / "index.html").is_file()
    links = _page(output, "/projects/").links()
    assert "../projects/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7/" in links


def _long_title(output: Path) -> None:
    (page,) = (output / "projects").glob("*/index.html")
    assert len(page.parent.name.encode()) <= 200


def _right_to_left(output: Path) -> None:
    assert "\u202eexe.gpj" in _page(output, "/projects/").text


def _bom_dropped(output: Path) -> None:
    assert _page(output, "/").root.find("h1").text == "Ada"


def _crlf(output: Path) -> None:
    body = _page(output, "/projects/a/").root.find("div", cls="body")
    assert [p.text for p in body.find_all("p")] == ["One.", "Two."]


def _big_asset(output: Path) -> None:
    assert (output / "files" / "big.pdf").stat().st_size == 50 * MB


def _deep_markdown(output: Path) -> None:
    assert scan_site(output).problems == []


BUILT = [
    (
        "unicode-slug",
        {"content/projects.yaml": entry(slug="مرحبا")},
        _unicode_slug,
    ),
    (
        "long-title-in-4-byte-letters",
        {"content/projects.yaml": "- title: " + "𠀀" * 90 + "\n  body: B\n"},
        _long_title,
    ),
    (
        "right-to-left-text",
        {"content/projects.yaml": '- title: "\\u202Eexe.gpj"\n'},
        _right_to_left,
    ),
    (
        "utf-8-bom",
        {"content/profile.yaml": codecs.BOM_UTF8 + b"name: Ada\n"},
        _bom_dropped,
    ),
    (
        "utf-16-with-bom",
        {"content/profile.yaml": "name: Ada\n".encode("utf-16")},
        _bom_dropped,
    ),
    (
        "crlf-markdown",
        {"content/projects/a.md": b"---\r\ntitle: A\r\n---\r\nOne.\r\n\r\nTwo.\r\n"},
        _crlf,
    ),
    (
        "cr-only-markdown",
        {"content/projects/a.md": b"---\rtitle: A\r---\rOne.\r\rTwo.\r"},
        _crlf,
    ),
    (
        "fifty-mb-asset",
        {"content/files/big.pdf": b"\0" * (50 * MB)},
        _big_asset,
    ),
    (
        "deep-markdown",
        {
            "content/projects/a.md": "---\ntitle: A\n---\n"
            + "> " * 3000
            + "x\n\n"
            + "".join("  " * i + "- x\n" for i in range(300))
        },
        _deep_markdown,
    ),
]


@pytest.mark.parametrize(("files", "check"), [c[1:] for c in BUILT], ids=[c[0] for c in BUILT])
def test_built_safely(tmp_path, files, check):
    site = write_site(tmp_path / "site", files)
    outcome = build_hostile(site)
    assert outcome.built, outcome.run.err
    check(site / "output")


# --- links out of content/ -------------------------------------------------------------------


@pytest.fixture
def outside(tmp_path) -> Path:
    secret = tmp_path / "outside"
    secret.mkdir()
    (secret / "secret.txt").write_text("SECRET", encoding="utf-8")
    (secret / "projects.yaml").write_text("- title: Stolen\n", encoding="utf-8")
    return secret


@pytest.mark.parametrize(
    (
        "name",
        "target",
    ),
    [("leak.txt", "secret.txt"), ("projects.yaml", "projects.yaml"), ("linked", ".")],
    ids=["file", "section-file", "folder"],
)
def test_links_out_of_content_are_refused(tmp_path, outside, name, target):
    site = write_site(tmp_path / "site", {})
    os.symlink(outside / target, site / "content" / name)
    outcome = build_hostile(site)
    assert outcome.errors[0].startswith(f"content/{name}: symbolic link points outside content/")


def test_a_link_through_a_linked_folder_is_refused(tmp_path, outside):
    site = write_site(tmp_path / "site", {})
    os.symlink(outside, site / "content" / "files")
    os.symlink("files/secret.txt", site / "content" / "leak.txt")
    outcome = build_hostile(site)
    assert any(
        e.startswith("content/leak.txt: symbolic link points outside") for e in outcome.errors
    )


def test_a_link_loop_inside_content_does_not_hang(tmp_path):
    site = write_site(tmp_path / "site", {"content/files/a.txt": "a"})
    os.symlink(".", site / "content" / "files" / "loop")
    os.symlink("self", site / "content" / "self")
    outcome = build_hostile(site)
    assert "content/self: symbolic link that loops back on itself" in outcome.errors


def test_a_link_inside_content_is_followed(tmp_path):
    site = write_site(tmp_path / "site", {"content/files/a.txt": "a"})
    os.symlink("files/a.txt", site / "content" / "b.txt")
    outcome = build_hostile(site)
    assert outcome.built, outcome.run.err
    assert (site / "output" / "b.txt").read_text(encoding="utf-8") == "a"


def test_a_named_pipe_is_refused_without_waiting(tmp_path):
    site = write_site(tmp_path / "site", {"content/profile.yaml": None})
    os.mkfifo(site / "content" / "profile.yaml")
    outcome = build_hostile(site)
    assert f"content/profile.yaml: {NOT_REGULAR}" in outcome.errors


def test_pipes_and_device_links_among_entry_files_are_refused_without_waiting(tmp_path):
    """A first build compiles the templates in another process, which then renders entry
    bodies: the second build, templates compiled and no Markdown cached, starts on the
    bodies at once, and must not open what the build refuses to read."""
    site = write_site(tmp_path / "site", {"content/talks/a.md": "---\ntitle: A\n---\nHi.\n"})
    os.mkfifo(site / "content" / "talks" / "pipe.md")
    os.symlink("/dev/zero", site / "content" / "talks" / "zero.md")
    for _ in range(2):
        outcome = build_hostile(site)
        errors = outcome.errors
        assert f"content/talks/pipe.md: {NOT_REGULAR}" in errors
        assert any(line.startswith("content/talks/zero.md: symbolic link") for line in errors)


# --- BibTeX: read at build time, and imported ----------------------------------------------

BIB = "content/publications.bib"
BIB_REFUSED = [
    (
        "bib-unclosed-entry",
        "@article{a,\n  title = {Open\n}\n@article{b, title={B}, year=2020}\n",
        f"{BIB}:1:1",
        "this entry is broken",
    ),
    (
        "bib-latin-1",
        "@article{a, title={Zo\xeb}, year=2020}\n".encode("latin-1"),
        f"{BIB}:1:22",
        "not valid UTF-8",
    ),
    (
        "bib-binary",
        bytes(range(1, 256)),
        f"{BIB}:",
        "not valid UTF-8",
    ),
    (
        "bib-fifty-mb",
        b"@misc{a, title={" + b"x" * (50 * MB) + b"}}\n",
        BIB,
        "too large",
    ),
]


@pytest.mark.parametrize(
    ("text", "where", "fragment"), [c[1:] for c in BIB_REFUSED], ids=[c[0] for c in BIB_REFUSED]
)
def test_broken_or_hostile_bibtex_is_refused_at_its_entry(tmp_path, text, where, fragment):
    site = write_site(tmp_path / "site", {BIB: text})
    outcome = build_hostile(site)
    assert outcome.run.code == 1
    assert outcome.errors[0].startswith(where), outcome.errors
    assert fragment in outcome.errors[0], outcome.errors


# A .bib from elsewhere builds (docs/publications.md): these problems are warnings at their
# line, the entry kept without what was refused, and nothing hostile reaches a page.
BIB_WARNED = [
    (
        "bib-keys-differing-in-case",
        "@article{Smith2020, title={A}, year=2020}\n@article{smith2020, title={B}, year=2020}\n",
        f"{BIB}:2:1: smith2020",
        "this key is also used at line 1; the first entry is kept",
    ),
    (
        "bib-key-twice",
        "@article{a, title={A}, year=2020}\n@article{a, title={B}, year=2021}\n",
        f"{BIB}:2:1: a",
        "this key is also used at line 1; the first entry is kept",
    ),
    (
        "bib-javascript-url",
        "@article{a, title={T}, year=2020, url={javascript:alert(1)}}\n",
        f"{BIB}:1:1",
        "unsafe URL scheme 'javascript:'",
    ),
    (
        "bib-data-pdf",
        "@misc{a, title={T}, year=2020, pdf={data:text/html,<script>x</script>}}\n",
        f"{BIB}:1:1",
        "unsafe URL scheme 'data:'",
    ),
    (
        "bib-input-macro-reads-nothing",
        "@article{a, title={\\input{/etc/passwd}}, year=2020}\n",
        f"{BIB}:1:1",
        "the entry has no title",
    ),
]


@pytest.mark.parametrize(
    ("text", "where", "fragment"), [c[1:] for c in BIB_WARNED], ids=[c[0] for c in BIB_WARNED]
)
def test_hostile_bibtex_from_elsewhere_builds_with_a_warning_at_its_entry(
    tmp_path, text, where, fragment
):
    site = write_site(tmp_path / "site", {BIB: text})
    outcome = build_hostile(site)
    assert outcome.run.code == 0, outcome.run.err
    warning = next(line for line in outcome.run.err.splitlines() if line.startswith(where))
    assert fragment in warning, warning
    output = site / "output"
    assert scan_site(output).problems == []
    text = "".join(p.read_text("utf-8") for p in output.rglob("*.html"))
    assert "root:x:0" not in text  # a script URL may stay as text in the Cite block only


def test_markdown_in_a_bib_is_text_and_makes_no_link(tmp_path):
    """A .bib is TeX, not Markdown: a Markdown link in its abstract or title is text, as
    written (it was once read as a link, and refused as an unsafe one)."""
    text = (
        "@article{a, title={[t](javascript:alert(1))}, year=2020,"
        " abstract={[x](javascript:alert(2))}}\n"
    )
    site = write_site(tmp_path / "site", {BIB: text})
    outcome = build_hostile(site)
    assert outcome.run.code == 0 and outcome.run.err == "", outcome.run.err
    output = site / "output"
    assert scan_site(output).problems == []
    page = read_page(output / "publications" / "a" / "index.html")
    assert page.main.find("h1").text == "[t](javascript:alert(1))"
    assert "[x](javascript:alert(2))" in page.main.text
    assert page.root.find("title").text.startswith("[t](javascript:alert(1)) · ")


def _markup_stays_text(output: Path) -> None:
    findings = scan_site(output)
    assert findings.problems == [] and findings.live_markers == set()
    (paper,) = (output / "publications").glob("*/index.html")
    page = read_page(paper)
    meta = [(e.attrs.get("name"), e.attrs.get("content")) for e in page.root.find_all("meta")]
    assert ("citation_author", "<i>Eve</i>") in meta
    # text, its quotes curled as in any title
    assert any(n == "citation_title" and c.startswith("<x-inj id=”t”>") for n, c in meta)


def _string_macros_not_multiplied(output: Path) -> None:
    assert sum(p.stat().st_size for p in output.rglob("*") if p.is_file()) < 5 * MB


def _key_stays_in_its_folder(output: Path) -> None:
    pages = sorted(p.relative_to(output).as_posix() for p in output.rglob("index.html"))
    assert "publications/x/index.html" in pages
    assert all(not p.startswith("x/") for p in pages)


def _long_key_fits(output: Path) -> None:
    (paper,) = (output / "publications").glob("*/index.html")
    assert len(paper.parent.name.encode()) <= 200


BIB_BUILT = [
    (
        "bib-markup-in-every-field",
        '@article{a, title={<x-inj id="t">x</x-inj><script>alert(1)</script>},'
        " author={<i>Eve</i> and Bob}, journal={<img src=x onerror=alert(1)>},"
        " note={</script>}, year=2020}\n",
        _markup_stays_text,
    ),
    (
        "bib-string-macro-bomb",
        '@string{a0 = "xxxxxxxxxx"}\n'
        + "".join(
            f"@string{{a{i} = a{i - 1} # a{i - 1} # a{i - 1} # a{i - 1}}}\n" for i in range(1, 14)
        )
        + "@article{k, title = a13, year=2020}\n",
        _string_macros_not_multiplied,
    ),
    (
        "bib-deep-braces",
        "@article{a, title={" + "{" * 5000 + "x" + "}" * 5000 + "}, year=2020}\n",
        _string_macros_not_multiplied,
    ),
    (
        "bib-key-with-parent-folders",
        "@article{../../x, title={T}, year=2020}\n",
        _key_stays_in_its_folder,
    ),
    (
        "bib-key-of-100-cjk-letters",
        "@article{" + "漢" * 100 + ", title={T}, year=2020}\n",
        _long_key_fits,
    ),
]


@pytest.mark.parametrize(
    ("text", "check"), [c[1:] for c in BIB_BUILT], ids=[c[0] for c in BIB_BUILT]
)
def test_hostile_bibtex_builds_safely(tmp_path, text, check):
    site = write_site(tmp_path / "site", {BIB: text})
    outcome = build_hostile(site)
    assert outcome.built, outcome.run.err
    check(site / "output")


def test_importing_hostile_bibtex_writes_only_inside_content(tmp_path):
    site = write_site(tmp_path / "site", {})
    source = tmp_path / "co-author.bib"
    source.write_text(
        "@article{../../../evil, title={<script>alert(1)</script>}, year=2020}\n"
        "@article{/etc/passwd, title={T}, year=2020}\n"
        "@article{ok, title={T}, year=2020, url={javascript:alert(1)}}\n",
        encoding="utf-8",
    )
    before = {p for p in tmp_path.rglob("*")}
    result = run_cli("import", "bibtex", source, "--site", site)
    assert "Traceback" not in result.err and "internal error" not in result.err
    made = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")} - {
        p.relative_to(tmp_path).as_posix() for p in before
    }
    assert made and all(p.startswith("site/content/publications") for p in made), made
    assert "unsafe URL scheme" in result.err  # the javascript: entry is reported and skipped
    assert build_hostile(site).built


def test_a_deploy_flag_read_as_an_option_is_refused(tmp_path):
    site = write_site(tmp_path / "site", {})
    result = run_cli(
        "deploy", "--site", site, "--target", "rsync", "--destination", "-e sh -c x:", "--dry-run"
    )
    assert result.code == 2, result.err
    assert "--destination: '-e sh -c x:' would be read as an option" in result.err


# --- JSON Resume import ----------------------------------------------------------------------

RESUME_REFUSED = [
    (
        "json-nested-100000-deep",
        '{"basics": ' + "[" * 100_000 + "]" * 100_000 + "}",
        ":1:1: nested deeper",
    ),
    (
        "json-control-character",
        '{"basics": {"name": "A\\u001bB"}}',
        "control character U+001B",
    ),
    (
        "json-latin-1",
        '{"basics": {"name": "Zo\xeb"}}'.encode("latin-1"),
        "not valid UTF-8",
    ),
    (
        "json-fifty-mb",
        b'{"basics": {"name": "' + b"x" * (50 * MB) + b'"}}',
        "too large",
    ),
]


@pytest.mark.parametrize(
    ("text", "fragment"), [c[1:] for c in RESUME_REFUSED], ids=[c[0] for c in RESUME_REFUSED]
)
def test_a_hostile_resume_json_is_refused_without_writing(tmp_path, text, fragment):
    source = tmp_path / "resume.json"
    source.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    result = run_cli("import", "jsonresume", source, "--site", tmp_path / "new")
    assert result.code == 1, result.err
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert result.err.startswith(f"{source}:") and fragment in result.err, result.err
    assert not (tmp_path / "new" / "content").exists()


RESUME_VALUE_LEFT_OUT = [
    ('{"basics": {"name": "A", "url": "javascript:alert(1)"}}', "javascript:", "unsafe URL scheme"),
    ('{"basics": {"name": "A", "email": "a@b.org?bcc=c@d.org"}}', "bcc=", "not an e-mail address"),
]


@pytest.mark.parametrize(("text", "value", "fragment"), RESUME_VALUE_LEFT_OUT)
def test_a_hostile_value_is_left_out_with_a_warning_and_the_rest_imports(
    tmp_path, text, value, fragment
):
    """Issue 40: one value refused does not stop the import; it is left out, named at its
    line, and never reaches the site."""
    source = tmp_path / "resume.json"
    source.write_text(text, encoding="utf-8")
    result = run_cli("import", "jsonresume", source, "--site", tmp_path / "new")
    assert result.code == 0, result.err
    assert f"Warning: {source}:1:" in result.out and fragment in result.out
    written = "".join(p.read_text("utf-8") for p in (tmp_path / "new").rglob("*.yaml"))
    assert value not in written and "name: A" in written


def test_markup_in_a_resume_json_stays_text_once_built(tmp_path):
    source = tmp_path / "resume.json"
    hostile = '<x-inj id="j">x</x-inj><img src=x onerror=alert(1)></script>'
    source.write_text(
        json.dumps(
            {
                "basics": {"name": hostile, "label": hostile, "summary": hostile},
                "work": [{"name": hostile, "position": hostile, "highlights": [hostile]}],
                "skills": [{"name": hostile, "keywords": [hostile]}],
            }
        ),
        encoding="utf-8",
    )
    site = tmp_path / "new"
    result = run_cli("import", "jsonresume", source, "--site", site)
    assert result.code == 0, result.err
    assert build_hostile(site).built
    findings = scan_site(site / "output")
    assert findings.problems == [] and findings.live_markers == set()
    assert findings.shows("j")
