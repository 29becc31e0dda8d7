"""The golden outputs of the restructure: what each reference site builds to, byte for byte.

A manifest per site lists every output file with its SHA-256. `python -m tests.golden.golden`
rewrites the manifests from the current code (do it only in a commit that explains why the
output changed); the test compares a fresh build with them.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

from tests.helpers import FIXTURES, REPO, copy_site, run_cli

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(REPO / "bench"))
import make_corpus  # noqa: E402

SITES = ("sample", "corpus-100", "every-kind", "scholar-site", "bilingual")


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
    result = run_cli("build", "--site", site, env={"CVSITE_CACHE_DIR": str(cache)})
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


def manifest_path(name: str) -> Path:
    return HERE / f"{name}.sha256"


def read_manifest(name: str) -> dict[str, str]:
    lines = manifest_path(name).read_text(encoding="utf-8").splitlines()
    return {path: digest for digest, path in (line.split("  ", 1) for line in lines)}


def write_manifest(name: str, files: dict[str, str]) -> None:
    text = "".join(f"{digest}  {path}\n" for path, digest in files.items())
    manifest_path(name).write_text(text, encoding="utf-8")


def main() -> None:
    scratch = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / ".scratch"
    shutil.rmtree(scratch, ignore_errors=True)
    for name in SITES:
        write_manifest(name, manifest(build(name, scratch)))
        print(f"wrote {manifest_path(name).relative_to(REPO)}")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
