"""The reference engines of ``tools/bench.py``, timed in an environment of their own.

``tools/bench.py --install-references`` installs OpenSpiel and euchre-cli into
``.venv-references`` (never into the project's ``.venv``: euchre-cli's console script is also
called ``euchre`` and would replace ours), and runs this script with that environment's
Python. It needs only the standard library and the reference packages, not euchrekit.

Protocol, one JSON object per line: on start this script writes one line per reference
(``{"key", "name", "available", "reason", "notes"}``); then for each line ``{"key", "first",
"seconds"}`` read from stdin it times whole games numbered from ``first`` for ``seconds`` and
writes ``{"games", "hands", "deals", "seconds", "cpu_seconds"}``. The bench sends one request
per subject in turn, so the references' runs interleave with euchrekit's.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib
import importlib.metadata
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

OPENSPIEL_PACKAGE = "open-spiel"
EUCHRE_CLI_PACKAGE = "euchre-cli"

# One game: its number -> (scored hands, deals including thrown-in ones).
PlayOne = Callable[[int], tuple[int, int]]


def game_seed(*parts: int | str) -> int:
    """A 63-bit seed from ints and strings (the formula of ``engine.sim.simulate.derive_seed``,
    repeated here because this script runs without euchrekit)."""
    text = "/".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def timed_run(play_one: PlayOne, *, first: int, seconds: float) -> dict[str, Any]:
    """Whole games numbered from ``first`` until ``seconds`` have passed."""
    clock = time.perf_counter
    games = hands = deals = 0
    start, cpu_start = clock(), time.process_time()
    while True:
        scored, dealt = play_one(first + games)
        games += 1
        hands += scored
        deals += dealt
        elapsed = clock() - start
        if elapsed >= seconds:
            break
    return {"games": games, "hands": hands, "deals": deals, "seconds": elapsed,
            "cpu_seconds": time.process_time() - cpu_start}


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown version"


def _hint(package: str) -> str:
    return f"`tools/bench.py --install-references` installs {package} into .venv-references"


# --- OpenSpiel -------------------------------------------------------------------------------


def openspiel(seed: int) -> tuple[PlayOne | None, str, list[str]]:
    """OpenSpiel's ``euchre``, one uniformly random action at a time from Python.

    ``legal_actions()`` at a chance node lists its outcomes, which are equally likely in
    OpenSpiel's Euchre (each is one card of those left to deal), so a uniform choice there
    deals a fair hand. One game is one hand, and with the default ``stick_the_dealer=true``
    no deal is thrown in, so hands and deals are the same.
    """
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None, f"pyspiel is not importable here; {_hint(OPENSPIEL_PACKAGE)}", []
    game = pyspiel.load_game("euchre")
    rng = random.Random(game_seed(seed, "openspiel"))

    def play_one(_number: int) -> tuple[int, int]:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return 1, 1

    return play_one, "", [f"{OPENSPIEL_PACKAGE} {_version(OPENSPIEL_PACKAGE)}, parameters "
                          f"{game.get_parameters()}; chance nodes (the deal, card by card) "
                          "are chosen from Python too"]


# --- euchre-cli ------------------------------------------------------------------------------


def _import_euchre_cli() -> tuple[ModuleType, ModuleType] | str:
    """euchre-cli's ``euchre.command.play`` and ``euchre.abstract``, or why they cannot be had
    (the distribution is ``euchre-cli``; its import name is ``euchre``)."""
    try:
        play = importlib.import_module("euchre.command.play")
        abstract = importlib.import_module("euchre.abstract")
    except ImportError as error:
        return f"euchre-cli is not importable here ({error}); {_hint(EUCHRE_CLI_PACKAGE)}"
    needed = ("game", "hand", "deal_hand", "set_dealer", "create_deck", "output")
    if not all(hasattr(play, name) for name in needed):
        return ("`euchre` is importable but is not euchre-cli 0.7's game loop (euchre.command."
                f"play lacks one of {', '.join(needed)}); it cannot be driven headless here")
    return play, abstract


@contextlib.contextmanager
def _headless(play: ModuleType, counts: dict[str, int]) -> Iterator[None]:
    """euchre-cli's game loop made silent and instant, with its hands and deals counted.

    Its game loop reports every step through ``euchre.util.output``, which sleeps 0.75-1.25 s
    before each message (unless pytest is imported) and prints it; and it logs each hand
    through loguru, whose default sink is stderr. Here ``output`` does nothing, logging from
    the ``euchre`` package is disabled, and ``hand`` (one scored hand; it redeals inside
    until someone calls trump) and ``deal_hand`` (one deal) are wrapped to count. The
    arguments of ``output`` and of the log calls are still formatted, as they are in a game.
    """
    logger = importlib.import_module("loguru").logger
    originals = {name: getattr(play, name) for name in ("output", "hand", "deal_hand")}

    def hand(*args: Any, **kwargs: Any) -> None:
        counts["hands"] += 1
        originals["hand"](*args, **kwargs)

    def deal_hand(*args: Any, **kwargs: Any) -> None:
        counts["deals"] += 1
        originals["deal_hand"](*args, **kwargs)

    def output(message: str = "", delay: float = 1.25) -> None:
        del message, delay

    for name, stand_in in (("output", output), ("hand", hand), ("deal_hand", deal_hand)):
        setattr(play, name, stand_in)
    logger.disable("euchre")
    try:
        yield
    finally:
        logger.enable("euchre")
        for name, original in originals.items():
            setattr(play, name, original)


def euchre_cli(seed: int, stack: contextlib.ExitStack) -> tuple[PlayOne | None, str, list[str]]:
    """euchre-cli's four ``Computer`` bots through whole games to 10, as ``euchre play --watch``.

    Each game is set up as ``euchre.command.play.setup(watch_mode=True)`` does (two teams,
    four ``Computer`` players seated alternately, first black jack deals via its
    ``set_dealer``) but with fixed names, then played by its own ``game`` function, headless
    while ``stack`` is open. euchre-cli draws every random choice from the global ``random``
    module and takes no seed, so the global generator is seeded before each game.
    """
    found = _import_euchre_cli()
    if isinstance(found, str):
        return None, found, []
    play, abstract = found
    counts = {"hands": 0, "deals": 0}
    stack.enter_context(_headless(play, counts))

    def play_one(number: int) -> tuple[int, int]:
        random.seed(game_seed(seed, "euchre-cli", number))
        teams = [abstract.Team("Team 1"), abstract.Team("Team 2")]
        players = [abstract.Computer(f"Computer {seat}", teams[seat % 2]) for seat in range(4)]
        play.set_dealer(players, play.create_deck())
        before = dict(counts)
        play.game(players, teams)
        return counts["hands"] - before["hands"], counts["deals"] - before["deals"]

    return play_one, "", [f"{EUCHRE_CLI_PACKAGE} {_version(EUCHRE_CLI_PACKAGE)}; its UI output "
                          "and logging switched off; all-pass deals are redealt (no stick the "
                          "dealer); nobody goes alone"]


def serve(seed: int, requests: Iterator[str], emit: Callable[[dict[str, Any]], None]) -> None:
    """Announce the references, then answer timing requests until the input ends."""
    with contextlib.ExitStack() as stack:
        subjects = {
            "openspiel": ("OpenSpiel euchre, random", openspiel(seed)),
            "euchre_cli": ("euchre-cli, Computer bots", euchre_cli(seed, stack)),
        }
        ready: dict[str, PlayOne] = {}
        for key, (name, (play_one, reason, notes)) in subjects.items():
            emit({"key": key, "name": name, "available": play_one is not None,
                  "reason": reason, "notes": notes})
            if play_one is not None:
                ready[key] = play_one
        for line in requests:
            request = json.loads(line)
            emit(timed_run(ready[request["key"]], first=request["first"],
                           seconds=request["seconds"]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=0, help="seed of the games played (0)")
    args = parser.parse_args()

    def emit(message: dict[str, Any]) -> None:
        print(json.dumps(message), flush=True)

    serve(args.seed, iter(sys.stdin.readline, ""), emit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
