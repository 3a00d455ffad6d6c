"""The `canadian-loner` house rule on standard, and the literal-seed first lead, from fixed
deals: a player who orders up his partner, the dealer, in round 1 must go alone (STD-A13);
with `play.first_lead: literal_seed` the player across from the dealer leads when eldest's side
plays alone (STD-A14).

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3; W deals, N is eldest,
so E is the dealer's partner. Expected points are worked out by hand, in the comments.
"""

from __future__ import annotations

from engine import State, new_game
from engine.core.errors import Refusal as R
from engine.testing.rules import apply_all, last_hand, overlay, play, refuse, variant

N, E, S, W = range(4)

# E holds the five best hearts; the upcard is the TH.
E_HOLDS_TRUMP = {"dealer": W, "upcard": "TH",
                 "hands": [h.split() for h in ("9C TC 9D TD 9S", "JH JD AH KH QH",
                                               "AC KC QC JC AD", "AS KS QS JS TS")]}


def _game(name: str = "canadian-loner") -> State:
    return new_game(variant(name), seed=0, deal=E_HOLDS_TRUMP)


def test_ordering_up_your_partner_the_dealer_forces_you_alone_STD_A13() -> None:
    state = apply_all(_game(), "pass order_up")
    assert state.legal_actions() == ["alone"]
    assert "must go alone" in refuse(state, "pass", R.MAY_NOT_PASS)
    apply_all(state, "alone")
    assert state.hand.alone == [E] and not state.hand.active(W)


def test_the_forced_loner_scores_as_any_lone_march_4_STD_A13() -> None:
    # W sits out and does not take the TH (standard). N leads; E trumps the club, then leads
    # his trumps from the top and takes all five tricks alone: lone march, 4 to E-W.
    state = apply_all(_game(), "pass order_up alone")
    play(state, "9C JH AC  JD AD 9D  AH KC TC  KH QC TD  QH JC 9S")
    record = last_hand(state)
    assert record.tricks == (0, 5, 0, 0) and record.label == "lone_march"
    assert state.scores == [0, 4, 0, 4]


def test_an_opponent_of_the_dealer_who_orders_up_may_still_play_with_his_partner_STD_A13() -> None:
    state = apply_all(_game(), "order_up")  # N orders up W, who is not his partner
    assert sorted(state.legal_actions()) == ["alone", "pass"]


def test_naming_a_suit_in_round_2_forces_nothing_STD_A13() -> None:
    state = apply_all(_game(), "pass pass pass pass pass call:S")  # E names spades in round 2
    assert sorted(state.legal_actions()) == ["alone", "pass"]


def test_standard_lets_the_dealer_partner_play_with_him() -> None:
    state = apply_all(_game("standard"), "pass order_up")
    assert sorted(state.legal_actions()) == ["alone", "pass"]


LITERAL_SEED = overlay("extends: standard\ndescription: literal\n"
                       "play:\n  first_lead: literal_seed\n")


def test_literal_seed_across_from_the_dealer_leads_when_eldest_himself_is_alone_STD_A14() -> None:
    # N (eldest) orders up and goes alone; W takes the TH and discards the TS. Read literally,
    # the player across from the dealer (E) leads, not eldest (N) as standard has it.
    state = new_game(LITERAL_SEED, seed=0, deal=E_HOLDS_TRUMP)
    apply_all(state, "order_up alone discard:TS")
    assert state.current_player == E
    standard = apply_all(_game("standard"), "order_up alone discard:TS")
    assert standard.current_player == N


def test_literal_seed_eldest_leads_when_the_other_side_is_alone_STD_A14() -> None:
    # E orders up and goes alone: eldest's side (N-S) is not alone, so N leads as usual.
    state = new_game(LITERAL_SEED, seed=0, deal=E_HOLDS_TRUMP)
    apply_all(state, "pass order_up alone")
    assert state.current_player == N
