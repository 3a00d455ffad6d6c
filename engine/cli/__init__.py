"""The ``euchre`` command.

Exit codes: 0 ok; 1 invalid input (a bad variant file, an illegal record, ...); 2 usage error
(unknown command or option). A user's mistake never shows a Python traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
from collections.abc import Callable, Sequence
from types import FrameType, ModuleType
from typing import Any

from engine._startup import EXIT_INTERRUPTED, exit_quietly
from engine.cli.streams import fit_output_streams
from engine.core.errors import EuchreError

__all__ = ["COMMANDS", "EXIT_INTERRUPTED", "EXIT_INVALID", "EXIT_OK", "EXIT_USAGE", "main"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2

COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("variant_commands", "list the shipped variants"),
    "show": ("variant_commands", "print a variant with every rule resolved"),
    "validate": ("variant_commands", "check variant files"),
    "rules": ("rules_command", "print a variant's rules in plain English"),
    "play": ("play_command", "play a variant at the terminal against bots"),
    "replay": ("replay_command", "check a saved game record and print the game"),
    "simulate": ("simulate_command", "play many games between bots and report statistics"),
    "compare": ("compare_command", "compare two variants on the same seeded games"),
    "serve": ("serve_command", "play in a browser: start the local web app"),
}
"""Each command, in the order of ``euchre --help``: the module under ``engine.cli`` whose
``register`` adds it (with its options), and its line in ``euchre --help`` (the same words as
the module's; a test compares them). Only the module of the command being run is imported:
``euchre --help`` loads no layer of the engine, ``euchre validate`` only the rules layer."""


def command_module(module: str) -> ModuleType:
    """The command module ``engine.cli.<module>`` (imported on first use)."""
    return importlib.import_module(f"{__name__}.{module}")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser: every command with all its options, or, given ``argv``, the
    command that ``argv`` runs with all its options and the others by name and help only
    (their modules are not imported)."""
    parser = argparse.ArgumentParser(
        prog="euchre",
        description="Euchre variants as data: list, show and validate variant files; play and "
        "simulate any variant.",
        epilog="Exit codes: 0 ok, 1 invalid input, 2 usage error.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    wanted = None if argv is None else (_command_of(argv) or "")  # "": no command
    registered: set[str] = set()
    for name, (module, help_line) in COMMANDS.items():
        if module in registered:
            continue
        if wanted is None or COMMANDS.get(wanted, ("",))[0] == module:
            command_module(module).register(sub)
            registered.add(module)
        else:  # listed for --help and usage errors; never parsed with
            sub.add_parser(name, help=help_line, add_help=False)
    return parser


def _command_of(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first word that is not an option (``euchre`` itself
    takes only ``-h``)."""
    return next((word for word in argv if not word.startswith("-")), None)


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
        if started_quietly:
            # The command ends here, with 130. Returning would let CPython end it by SIGINT
            # instead (exit status -2) when the Ctrl-C landed inside an `exec` of generated
            # source, as in creating a dataclass while a module loads: it then marks the
            # interrupt unhandled although it was handled here (CPython 3.11).
            exit_quietly(signal.SIGINT, None)
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
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(words)
    try:
        args = parser.parse_args(words)
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
