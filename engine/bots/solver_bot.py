"""``solver``: perfect-information Monte Carlo with the exact solver, on worlds the bidding and
the play make likely.

At each decision with more than one legal action the bot samples N worlds consistent with its
seat's view (:func:`~engine.bots.determinize.determinize`, as ``search`` does), each drawn among
:data:`CANDIDATES` dealt worlds with the likelihood of the bidding and the cards seen in it as
its chance (sampling-importance-resampling: the kept worlds follow the bidding and the play, and
every one costs a solve): every other seat that passed this hand is less likely to hold a strong
hand, a seat that made trump more likely to, a seat that did not play the card the heuristic
would have played with its cards in the world less likely to hold them
(:class:`~engine.bots.solver_weights.Evidence`: a logistic of the heuristic's bidding estimate
for each bid, a factor for each card played). In the play it solves each world exactly
(:mod:`engine.bots.solver`: every card's value, all hands face up) and plays the card of best
mean. Any other decision (a bid, going alone, a discard) tries each choice in the same kind of
worlds with the hand played out by the heuristic bot at every seat (``search``'s rollouts,
``bid_simulations`` of them, ``4 N`` unless told): trying each with the play then solved exactly
(``solve_bids=True``: the heuristic up to the first card) lost 0.22 points a hand to
``search:128`` in 40 duplicate games of ``standard`` (README, "Bots"): with every hand face up
the makers' play is perfect, which values making trump too highly. A world's result, at the
leaves of the solve and at the end of a rollout, is the chance that the seat's side wins the
game from the scores the hand leaves and the seat to deal next
(:class:`~engine.bots.equity.GameEquity`, ``game_equity=True``, the default, in a game of two
sides to a target): a lone hand that cannot change the game is not worth its risk, a point at
9 is worth a march. Elsewhere (each seat for itself, a countdown, a match) and with
``game_equity=False`` it is the seat's points this hand less the table's mean, with the game's
target for a hand that ends the game (as ``search`` counts a rollout).

Its strength is the number of worlds per decision, ``solver:N`` in ``--bots`` (a number, not a
time, so that games replay). A hand too long to solve (more than :data:`SOLVE_CARDS` cards left
at the table) while it is to play, a decision before the play with more than
:data:`MAX_CHOICES` choices (an auction's bids), or a phase the solver does not know (a
tableau, a hand nobody made), is decided by a ``search`` bot of ``bid_simulations``
simulations instead.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.bots.base import Bot, worlds_until
from engine.bots.determinize import determinize
from engine.bots.equity import objective_for
from engine.bots.heuristic import HeuristicBot
from engine.bots.search import SearchBot
from engine.bots.solver import Solver
from engine.bots.solver_state import deal_of, leaf_results, solve_moves
from engine.bots.solver_weights import PLAY_FLOOR, Evidence

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.bots.equity import Objective
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
CANDIDATES = 4
"""Worlds dealt from the view for each world the bot keeps, drawn by their weight (the
bidding's and the play's)."""


class SolverBot(Bot):
    """Samples worlds from its view as the bidding makes them likely and solves each exactly
    (module docstring)."""

    name = "solver"

    def __init__(self, variant: Variant, seat: int, seed: int, *,
                 worlds: int = DEFAULT_WORLDS, solve_bids: bool = False,
                 budget: float | None = None, candidates: int = CANDIDATES,
                 bid_simulations: int | None = None, play_floor: float = PLAY_FLOOR,
                 game_equity: bool = True) -> None:
        super().__init__(variant, seat, seed)
        if worlds < 1 or candidates < 1:
            raise ValueError("a solver bot needs at least one world per decision")
        self.worlds = worlds
        self.budget = budget
        """Seconds per decision (``solver:200ms``): worlds are solved until they are spent,
        at least one; None: ``worlds`` fixes them (reproducible from the seed)."""
        self.solve_bids = solve_bids
        """Decide the bids, lone hands and discards by trying each in every world with the
        play solved; by default (False) they are tried with heuristic rollouts (module
        docstring)."""
        self.candidates = candidates
        """Worlds dealt for each world kept (one drawn among them by its weight)."""
        self.bid_simulations = 4 * worlds if bid_simulations is None else bid_simulations
        """Rollouts per decision before the play (a bid, a lone hand, a discard)."""
        self.fallback = SearchBot(variant, seat, seed, simulations=self.bid_simulations,
                                  budget=budget)
        self.policy = [HeuristicBot(variant, s, seed) for s in range(variant.players)]
        """The seats of a world between a decision and the first card."""
        self.estimate = self.policy[seat]
        self.evidence = Evidence(self.policy, seat, play_floor=play_floor)
        """The worlds' weights (``play_floor``: a card played against the heuristic's choice;
        1 reads nothing from the play)."""
        self.solved = 0
        """Worlds solved so far (for measuring)."""
        self.game_equity = game_equity
        """Play for the chance of winning the game where the variant allows it (module
        docstring); False: for the points of the hand."""
        self._objective: Objective | None = None

    @property
    def objective(self) -> Objective:
        """What a world's result is (:mod:`engine.bots.equity`), made at the first decision
        (the game's table once per variant in a process), the rollouts' too."""
        if self._objective is None:
            self._objective = objective_for(self.variant) if self.game_equity \
                else self.fallback.objective
            self.fallback.objective = self._objective
        return self._objective

    def choose(self, view: View, legal: Sequence[str]) -> str:
        """Without the state to sample from, the heuristic bot's choice."""
        return self.estimate.choose(view, legal)

    def act(self, state: State) -> int:
        return self.advise(state)[0]

    def advise(self, state: State) -> tuple[int, str]:
        """The action id to play and a short reason (its mean over the worlds and how often
        it came out best)."""
        legal = list(state.legal_action_ids())
        if len(legal) == 1:
            return legal[0], "the only legal action"
        objective = self.objective
        if state.phase != "play" and len(legal) > MAX_CHOICES:
            return self.fallback.advise(state)
        rng = random.Random(self.rng.getrandbits(64))
        for bot in self.policy:
            bot.rng.seed(rng.getrandbits(64))
        rolled = state.phase != "play" and not self.solve_bids
        if rolled:
            for bot in self.fallback.rollout_bots:
                bot.rng.seed(rng.getrandbits(64))
        count = max(1, self.bid_simulations // len(legal)) if rolled else self.worlds
        totals = [0.0] * len(legal)
        wins = [0] * len(legal)
        worlds = 0
        for _ in worlds_until(count, self.budget):
            worlds += 1
            world = self.sample(state, rng)
            results = [self.fallback.rollout(world, a) for a in legal] if rolled \
                else self._results(world, legal)
            if results is None:
                return self.fallback.advise(state)
            top = max(results)
            for i, result in enumerate(results):
                totals[i] += result
                wins[i] += result == top
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        how = "heuristic play" if rolled else "exact play"
        return legal[best], (f"{objective.describe(totals[best] / worlds)}, {how}; best in "
                             f"{round(100 * wins[best] / worlds)}% of {worlds} sampled deals "
                             "weighted by the bidding and the play")

    # -- the worlds ----------------------------------------------------------------------------

    def sample(self, state: State, rng: random.Random) -> State:
        """One world: :attr:`candidates` worlds dealt from the view, one of them drawn with
        the likelihood of the bidding and the play in it (:meth:`weight`) as its chance."""
        if self.candidates == 1:
            return determinize(state, self.seat, rng)
        worlds = [determinize(state, self.seat, rng) for _ in range(self.candidates)]
        base = state.view(self.seat)
        weights = [self.weight(state, world, base) for world in worlds]
        return rng.choices(worlds, weights)[0]

    def _results(self, world: State, legal: list[int]) -> list[float] | None:
        """Each legal action's result for the seat in ``world`` (None: not solvable here)."""
        if world.phase == "play":
            if _cards_left(world) > SOLVE_CARDS:
                return None
            moves = solve_moves(world, self.seat, objective=self.objective)
            if moves is None:
                return None
            self.solved += 1
            return [moves[a] for a in legal]
        out = []
        for action in legal:
            after = world.clone()
            after.apply_fast(action)
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
                results = leaf_results(s, self.seat, objective=self.objective)
                flip = 1.0 if deal.makers >> self.seat & 1 else -1.0
                self.solved += 1
                return flip * Solver(deal, [flip * r for r in results]).value()
            s.apply_fast(policy[s.current_player].act(s))
        return self.objective.result(s, start.scores, self.seat)

    def weight(self, state: State, world: State, base: View | None = None) -> float:
        """How likely the bidding and the play of this hand are in ``world``
        (:class:`~engine.bots.solver_weights.Evidence`); ``base`` the seat's view."""
        return self.evidence.weight(state, world, base)


def _cards_left(s: State) -> int:
    return sum(hand.bit_count() for hand in s.hand.hands[:s.hand.players])
