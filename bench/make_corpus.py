"""Write a deterministic synthetic site of N entries for cvsite, Hugo, Pelican and MkDocs.

    python bench/make_corpus.py 1000     # -> bench/corpus/1000/{cvsite,hugo,pelican,mkdocs}/

Entries are spread over four sections (experience, projects, publications, talks); each has
three paragraphs of Markdown and a five-item list, and 4-8 tags drawn from a vocabulary of
200 with Zipf-like weights (a few tags are everywhere, most are rare). The same seed gives
the same bytes. The Hugo site has minimal layouts that make the same pages: one per entry,
one list per section, one per tag, and the list of tags. Pelican builds with its default
theme and settings (an article per entry, a category per section, its tag pages, archives
and Atom feeds). MkDocs has no tags and puts its whole navigation on every page, so its site
gets the list pages as Markdown files (each section, each tag, the tags) and a navigation of
the sections only, as a site of that size would have.
"""

from __future__ import annotations

import argparse
import random
import shutil
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
SECTIONS = ("experience", "projects", "publications", "talks")
TAG_COUNT = 200
_WORD_TEXT = (
    "model data system parallel memory latency kernel cluster graph tensor network storage "
    "scheduler compiler runtime benchmark throughput cache vector matrix gradient sample "
    "query index stream batch shard replica protocol service agent language retrieval "
    "embedding training inference pipeline workload profile metric budget energy node "
    "thread process queue buffer channel message packet signal sensor robot control"
)
WORDS = _WORD_TEXT.split()
_VERB_TEXT = "built measured designed scaled tuned ported analysed deployed profiled wrote"
VERBS = _VERB_TEXT.split()


@dataclass(frozen=True)
class Entry:
    section: str
    slug: str
    title: str
    year: int
    month: int
    tags: list[str]
    body: str


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 16))]
    words[0] = rng.choice(VERBS).capitalize()
    marked = rng.randrange(len(words) - 1) + 1
    style = rng.choice(("*{}*", "**{}**", "`{}`", "[{}](https://example.org/{})", "{}"))
    words[marked] = style.format(words[marked], words[marked])
    return " ".join(words) + "."


def _body(rng: random.Random) -> str:
    paragraphs = [" ".join(_sentence(rng) for _ in range(rng.randint(3, 5))) for _ in range(3)]
    items = [f"- {_sentence(rng)}" for _ in range(5)]
    return "\n\n".join([*paragraphs, "\n".join(items)]) + "\n"


def _tags(rng: random.Random, vocabulary: list[str], weights: list[float]) -> list[str]:
    wanted = rng.randint(4, 8)
    chosen: list[str] = []
    while len(chosen) < wanted:
        tag = rng.choices(vocabulary, weights)[0]
        if tag not in chosen:
            chosen.append(tag)
    return chosen


def entries(count: int, seed: int = 1) -> list[Entry]:
    rng = random.Random(seed)
    vocabulary = [f"{rng.choice(WORDS).capitalize()} {k}" for k in range(1, TAG_COUNT + 1)]
    weights = [1 / k for k in range(1, TAG_COUNT + 1)]
    result = []
    for number in range(count):
        section = SECTIONS[number % len(SECTIONS)]
        title = f"{rng.choice(VERBS).capitalize()} {rng.choice(WORDS)} {rng.choice(WORDS)}"
        result.append(
            Entry(
                section,
                f"entry-{number:05d}",
                f"{title} {number}",
                rng.randint(1990, 2025),
                rng.randint(1, 12),
                _tags(rng, vocabulary, weights),
                _body(rng),
            )
        )
    return result


