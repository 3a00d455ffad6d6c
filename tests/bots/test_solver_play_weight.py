"""The ``solver`` bot reads the play as well as the bidding (issue 26): a world in which a
seat would not have played the card it played, had it held the cards the world gives it, is
less likely; from a fixed play sequence."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.bots.heuristic import HeuristicBot
from engine.bots.solver_bot import SolverBot
from engine.core import cards as C
from engine.play.state import State
from engine.rules.results import Deal
from engine.testing.rules import variant


def _led_king() -> State:
    # standard, dealer 3, the 9H turned: seat 0 orders it up (not alone), the dealer takes
    # it and throws the QS, seat 0 leads the KC and seat 1 follows with the 9C, holding the
    # TC as well (the AC is seat 2's).
    v = variant("standard")
    state = State(v, seed=1, deals=[Deal.from_json(v, {"dealer": 3, "upcard": "9H", "hands": [
        ["JH", "AH", "KH", "KC", "9S"], ["9C", "TC", "QD", "KD", "AD"],
        ["JD", "AC", "9D", "TD", "TS"], ["JC", "QH", "TH", "JS", "QS"]]})])
    for action in ("order_up", "pass", "discard:QS", "play:KC", "play:9C"):
        state.apply(action)
    return state


def test_a_seat_that_followed_low_holding_the_winning_ace_weighs_less() -> None:
    # Seen from seat 0, only seat 1 played with a choice. In the true deal it held 9C and TC
    # of clubs and could not beat the KC: the heuristic throws the lowest, the 9C it played
    # (factor 1). In a world where it holds the AC instead of the TC, the heuristic takes
    # the trick with the AC (the only club over the king): the 9C played gets PLAY_FLOOR,
    # 0.2. The bidding gives no evidence here (seat 0, the bot, made trump first to speak).
    state = _led_king()
    bot = SolverBot(state.variant, 0, seed=2)
    assert bot.evidence.bidding(state, state.clone()) == 1.0
    assert bot.evidence.play(state, state.clone()) == 1.0
    world = state.clone()
    ac, tc = C.mask_of(["AC"]), C.mask_of(["TC"])
    world.hand.hands[1] = world.hand.hands[1] & ~tc | ac
    world.hand.hands[2] = world.hand.hands[2] & ~ac | tc
    assert bot.evidence.play(world, world) == pytest.approx(0.2)
    assert SolverBot(state.variant, 0, seed=2, play_floor=1.0).evidence.play(world, world) == 1.0


def test_the_worlds_kept_put_the_ace_with_the_low_follower_less_often() -> None:
    # Seen from seat 0 the AC lies in one of 17 places at random: seat 1's 4 cards, seat 2's
    # 5, the dealer's 4 in hand and 1 discard (the 9H he took is pinned among his 6), the
    # kitty's 3: seat 1 holds it with chance 4/17 = 0.235 in a world dealt at random. Keeping
    # one world of 4 dealt by its weight (1, or 0.2 where seat 1 holds the AC: only the play
    # weighs here), with m of the 4 giving seat 1 the AC, m ~ Binomial(4, 4/17), the world
    # kept gives it with chance E[0.2 m / (0.2 m + 4 - m)] = 0.4209 * 0.0625 + 0.1943 * 0.1667
    # + 0.0398 * 0.375 + 0.0031 * 1 = 0.0767.
    state = _led_king()
    ac = C.mask_of(["AC"])
    share = {}
    n = 1000
    for candidates in (1, 4):
        bot = SolverBot(state.variant, 0, seed=2, candidates=candidates)
        rng = random.Random(1)
        share[candidates] = sum(bool(bot.sample(state, rng).hand.hands[1] & ac)
                                for _ in range(n)) / n
    assert share[1] == pytest.approx(4 / 17, abs=0.04)
    assert share[4] == pytest.approx(0.0767, abs=0.025)


def test_the_heuristics_own_cards_weigh_one_in_the_true_deal() -> None:
    # Four heuristic bots play a game of standard: at every card after the first, the true
    # deal seen from any seat replays every card played so far as the heuristic's own choice
    # (the same views, hands and legal cards the engine gave it): its play weight is 1.
    v = variant("standard")
    state = new_game(v, seed=3)
    bots = [HeuristicBot(v, seat, seed=seat) for seat in range(4)]
    readers = [SolverBot(v, seat, seed=seat).evidence for seat in range(4)]
    checked = 0
    while not state.is_terminal() and state.hand_no <= 4:
        if state.phase == "play" and state.hand.played:
            for reader in readers:
                assert reader.play(state, state.clone()) == 1.0
                checked += 1
        state.apply(bots[state.current_player].act(state))
    assert checked > 100
