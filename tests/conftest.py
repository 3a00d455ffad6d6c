"""Fixtures shared by the tests: writing small variant files, running the CLI and `play`.

Test modules do not import from here (pytest imports conftest itself); each names the paths it
needs from its own ``__file__``.
"""

from __future__ import annotations

import importlib.util
import io
import os
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from engine.cli import main


class CliResult(NamedTuple):
    """What one run of the command line gave: exit code, standard output, standard error."""

    code: int
    out: str
    err: str


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., CliResult]:
    """Run ``euchre ARGS...`` in-process; returns the exit code and what it printed."""

    def run(*argv: str) -> CliResult:
        capsys.readouterr()
        code = main(list(argv))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture
def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
         ) -> Callable[..., CliResult]:
    """``play(stdin, *args)``: run ``euchre play ARGS`` with ``stdin`` as the keyboard."""

    def run(stdin: str | io.TextIOBase, *argv: str) -> CliResult:
        stream = io.StringIO(stdin) if isinstance(stdin, str) else stdin
        monkeypatch.setattr("sys.stdin", stream)
        capsys.readouterr()
        code = main(["play", *argv])
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write a (dedented) variant file under ``tmp_path`` and return its path."""

    def write_file(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write_file


def pytest_sessionstart(session: pytest.Session) -> None:
    """Where the platform can install an optional extra, its tests must run, not skip.

    ``make test`` sets ``EUCHREKIT_REQUIRE`` to the modules the extras provide on platforms
    with wheels for them (PettingZoo and gymnasium everywhere; open-spiel, Dask, matplotlib
    on Linux x86_64 and aarch64; Starlette, uvicorn, httpx and Selenium everywhere), and to the
    programs the browser tests run where ``make`` could install them (an absolute path such as
    ``/usr/bin/chromium``); a missing one stops the run here instead of turning into a quiet
    skip.
    """
    names = [name for name in os.environ.get("EUCHREKIT_REQUIRE", "").split(",") if name]
    missing = [name for name in names if not _importable(name)]
    if missing:
        raise pytest.UsageError(
            f"these optional parts can be installed on this platform but are missing: "
            f"{', '.join(missing)} (run `make clean test`)")


# The tests of these groups run first: they wait on a browser more than they use a core, so the
# other worker gets through the rest meanwhile (scheduled in collection order, they were the
# run's last minute and a half, one worker idle).
FIRST_GROUPS = ("browser",)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist loadgroup`` the groups of ``FIRST_GROUPS`` come first."""
    if getattr(config.option, "loadgroup", False):
        first = tuple(f"@{group}" for group in FIRST_GROUPS)
        items.sort(key=lambda item: not item.nodeid.endswith(first))


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Under ``--dist loadgroup``, a test marked ``xdist_group`` fails if its group was lost.

    pytest-xdist sends a group's tests to one worker by suffixing their node ids with
    ``@group`` at collection; pytest 9.2 ignores that suffix (pytest-xdist issue #1386), and the
    groups then split over the workers without a word: the browser tests start a Chromium in
    each worker, a tally computed once per group is computed in each, the order above is lost.
    pyproject.toml keeps pytest below 9.2; this says so if the grouping is lost again.
    """
    if (getattr(item.config.option, "loadgroup", False)
            and item.get_closest_marker("xdist_group") and "@" not in item.nodeid):
        pytest.fail("--dist loadgroup did not put this test in its xdist_group: this pytest "
                    "and pytest-xdist do not work together (pytest-xdist issue #1386); install "
                    "the versions pyproject.toml allows (`make clean test`)", pytrace=False)


def _importable(name: str) -> bool:
    """Whether a module can be imported, or (an absolute path) a program can be run."""
    if name.startswith("/"):
        return os.access(name, os.X_OK)
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False