# --- cvsite ----------------------------------------------------------------------------------


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _cvsite_front_matter(entry: Entry) -> list[str]:
    when = f"{entry.year}-{entry.month:02d}"
    lines = {
        "experience": [f"position: {_quoted(entry.title)}", "organization: Example Lab"],
        "projects": [f"title: {_quoted(entry.title)}"],
        "publications": [
            f"title: {_quoted(entry.title)}",
            "authors: [A. Author, Silin Zhao, C. Coauthor]",
            "venue: Journal of Examples",
            "type: journal",
        ],
        "talks": [f"title: {_quoted(entry.title)}", "event: Example Conference"],
    }[entry.section]
    if entry.section == "publications":
        lines += [f"year: {entry.year}", f"month: {entry.month}"]
    elif entry.section == "experience":
        lines += [f"start: {when}", f"end: {entry.year + 1}-{entry.month:02d}"]
    else:
        lines.append(f"date: {when}")
    lines.append("tags: [" + ", ".join(_quoted(t) for t in entry.tags) + "]")
    return lines


def write_cvsite(folder: Path, items: list[Entry]) -> None:
    content = folder / "content"
    content.mkdir(parents=True)
    # No typeset CV: none of the peers makes one (bench/ab.py's sample builds typeset theirs).
    (folder / "site.yaml").write_text(
        "title: Benchmark Site\nbase_url: https://example.org/\nlanguage: en\ntheme: meridian\n"
        "pdf: false\n"
    )
    (content / "profile.yaml").write_text(
        "name: Silin Zhao\nheadline: A synthetic résumé for benchmarks\n", encoding="utf-8"
    )
    for entry in items:
        path = content / entry.section / f"{entry.slug}.md"
        path.parent.mkdir(exist_ok=True)
        front = "\n".join(_cvsite_front_matter(entry))
        path.write_text(f"---\n{front}\n---\n{entry.body}", encoding="utf-8")


# --- Hugo ------------------------------------------------------------------------------------

HUGO_CONFIG = """baseURL = "https://example.org/"
title = "Benchmark Site"
languageCode = "en"
disableKinds = ["RSS"]
[taxonomies]
  tag = "tags"
[markup.goldmark.renderer]
  unsafe = false
"""

HUGO_LAYOUTS = {
    "_default/baseof.html": """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} · {{ site.Title }}</title>
</head><body><nav><ul>{{ range site.Sections }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></nav>
<main>{{ block "main" . }}{{ end }}</main><footer><a href="/tags/">Tags</a></footer></body></html>
""",
    "_default/single.html": """{{ define "main" }}<article><h1>{{ .Title }}</h1>
<p>{{ .Date.Format "January 2006" }}</p>{{ .Content }}
<ul>{{ range .GetTerms "tags" }}
<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>
</article>{{ end }}
""",
    "_default/list.html": """{{ define "main" }}<h1>{{ .Title }}</h1><ul>
{{ range .Pages }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Date.Format "2006" }}</li>{{ end }}
</ul>{{ end }}
""",
    "_default/terms.html": """{{ define "main" }}<h1>Tags</h1><ul>
{{ range .Data.Terms.Alphabetical }}
<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}
</ul>{{ end }}
""",
    "index.html": """{{ define "main" }}<h1>{{ site.Title }}</h1><ul>
{{ range first 10 site.RegularPages }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}
</ul>{{ end }}
""",
}


def write_hugo(folder: Path, items: list[Entry]) -> None:
    folder.mkdir(parents=True)
    (folder / "hugo.toml").write_text(HUGO_CONFIG)
    for name, text in HUGO_LAYOUTS.items():
        path = folder / "layouts" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for section in SECTIONS:
        index = folder / "content" / section / "_index.md"
        index.parent.mkdir(parents=True, exist_ok=True)
        index.write_text(f"---\ntitle: {section.capitalize()}\n---\n")
    for entry in items:
        tags = ", ".join(_quoted(t) for t in entry.tags)
        front = (
            f"title: {_quoted(entry.title)}\n"
            f"date: {entry.year}-{entry.month:02d}-01\n"
            f"tags: [{tags}]\n"
        )
        path = folder / "content" / entry.section / f"{entry.slug}.md"
        path.write_text(f"---\n{front}---\n{entry.body}", encoding="utf-8")


