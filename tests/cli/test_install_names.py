"""The command's names and the benchmark's reference engines (issue 9, item 11).

PyPI's ``euchre-cli`` also installs a command named ``euchre``: euchrekit installs its command
as ``euchrekit`` too, and ``tools/bench.py --install-references`` puts the reference engines
in an environment of their own, never in the project's.
"""

from __future__ import annotations

import contextlib
import importlib
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``tools/bench.py`` imported as a module (its dataclasses need it in ``sys.modules``)."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    monkeypatch.delitem(sys.modules, "bench", raising=False)
    return importlib.import_module("bench")


@pytest.mark.parametrize("command", ["euchre", "euchrekit"])
def test_the_installed_command_runs_under_both_names(command: str) -> None:
    """Each console script the installation put beside this Python starts the command line:
    the names are read from what was installed, and each program is run."""
    installed = {ep.name: ep.value for ep in entry_points(group="console_scripts")
                 if ep.dist is not None and ep.dist.name == "euchrekit"}
    assert installed.keys() == {"euchre", "euchrekit"}
    script = Path(sys.executable).parent / command
    assert script.is_file(), f"{script} is missing: reinstall with `pip install -e .`"
    done = subprocess.run([str(script), "validate", "standard"], capture_output=True, text=True,
                          check=False, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "standard: ok\n", "")
    usage = subprocess.run([str(script), "--help"], capture_output=True, text=True,
                           check=False, timeout=120)
    assert usage.returncode == 0 and usage.stdout.startswith("usage: euchre [-h] COMMAND")


def _fake_venv(venv: Path) -> Path:
    python = venv / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.symlink_to(sys.executable)
    (venv / "pyvenv.cfg").write_text("home = nowhere\n", encoding="utf-8")
    return python


def test_install_references_installs_into_an_environment_of_their_own(
        bench: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    venv = tmp_path / ".venv-references"
    monkeypatch.setattr(bench, "REFERENCES_VENV", venv)
    calls: list[list[str]] = []

    def run(argv: list[Any], **_options: Any) -> subprocess.CompletedProcess[str]:
        calls.append([str(a) for a in argv])
        if argv[1:3] == ["-m", "venv"]:
            _fake_venv(Path(argv[3]))
        return subprocess.CompletedProcess(argv, 0)

    monkeypatch.setattr(bench.subprocess, "run", run)
    bench.install_references()
    assert calls[0] == [sys.executable, "-m", "venv", str(venv)]
    installs = [call for call in calls if "pip" in call]
    assert {call[-1] for call in installs} == {"open-spiel", "euchre-cli"}
    assert all(call[0] == str(venv / "bin" / "python") for call in installs)
    assert not any(call[0] == sys.executable and "pip" in call for call in calls)


def test_the_reference_engines_are_timed_under_their_environments_python(
        bench: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    venv = tmp_path / ".venv-references"
    python = _fake_venv(venv)
    monkeypatch.setattr(bench, "REFERENCES_VENV", venv)
    started: list[str] = []
    real_popen = subprocess.Popen

    def popen(argv: list[str], **options: Any) -> subprocess.Popen[str]:
        started.append(argv[0])
        return real_popen(argv, **options)

    monkeypatch.setattr(bench.subprocess, "Popen", popen)
    with contextlib.ExitStack() as stack:
        subjects = bench.reference_subjects(seed=1, stack=stack)
        timed = [s for s in subjects if s.time_run is not None]
        for subject in timed:  # whatever this environment has installed is timed there
            assert subject.time_run(0, 0.01).games >= 1
    assert started == [str(python)]
    assert {s.key for s in subjects} == {"openspiel", "euchre_cli"}
    assert all(s.time_run is not None or s.unavailable for s in subjects)
