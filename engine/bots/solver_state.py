"""The exact solver (:mod:`engine.bots.solver`) read from a :class:`~engine.play.state.State`
whose hands are all known (a bot's sampled world): :func:`deal_of` reads the position from the
compiled variant's play phase, :func:`leaf_results` scores the hand in the engine for every
number of tricks the makers may still take, and :func:`solve_moves` gives each legal action's
exact worth to one seat.

Only the play phases the solver knows are read (the plain one, a joker that names its suit,
an exposed lone hand, reneges taken back while nobody reneged); a tableau (PILE-A3), a hand
nobody made, or a step that is not a card (a renege being decided) gives None, and the bot
falls back on its search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bots.equity import COUNTDOWN, POINTS
from engine.bots.solver import Deal, Solver, split_move
from engine.core import actions as A
from engine.rules.game_end import Goal

if TYPE_CHECKING:
    from engine.bots.equity import Objective
    from engine.play.state import State

__all__ = ["deal_of", "leaf_results", "side_scored", "solve_moves"]

_HUGE = float("inf")


def deal_of(state: State) -> Deal | None:
    """The play position of ``state`` with every hand as the state holds it, or None when the
    solver does not know this phase (the play phase's own ``solver_position``)."""
    if state.is_terminal():
        return None
    return state.running_phase.solver_position(state)


def leaf_results(state: State, seat: int, *, spread: bool = False,
                 objective: Objective | None = None) -> list[float]:
    """``seat``'s result for each number ``k`` of tricks the makers take from now on (0 to
    the tricks left), by ``objective`` (:mod:`engine.bots.equity`; by default its points less
    the mean of all seats' points, reversed in a countdown game, plus the game's target when
    the hand ends the game in its favour, minus it when against, as the search bot counts a
    rollout; the solver bot's chance of winning the game where it applies). Each is scored
    by the engine's own score phase, on a copy of the state given the tricks (the makers' to
    the maker, the others' to the first seat of the other side that plays; with ``spread``,
    one to each in turn). Where each player scores his own tricks (Buck Euchre) the table is
    that of the split so made: the
    solver plays two sides (:func:`side_scored` says whether the split matters)."""
    h = state.hand
    makers = h.sides[0]
    done = len(h.played) // max(1, h.n_active)
    left = state.variant.deal.hand_size - done
    maker = h.maker if h.active(h.maker) else next(
        (s for s in makers if h.active(s)), h.maker)
    others = [s for s in range(h.players) if s not in makers]
    defenders = [s for s in others if h.active(s)] or others[:1]
    if objective is None:
        objective = COUNTDOWN if state.variant.game.goal is Goal.DOWN else POINTS
    before = list(state.scores)
    results: list[float] = []
    for k in range(left + 1):
        world = state.clone()
        w = world.hand
        w.tricks_won = list(h.tricks_won)
        w.tricks_won[maker] += k
        for i in range(left - k):  # with ``spread`` one by one to each defender in turn
            w.tricks_won[defenders[i % len(defenders) if spread else 0]] += 1
        w.trick, w.trick_seats = [], []
        world.advance()
        world._run_flow()  # the score phase follows the play
        results.append(objective.result(world, before, seat))
    return results


def side_scored(state: State, seat: int) -> bool:
    """Whether the points of the hand depend only on each side's tricks (not on which of the
    defenders took them), so that the solver's two sides are the variant's."""
    return leaf_results(state, seat) == leaf_results(state, seat, spread=True)


def solve_moves(state: State, seat: int, results: list[float] | None = None, *,
                objective: Objective | None = None) -> dict[int, float] | None:
    """Each legal action of the seat to play in ``state`` (every hand known) and ``seat``'s
    exact result after it with best play on both sides (the makers' side against the rest;
    a led joker's value is that of the best suit to name for it, ``seat`` being the one to
    play), or None where the solver does not know the phase. ``results``: :func:`leaf_results` of
    ``state`` for ``seat``, when already known; else they are scored by ``objective``."""
    deal = deal_of(state)
    if deal is None:
        return None
    if results is None:
        results = leaf_results(state, seat, objective=objective)
    flip = 1.0 if deal.makers >> seat & 1 else -1.0
    solver = Solver(deal, [flip * r for r in results])
    moves = solver.move_values()
    out: dict[int, float] = {}
    for move, value in moves.items():
        card, suit = split_move(move)
        # a suit named for a joker led is the leader's call, any other move a card
        action = A.CALL + suit if suit >= 0 and deal.trick else A.card_action(A.PLAY, card)
        out[action] = max(out.get(action, -_HUGE), flip * value)  # the mover is ``seat``
    return out