# --- Pelican and MkDocs ----------------------------------------------------------------------

PELICAN_CONFIG = """AUTHOR = "Silin Zhao"
SITENAME = "Benchmark Site"
SITEURL = "https://example.org"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
"""


def write_pelican(folder: Path, items: list[Entry]) -> None:
    (folder / "content").mkdir(parents=True)
    (folder / "pelicanconf.py").write_text(PELICAN_CONFIG)
    for entry in items:
        front = (
            f"Title: {entry.title}\nDate: {entry.year}-{entry.month:02d}-01\n"
            f"Category: {entry.section.capitalize()}\nTags: {', '.join(entry.tags)}\n"
        )
        path = folder / "content" / f"{entry.slug}.md"
        path.write_text(f"{front}\n{entry.body}", encoding="utf-8")


def _slug(text: str) -> str:
    return text.lower().replace(" ", "-")


def _list_page(title: str, items: list[Entry], up: str) -> str:
    links = [f"- [{e.title}]({up}{e.section}/{e.slug}.md) {e.year}" for e in items]
    return f"# {title}\n\n" + "\n".join(links) + "\n"


def write_mkdocs(folder: Path, items: list[Entry]) -> None:
    docs = folder / "docs"
    (docs / "tags").mkdir(parents=True)
    nav = ["  - Home: index.md"]
    for section in SECTIONS:
        (docs / section).mkdir()
        listed = [e for e in items if e.section == section]
        (docs / section / "index.md").write_text(_list_page(section.capitalize(), listed, "../"))
        nav.append(f"  - {section.capitalize()}: {section}/index.md")
    nav.append("  - Tags: tags/index.md")
    tagged: dict[str, list[Entry]] = {}
    for entry in items:
        for tag in entry.tags:
            tagged.setdefault(tag, []).append(entry)
        tags = " · ".join(f"[{t}](../tags/{_slug(t)}.md)" for t in entry.tags)
        body = f"# {entry.title}\n\n{entry.year}-{entry.month:02d}\n\n{entry.body}\n{tags}\n"
        (docs / entry.section / f"{entry.slug}.md").write_text(body, encoding="utf-8")
    for tag, tagged_items in tagged.items():
        (docs / "tags" / f"{_slug(tag)}.md").write_text(_list_page(tag, tagged_items, "../"))
    names = "\n".join(f"- [{t}]({_slug(t)}.md) {len(v)}" for t, v in sorted(tagged.items()))
    (docs / "tags" / "index.md").write_text(f"# Tags\n\n{names}\n")
    recent = "\n".join(f"- [{e.title}]({e.section}/{e.slug}.md)" for e in items[:10])
    (docs / "index.md").write_text(f"# Benchmark Site\n\n{recent}\n")
    config = "site_name: Benchmark Site\nsite_url: https://example.org/\nnav:\n"
    (folder / "mkdocs.yml").write_text(config + "\n".join(nav) + "\n")


WRITERS = {"cvsite": write_cvsite, "hugo": write_hugo, "pelican": write_pelican}
WRITERS["mkdocs"] = write_mkdocs


def make(count: int, root: Path = CORPUS) -> Path:
    """bench/corpus/<count>/ with a site per tool (`cvsite/`, `hugo/`, ...), written afresh."""
    folder = root / str(count)
    if folder.exists():
        shutil.rmtree(folder)
    items = entries(count)
    for name, write in WRITERS.items():
        write(folder / name, items)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("counts", nargs="*", type=int, default=[100, 1000, 5000])
    args = parser.parse_args()
    for count in args.counts:
        folder = make(count)
        print(f"wrote {count} entries to {folder.relative_to(HERE.parent)}/{{{','.join(WRITERS)}}}")


if __name__ == "__main__":
    main()
