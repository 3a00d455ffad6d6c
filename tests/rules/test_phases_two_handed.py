"""The rules of two-handed Euchre (`euchre rules two-handed`), one rule per test, from fixed deals.

Seat 1 deals the fixed deals here, so seat 0 is the non-dealer ("eldest").
"""

from __future__ import annotations

import functools
import itertools
import random
from types import SimpleNamespace
from typing import Any

import pytest

from engine import IllegalActionError, State, Variant, load_variant, new_game
from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.deal import Deal
from engine.mechanics.hand import Hand
from engine.testing.rules import apply_all, refuse

P1, P2 = 0, 1


@functools.cache
def two_handed() -> Variant:
    return load_variant("two-handed")


def deal_of(first: str, second: str, upcard: str, *, dealer: int = P2) -> dict[str, Any]:
    return {"dealer": dealer, "hands": [first.split(), second.split()], "upcard": upcard}


# P1 holds the three best hearts; P2 the clubs. The KH is turned up.
THREE_TRUMPS = deal_of("JH JD AH 9C 9S", "AC KC QC JC TC", "KH")
MARCH = deal_of("JH JD AH QH 9S", "AC KC QC JC TC", "KH")
EUCHRE = deal_of("9C TC 9D TD 9S", "JH JD AH KH QH", "TH")


def game(deal: dict[str, Any], **kw: Any) -> State:
    return new_game(two_handed(), seed=0, deal=deal, **kw)


def play_in_order(state: State, deal: dict[str, Any]) -> None:
    """Each seat plays the first card of its written hand that is legal (others last)."""
    hands_before = len(state.hands_played)
    while len(state.hands_played) == hands_before and not state.is_terminal():
        seat = state.current_player
        held = C.names(state.hand.hands[seat])
        written = deal["hands"][seat]
        preference = [c for c in written if c in held] + [c for c in held if c not in written]
        legal = state.legal_actions()
        state.apply(next(f"play:{c}" for c in preference if f"play:{c}" in legal))


def test_five_cards_each_non_dealer_first_the_11th_card_turned_up_RULES_3_2() -> None:
    class Identity:
        def shuffle(self, cards: list[int]) -> None:
            pass

    v = two_handed()
    s = SimpleNamespace(rng=Identity(), dealer=P2,
                        hand=Hand(players=2, positions=2, first_action=0))
    Deal(v).shuffle_and_deal(s)  # type: ignore[arg-type]
    deck = list(v.deck.cards)
    assert s.hand.hands[P1] == C.mask_of(deck[0:3] + deck[5:7])  # 3 then 2, non-dealer first
    assert s.hand.hands[P2] == C.mask_of(deck[3:5] + deck[7:10])  # 2 then 3
    assert s.hand.upcard == deck[10]
    assert s.hand.kitty.bit_count() == 13  # the rest stay face down, unused


def test_a_seeded_deal_leaves_13_cards_unused_TWO_A2() -> None:
    state = new_game(two_handed(), seed=3)
    assert [h.bit_count() for h in state.hand.hands] == [5, 5]
    assert state.hand.kitty.bit_count() == 13 and state.hand.upcard >= 0
    assert len(two_handed().deck.cards) == 24


def test_the_non_dealer_bids_first_then_the_dealer_RULES_3_2() -> None:
    state = game(THREE_TRUMPS)
    assert state.current_player == P1 and state.legal_actions() == ["pass", "order_up"]
    state.apply("pass")
    assert state.current_player == P2 and state.legal_actions() == ["pass", "order_up"]
    state.apply("pass")
    assert state.hand.scratch.round == 2 and state.current_player == P1
    assert state.legal_actions() == ["pass", "call:C", "call:D", "call:S"]
    state.apply("pass")
    assert state.current_player == P2


@pytest.mark.parametrize(("actions", "maker"), [("order_up", P1), ("pass order_up", P2)])
def test_either_acceptance_makes_the_dealer_exchange_RULES_3_2(actions: str,
                                                             maker: int) -> None:
    state = apply_all(game(THREE_TRUMPS), actions)
    assert state.hand.maker == maker and state.hand.trump_name == "H"
    assert state.phase == "dealer_pickup" and state.current_player == P2
    assert C.names(state.hand.hands[P2]) == ["TC", "JC", "QC", "KC", "AC", "KH"]
    state.apply("discard:KH")  # the upcard itself may go (STD-A1)
    assert state.phase == "play"


