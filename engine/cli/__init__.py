"""The ``euchre`` command.

Exit codes: 0 ok; 1 invalid input (a bad variant file, an illegal record, ...); 2 usage error
(unknown command or option). A user's mistake never shows a Python traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any

from engine._startup import EXIT_INTERRUPTED, exit_quietly
from engine.cli import (
    compare_command,
    play_command,
    replay_command,
    rules_command,
    serve_command,
    simulate_command,
    variant_commands,
)
from engine.cli.streams import fit_output_streams
from engine.core.errors import EuchreError

__all__ = ["EXIT_INTERRUPTED", "EXIT_INVALID", "EXIT_OK", "EXIT_USAGE", "main"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2

_COMMANDS = (variant_commands, rules_command, play_command, replay_command, simulate_command,
             compare_command, serve_command)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="euchre",
        description="Euchre variants as data: list, show and validate variant files; play and "
        "simulate any variant.",
        epilog="Exit codes: 0 ok, 1 invalid input, 2 usage error.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in _COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (130 after Ctrl-C, never a traceback)."""
    started_quietly = _handler_is_quiet_exit()
    try:
        if started_quietly:  # inside the try: a Ctrl-C right after is caught below
            _set_sigint(signal.default_int_handler)
        return _main(argv)
    except KeyboardInterrupt:  # outside the handling of a command's own
        if started_quietly:
            _set_sigint(exit_quietly)  # a second Ctrl-C now exits at once
        _error("\ninterrupted", prefix="")
        return EXIT_INTERRUPTED
    finally:
        if started_quietly:
            _set_sigint(exit_quietly)


def _handler_is_quiet_exit() -> bool:
    """Whether Ctrl-C now exits quietly (:mod:`engine._startup`: the command was started).
    While a command runs, Ctrl-C raises ``KeyboardInterrupt`` instead, which the command
    handles; only that handler is replaced, so a program calling :func:`main` keeps its own."""
    return signal.getsignal(signal.SIGINT) is exit_quietly


def _set_sigint(handler: Callable[[int, FrameType | None], Any]) -> None:
    with contextlib.suppress(ValueError):  # not the main thread: the signal is not ours
        signal.signal(signal.SIGINT, handler)


def _main(argv: Sequence[str] | None) -> int:
    fit_output_streams()  # an ASCII locale: suits as letters; a bad path: escapes
    if sys.stderr is None:  # started with stderr closed (`2>&-`): messages go nowhere
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives on
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)
    try:
        code: int = args.run(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here, not after main has returned
    except EuchreError as exc:
        _error(str(exc))
        return EXIT_INVALID
    except BrokenPipeError:  # output piped into `head`: not an error
        _discard_stdout()
        sys.stderr.close()
        return EXIT_OK
    except OSError as exc:  # the output cannot be written (a full disk), or another fault
        what = "cannot write the output" if _discard_stdout() else "input/output error"
        _error(f"{what}: {exc.strerror or exc}")
        return EXIT_INVALID
    return code


def _error(message: str, *, prefix: str = "euchre: ") -> None:
    """One message on stderr, if stderr can take it."""
    with contextlib.suppress(OSError, ValueError):  # stderr full or closed: the code tells
        print(f"{prefix}{message}", file=sys.stderr, flush=True)


def _discard_stdout() -> bool:
    """Whether stdout was failing; if so, what it still holds goes to /dev/null, so that
    the interpreter's last flush does not fail again on the way out."""
    stream = sys.stdout
    if stream is None:
        return False
    try:
        stream.flush()
    except OSError:
        pass
    else:
        return False
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError):  # not a real file (a test's buffer): nothing to discard
        pass
    return True


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
