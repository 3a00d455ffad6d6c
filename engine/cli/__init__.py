"""The ``euchre`` command.

Exit codes: 0 ok; 1 invalid input (a bad variant file, an illegal record, ...); 2 usage error
(unknown command or option). A user's mistake never shows a Python traceback.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence

from engine.cli import (
    compare_command,
    play_command,
    replay_command,
    simulate_command,
    variant_commands,
)
from engine.errors import EuchreError

__all__ = ["EXIT_INVALID", "EXIT_OK", "EXIT_USAGE", "main"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2

_COMMANDS = (variant_commands, play_command, replay_command, simulate_command, compare_command)


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
    """Run the command line; returns the exit code."""
    _escape_undecodable_output()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)
    try:
        code: int = args.run(args)
    except EuchreError as exc:
        print(f"euchre: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head`: not an error
        sys.stderr.close()
        return EXIT_OK
    return code


def _escape_undecodable_output() -> None:
    """Print a path that holds bytes that are not UTF-8 (Python keeps them as lone surrogates)
    with escapes, rather than fail on it where the output streams are strict."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
