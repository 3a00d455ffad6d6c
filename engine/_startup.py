"""Ctrl-C while the ``euchre`` command starts exits 130 quietly (issue 22, item 26).

The command's imports take most of a second, and a ``KeyboardInterrupt`` raised inside them
would print a traceback. ``engine/__init__.py`` imports this module first, before anything
else, so that from the project's first instruction on, Ctrl-C ends the command with exit code
130 and nothing on the screen. :func:`engine.cli.main` puts Python's own behaviour back (Ctrl-C
raises ``KeyboardInterrupt``) while a command runs, since commands handle it themselves (the
table says you left the game; ``simulate`` stops its workers and says "interrupted"), and
sets this handler again when the command is done.

Only the command changes how Ctrl-C behaves: a program that imports the library (a notebook,
a test run) keeps its own handling, and a command started with Ctrl-C ignored (a background
job of a shell) keeps ignoring it.
"""

# Only modules the interpreter holds already (``os``, ``sys``) or builds in (``_signal``, which
# the ``signal`` module wraps): importing any other would leave a window for Ctrl-C to land in.
import _signal  # type: ignore[import-not-found]  # builtin, no stub: `signal` is typed
import os
import sys

__all__ = ["COMMANDS", "EXIT_INTERRUPTED", "exit_quietly", "started_as_command"]

EXIT_INTERRUPTED = 130
"""The exit code of a command ended by Ctrl-C: 128 + SIGINT, as shells report it."""

COMMANDS = ("euchre", "euchrekit")
"""The names of the console scripts (``pyproject.toml``)."""

_MODULES = ("engine.cli", "engine.cli.__main__")


def exit_quietly(signum: int, frame: object) -> None:
    """The SIGINT handler while no command handles Ctrl-C: flush what was printed, exit 130."""
    del signum, frame
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except Exception:  # closed, full or in mid-write: exit anyway
            pass
    os._exit(EXIT_INTERRUPTED)


def started_as_command() -> bool:
    """Whether this process is the ``euchre`` command: a console script (``euchre``,
    ``euchrekit``) or ``python -m engine.cli``, which Python names ``-m`` while it imports
    the package."""
    if not sys.argv or not sys.argv[0]:
        return False
    name = os.path.basename(sys.argv[0])
    for ending in ("-script.pyw", "-script.py", ".exe"):
        name = name.removesuffix(ending)
    if name in COMMANDS:
        return True
    if sys.argv[0] != "-m":
        return False
    options = list(getattr(sys, "orig_argv", ()))[1:]
    for i, option in enumerate(options):
        if option == "-m":
            return i + 1 < len(options) and options[i + 1] in _MODULES
        if option.startswith("-m"):
            return option[2:] in _MODULES
    return False


def _install() -> None:
    if started_as_command() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        try:  # noqa: SIM105 - contextlib.suppress: importing contextlib is a window for Ctrl-C
            _signal.signal(_signal.SIGINT, exit_quietly)
        except ValueError:  # not the main thread: leave it as it is
            pass


_install()
