"""Hypothesis: the rules API scores a hand exactly as the engine did when it was played.

For every shipped variant, random seeds, random starting scores and random legal actions play
whole hands; each finished hand's record (``state.hands_played[-1]``: dealer, maker, tricks,
alone, bid, deltas, scores) is scored again with :meth:`Variant.score_hand` from the scores
before it, which must give the same points, the same new scores and the same row label; when
the game ends, the game-over flag and the winners must agree with the state.

Starting scores are drawn up to one point short of the target, and often close to it, so games
end often within the few hands each example plays. Forty examples a variant keep the file to a
few seconds on two cores.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Variant, load_variant, new_game, shipped_names
from engine.mechanics.stay_or_drop import StayOrDropResult
from engine.play.state import State
from engine.rules.results import HandResult

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
MAX_HANDS = 6
"""Hands played per example at most (a ghost-hand game between random players can run to the
variant's 1,000-hand limit)."""

VARIANTS: dict[str, Variant] = {name: load_variant(name) for name in shipped_names()}


@st.composite
def games(draw: st.DrawFn, variant: Variant) -> tuple[int, list[int], random.Random, int]:
    """A seed, starting scores (each side short of the target, partners equal), the random
    player's choices and how many hands to play."""
    seed = draw(st.integers(min_value=0, max_value=2**63 - 1))
    target, start = variant.game.target, variant.game.start
    scores = [0] * variant.players
    for team in variant.sides.teams:
        if variant.game.goal == "down":  # a countdown: above the target, up to the start
            points = draw(st.integers(min_value=target + 1, max_value=target + 3)
                          | st.integers(min_value=target + 1, max_value=start))
        else:
            points = draw(st.integers(min_value=target - 3, max_value=target - 1)
                          | st.integers(min_value=-target, max_value=target - 1))
        for seat in team:
            scores[seat] = points
    return seed, scores, draw(st.randoms(use_true_random=False)), draw(
        st.integers(min_value=1, max_value=MAX_HANDS))


def _play(variant: Variant, seed: int, scores: list[int], rng: random.Random,
          hands: int) -> State:
    """Random legal actions until ``hands`` hands are over or the game is."""
    state = new_game(variant, seed=seed, scores=scores)
    while not state.is_terminal() and len(state.hands_played) < hands:
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def _check_hand(variant: Variant, state: State, index: int, before: list[int]) -> None:
    hand = state.hands_played[index]
    last = index == len(state.hands_played) - 1
    ended_here = last and state.is_terminal()
    if hand.thrown_in is not None:
        # A deal nobody made trump in scores nothing: there is no maker to score.
        assert hand.deltas == (0,) * variant.players and list(hand.scores) == before
        if ended_here:
            _check_hand_limit(variant, state)
        return
    if hand.reneges:
        # A renege's penalty is added by the score phase on top of (or instead of) the table's
        # award; score_hand applies the table only. Random legal play never reneges, so this
        # only guards the comparison below.
        return  # pragma: no cover
    scored = variant.score_hand(dealer=hand.dealer, maker=hand.maker,
                                tricks=hand.tricks, scores=before, bid=hand.bid,
                                alone=hand.alone, sitting_out=_dropped(hand),
                                makers=hand.makers)  # a called partner's side (CALL-A6)
    assert tuple(scored.deltas) == hand.deltas, (hand, scored)
    assert tuple(scored.scores) == hand.scores, (hand, scored)
    assert scored.label == hand.label
    if not ended_here:
        assert not scored.game_over, (hand, scored)
    elif scored.game_over:
        assert scored.winners == state.winners
    else:
        _check_hand_limit(variant, state)


def _dropped(hand: HandResult) -> tuple[int, ...]:
    """The seats that dropped out of the hand (stay or drop's part)."""
    part = hand.part(StayOrDropResult)
    return part.dropped if part is not None else ()


def _check_hand_limit(variant: Variant, state: State) -> None:
    """A game that ends without a side reaching the target ends at ``game.max_hands``, won by
    the best score."""
    assert len(state.hands_played) == variant.game.max_hands
    best = variant.game.best(state.scores)
    assert state.winners == tuple(s for s in range(variant.players) if state.scores[s] == best)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_score_hand_gives_the_points_and_game_end_the_engine_reached(name: str) -> None:
    variant = VARIANTS[name]

    @SETTINGS
    @given(game=games(variant))
    def check(game: tuple[int, list[int], random.Random, int]) -> None:
        seed, scores, rng, hands = game
        state = _play(variant, seed, scores, rng, hands)
        before = list(scores)
        for index, hand in enumerate(state.hands_played):
            _check_hand(variant, state, index, before)
            before = list(hand.scores)
        assert before == state.scores
        if state.is_terminal():
            assert state.winners and state.phase == "over"
            last = state.hands_played[-1]
            known = last.scored and last.maker >= 0  # a hand nobody made has no contract
            made = known and variant.contract_made(maker=last.maker, tricks=last.tricks,
                                                   bid=last.bid)
            makers = variant.sides.hand_sides(last.maker)[0] if known else ()
            over, winners = variant.game_result(state.scores, makers=makers, made=made)
            assert (over and winners == state.winners) or \
                len(state.hands_played) == variant.game.max_hands

    check()


def test_the_examples_reach_the_end_of_games_in_every_variant() -> None:
    """The game-end checks above are exercised: with scores one short of the target, a
    variant's game ends after a hand or two of random play."""
    for name, variant in VARIANTS.items():
        scores = [variant.game.target - 1] * variant.players
        ended = sum(_play(variant, seed, scores, random.Random(seed), MAX_HANDS).is_terminal()
                    for seed in range(10))
        assert ended >= 5, name