def test_no_lone_hand_is_offered_RULES_3_2() -> None:
    state = apply_all(game(THREE_TRUMPS), "order_up")
    assert "alone" not in state.legal_actions()
    assert refuse(state, "alone") == "the dealer took the upcard and must discard a card"
    state.apply("discard:TC")
    assert state.phase == "play" and state.hand.alone == []
    with pytest.raises(IllegalActionError):
        state.apply("alone")
    assert A.ALONE not in state.legal_action_ids()


def test_round_2_may_not_name_the_turned_down_suit_RULES_3_2() -> None:
    state = apply_all(game(THREE_TRUMPS), "pass pass")
    assert refuse(state, "call:H") == "hearts was turned down; name another suit"
    state.apply("pass")
    state.apply("call:C")
    assert state.hand.maker == P2 and state.hand.trump_name == "C" and state.phase == "play"


def test_the_non_dealer_leads_the_first_trick_RULES_3_2() -> None:
    for actions in ("order_up discard:TC", "pass order_up discard:TC", "pass pass call:S",
                    "pass pass pass call:S"):
        state = apply_all(game(THREE_TRUMPS), actions)
        assert state.phase == "play" and state.current_player == P1, actions


def test_tricks_have_two_cards_and_the_winner_leads_RULES_1_3() -> None:
    state = apply_all(game(THREE_TRUMPS), "order_up discard:TC play:9C play:AC")
    assert state.hand.tricks_won == [0, 1] and state.current_player == P2
    assert refuse(state, "play:JH") == "J♥ is not in your hand"


def test_both_passing_twice_passes_the_deal_to_the_other_player_TWO_A3() -> None:
    state = new_game(two_handed(), seed=0, deals=[THREE_TRUMPS, deal_of(
        "AC KC QC JC TC", "JH JD AH 9C 9S", "KH", dealer=P1)])
    apply_all(state, "pass pass pass pass")
    assert state.hands_played[-1].thrown_in == "all passed"
    assert state.dealer == P1 and state.current_player == P2 and state.scores == [0, 0]


@pytest.mark.parametrize(("deal", "actions", "label", "scores"), [
    (THREE_TRUMPS, "order_up discard:TC", "made", [1, 0]),
    (MARCH, "order_up discard:TC", "march", [2, 0]),
    (EUCHRE, "order_up discard:TH", "euchre", [0, 2]),
    (EUCHRE, "pass pass pass call:S", "euchre", [2, 0]),  # the dealer made spades and lost
])
def test_the_maker_scores_1_for_3_or_4_2_for_5_the_opponent_2_for_a_euchre_RULES_3_2(
        deal: dict[str, Any], actions: str, label: str, scores: list[int]) -> None:
    state = apply_all(game(deal), actions)
    play_in_order(state, deal)
    record = state.hands_played[-1]
    assert record.label == label and state.scores == scores
    assert record.alone == ()
    assert state.dealer == P1 and state.current_player == P2  # the deal alternates


def test_a_march_scores_2_never_4_RULES_3_2() -> None:
    v = two_handed()
    assert v.score_hand(dealer=P2, maker=P1, tricks=[5, 0], scores=[0, 0]).deltas == (2, 0)
    with pytest.raises(ValueError, match="alone"):
        v.score_hand(dealer=P2, maker=P1, tricks=[5, 0], scores=[0, 0], alone=[P1])


def test_the_first_to_reach_10_wins_TWO_A4() -> None:
    state = apply_all(game(MARCH, scores=[8, 9]), "order_up discard:TC")
    play_in_order(state, MARCH)
    assert state.is_terminal() and state.winners == (P1,) and state.scores == [10, 9]


def test_seeded_games_alternate_the_deal_and_end_at_10_RULES_3_2() -> None:
    for seed in range(5):
        state = new_game(two_handed(), seed=seed)
        rng = random.Random(seed)
        dealers = []
        while not state.is_terminal():
            if state.phase == "upcard_bidding" and not state.history_ids[state.hand.first_action:]:
                dealers.append(state.dealer)
            assert "alone" not in state.legal_actions()
            state.apply(rng.choice(state.legal_action_ids()))
        assert all(a != b for a, b in itertools.pairwise(dealers))
        assert max(state.scores) >= 10 and len(state.winners) == 1
