"""The solver bot plays for the game (issue 26): the chance of winning from the scores a hand
leaves (:mod:`engine.bots.equity`), checked against hands worked out on paper, and a lone hand
it no longer plays when it cannot change the game."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.bots.equity import (
    COUNTDOWN,
    POINTS,
    GameEquity,
    equity_table,
    hand_outcomes,
    objective_for,
)
from engine.bots.solver_bot import SolverBot
from engine.play.state import State
from engine.rules.results import Deal
from engine.testing.rules import variant


def _first_to(target: int) -> Callable[[int, int], float | None]:
    def ended(x: int, y: int) -> float | None:
        return 1.0 if x >= target else 0.0 if y >= target else None
    return ended


def test_the_table_of_a_game_to_two_points_as_worked_by_hand() -> None:
    # A game to 2; each hand gives the dealer's side 1 point (chance 0.5) or 2 (0.2), or the
    # other side 1 (0.3), and the deal passes. W(x, y, D): the side at x wins, it dealing; N:
    # the other side deals.
    #   W(1,1,D) = 0.5 + 0.2 = 0.7 (whoever scores wins);  W(1,1,N) = 0.3
    #   W(1,0,D) = 0.5 + 0.2 + 0.3 W(1,1,N) = 0.7 + 0.09 = 0.79
    #   W(1,0,N) = 0.5 W(1,1,D) + 0.3 = 0.35 + 0.3 = 0.65   (the other's 2 wins it for them)
    #   W(0,1,D) = 0.5 W(1,1,N) + 0.2 = 0.15 + 0.2 = 0.35
    #   W(0,1,N) = 0.3 W(1,1,D) = 0.21
    #   W(0,0,D) = 0.5 W(1,0,N) + 0.2 + 0.3 W(0,1,N) = 0.325 + 0.2 + 0.063 = 0.588
    #   W(0,0,N) = 0.5 W(0,1,D) + 0.3 W(1,0,D) = 0.175 + 0.237 = 0.412 (= 1 - 0.588)
    table = equity_table({(1, 0): 0.5, (2, 0): 0.2, (0, 1): 0.3}, start=0, top=6,
                         ended=_first_to(2))
    expected = {(1, 1, True): 0.7, (1, 1, False): 0.3, (1, 0, True): 0.79,
                (1, 0, False): 0.65, (0, 1, True): 0.35, (0, 1, False): 0.21,
                (0, 0, True): 0.588, (0, 0, False): 0.412}
    for key, chance in expected.items():
        assert table[key] == pytest.approx(chance), key


def test_a_deal_thrown_in_passes_the_deal() -> None:
    # A game to 1; half the deals are thrown in (nobody scores, the deal passes), the other
    # half give the dealer's side its point. Dealing: W_D = 0.5 + 0.5 W_N; not dealing:
    # W_N = 0.5 W_D. So W_D = 0.5 + 0.25 W_D, W_D = 2/3, and W_N = 1/3.
    table = equity_table({(0, 0): 0.5, (1, 0): 0.5}, start=0, top=4, ended=_first_to(1))
    assert table[0, 0, True] == pytest.approx(2 / 3)
    assert table[0, 0, False] == pytest.approx(1 / 3)


def test_standards_table_at_nine_all_is_the_chance_of_scoring_first() -> None:
    # standard at 9-9 (either side's next point wins): the dealing side wins if the hand gives
    # it any point (chance p), loses if it gives the other side any (q); a deal thrown in
    # (z) passes the deal: W_D = p + z W_N and W_N = q + z W_D, so W_D = (p + z q) / (1 - z^2).
    # The table must say that for the variant's own measured outcomes; and every pair of
    # scores is a zero-sum game: W(x, y, D) + W(y, x, N) = 1.
    equity = objective_for(variant("standard"))
    assert isinstance(equity, GameEquity)
    outcomes = equity.outcomes
    assert sum(outcomes.values()) == pytest.approx(1.0)
    p = sum(chance for (a, _), chance in outcomes.items() if a)
    q = sum(chance for (_, b), chance in outcomes.items() if b)
    z = outcomes.get((0, 0), 0.0)
    assert equity.table[9, 9, True] == pytest.approx((p + z * q) / (1 - z * z))
    assert equity.table[9, 9, True] > 0.55  # the dealer's side makes trump more often
    for x in range(10):
        for y in range(10):
            assert equity.table[x, y, True] + equity.table[y, x, False] == pytest.approx(1.0)
    # from the seat's side: seat 1 at 9 against 8, seat 0 (the other side) to deal next
    assert equity.chance([8, 9, 8, 9], 0, 1) == pytest.approx(equity.table[9, 8, False])


def test_the_outcomes_are_the_heuristic_bots_hands() -> None:
    # standard scores 1 (made), 2 (march or euchre) or 4 (lone march) to one side a hand, or
    # nothing when all pass twice; the dealer's side makes trump more often than the other.
    outcomes = hand_outcomes(variant("standard"), hands=100)
    assert outcomes is not None and sum(outcomes.values()) == pytest.approx(1.0)
    assert set(outcomes) <= {(0, 0), (1, 0), (2, 0), (4, 0), (0, 1), (0, 2), (0, 4)}
    dealers = sum(chance for (a, _), chance in outcomes.items() if a)
    others = sum(chance for (_, b), chance in outcomes.items() if b)
    assert dealers > others


@pytest.mark.parametrize(("name", "objective"), [
    ("cutthroat", POINTS),     # each seat for itself: three sides
    ("buck-euchre", COUNTDOWN),  # a countdown
    ("bid-euchre", POINTS),    # only the side whose contract it was may win (BID-A7)
    ("railroad", POINTS),      # a match of games (laps and slam)
    ("pepper", POINTS),        # points fall when a bid is set
])
def test_points_where_the_game_is_not_two_sides_racing_to_a_target(name: str,
                                                                    objective: object) -> None:
    assert objective_for(variant(name)) is objective


def _ordered(scores: list[int]) -> State:
    # standard, the AS turned to the dealer (seat 3); seat 0 ordered it up and decides whether
    # to go alone with JS JC (the bowers) 9S AD QD.
    v = variant("standard")
    hands = [["AD", "QD", "JC", "9S", "JS"], ["JD", "TH", "KD", "AH", "TS"],
             ["9D", "KS", "AC", "QH", "JH"], ["9C", "KH", "9H", "QC", "KC"]]
    state = State(v, seed=1, scores=scores,
                  deals=[Deal.from_json(v, {"dealer": 3, "upcard": "AS", "hands": hands})])
    state.apply("order_up")
    return state


def test_no_lone_hand_that_cannot_change_the_game() -> None:
    # In 2,000 of the worlds seat 0 sees, played out by the heuristic at every seat, the hand
    # marches 78% of the time with the partner and 79% alone, but is euchred 7.5% of the time
    # with him and 12.6% alone. To the makers, alone is worth about 4 x 0.79 + 0.09 - 2 x 0.13
    # = +3.0 points against 2 x 0.78 + 0.15 - 2 x 0.075 = +1.6 with the partner: both bots go
    # alone at 0-0. At 8-7 a march with the partner (2 points) wins the game just as a lone
    # march (4) does, while a euchre puts the other side at 9: the bot that plays for the
    # game keeps its partner; the one that plays for the points still goes alone.
    for seed in range(2):
        for scores, equity, expected in (([0, 0, 0, 0], True, "alone"),
                                         ([8, 7, 8, 7], True, "pass"),
                                         ([8, 7, 8, 7], False, "alone")):
            state = _ordered(scores)
            bot = SolverBot(state.variant, 0, seed, game_equity=equity)
            assert state.action_name(bot.act(state)) == expected, (seed, scores, equity)
