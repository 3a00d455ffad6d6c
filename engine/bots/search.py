"""``search``: determinized Monte Carlo search (perfect-information Monte Carlo) for any variant.

At each decision with more than one legal action the bot samples worlds consistent with its
seat's view (:func:`~engine.bots.determinize.determinize`: the hidden cards dealt again,
voids, the upcard's fate and a called partner respected), and in each world tries every legal
action and plays the hand out with the heuristic bot at every seat. The action with the best
mean result wins; the result of a rollout is the seat's points this hand less the mean of all
seats' points (so a partnership's gain counts against the other side in any variant; the
other way round in a countdown game, where points are lost to win), plus a
bonus of the game's target when the hand ends the game in the seat's favour (minus it when
against): :data:`~engine.bots.equity.POINTS`, unless another objective is given (the solver bot
gives the chance of winning the game, :class:`~engine.bots.equity.GameEquity`). Every world
tries every action (common random numbers: the comparison is between actions, not between
lucky and unlucky deals).

Its strength is the number of *simulations* (rollouts) per decision, ``search:N`` in
``--bots`` (a number, not a time, so games replay); a decision with ``k`` legal actions uses
``max(1, N // k)`` worlds. The cost of a decision is linear in N. Everything random flows
from the bot's seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.bots.base import Bot, worlds_until
from engine.bots.determinize import determinize
from engine.bots.equity import COUNTDOWN, POINTS
from engine.bots.heuristic import HeuristicBot
from engine.rules.game_end import Goal

if TYPE_CHECKING:
    from engine.bots.equity import Objective
    from engine.play.state import State
    from engine.play.view import View
    from engine.rules.variant import Variant

__all__ = ["DEFAULT_SIMULATIONS", "SearchBot"]

DEFAULT_SIMULATIONS = 128
"""Simulations per decision of ``search`` without a number: about 40 ms of CPU a decision in
``standard`` on one core here (README, "Bots")."""


class SearchBot(Bot):
    """Samples worlds from its view, tries each legal action in each, keeps the best mean."""

    name = "search"

    def __init__(self, variant: Variant, seat: int, seed: int, *,
                 simulations: int = DEFAULT_SIMULATIONS, budget: float | None = None,
                 objective: Objective | None = None) -> None:
        super().__init__(variant, seat, seed)
        if simulations < 1:
            raise ValueError("a search needs at least one simulation per decision")
        self.simulations = simulations
        self.budget = budget
        """Seconds per decision (``search:200ms``): worlds are sampled until they are spent,
        at least one; None: ``simulations`` fixes the worlds (reproducible from the seed)."""
        self.fallback = HeuristicBot(variant, seat, seed)
        """Decides when only a view is given (:meth:`choose`)."""
        self.rollout_bots = [HeuristicBot(variant, s, seed) for s in range(variant.players)]
        self.rollouts = 0
        """Rollouts played so far (for measuring simulations per second)."""
        down = variant.game.goal is Goal.DOWN
        self.objective: Objective = objective or (COUNTDOWN if down else POINTS)
        """What a rollout's result is (:mod:`engine.bots.equity`): by default the points
        (lost points in a countdown game, ``game.goal: down``, Buck Euchre); the solver bot
        gives its own, the chance of winning the game."""

    def choose(self, view: View, legal: Sequence[str]) -> str:
        """Without the state to clone, the heuristic bot's choice."""
        return self.fallback.choose(view, legal)

    def act(self, state: State) -> int:
        return self.advise(state)[0]

    def advise(self, state: State) -> tuple[int, str]:
        """The action id to play and a short reason (its mean result over the worlds)."""
        legal = state.legal_action_ids()
        if len(legal) == 1:
            return legal[0], "the only legal action"
        totals, wins, worlds = self.evaluate(state, list(legal))
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        mean = totals[best] / worlds
        share = round(100 * wins[best] / worlds)
        return legal[best], (f"{self.objective.describe(mean)}; best in {share}% of {worlds} "
                             "sampled deals")

    def evaluate(self, state: State, legal: list[int]) -> tuple[list[float], list[int], int]:
        """Each legal action's total result over the sampled worlds, the number of worlds
        in which it did best (ties to each), and the number of worlds."""
        count = max(1, self.simulations // len(legal))
        rng = random.Random(self.rng.getrandbits(64))
        for bot in self.rollout_bots:
            bot.rng.seed(rng.getrandbits(64))
        totals = [0.0] * len(legal)
        wins = [0] * len(legal)
        worlds = 0
        for _ in worlds_until(count, self.budget):
            worlds += 1
            world = determinize(state, self.seat, rng)
            results = [self.rollout(world, action) for action in legal]
            top = max(results)
            for i, result in enumerate(results):
                totals[i] += result
                wins[i] += result == top
        return totals, wins, worlds

    def rollout(self, world: State, action: int) -> float:
        """Play ``action`` in a copy of ``world`` and the hand out with the heuristic bot."""
        s = world.clone()
        before = list(s.scores)
        hand_no = s.hand_no
        s.apply_fast(action)
        bots = self.rollout_bots
        while s.hand_no == hand_no and not s.is_terminal():
            s.apply_fast(bots[s.current_player].act(s))
        self.rollouts += 1
        return self.objective.result(s, before, self.seat)
