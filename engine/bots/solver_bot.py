"""``solver``: perfect-information Monte Carlo with the exact solver, weighted by the bidding.

At each decision with more than one legal action the bot samples N worlds consistent with its
seat's view (:func:`~engine.bots.determinize.determinize`, as ``search`` does) and weighs each
by how likely the bidding seen is in it: every other seat that passed this hand is less likely
to hold a strong hand, a seat that made trump more likely to. The likelihood is a logistic
of the heuristic's own bidding estimate (its expected tricks, :meth:`HeuristicBot.strength`,
of the seat's cards in the world, with the cards it has played since):
``P(pass) = 1 / (1 + exp((best - threshold) / 0.5))`` with ``best`` the estimate in the
turned card's suit for a pass in the first round, in the best other suit for a later pass,
``P(make) = 1 - P(pass)`` with the trump it made (a dealer whom everyone else passed to
may be stuck with it: no evidence); a world's weight is the product over the
seats that bid. In the play it solves each world exactly (:mod:`engine.bots.solver`: every
card's value, all hands face up) and plays the card of best weighted mean. Any other decision
(a bid, going alone, a discard) is the ``search`` bot's of ``4 N`` simulations: trying each in
every world with the play then solved exactly (``solve_bids=True``: the hand goes on with the
heuristic bot at every seat up to the first card) lost 0.22 points a hand to ``search:128`` in
40 duplicate games of ``standard``, the search's bids 0.03 (README, "Bots"): with every hand
face up the makers' play is perfect, which values making trump too highly. A world's result is
the seat's points this hand less the table's mean, with the game's target for a hand that
ends the game (as ``search`` counts a rollout): near the end of a game a lone hand that cannot
change the result is worth no more than a safe one.

Its strength is the number of worlds per decision, ``solver:N`` in ``--bots`` (a number, not a
time, so that games replay). A hand too long to solve (more than :data:`SOLVE_CARDS` cards left
at the table) while it is to play, a decision before the play with more than
:data:`MAX_CHOICES` choices (an auction's bids), or a phase the solver does not know (a
tableau, a hand nobody made), is decided by a ``search`` bot of ``4 N`` simulations instead.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from engine.bots.base import Bot, worlds_until
from engine.bots.determinize import determinize
from engine.bots.heuristic import HeuristicBot
from engine.bots.search import SearchBot
from engine.bots.solver import Solver
from engine.bots.solver_state import deal_of, leaf_results, solve_moves
from engine.core import actions as A
from engine.core import cards as C

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.mechanics.hand import Hand
    from engine.play.state import State
    from engine.play.view import View
    from engine.rules.variant import Variant

__all__ = ["DEFAULT_WORLDS", "SOLVE_CARDS", "SolverBot"]

DEFAULT_WORLDS = 24
"""Worlds per decision of ``solver`` without a number (README, "Bots")."""
SOLVE_CARDS = 20
"""The most cards left in the players' hands that a world's play is solved from (a 5-card hand
of four is 20); longer hands are played by the heuristic bot up to that point."""
MAX_CHOICES = 6
"""A decision before the play with more legal actions (an auction's bids) is the search's:
each choice costs a solve in every world."""
TEMPERATURE = 0.5
"""Tricks of the bidding estimate over which a pass becomes e times less likely."""


class SolverBot(Bot):
    """Samples weighted worlds from its view and solves each exactly (module docstring)."""

    name = "solver"

    def __init__(self, variant: Variant, seat: int, seed: int, *,
                 worlds: int = DEFAULT_WORLDS, solve_bids: bool = False,
                 budget: float | None = None) -> None:
        super().__init__(variant, seat, seed)
        if worlds < 1:
            raise ValueError("a solver bot needs at least one world per decision")
        self.worlds = worlds
        self.budget = budget
        """Seconds per decision (``solver:200ms``): worlds are solved until they are spent,
        at least one; None: ``worlds`` fixes them (reproducible from the seed)."""
        self.solve_bids = solve_bids
        """Decide the bids, lone hands and discards by trying each in every world with the
        play solved; by default (False) they are the search's (module docstring)."""
        self.fallback = SearchBot(variant, seat, seed, simulations=4 * worlds, budget=budget)
        self.policy = [HeuristicBot(variant, s, seed) for s in range(variant.players)]
        """The seats of a world between a decision and the first card."""
        self.estimate = self.policy[seat]
        self.solved = 0
        """Worlds solved so far (for measuring)."""

    def choose(self, view: View, legal: Sequence[str]) -> str:
        """Without the state to sample from, the heuristic bot's choice."""
        return self.estimate.choose(view, legal)

    def act(self, state: State) -> int:
        return self.advise(state)[0]

    def advise(self, state: State) -> tuple[int, str]:
        """The action id to play and a short reason (its weighted mean over the worlds)."""
        legal = list(state.legal_action_ids())
        if len(legal) == 1:
            return legal[0], "the only legal action"
        if state.phase != "play" and (not self.solve_bids or len(legal) > MAX_CHOICES):
            return self.fallback.advise(state)
        rng = random.Random(self.rng.getrandbits(64))
        for bot in self.policy:
            bot.rng.seed(rng.getrandbits(64))
        totals = [0.0] * len(legal)
        weights = 0.0
        worlds = 0
        for _ in worlds_until(self.worlds, self.budget):
            worlds += 1
            world = determinize(state, self.seat, rng)
            results = self._results(world, legal)
            if results is None:
                return self.fallback.advise(state)
            weight = self.weight(state, world)
            weights += weight
            for i, result in enumerate(results):
                totals[i] += weight * result
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        mean = totals[best] / weights if weights else 0.0
        return legal[best], (f"{mean:+.2f} points a hand against the table's mean, exact "
                             f"play in {worlds} sampled deals weighted by the bidding")

    # -- the worlds ----------------------------------------------------------------------------

    def _results(self, world: State, legal: list[int]) -> list[float] | None:
        """Each legal action's result for the seat in ``world`` (None: not solvable here)."""
        if world.phase == "play":
            if _cards_left(world) > SOLVE_CARDS:
                return None
            moves = solve_moves(world, self.seat)
            if moves is None:
                return None
            self.solved += 1
            return [moves[a] for a in legal]
        out = []
        for action in legal:
            after = world.clone()
            after.apply(action)
            result = self._play_out(after, world)
            if result is None:
                return None
            out.append(result)
        return out

    def _play_out(self, s: State, start: State) -> float | None:
        """The seat's result from ``s``: the heuristic up to the first card (or the first
        card the solver can take on), the play solved exactly."""
        hand_no = start.hand_no
        policy = self.policy
        while s.hand_no == hand_no and not s.is_terminal():
            if s.phase == "play" and _cards_left(s) <= SOLVE_CARDS:
                deal = deal_of(s)
                if deal is None:
                    return None
                results = leaf_results(s, self.seat)
                flip = 1.0 if deal.makers >> self.seat & 1 else -1.0
                self.solved += 1
                return flip * Solver(deal, [flip * r for r in results]).value()
            s.apply(policy[s.current_player].act(s))
        gains = [after - was for after, was in zip(s.scores, start.scores, strict=True)]
        result = self.fallback.sign * (gains[self.seat] - sum(gains) / len(gains))
        if s.is_terminal() and s.winners:
            result += s.target if self.seat in s.winners else -s.target
        return result

    def weight(self, state: State, world: State) -> float:
        """How likely the bidding of this hand is in ``world`` (module docstring)."""
        h, w = state.hand, world.hand
        turned = C.suit_of(h.turned) if h.turned >= 0 else -1
        passes: dict[tuple[int, bool], None] = {}  # (seat, on the turned card's suit)
        for j, i in enumerate(range(h.first_action, len(state.history_ids))):
            action = state.history_ids[i]
            if A.is_card(A.PLAY, action):
                break  # the bidding is over (a pass in the play keeps a card)
            seat = state.actors[i]
            if action == A.PASS and seat != self.seat:
                passes[seat, 0 <= turned < C.NO_TRUMP and j < h.players] = None
        seats = {seat for seat, _ in passes}
        stuck = h.maker == state.dealer and len(seats) == h.players - 1  # no evidence
        bot = self.estimate
        weight = 1.0
        for (seat, first_round) in passes:
            suits = [turned] if first_round else [t for t in range(4) if t != turned]
            best = max(bot.strength(_held(w, seat), t) for t in suits)
            weight *= 1.0 / (1.0 + math.exp((best - bot.threshold) / TEMPERATURE))
        if h.maker >= 0 and h.maker != self.seat and 0 <= h.trump < C.NO_TRUMP and not stuck:
            made = bot.strength(_held(w, h.maker), h.trump)
            weight *= 1.0 / (1.0 + math.exp(-(made - bot.threshold) / TEMPERATURE))
        return weight


def _held(w: Hand, seat: int) -> int:
    """The cards ``seat`` held at the bidding in a world: his hand and the cards he played."""
    cards = w.hands[seat]
    for who, c in w.played:
        if who == seat:
            cards |= 1 << c
    return cards


def _cards_left(s: State) -> int:
    return sum(hand.bit_count() for hand in s.hand.hands[:s.hand.players])
