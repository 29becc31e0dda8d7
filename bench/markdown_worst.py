"""How long pathological Markdown takes: constructs repeated to 10, 32, 100 and 255 KB.

Run:
    python bench/markdown_worst.py [--sizes 10,32,100,255] [--limit 30] [--unsafe-html]
                                   [--only NAME,NAME]

Each case renders one body with the renderer pages use (`MarkdownRenderer.block`), in its
own process, so a case that runs away is stopped after `--limit` seconds and shown as
`>limit`. The outcome is `rendered`, `refused` (a located error in a build) or `crashed`
(an internal error in a build).

The tests check what happens to such input (tests/hostile/test_markdown_cost.py); this
says how long it takes.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Callable

KB = 1024


def _lines_of_growing(mark: str, size: int) -> str:
    """Fences that each need a closing fence of their own length, which never comes."""
    lines, total, length = [], 0, 3
    while total < size:
        lines.append(mark * length + "\n")
        total += length + 1
        length += 1
    return "".join(lines)


def _openers_then_ambiguous(size: int) -> str:
    """`**` openers, then `*` that could open or close: emphasis's rule of three."""
    return "**x " * (size // 8) + "a*a " * (size // 8)


def _nested_list(size: int) -> str:
    lines, total, depth = [], 0, 0
    while total < size:
        lines.append("  " * depth + "- x\n")
        total += len(lines[-1])
        depth += 1
    return "".join(lines)


# name -> the repeated unit (or a function of the size). Each is a construct whose cost could
# grow faster than its length: links and images never closed, emphasis never paired, code
# spans and fences never closed, autolinks and raw HTML, nesting, lines that split a block.
CASES: dict[str, str | Callable[[int], str]] = {
    "[a](": "[a](",
    "[": "[",
    "[ ": "[ ",
    "![": "![",
    "](": "](",
    "[a](b": "[a](b ",
    "[a](<": "[a](<",
    '[a](b "': '[a](b "',
    '[a](" )': '[a](" ) ',
    "[a][": "[a][",
    "[^": "[^",
    "[]": "[]",
    "[a](b)": "[a](b) ",
    "![a](": "![a](",
    "[[a]]": "[[a]] ",
    "*": "*",
    "_": "_",
    "*a": "*a ",
    "**a": "**a ",
    "_a": "_a ",
    "*a_": "*a_",
    "*a_b": "*a_b ",
    "***a": "***a ",
    "_*": "_*",
    "**_": "**_ ",
    "**x then a*a": _openers_then_ambiguous,
    "<": "<",
    "<a": "<a ",
    "<http:": "<http:",
    "<a@": "<a@",
    "<!--": "<!--",
    "<div>": "<div>",
    "`": "`",
    "`a": "`a ",
    "``a`": "``a` ",
    "\\`` lines": "\\``-->\n",
    "````&#`": "````&#`",
    "&": "&",
    "&#": "&#",
    "\\": "\\",
    "{": "{",
    "{:": "{: ",
    "> nested": "> ",
    "- nested": "- ",
    "1. nested": "1. ",
    "- indented nested": _nested_list,
    "# lines": "#\n",
    "# {": "# {",
    "a paragraphs": "a\n\n",
    "--- lines": "a\n---\n",
    "| lines": "|\n",
    ": lines": "a\n: b\n",
    "    code lines": "    x\n",
    "``` lines": "```\n",
    "```a lines": "```a\n",
    "~~~ lines": "~~~\n",
    "``` growing": lambda size: _lines_of_growing("`", size),
    "[^a lines": "[^a\n",
    "[a]: lines": "[a]: <\n",
    "[^1] notes": "[^1]\n",
    "\"'": "\"'",
    "-- ...": "-- ...",
    "words": "words and more words. ",
}


def body(unit: str | Callable[[int], str], size: int) -> str:
    if callable(unit):
        return unit(size)[:size]
    return (unit * (size // len(unit) + 1))[:size]


def _render(text: str, unsafe_html: bool, answer) -> None:  # noqa: ANN001 - a Connection
    from generator.markdown import renderer as markup

    # Before Markdown could be refused for its cost, only unsafe links were.
    refused = getattr(markup, "MarkdownProblem", markup.UnsafeUrl)
    renderer = markup.MarkdownRenderer(unsafe_html=unsafe_html)
    renderer.setup()
    started = time.perf_counter()
    try:
        renderer.block(text)
        outcome = "rendered"
    except refused as exc:
        outcome = "refused: " + str(exc)[:70]
    except Exception as exc:  # noqa: BLE001 - what a build would report as an internal error
        outcome = f"crashed: {type(exc).__name__}"
    answer.send((time.perf_counter() - started, outcome))


def timed(text: str, unsafe_html: bool, limit: float) -> tuple[float | None, str]:
    here, there = multiprocessing.Pipe(duplex=False)
    process = multiprocessing.Process(target=_render, args=(text, unsafe_html, there))
    process.start()
    if here.poll(limit + 5):  # the start of a process, on top of the limit
        seconds, outcome = here.recv()
    else:
        seconds, outcome = None, ""
    process.kill()
    process.join()
    if seconds is not None and seconds > limit:
        seconds = None
    return seconds, outcome


def table(args: argparse.Namespace, sizes: list[int]) -> None:
    only = set(args.only.split(",")) if args.only else set(CASES)
    print(f"{'case':22}" + "".join(f"{f'{s} KB':>9}" for s in sizes) + "  outcome (largest)")
    for name, unit in CASES.items():
        if name not in only:
            continue
        row, last = f"{name!r:22}", ""
        for size in sizes:
            seconds, outcome = timed(body(unit, size * KB), args.unsafe_html, args.limit)
            row += f"{seconds:9.2f}" if seconds is not None else f"{'>' + str(args.limit):>9}"
            last = outcome or "stopped"
        print(row + "  " + last, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,32,100,255", help="KB, comma-separated")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds before a case stops")
    parser.add_argument("--unsafe-html", action="store_true", help="markdown.unsafe_html on")
    parser.add_argument("--only", default="", help="case names, comma-separated")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    table(args, sizes)


if __name__ == "__main__":
    main()
