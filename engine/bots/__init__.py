"""Bots: ``random``, ``heuristic`` and ``search`` (``search:N``: N simulations per decision),
which work for every variant, and ``greedy``, rules of thumb for upcard bidding and tricks (it
has a batch form: ``simulate --engine batch``; elsewhere it plays the first legal action).

>>> sorted(BOTS)
['greedy', 'heuristic', 'random', 'search']
>>> parse_bots("search:200,heuristic", 2)
['search:200', 'heuristic']
"""

from __future__ import annotations

from engine.bots.base import Bot
from engine.bots.greedy import GreedyBot
from engine.bots.heuristic import HeuristicBot
from engine.bots.random_bot import RandomBot
from engine.bots.search import SearchBot
from engine.core.errors import EuchreError
from engine.rules.variant import Variant

__all__ = ["BEST_BOT", "BOTS", "Bot", "is_bot_name", "make_bot", "parse_bots"]

BOTS: dict[str, type[Bot]] = {bot.name: bot for bot in (RandomBot, HeuristicBot, SearchBot,
                                                        GreedyBot)}
BEST_BOT = "search"
"""The strongest bot for every variant: the one behind ``hint`` at the terminal and in the
browser."""
_MAX_SIMULATIONS = 1_000_000


def _split(name: str) -> tuple[str, int | None]:
    """``search:200`` -> (``search``, 200); a name without a number -> (name, None). Raises
    ``EuchreError`` for an unknown bot or a bad number."""
    base, colon, number = name.partition(":")
    if base not in BOTS:
        raise EuchreError(f"no bot named {name!r}; choose from {', '.join(sorted(BOTS))} "
                          "(search:N for N simulations per decision)")
    if not colon:
        return base, None
    if base != SearchBot.name:
        raise EuchreError(f"{name!r}: only search takes a number (search:N)")
    if not number.isdigit() or not 1 <= int(number) <= _MAX_SIMULATIONS:
        raise EuchreError(f"{name!r}: N in search:N is a number of simulations per decision, "
                          f"1 to {_MAX_SIMULATIONS}")
    return base, int(number)


def is_bot_name(name: str) -> bool:
    """``name`` names a bot (``heuristic``, ``search``, ``search:200``)."""
    try:
        _split(name)
    except EuchreError:
        return False
    return True


def make_bot(name: str, variant: Variant, seat: int, seed: int) -> Bot:
    """A bot by name for one seat (``search:N``: a search bot with N simulations)."""
    base, number = _split(name)
    if number is not None:
        return SearchBot(variant, seat, seed, simulations=number)
    return BOTS[base](variant, seat, seed)


def parse_bots(spec: str, players: int) -> list[str]:
    """``"heuristic"`` (every seat) or ``"heuristic,random,heuristic,random"`` (one per seat)."""
    names = [part.strip() for part in spec.split(",") if part.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise EuchreError(f"--bots takes one name, or one name per seat ({players}); got "
                          f"{len(names)}")
    for name in names:
        _split(name)
    return names
