"""No-trump and low no-trump contracts, and the joker at no-trump, from fixed deals and hand
computations: the `no-trump` house rule on standard (STD-A12), the joker at no-trump (BID-A8)
and low no-trump (BID-A9).

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3; W deals, N is eldest.
Expected winners and points are worked out by hand from the rules, in the comments.
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.bots.heuristic import HeuristicBot
from engine.core import cards as C
from engine.core.errors import Refusal as R
from engine.mechanics.events import TrickWon
from engine.play.records import record_of, replay
from engine.testing.rules import apply_all, last_hand, overlay, play, refuse, variant
from engine.text.narrate import Narrator

N, E, S, W = range(4)

# N holds the four aces. The upcard TH is turned down; the kitty is JH 9S TS.
FOUR_ACES = {"dealer": W, "upcard": "TH",
             "hands": [h.split() for h in ("AC AD AH AS KC", "9C TC 9D TD 9H",
                                           "QC JC QD JD QH", "KD KH KS QS JS")]}
ALL_PASS = "pass pass pass pass"


def _game(name: str = "no-trump", deal: dict | None = None) -> State:
    return new_game(variant(name), seed=0, deal=deal or FOUR_ACES)


# -- trick winners (Variant.trick_winner) -------------------------------------------------------

@pytest.mark.parametrize(("trump", "cards", "winner"), [
    ("N", ["JD", "AH", "JH"], 0),        # no trump: the hearts cannot beat the diamond led
    ("N", ["QH", "JH", "AH", "KH"], 2),  # jacks are plain: A > K > Q > J
    ("N", ["AS", "JC"], 0),              # JC is not the left bower: a club cannot win
    ("S", ["AS", "JC"], 1),              # (with spades trump it is the left bower and wins)
    (None, ["9C", "TC"], 1),             # None is no-trump too
    ("no-trump", ["KD", "AD"], 1),
    ("L", ["AH", "9H", "KH"], 1),        # low no-trump: the nine beats the ace of the suit led
    ("L", ["TH", "JH", "9D"], 0),        # T < J at low; the 9D is not of the suit led
    ("low", ["QS", "KS", "JS"], 2),      # J < Q < K: the jack is lowest of the three
])
def test_trick_winner_at_no_trump_and_low_no_trump_BID_A9(
        trump: str | None, cards: list[str], winner: int) -> None:
    assert variant("standard").trick_winner(trump, cards) == winner


@pytest.mark.parametrize(("trump", "cards", "winner"), [
    ("N", ["AH", "JK"], 1),        # the joker is the highest card at no-trump (BID-A8)
    ("N", ["JK", "AH", "KH"], 0),  # a led joker wins, whatever suit it called for
    ("L", ["9H", "JK"], 1),        # and at low no-trump (BID-A9)
])
def test_the_joker_is_the_highest_card_without_trump_BID_A8(
        trump: str, cards: list[str], winner: int) -> None:
    assert variant("standard-joker").trick_winner(trump, cards) == winner


# -- the no-trump house rule, played out -----------------------------------------------------

def test_round_1_stays_on_the_upcard_suit_STD_A12() -> None:
    assert "round 1 is on the upcard's suit" in refuse(_game(), "call:N")


def test_round_2_may_name_no_trump_STD_A12() -> None:
    state = apply_all(_game(), ALL_PASS)
    assert state.legal_actions() == ["pass", "call:C", "call:D", "call:S", "call:N"]


def test_standard_refuses_no_trump_in_round_2() -> None:
    state = apply_all(_game("standard"), ALL_PASS)
    assert "no-trump" in refuse(state, "call:N", R.NOT_IN_VARIANT)


def test_a_no_trump_hand_played_out_and_scored_by_standards_table_STD_A12() -> None:
    # N names no-trump in round 2 and plays with his partner; eldest (N) leads (STD-A2).
    # Each ace wins its suit; in trick 4 S's JC is a plain club (no left bower), so the AS
    # wins; in trick 5 the KC is the only club. N-S take all five: a march, 2 points.
    state = apply_all(_game(), f"{ALL_PASS} call:N pass")
    assert state.hand.trump_name == "N" and state.view(E).trump_suit == "N"
    play(state, "AC 9C QC JS | AD 9D QD KD | AH 9H QH KH | AS TC JC KS | KC TD JD QS")
    record = last_hand(state)
    assert record.trump == "N" and record.tricks == (5, 0, 0, 0)
    assert record.label == "march" and state.scores == [2, 0, 2, 0]


def test_a_no_trump_call_may_be_played_alone_STD_A12() -> None:
    # The same hand alone: E and W defend, S sits out. Five tricks alone: a lone march, 4.
    state = apply_all(_game(), f"{ALL_PASS} call:N alone")
    play(state, "AC 9C JS | AD 9D KD | AH 9H KH | AS TC KS | KC TD QS")
    assert last_hand(state).label == "lone_march" and state.scores == [4, 0, 4, 0]


def test_a_stuck_dealer_may_name_no_trump_STD_A12() -> None:
    stuck = overlay("extends: no-trump\ndescription: stuck\n"
                    "upcard_bidding: {stick_the_dealer: true}\n")
    state = new_game(stuck, seed=0, deal=FOUR_ACES)
    apply_all(state, f"{ALL_PASS} pass pass pass")
    assert state.current_player == W
    assert state.legal_actions() == ["call:C", "call:D", "call:S", "call:N"]  # no pass
    apply_all(state, "call:N")
    assert state.hand.trump_name == "N" and state.hand.maker == W


def test_a_record_of_a_no_trump_hand_replays_with_its_call() -> None:
    state = apply_all(_game(), f"{ALL_PASS} call:N pass")
    play(state, "AC 9C QC JS")
    record = record_of(state)
    assert "call:N" in str(record)
    again = replay(record)
    assert again.hand.trump_name == "N" and again.hand.tricks_won == [1, 0, 0, 0]


# -- the joker at no-trump (BID-A8) ----------------------------------------------------------

JOKER_DECK = ("extends: no-trump\ndescription: with a joker\ndeck: {jokers: 1}\n")
NAMES_SUIT = ("extends: no-trump\ndescription: joker calls nothing\ndeck: {jokers: 1}\n"
              "play: {joker_at_no_trump: no_suit}\n")
# N holds the joker; the kitty is JH 9S TS AS.
JOKER_DEAL = {"dealer": W, "upcard": "TH",
              "hands": [h.split() for h in ("JK AC AD AH KC", "9C TC 9D TD 9H",
                                            "QC JC QD JD QH", "KD KH KS QS JS")]}


def _joker_game(text: str = JOKER_DECK) -> State:
    state = new_game(overlay(text), seed=0, deal=JOKER_DEAL)
    return apply_all(state, f"{ALL_PASS} call:N pass")


def test_a_led_joker_calls_for_the_suit_its_leader_names_BID_A8() -> None:
    state = apply_all(_joker_game(), "play:JK")
    assert state.current_player == N  # the leader names its suit before anyone plays
    assert state.legal_actions() == ["call:C", "call:D", "call:H", "call:S"]
    apply_all(state, "call:H")
    # E holds the 9H: he must follow hearts; S and W too (QH, KH).
    assert state.legal_actions() == ["play:9H"]
    assert "hearts" in refuse(state, "play:9C")
    apply_all(state, "play:9H play:QH play:KH")
    # the joker wins (BID-A8)
    assert [e.winner for e in state.events if isinstance(e, TrickWon)] == [N]


def test_a_player_void_in_the_joker_suit_may_play_any_card_BID_A8() -> None:
    state = apply_all(_joker_game(), "play:JK call:S")  # E has no spade
    assert set(state.legal_actions()) == {"play:9C", "play:TC", "play:9D", "play:TD",
                                          "play:9H"}


# E holds the joker and one club.
E_HOLDS_JOKER = {"dealer": W, "upcard": "TH",
                 "hands": [h.split() for h in ("AC AD AH KC TC", "JK 9C 9D TD 9H",
                                               "QC JC QD JD QH", "KD KH KS QS JS")]}


def test_the_joker_is_played_only_when_void_in_the_suit_led_BID_A8() -> None:
    state = new_game(overlay(JOKER_DECK), seed=0, deal=E_HOLDS_JOKER)
    apply_all(state, f"{ALL_PASS} call:N pass play:AC")
    assert state.legal_actions() == ["play:9C"]  # E must follow clubs, not play the joker
    apply_all(state, "play:9C play:QC play:JS play:KC")  # N wins and leads clubs again
    assert "play:JK" in state.legal_actions()  # E is void in clubs now


def test_with_no_suit_a_led_joker_calls_for_nothing_BID_A8() -> None:
    state = apply_all(_joker_game(NAMES_SUIT), "play:JK")
    assert state.current_player == E
    assert len(state.legal_actions()) == 5  # any of E's five cards


def test_the_joker_suit_is_narrated() -> None:
    state = apply_all(_joker_game(), "play:JK call:H")
    narrator = Narrator(state.variant)
    assert narrator.action(N, "call:H", phase="play") == "North names hearts ♥ for the joker"
    lines = narrator.view_lines(state.view(E), state.events_for(E))
    assert "the joker calls for hearts" in "\n".join(lines)


# -- low no-trump in name_trump (BID-A9) -----------------------------------------------------

def test_name_trump_offers_low_no_trump_where_allowed_BID_A9() -> None:
    low = overlay("extends: ghost-hand\ndescription: low\n"
                  "name_trump: {no_trump: true, low_no_trump: true}\n")
    state = new_game(low, seed=3)
    while state.phase != "name_trump" and not state.is_terminal():
        legal = state.legal_actions()
        bids = [a for a in legal if a.startswith("bid:")]
        state.apply(bids[0] if bids else legal[0])
    assert state.legal_actions()[-2:] == ["call:N", "call:L"]
    state.apply("call:L")
    assert state.hand.trump_name == "L" and state.view(0).trump_suit == "L"


# -- the heuristic bot --------------------------------------------------------------------------

def test_the_heuristic_bot_calls_no_trump_with_four_aces() -> None:
    # Four aces are four sure tricks without trump; with hearts trump the AH is only a
    # middling trump. Round 2, N to act.
    state = apply_all(_game(), ALL_PASS)
    bot = HeuristicBot(state.variant, N, seed=0)
    assert state.action_name(bot.act(state)) == "call:N"


def test_the_heuristic_bot_names_its_longest_suit_for_the_joker() -> None:
    bot = HeuristicBot(variant("standard-joker"), N, seed=0)
    hand = C.mask_of(["9H", "KH", "QH", "AC", "9S"])
    assert bot.joker_suit(hand, C.NO_TRUMP) == C.HEARTS
    state = apply_all(_joker_game(), "play:JK")
    assert state.action_name(bot.act(state)).startswith("call:")
