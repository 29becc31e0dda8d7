"""The pieces of the site importers: Hugo shortcodes as Markdown, inline HTML, links into
the source site, reading a source folder without following links, the field trail."""

from __future__ import annotations

import os

import pytest

from generator.importers.hugoblox.shortcodes import Converter
from generator.importers.report import Report
from generator.importers.sitesource.folder import SourceFolder
from generator.importers.sitesource.markup import (
    inline_html,
    local_links_as_text,
    outside_code,
    plain,
    safe_url,
)
from generator.importers.sitesource.trail import Taking


def convert(body: str) -> tuple[str, list[str]]:
    converter = Converter(10)
    return converter.convert(body), converter.notes


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('{{< button url="https://x.org" >}}Go{{< /button >}}', "[Go](https://x.org)"),
        ('{{< button url="https://x.org" text="Try" icon="a" />}}', "[Try](https://x.org)"),
        ('{{< card url="https://x.org/a" title="A" subtitle="B" >}}', "- [A](https://x.org/a): B"),
        (
            "{{< youtube D2vj0WcvH5c >}}",
            "[Video on YouTube](https://www.youtube.com/watch?v=D2vj0WcvH5c)",
        ),
        ("{{% callout note %}}\nKeep me.\n{{% /callout %}}", "\nKeep me.\n"),
        ('{{< spoiler text="Why?" >}}Because.{{< /spoiler >}}', "**Why?**\n\nBecause."),
        ('Click {{< icon name="x" >}} here', "Click  here"),
        ('```go\n{{</* button url="/a" */>}}\n```', '```go\n{{< button url="/a" >}}\n```'),
        ("Intro\n<!--more-->\nRest", "Intro\n\nRest"),  # a blank line: lines keep their numbers
        ('Text\n{style="text-align: justify;"}\n', "Text\n\n"),
    ],
)
def test_shortcodes_become_markdown(body, expected):
    assert convert(body)[0] == expected


def test_every_shortcode_is_noted_with_its_line():
    _, notes = convert('a\n\n{{< icon name="x" >}}\n{{% callout %}}b{{% /callout %}}')
    assert notes[0].startswith("line 12: shortcode icon left out")
    assert any("callout left out, the text inside kept" in n for n in notes)


def test_a_link_into_the_source_site_becomes_its_text():
    notes: list[str] = []
    text = "[Guide](guide/) and [Web](https://x.org) and [Bad](javascript:alert(1)) ![i](a.png)"
    assert local_links_as_text(text, notes) == "Guide and [Web](https://x.org) and Bad "
    assert len(notes) == 3


def test_code_is_left_as_written():
    text = "[a](b)\n```\n[a](b)\n```\n[c](d)"
    assert outside_code(text, lambda t: t.upper()) == "[A](B)\n```\n[a](b)\n```\n[C](D)"


def test_inline_html_as_markdown():
    notes: list[str] = []
    text = "A &quot;b&quot; <i>Journal</i><br/><img src='/x.png'> <span>kept</span>"
    assert inline_html(text, notes) == 'A "b" *Journal*\n kept'
    assert len(notes) == 2
    assert plain("In *Conf* <b>x</b>") == "In Conf x"


@pytest.mark.parametrize(
    ("url", "kept"),
    [("https://x.org", True), ("mailto:a@b.org", True), ("#", False), ("/#contact", False),
     ("uploads/cv.pdf", False), ("javascript:alert(1)", False), ("", False)],
)  # fmt: skip
def test_which_urls_are_kept(url, kept):
    assert (safe_url(url) is not None) == kept


def test_the_source_folder_is_read_without_following_links(tmp_path):
    (tmp_path / "content" / "talk").mkdir(parents=True)
    (tmp_path / "content" / "talk" / "a.md").write_text(
        '+++\ntitle = "T"\ndate = 2020-01-02\n+++\nBody\n'
    )
    os.symlink("/etc/passwd", tmp_path / "content" / "talk" / "b.md")
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", tmp_path / "content" / "linked")
    folder = SourceFolder.open(tmp_path)
    assert folder.files("content", (".md",)) == ["content/talk/a.md"]
    assert {path for path, _ in folder.refused} == {"content/talk/b.md", "content/linked"}
    page = folder.page("content/talk/a.md")
    assert page.meta == {"title": "T", "date": "2020-01-02"} and page.body == "Body\n"
    assert folder.text("content/talk/b.md") is None


def test_every_key_is_reported_once():
    report = Report()
    take = Taking(report, "f.yaml", {"a": "1", "b": "", "c": "x"}, None)
    take.put("a", "profile: a")
    take.put("b", "profile: b")
    take.finish({"c": "a Hugo setting"}, "unknown")
    assert [(p.field, p.where, p.note) for p in report.fields] == [
        ("a", "profile: a", ""),
        ("b", "", "empty: nothing to import"),
        ("c", "", "a Hugo setting"),
    ]


def test_a_talk_keeps_its_other_speakers_and_a_draft_stays_a_draft(tmp_path):
    from generator.importers.hugoblox.importer import import_hugoblox

    source = tmp_path / "hugo"
    (source / "data" / "authors").mkdir(parents=True)
    (source / "data" / "authors" / "me.yaml").write_text("name:\n  display: Ada Lovelace\n")
    (source / "content" / "event" / "t").mkdir(parents=True)
    (source / "content" / "event" / "t" / "index.md").write_text(
        "---\ntitle: On Engines\nauthors: [me, Charles Babbage]\ndraft: true\n"
        "date: 2020-03-01\n---\n"
    )
    site = tmp_path / "site"
    report = import_hugoblox(source, site)
    talk = (site / "content" / "talks" / "t.md").read_text(encoding="utf-8")
    assert "subtitle: With Charles Babbage" in talk and "draft: true" in talk
    assert "highlight_author: Ada Lovelace" in (site / "site.yaml").read_text(encoding="utf-8")
    assert {p.field for p in report.fields if p.file.endswith("t/index.md")} >= {
        "authors",
        "draft",
        "title",
        "date",
    }
