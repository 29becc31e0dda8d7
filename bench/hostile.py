"""How fast hostile input is refused: the inputs of tests/hostile/, timed.

Run: python bench/hostile.py. Prints milliseconds per case (best of 3, in-process, no interpreter
start). The tests check what happens; this says how long it takes.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from generator.content.yamlio import load_yaml
from generator.errors import ContentErrors
from generator.site.build import BuildOptions, build

MB = 1024 * 1024


def alias_bomb() -> str:
    """Nine levels of nine aliases each: 9**10 values if expanded."""
    lines = ["name: A", "x0: &a0 [" + ", ".join(["lol"] * 9) + "]"]
    lines += [f"x{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    return "\n".join(lines) + "\n"


def string_macro_bomb() -> str:
    macros = "".join(
        f"@string{{a{i} = a{i - 1} # a{i - 1} # a{i - 1} # a{i - 1}}}\n" for i in range(1, 14)
    )
    return '@string{a0 = "xxxxxxxxxx"}\n' + macros + "@article{k, title = a13, year=2020}\n"


def site(root: Path, files: dict[str, str | bytes]) -> Path:
    files = {"site.yaml": "title: T\nbase_url: https://e.org/\n", **files}
    files.setdefault("content/profile.yaml", "name: A\n")
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return root


def timed(action: Callable[[], object]) -> tuple[float, str]:
    best, outcome = float("inf"), ""
    for _ in range(3):
        started = time.perf_counter()
        try:
            action()
            outcome = "built"
        except ContentErrors as exc:
            outcome = "refused: " + exc.errors[0].message[:48]
        best = min(best, time.perf_counter() - started)
    return best, outcome


def build_of(files: dict[str, str | bytes]) -> Callable[[], object]:
    def run() -> object:
        with tempfile.TemporaryDirectory() as scratch:
            root = site(Path(scratch), files)
            return build(BuildOptions(root, root / "output"))

    return run


CASES: dict[str, Callable[[], object]] = {
    "YAML alias bomb (load_yaml)": lambda: load_yaml(alias_bomb(), "f.yaml"),
    "100,000 nested '[' (load_yaml)": lambda: load_yaml("a: " + "[" * 100_000, "f.yaml"),
    "50 MB projects.yaml (build)": build_of(
        {"content/projects.yaml": b"- title: A\n  body: '" + b"x" * (50 * MB) + b"'\n"}
    ),
    "50 MB asset (build)": build_of({"content/files/big.pdf": b"\0" * (50 * MB)}),
    "BibTeX @string bomb (build)": build_of({"content/publications.bib": string_macro_bomb()}),
    "BibTeX 5,000 nested braces (build)": build_of(
        {"content/publications.bib": "@article{a, title={" + "{" * 5000 + "x" + "}" * 5000 + "}}"}
    ),
    "Markdown 3,000 nested quotes (build)": build_of(
        {"content/projects/a.md": "---\ntitle: A\n---\n" + "> " * 3000 + "x\n"}
    ),
}


def main() -> None:
    print(f"{'case':40} {'ms':>8}  outcome")
    for name, action in CASES.items():
        seconds, outcome = timed(action)
        print(f"{name:40} {seconds * 1000:8.1f}  {outcome}")


if __name__ == "__main__":
    main()
