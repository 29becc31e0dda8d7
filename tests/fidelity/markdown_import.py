"""How much of a Markdown résumé `cvsite import markdown` places, and whether it loses any.

For each résumé (the sample person's two texts and the real-world fixtures), imports it into
a scratch site and prints, per file:

- lines: non-blank lines; layout: those with no text (rules, fences, `<div>`);
- fields: lines whose text went into structured fields (or headings into the structure);
- body/notes: lines kept in an entry's body or the draft notes page;
- structured: fields / lines with text;
- found: lines with text whose every word is in the written files' values (read back with
  YAML, not from the importer's report), and how many had a word missing;
- lost: lines with fewer than half of their words in the written files;
- build: whether `cvsite build` of the imported site succeeds.

Headings of profile parts ("About me", "Contact:") are found when their part is written.
Words are compared case-folded; "at" of "Title at Organization" is not required; dates
written as "Sep. 2019" are kept as `2019-09`, so month
and season names, "present" and "expected" are not required to reappear.

    python -m tests.fidelity.markdown_import [--verbose]     # from the repository's root
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

from generator.importers.markdown.document import plain
from generator.importers.markdown.importer import import_markdown

REPO = Path(__file__).resolve().parents[2]

INPUTS = [
    # The sample person's two texts (shared/seeds/resume-silin-zhao.txt and -plain.txt).
    REPO / "tests/fixtures/seed-resume.txt",
    REPO / "tests/fixtures/seed-resume-plain.txt",
    *sorted(
        path
        for path in (REPO / "tests/fixtures/realworld/markdown").glob("*.md")
        if path.name != "SOURCES.md"
    ),
]
_DATE_WORDS = re.compile(
    r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$|^(?:spring|summer|fall"
    r"|autumn|winter|present|now|current|today|ongoing|expected|since|to|till|until|at)$"
)
_TAG = re.compile(r"</?[a-zA-Z][^>]*>")


def words_of(text: str) -> list[str]:
    """The words of a line as the check compares them: glued words ("ReportUniversität",
    as text copied out of a PDF runs columns together) apart, case-folded."""
    text = plain(_TAG.sub(" ", text))
    text = re.sub(r"(?<=[a-zäöüß)])(?=[A-Z(])|(?<=[)a-z])(?=\d{4}\b)", " ", text)
    found = [w.casefold() for w in re.findall(r"[^\W_]+", text)]
    return [w for w in found if not _DATE_WORDS.match(w)]


def written_words(site: Path) -> set[str]:
    """Every word of every value (and key) of the files the import wrote."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                found.update(words_of(str(key)))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif value is not None:
            found.update(words_of(str(value)))

    for path in [site / "site.yaml", *sorted((site / "content").rglob("*"))]:
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        found.update(words_of(path.relative_to(site).as_posix().replace("-", " ")))
        if path.suffix == ".md":
            _, meta, body = text.split("---\n", 2)
            walk(yaml.safe_load(meta))
            found.update(words_of(body))
        else:
            walk(yaml.safe_load(text))
    return found


def measure(source: Path, verbose: bool) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="cvsite-bench-import-") as scratch:
        site = Path(scratch) / "site"
        report = import_markdown(source, site)
        known = written_words(site)
        built = subprocess.run(
            [sys.executable, "-m", "generator", "build", "--site", str(site)],
            cwd=REPO,
            capture_output=True,
            text=True,
        )
    written = source.read_text(encoding="utf-8").split("\n")
    texts = [p for p in report.fields if p.field != "layout"]  # the report's kind of line
    fields = [p for p in texts if p.field in ("field", "structure")]
    whole = lost = 0
    for placement in texts:
        if placement.field == "structure" and placement.where.startswith("content/profile"):
            whole += 1  # "About me", "Contact:": the profile's summary or links themselves
            continue
        line_words = words_of(written[placement.line - 1])
        missing = [w for w in line_words if w not in known]
        if not missing:
            whole += 1
        elif len(missing) * 2 > len(line_words):
            lost += 1
        if missing and verbose:
            print(f"  {source.name}:{placement.line}: not written: {' '.join(missing)}")
    return {
        "file": source.name,
        "lines": len(report.fields),
        "layout": len(report.fields) - len(texts),
        "fields": len(fields),
        "body/notes": len(texts) - len(fields),
        "structured": f"{100 * len(fields) / max(1, len(texts)):.1f} %",
        "found": f"{whole}/{len(texts)}",
        "lost": lost,
        "build": "ok" if built.returncode == 0 else "FAILED",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", action="store_true", help="list each word not written")
    args = parser.parse_args()
    rows = [measure(path, args.verbose) for path in INPUTS if path.is_file()]
    columns = list(rows[0])
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in columns}
    print(" | ".join(c.ljust(widths[c]) for c in columns))
    print("-|-".join("-" * widths[c] for c in columns))
    for row in rows:
        print(" | ".join(str(row[c]).ljust(widths[c]) for c in columns))
    failed = any(r["lost"] or r["build"] != "ok" for r in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
