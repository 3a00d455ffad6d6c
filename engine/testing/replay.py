"""``--verify`` from the tests: batch games replayed through the scalar interpreter."""

from __future__ import annotations

from engine.batch.simulate import simulate_batch
from engine.core.bot_spec import BotSpec
from engine.rules.variant import Variant

__all__ = ["replay_problems"]


def replay_problems(variant: Variant, seats: str, *, games: int, seed: int = 5) -> list[str]:
    """What ``--verify`` finds wrong in ``games`` batch games of ``variant`` (one batch),
    ``seats`` naming a bot a seat (``"random,heuristic,random,heuristic"``), each game replayed
    through the scalar engine: every action legal, each greedy or heuristic seat's action the
    scalar bot's, the same scores and winners. Empty: nothing is wrong."""
    bots = [BotSpec.parse(name) for name in seats.split(",")]
    run = simulate_batch(variant, seed=seed, games=games, batch_size=games, verify=games,
                         bots=bots)
    return run.problems
