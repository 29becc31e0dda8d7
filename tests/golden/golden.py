"""The golden outputs: what each reference site builds to, kept as Pelican keeps its expected
output, so that a change shows *how* a page changed, not only that it did.

Per site, `<site>.sha256` lists every output file with its SHA-256 (the set of files, and the
only record of binary files such as `cv.pdf`), and `expected/<site>/` holds the text files
themselves (HTML, XML, JSON, CSS, SVG). `python -m tests.golden.golden` rewrites both from the
current code: do it only in a commit that says why the output changed; `git diff` of
`expected/` then shows the change to the reviewer, and a failing test shows it to the author.
"""

from __future__ import annotations

import difflib
import hashlib
import shutil
import sys
from pathlib import Path

from tests.helpers import FIXTURES, REPO, copy_site, run_cli

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected"
sys.path.insert(0, str(REPO / "bench"))
import make_corpus  # noqa: E402

SITES = ("sample", "corpus-100", "every-kind", "scholar-site", "bilingual")
TEXT_SUFFIXES = {".html", ".xml", ".json", ".css", ".svg", ".txt", ".js", ".webmanifest", ".bib"}
# Enough of a diff to see what changed without burying the test report.
DIFF_FILES = 5
DIFF_LINES = 40


def make_site(name: str, folder: Path) -> Path:
    """A private copy of the reference site `name` in `folder`."""
    if name == "sample":
        return copy_site(REPO, folder)
    if name == "corpus-100":
        make_corpus.write_cvsite(folder, make_corpus.entries(100))
        return folder
    source = FIXTURES / name if (FIXTURES / name).is_dir() else FIXTURES / "sites" / name
    return copy_site(source, folder)


def build(name: str, scratch: Path) -> Path:
    """The output folder of a fresh build of `name` (no cache) inside `scratch`."""
    site = make_site(name, scratch / name)
    cache = scratch / f"{name}-cache"
    # The machine's fonts kept out: the scholar site's Chinese title would print in whichever
    # the machine has, and its PDF would differ from machine to machine.
    env = {"CVSITE_CACHE_DIR": str(cache), "TYPST_IGNORE_SYSTEM_FONTS": "1"}
    result = run_cli("build", "--site", site, env=env)
    if result.code != 0:
        raise AssertionError(f"{name} did not build:\n{result.err}")
    return site / "output"


def manifest(output: Path) -> dict[str, str]:
    """Every file of a build (but the output marker) -> its SHA-256."""
    return {
        path.relative_to(output).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(output.rglob("*"))
        if path.is_file() and path.name != ".cvsite-output"
    }


def is_text(path: str) -> bool:
    return Path(path).suffix in TEXT_SUFFIXES


def manifest_path(name: str) -> Path:
    return HERE / f"{name}.sha256"


def read_manifest(name: str) -> dict[str, str]:
    lines = manifest_path(name).read_text(encoding="utf-8").splitlines()
    return {path: digest for digest, path in (line.split("  ", 1) for line in lines)}


def write_expected(name: str, output: Path) -> None:
    """The manifest of `output`, and a copy of its text files under expected/<name>/."""
    files = manifest(output)
    text = "".join(f"{digest}  {path}\n" for path, digest in files.items())
    manifest_path(name).write_text(text, encoding="utf-8")
    shutil.rmtree(EXPECTED / name, ignore_errors=True)
    for path in filter(is_text, files):
        target = EXPECTED / name / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(output / path, target)


def differences(name: str, output: Path) -> str:
    """What `output` has that the golden copy of `name` has not, as a reader wants to see it:
    the files missing and new, and a unified diff of the first text files that changed.
    Empty when the build is the golden one."""
    expected, found = read_manifest(name), manifest(output)
    missing = sorted(expected.keys() - found.keys())
    new = sorted(found.keys() - expected.keys())
    changed = sorted(p for p in expected.keys() & found.keys() if expected[p] != found[p])
    if not (missing or new or changed):
        return ""
    report = [f"{name}: {len(changed)} changed, {len(missing)} missing, {len(new)} new"]
    report += [f"missing: {path}" for path in missing]
    report += [f"new: {path}" for path in new]
    report += [f"changed (binary): {path}" for path in changed if not is_text(path)]
    changed_text = [path for path in changed if is_text(path)]
    for path in changed_text[:DIFF_FILES]:
        report += diff_lines(EXPECTED / name / path, output / path, path)
    if len(changed_text) > DIFF_FILES:
        report.append(f"... and {len(changed_text) - DIFF_FILES} more text files changed:")
        report += [f"changed: {path}" for path in changed_text[DIFF_FILES:]]
    return "\n".join(report)


def diff_lines(before: Path, after: Path, label: str) -> list[str]:
    old = before.read_text(encoding="utf-8").splitlines() if before.is_file() else []
    diff = list(
        difflib.unified_diff(
            old,
            after.read_text(encoding="utf-8").splitlines(),
            f"golden/{label}",
            f"built/{label}",
            lineterm="",
        )
    )
    if len(diff) > DIFF_LINES:
        diff = [*diff[:DIFF_LINES], f"... ({len(diff) - DIFF_LINES} more diff lines)"]
    return diff


def main() -> None:
    scratch = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / ".scratch"
    shutil.rmtree(scratch, ignore_errors=True)
    for name in SITES:
        write_expected(name, build(name, scratch))
        print(f"wrote {manifest_path(name).relative_to(REPO)} and expected/{name}/")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
