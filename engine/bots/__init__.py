"""Bots: ``random`` and ``heuristic``, which work for every variant, and ``greedy``, rules of
thumb for upcard bidding and tricks (it has a batch form: ``simulate --engine batch``).

>>> sorted(BOTS)
['greedy', 'heuristic', 'random']
"""

from __future__ import annotations

from engine.bots.base import Bot
from engine.bots.greedy import GreedyBot
from engine.bots.heuristic import HeuristicBot
from engine.bots.random_bot import RandomBot
from engine.core.errors import EuchreError
from engine.rules.variant import Variant

__all__ = ["BEST_BOT", "BOTS", "Bot", "make_bot", "parse_bots"]

BOTS: dict[str, type[Bot]] = {bot.name: bot for bot in (RandomBot, HeuristicBot, GreedyBot)}
BEST_BOT = "heuristic"
"""The strongest bot for every variant: the one behind ``hint`` at the terminal and in the
browser."""


def make_bot(name: str, variant: Variant, seat: int, seed: int) -> Bot:
    """A bot by name for one seat."""
    try:
        return BOTS[name](variant, seat, seed)
    except KeyError:
        raise EuchreError(f"no bot named {name!r}; choose from {', '.join(sorted(BOTS))}") from None


def parse_bots(spec: str, players: int) -> list[str]:
    """``"heuristic"`` (every seat) or ``"heuristic,random,heuristic,random"`` (one per seat)."""
    names = [part.strip() for part in spec.split(",") if part.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise EuchreError(f"--bots takes one name, or one name per seat ({players}); got "
                          f"{len(names)}")
    for name in names:
        if name not in BOTS:
            raise EuchreError(f"no bot named {name!r}; choose from {', '.join(sorted(BOTS))}")
    return names
