"""Determinism (STYLE.md 8): the same variant, seed and bots give the same bytes, whatever the
process, its hash seed, or the number of workers.

``tests/test_simulate.py`` compares two runs in one process and one worker against two; here
the runs are separate processes started with different ``PYTHONHASHSEED`` values (so any
iteration over a set or dict of strings that leaked into a result would show), over every
shipped variant's game records, ``simulate --json`` and ``--csv`` with 1 and 2 workers, and the
text of ``play`` and ``replay``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import load_variant, shipped_names
from engine.core.bot_spec import BotSpec
from engine.play.records import record_of, write_record
from engine.sim.simulate import derive_seed, play_game

REPO = Path(__file__).resolve().parents[2]
HASH_SEEDS = ("0", "4242")

RECORDS_SCRIPT = """
import json, sys
from engine import load_variant, shipped_names
from engine.play.records import record_of
from engine.bots import BotSpec
from engine.sim.simulate import play_game
for name in shipped_names():
    variant = load_variant(name)
    for seed, bot in ((11, "heuristic"), (12, "random")):
        state = play_game(variant, seed, [BotSpec.parse(bot)] * variant.players)
        sys.stdout.write(json.dumps(record_of(state).to_json()) + "\\n")
"""
"""Every shipped variant's records, one JSON line each (as the test computes them too)."""


def _python(args: list[str], *, hash_seed: str, stdin: bytes = b"",
            cwd: Path = REPO) -> bytes:
    """Run ``python ARGS`` with the hash seed given; its standard output, checked."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run([sys.executable, *args], input=stdin, capture_output=True, env=env,
                            cwd=cwd, timeout=300, check=False)
    assert result.returncode == 0, result.stderr.decode(errors="replace")[-2000:]
    return result.stdout


def _euchre(*argv: str, hash_seed: str, stdin: bytes = b"", cwd: Path = REPO) -> bytes:
    return _python(["-m", "engine.cli", *argv], hash_seed=hash_seed, stdin=stdin, cwd=cwd)


def _records_here() -> bytes:
    lines = []
    for name in shipped_names():
        variant = load_variant(name)
        for seed, bot in ((11, "heuristic"), (12, "random")):
            state = play_game(variant, seed, [BotSpec.parse(bot)] * variant.players)
            lines.append(json.dumps(record_of(state).to_json()) + "\n")
    return "".join(lines).encode()


def test_every_variants_game_records_are_identical_across_processes_and_hash_seeds() -> None:
    """Two fresh processes with other hash seeds, and this one after every test before it
    (caches warm, other variants loaded): the same bytes. (This process once ran the games
    twice more; the second run in a process that has run them already is this very case.)"""
    first, second = (_python(["-c", RECORDS_SCRIPT], hash_seed=h) for h in HASH_SEEDS)
    assert first == second
    assert first == _records_here()
    assert len(first.splitlines()) == 2 * len(shipped_names())


def test_the_records_compared_are_not_all_alike() -> None:
    """The check above is not vacuous: another seed gives another game."""
    variant = load_variant("standard")
    one = record_of(play_game(variant, 11, [BotSpec.parse("heuristic")] * 4))
    other = record_of(play_game(variant, 13, [BotSpec.parse("heuristic")] * 4))
    assert one.actions != other.actions


@pytest.mark.parametrize(("variant", "bots"), [
    ("standard", "heuristic"),
    ("cutthroat", "random"),
    ("ghost-hand-open-swap", "heuristic,random,heuristic"),
    ("openspiel", "random"),
])
def test_simulate_json_is_byte_identical_across_processes_hash_seeds_and_workers(
    variant: str, bots: str, capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("simulate", variant, "--games", "24", "--seed", "7", "--bots", bots, "--json",
            "--quiet")
    one_worker = _euchre(*args, "--workers", "1", hash_seed=HASH_SEEDS[0])
    two_workers = _euchre(*args, "--workers", "2", hash_seed=HASH_SEEDS[1])
    assert one_worker == two_workers
    from engine.cli import main  # noqa: PLC0415 - the in-process run, for the same bytes

    capsys.readouterr()
    assert main(list(args)) == 0
    assert capsys.readouterr().out.encode() == one_worker
    report = json.loads(one_worker)
    assert report["games"] == 24 and report["seed"] == 7


def test_simulate_csv_is_byte_identical_across_processes_and_workers() -> None:
    args = ("simulate", "two-handed", "--games", "30", "--seed", "3", "--csv", "--quiet")
    assert _euchre(*args, hash_seed=HASH_SEEDS[0]) == \
        _euchre(*args, "--workers", "2", hash_seed=HASH_SEEDS[1])


def test_a_game_at_the_terminal_prints_the_same_bytes_in_every_process(tmp_path: Path) -> None:
    answers = b"2\n1\n" * 1500
    saves = [tmp_path / f"game-{h}.json" for h in HASH_SEEDS]
    runs = [_euchre("play", "standard", "--seed", "4", "--save", save.name, hash_seed=h,
                    stdin=answers, cwd=tmp_path) for h, save in zip(HASH_SEEDS, saves,
                                                                     strict=True)]
    assert runs[0] == runs[1]
    assert saves[0].read_bytes() == saves[1].read_bytes()
    assert b" the game. Final score: " in runs[0]


def test_replay_prints_the_same_bytes_in_every_process(tmp_path: Path) -> None:
    variant = load_variant("ghost-hand")
    path = tmp_path / "game.json"
    write_record(path, play_game(variant, 21, [BotSpec.parse("heuristic")] * 3))
    first, second = (_euchre("replay", str(path), hash_seed=h) for h in HASH_SEEDS)
    assert first == second and first.count(b"Hand ") > 1


def test_derived_seeds_do_not_depend_on_the_process() -> None:
    script = ("from engine.sim.simulate import derive_seed; "
              "print([derive_seed(7, i) for i in range(5)], derive_seed(7, 'bot', 2))")
    outputs = {_python(["-c", script], hash_seed=h) for h in HASH_SEEDS}
    here = f"{[derive_seed(7, i) for i in range(5)]} {derive_seed(7, 'bot', 2)}\n".encode()
    assert outputs == {here}
