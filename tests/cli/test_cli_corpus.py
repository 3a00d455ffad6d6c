"""A corpus of bad invocations of every `euchre` subcommand: usage mistakes exit 2 with the
usage line; bad values, unknown names and bad paths exit 1 with a message; nothing ever prints
a traceback (README "Exit codes": 0 ok, 1 invalid input, 2 usage error).

Every case runs in-process; every fourth, and the ones only a real process can show (bytes
that are not UTF-8 in a file name, a strict output encoding), also runs as
``python -m engine.cli`` in a subprocess.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from engine.cli import EXIT_INVALID, EXIT_USAGE, main
from engine.core.bot_spec import BotSpec
from engine.play.records import write_record
from engine.sim.simulate import play_game

REPO = Path(__file__).resolve().parents[2]
LONG_NAME = "a" * 5000 + ".yaml"
"""A path longer than any file system allows."""


class Case(NamedTuple):
    argv: tuple[str, ...]
    code: int
    message: str
    """A regular expression the standard error must match somewhere."""


def _usage(*argv: str, message: str = "error: ") -> Case:
    return Case(argv, EXIT_USAGE, message)


def _invalid(*argv: str, message: str) -> Case:
    return Case(argv, EXIT_INVALID, message)


CORPUS: list[Case] = [
    # unknown commands and options, missing and extra arguments
    _usage(message="the following arguments are required: COMMAND"),
    _usage("--bogus"),
    _usage("frobnicate", message="invalid choice: 'frobnicate'"),
    _usage("list", "extra", message="unrecognized arguments: extra"),
    _usage("list", "--json", message="unrecognized arguments: --json"),
    _usage("show", message="required: NAME_OR_PATH"),
    _usage("show", "standard", "cutthroat", message="unrecognized arguments: cutthroat"),
    _usage("validate", message="required: NAME_OR_PATH"),
    _usage("validate", "--bogus", "standard", message="unrecognized arguments: --bogus"),
    _usage("play", "--nope", message="unrecognized arguments: --nope"),
    _usage("play", "standard", "--resume", message="--resume: expected one argument"),
    _usage("replay", message="required: FILE"),
    _usage("replay", "a.json", "b.json", message="unrecognized arguments: b.json"),
    _usage("simulate", message="required: NAME_OR_PATH"),
    _usage("compare", message="required: A, B"),
    _usage("compare", "standard", message="required: B"),
    # bad values of options
    _usage("play", "standard", "--seed", "abc", message="--seed: invalid int value: 'abc'"),
    _usage("play", "standard", "--seed", "1.5", message="--seed: invalid int value"),
    _usage("simulate", "standard", "--games", "-5", message="--games: must be at least 1"),
    _usage("simulate", "standard", "--games", "0", message="--games: must be at least 1"),
    _usage("simulate", "standard", "--games", "x", message="--games: 'x' is not a whole number"),
    _usage("simulate", "standard", "--games", "1.5", message="'1.5' is not a whole number"),
    _usage("simulate", "standard", "--workers", "0", message="--workers: must be at least 1"),
    _usage("simulate", "standard", "--workers", "-1", message="--workers: must be at least 1"),
    _usage("simulate", "standard", "--seed", "x", message="--seed: invalid int value: 'x'"),
    _usage("simulate", "standard", "--json", "--csv", message="not allowed with argument"),
    _usage("compare", "standard", "cutthroat", "--games", "-5", message="must be at least 1"),
    _usage("compare", "standard", "cutthroat", "--workers", "0", message="must be at least 1"),
    _invalid("play", "standard", "--seat", "9",
             message=r"--seat '9' is not a seat of this 4-player game: use 0 to 3"),
    _invalid("play", "standard", "--seat", "-1", message=r"--seat '-1' is not a seat"),
    _invalid("play", "standard", "--seat", "", message=r"--seat '' is not a seat"),
    _invalid("play", "cutthroat", "--seat", "South", message=r"not a seat of this 3-player"),
    _invalid("play", "standard", "--bots", "clever", message=r"no bot named 'clever'"),
    _invalid("play", "standard", "--bots", "", message=r"--bots takes one name"),
    _invalid("play", "standard", "--bots", "random,random", message=r"got 2"),
    _invalid("simulate", "standard", "--games", "1", "--bots", "clever",
             message=r"no bot named 'clever'; choose from greedy, heuristic, random"),
    _invalid("simulate", "standard", "--games", "1", "--bots", ",,,",
             message=r"one name per seat \(4\); got 0"),
    _invalid("compare", "standard", "cutthroat", "--games", "1", "--bots", "clever",
             message=r"no bot named 'clever'"),
    _invalid("compare", "standard", "cutthroat", "--games", "2", "--quiet", "--bots",
             "random,random,random,random", message=r"one name per seat \(3\); got 4"),
    _invalid("compare", "standard", "standard", "--games", "2",
             message=r"standard and standard are the same rules; nothing to compare"),
    # unknown variant names
    _invalid("show", "nope", message=r"no variant named 'nope'"),
    _invalid("show", "standrd", message=r"did you mean `standard`\?"),
    _invalid("validate", "x" * 300, message=r"no variant named 'x{300}'"),
    _invalid("play", "nope", message=r"no variant named 'nope'"),
    _invalid("play", message=r"name a variant to play"),
    _invalid("simulate", "cuthroat", "--games", "1", message=r"did you mean `cutthroat`\?"),
    _invalid("compare", "standard", "nope", "--games", "2", message=r"no variant named 'nope'"),
    # paths that do not exist, or are not files
    _invalid("show", "{tmp}/missing.yaml", message=r"no such file: .*missing\.yaml"),
    _invalid("validate", "{tmp}/missing.yaml", message=r"no such file"),
    _invalid("validate", "{tmp}/missing/deeper.yaml", message=r"no such file"),
    _invalid("validate", "{tmp}/a-file.yaml/inside.yaml", message=r"no such file"),
    _invalid("validate", "{tmp}", message=r"is a directory, not a variant file"),
    _invalid("validate", "a-folder", message=r"a-folder is a directory, not a variant file"),
    _invalid("validate", "/dev/null", message=r"is not a regular file"),
    _invalid("validate", "{tmp}/loop.yaml", message=r"Too many levels of symbolic links"),
    _invalid("validate", LONG_NAME, message=r"File name too long"),
    _invalid("show", LONG_NAME, message=r"File name too long"),
    _invalid("validate", "standard", "{tmp}/broken.yaml",
             message=r"broken\.yaml:2:1: error: YAML syntax"),
    _invalid("show", "{tmp}/broken.yaml", message=r"broken\.yaml:2:1: error: YAML syntax"),
    _invalid("simulate", "{tmp}/broken.yaml", "--games", "1",
             message=r"broken\.yaml:2:1: error: "),
    _invalid("play", "{tmp}/missing.yaml", message=r"no such file"),
    _invalid("play", "--resume", "{tmp}/missing.json", message=r"cannot read .*missing\.json: "
             "No such file or directory"),
    _invalid("play", "--resume", "{tmp}", message=r"is a directory, not a record file"),
    _invalid("play", "--resume", LONG_NAME, message=r"cannot read a+\.yaml: File name too long"),
    _invalid("play", "--resume", "{tmp}/game.json", "--seed", "3",
             message=r"--seed 3 does not match the saved game's seed 5"),
    _invalid("play", "cutthroat", "--resume", "{tmp}/game.json",
             message=r"is a game of 'standard', not of 'cutthroat'"),
    _invalid("play", "standard", "--save", "{tmp}/no/such/dir/g.json",
             message=r"cannot save the game to .*g\.json: No such file or directory"),
    _invalid("play", "standard", "--save", "{tmp}", message=r"cannot save the game to .*: "),
    _invalid("play", "standard", "--save", LONG_NAME, message=r"File name too long"),
    _invalid("replay", "{tmp}/missing.json", message=r"No such file or directory"),
    _invalid("replay", "{tmp}", message=r"is a directory, not a record file"),
    _invalid("replay", "/dev/zero", message=r"is not a regular file, not a record file"),
    _invalid("replay", "{tmp}/broken.yaml", message=r"not valid JSON"),
    _invalid("replay", LONG_NAME, message=r"File name too long"),
    _invalid("simulate", "standard", "--games", "1", "--quiet", "--plot",
             "{tmp}/no/such/dir/run.png", message=r"^euchre: "),
]


def _name(case: Case) -> str:
    return " ".join(a if len(a) < 40 else a[:12] + "..." for a in case.argv) or "(none)"


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the corpus names: a broken variant, a file, a symlink loop, a record."""
    root = tmp_path_factory.mktemp("corpus")
    (root / "broken.yaml").write_text("extends: [\n", encoding="utf-8")
    (root / "a-file.yaml").write_text("extends: standard\ndescription: d\n", encoding="utf-8")
    (root / "a-folder").mkdir()
    (root / "loop.yaml").symlink_to("loop2.yaml")
    (root / "loop2.yaml").symlink_to("loop.yaml")
    from engine import load_variant  # noqa: PLC0415

    write_record(root / "game.json", play_game(load_variant("standard"), 5,
                                               [BotSpec.parse("heuristic")] * 4))
    return root


