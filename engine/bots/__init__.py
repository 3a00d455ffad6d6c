"""Bots: ``random``, ``heuristic``, ``search`` (``search:N``: N simulations per decision) and
``solver`` (``solver:N``: N sampled worlds per decision, each solved exactly),
which work for every variant, and ``greedy``, rules of thumb for upcard bidding and tricks (it
has a batch form: ``simulate --engine batch``; elsewhere it plays the first legal action).

A bot is named by a :class:`~engine.core.bot_spec.BotSpec`, parsed once from the text a user
types (:func:`parse_bots`, :meth:`BotSpec.parse`).

>>> sorted(BOTS)
['greedy', 'heuristic', 'random', 'search', 'solver']
>>> [str(spec) for spec in parse_bots("search:200,heuristic", 2)]
['search:200', 'heuristic']
"""

from __future__ import annotations

from engine.bots.base import Bot
from engine.bots.greedy import GreedyBot
from engine.bots.heuristic import HeuristicBot
from engine.bots.random_bot import RandomBot
from engine.bots.search import SearchBot
from engine.bots.solver_bot import SolverBot
from engine.core.bot_spec import BOT_NAMES, BotSpec, parse_bot_list
from engine.core.errors import EuchreError
from engine.rules.variant import Variant

__all__ = ["BEST_BOT", "BOTS", "Bot", "BotSpec", "make_bot", "parse_bots"]

BOTS: dict[str, type[Bot]] = {bot.name: bot for bot in (RandomBot, HeuristicBot, SearchBot,
                                                        GreedyBot, SolverBot)}
if sorted(BOTS) != sorted(BOT_NAMES):  # pragma: no cover - a bot added to one list only
    raise EuchreError(f"engine.core.bot_spec.BOT_NAMES {sorted(BOT_NAMES)} must name the bots "
                      f"{sorted(BOTS)}")
BEST_BOT = BotSpec(name=SolverBot.name, simulations=48)
"""The strongest bot for every variant: the one behind ``hint`` at the terminal and in the
browser. ``solver:48`` won 59.5% of 200 duplicate games of ``standard`` against ``search:128``
(95% interval 52.6%-66.1%, +0.087 points a hand, +0.018 to +0.156) at about 60 ms a decision
(README, Bots); a number of worlds, not a time, so a hint replays from its seed."""


def make_bot(spec: BotSpec, variant: Variant, seat: int, seed: int) -> Bot:
    """The bot ``spec`` names, for one seat (``search:N``: a search bot with N simulations,
    ``solver:N`` a solver bot with N worlds, ``search:200ms`` one that samples for 0.2 s)."""
    budget = None if spec.milliseconds is None else spec.milliseconds / 1000
    if spec.name == SearchBot.name and (spec.simulations or budget):
        return SearchBot(variant, seat, seed, simulations=spec.simulations or 1, budget=budget)
    if spec.name == SolverBot.name and (spec.simulations or budget):
        return SolverBot(variant, seat, seed, worlds=spec.simulations or 1, budget=budget)
    return BOTS[spec.name](variant, seat, seed)


def parse_bots(text: str, players: int) -> tuple[BotSpec, ...]:
    """``--bots``: ``"heuristic"`` (every seat) or ``"heuristic,random,heuristic,random"`` (one
    per seat); raises :class:`~engine.core.errors.EuchreError` naming what is wrong."""
    return parse_bot_list(text, players=players)
