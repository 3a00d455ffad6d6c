"""Forced bids: a hand that meets a condition may not pass before its holder has bid, in an
auction (``auction.must_bid_when``, BID-A10) and in round 1 of upcard bidding
(``upcard_bidding.must_order_when``, STD-A16). Overlays on `bid-euchre` and `standard`.

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3. W deals, so N is eldest.
"""

from __future__ import annotations

from engine import State, new_game
from engine.bots.heuristic import HeuristicBot
from engine.testing.rules import apply_all, overlay, refuse, variant
from engine.text.rulebook import render_text, rule_book

N, E, S, W = range(4)

MUST_AS = overlay("extends: bid-euchre\ndescription: the ace of spades must bid\n"
                  "auction:\n  must_bid_when: \"holds(hand, AS)\"\n")
MUST_AS_CONTINUOUS = overlay("extends: bid-euchre\ndescription: forced, continuous\n"
                             "auction:\n  must_bid_when: \"holds(hand, AS)\"\n"
                             "  turns: continuous\n")
# S alone holds the AS (with all the spades); E the five best hearts.
DEAL = {"dealer": W, "hands": [h.split() for h in (
    "AC KC QC JC TC TH", "JH JD AH KH QH 9C", "AS KS QS JS TS 9S", "9H AD KD QD TD 9D")]}


def _game(v: object = MUST_AS) -> State:
    return new_game(v, seed=0, deal=DEAL)  # type: ignore[arg-type]


def test_the_holder_of_the_card_may_not_pass_BID_A10() -> None:
    state = apply_all(_game(), "pass pass")  # N and E pass; S holds the AS
    assert state.current_player == S
    assert "pass" not in state.legal_actions()
    assert state.legal_actions() == ["bid:3", "bid:4", "bid:5", "bid:6", "bid:moon"]
    reason = refuse(state, "pass")
    assert "must bid" in reason and "BID-A10" in reason


def test_a_hand_without_the_card_may_still_pass_BID_A10() -> None:
    state = _game()
    assert "pass" in state.legal_actions()  # N: no AS
    apply_all(state, "pass")
    assert "pass" in state.legal_actions()  # E: no AS


def test_the_forced_bidder_who_bids_is_the_maker_when_nobody_beats_him_BID_A10() -> None:
    state = apply_all(_game(), "pass pass bid:3 pass")
    assert state.phase == "name_trump" and state.hand.maker == S and state.hand.bid == 3


def test_once_he_has_bid_he_may_pass_when_outbid_BID_A10() -> None:
    # Continuous: N and E pass (and are out), S bids 3, W bids 4; S, outbid, may now pass,
    # and W, the only bidder left, makes it.
    state = apply_all(_game(MUST_AS_CONTINUOUS), "pass pass bid:3 bid:4")
    assert state.current_player == S and "pass" in state.legal_actions()
    apply_all(state, "pass")
    assert state.phase == "name_trump" and state.hand.maker == W and state.hand.bid == 4


def test_without_the_setting_the_holder_may_pass() -> None:
    state = apply_all(_game(variant("bid-euchre")), "pass pass")
    assert "pass" in state.legal_actions()


def test_the_bot_bids_when_it_must_BID_A10() -> None:
    # S's spades are worth bidding on anyway; the bot must answer with a bid, never a pass.
    state = apply_all(_game(), "pass pass")
    action = HeuristicBot(state.variant, S, seed=0).act(state)
    assert state.action_name(action).startswith("bid:")


def test_the_rule_book_says_who_must_bid_BID_A10() -> None:
    text = " ".join(render_text(rule_book(MUST_AS)).split())
    assert "meets `holds(hand, AS)` must bid" in text and "BID-A10" in text


# -- round 1 of upcard bidding ----------------------------------------------------------------

MUST_JH = overlay("extends: standard\ndescription: the right bower of hearts must order up\n"
                  "upcard_bidding:\n  must_order_when: \"holds(hand, JH)\"\n")
MUST_FIVE_TRUMPS = overlay("extends: standard\ndescription: five trumps must order up\n"
                           "upcard_bidding:\n  must_order_when: \"count(hand, trump) >= 5\"\n")
# The upcard is the TH; E holds JH JD AH KH QH: five hearts counting the left bower.
E_HOLDS_TRUMP = {"dealer": W, "upcard": "TH",
                 "hands": [h.split() for h in ("9C TC 9D TD 9S", "JH JD AH KH QH",
                                               "AC KC QC JC AD", "AS KS QS JS TS")]}


def test_the_holder_of_the_card_must_order_up_in_round_1_STD_A16() -> None:
    state = new_game(MUST_JH, seed=0, deal=E_HOLDS_TRUMP)
    assert sorted(state.legal_actions()) == ["order_up", "pass"]  # N: no JH
    apply_all(state, "pass")
    assert state.current_player == E and state.legal_actions() == ["order_up"]
    reason = refuse(state, "pass")
    assert "must order up" in reason and "STD-A16" in reason
    apply_all(state, "order_up")
    assert state.hand.maker == E and state.hand.trump == 2  # hearts (C D H S)


def test_trump_in_the_condition_is_the_upcard_suit_STD_A16() -> None:
    # Hearts proposed: E's JH JD AH KH QH are five trumps, so E must order up; N (no heart)
    # may pass.
    state = new_game(MUST_FIVE_TRUMPS, seed=0, deal=E_HOLDS_TRUMP)
    assert "pass" in state.legal_actions()
    apply_all(state, "pass")
    assert state.legal_actions() == ["order_up"]


def test_the_bot_orders_up_when_it_must_STD_A16() -> None:
    # N's hand (no heart, no ace) would never order up; with the condition on the 9C it must.
    v = overlay("extends: standard\ndescription: the nine of clubs must order up\n"
                "upcard_bidding:\n  must_order_when: \"holds(hand, 9C)\"\n")
    state = new_game(v, seed=0, deal=E_HOLDS_TRUMP)
    assert state.action_name(HeuristicBot(v, N, seed=0).act(state)) == "order_up"


def test_the_rule_book_says_who_must_order_up_STD_A16() -> None:
    text = " ".join(render_text(rule_book(MUST_JH)).split())
    assert "meets `holds(hand, JH)`" in text and "must order the upcard up (STD-A16)" in text