def _argv(case: Case, tmp: Path) -> list[str]:
    return [a.replace("{tmp}", str(tmp)) for a in case.argv]


def _check(case: Case, code: int, out: str, err: str) -> None:
    assert code == case.code, (code, err[-500:])
    assert "Traceback" not in out + err
    assert err.strip(), "no message on standard error"
    if case.code == EXIT_USAGE:
        assert re.search(r"^usage: euchre", err, re.M), err
    else:
        first = err.splitlines()[0]
        assert re.match(r"^(euchre: |.+:\d+:\d+: error: )", first), first[:200]
    assert re.search(case.message, err, re.M), (case.message, err[:500])


@pytest.mark.parametrize("case", CORPUS, ids=_name)
def test_a_bad_invocation_exits_with_its_code_and_a_message(
    case: Case, tmp: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.chdir(tmp)
    capsys.readouterr()
    code = main(_argv(case, tmp))
    captured = capsys.readouterr()
    _check(case, code, captured.out, captured.err)


def _subprocess(argv: list[str] | list[bytes], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}  # as strict as terminals get
    return subprocess.run([sys.executable, "-m", "engine.cli", *argv], capture_output=True,
                          cwd=cwd, env=env, stdin=subprocess.DEVNULL, timeout=120, check=False)


@pytest.mark.parametrize("case", CORPUS[::4], ids=_name)
def test_a_bad_invocation_behaves_the_same_in_a_real_process(case: Case, tmp: Path) -> None:
    result = _subprocess(_argv(case, tmp), tmp)
    _check(case, result.returncode, result.stdout.decode(), result.stderr.decode())


@pytest.mark.parametrize("argv", [("validate",), ("show",), ("play",), ("replay",)])
def test_a_nul_byte_in_a_path_is_refused(argv: tuple[str, ...],
                                         capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Only in-process: a process cannot be given a NUL byte in its arguments."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    case = _invalid(*argv, "game\x00.yaml", message=r"embedded null byte")
    code = main(list(case.argv))
    captured = capsys.readouterr()
    _check(case, code, captured.out, captured.err)
    if argv == ("play",):
        save = _invalid("play", "standard", "--save", "g\x00.json", message="embedded null")
        _check(save, main(list(save.argv)), *capsys.readouterr())


def test_a_file_name_that_is_not_utf8_is_printed_escaped(tmp_path: Path) -> None:
    """Python keeps such bytes as lone surrogates; printing one to a strict stream used to
    raise UnicodeEncodeError after the file had been validated."""
    good, bad = b"\xff-good.yaml", b"\xfe-bad.yaml"
    (tmp_path / os.fsdecode(good)).write_text("extends: standard\ndescription: d\n",
                                              encoding="utf-8")
    (tmp_path / os.fsdecode(bad)).write_text("extends: [\n", encoding="utf-8")
    result = _subprocess([b"validate", good, bad], tmp_path)
    assert result.returncode == 1
    assert result.stdout == b"\\udcff-good.yaml: ok\n"
    assert result.stderr.startswith(b"\\udcfe-bad.yaml:2:1: error: ")
    assert b"Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["list", "show", "validate", "play", "replay", "simulate",
                                     "compare"])
def test_help_exits_0_for_every_command(command: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: euchre {command}")


def test_the_corpus_covers_every_command() -> None:
    commands = {"list", "show", "validate", "play", "replay", "simulate", "compare"}
    assert {case.argv[0] for case in CORPUS if case.argv and case.argv[0] in commands} == commands
    assert {case.code for case in CORPUS} == {EXIT_INVALID, EXIT_USAGE}


