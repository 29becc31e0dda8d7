"""What the user reads when a command fails, and its exit status: a `CvsiteError` or a
path the system refused is the user's to fix; anything else is a bug in cvsite, said in
one line (the traceback only with `--debug`)."""

from __future__ import annotations

import sys
from collections.abc import Callable

from generator.diskerrors import cause
from generator.errors import EXIT_CONTENT, CvsiteError, error_text, library_message, shown

EXIT_INTERRUPTED = 130  # as a shell reports a command ended by Ctrl-C (128 + SIGINT)


def guarded(command: Callable[[], int], *, debug: bool) -> int:
    """Run `command`; its exit status, or that of the error it raised, told on stderr."""
    try:
        return command()
    except CvsiteError as exc:
        say(error_text(exc))
        return exc.exit_code
    except KeyboardInterrupt:
        say("interrupted")
        return EXIT_INTERRUPTED
    except Exception as exc:  # a bug: say so plainly, without a traceback unless asked
        if debug:
            raise
        say(unexpected(exc))
        return EXIT_CONTENT


def unexpected(exc: Exception) -> str:
    """The message of an error cvsite did not foresee."""
    if isinstance(exc, OSError) and exc.filename is not None:  # a path theirs to change
        return f"cvsite: cannot use {shown(str(exc.filename))}: {cause(exc)}"
    return (
        f"cvsite: internal error: {type(exc).__name__}: {library_message(str(exc))}\n"
        "This is a bug in cvsite; run again with --debug for details."
    )


def say(text: str) -> None:
    print(text, file=sys.stderr)


def print_problems(title: str, problems: list) -> None:  # noqa: ANN001 - ContentErrors
    if problems:
        say(title)
        for problem in sorted(problems):
            say(f"  {problem}")
