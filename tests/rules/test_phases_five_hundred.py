"""The shipped Five Hundred files (issue 24's proof of the building blocks), checked against
the published rules by hand.

The Avondale schedule (C500-A1): a bid of N tricks in spades, clubs, diamonds, hearts or
no-trump is worth 40 + 100 (N - 6) + 20 for each suit above spades (6S 40 ... 7H 200 ... 9C
360 ... 10N 520); misère 250, open misère 500. Made: the bid's value (all ten tricks on a bid
under 250: 250, C500-A5); set: minus the value; the opponents score 10 a trick, nothing
against a misère (C500-A6). Seats 0 to 3 are North, East, South, West; North-South (0 and 2)
play against East-West (1 and 3), partners carrying one score.
"""

from __future__ import annotations

import pytest

from engine import load_variant, new_game
from engine.core import cards as C
from engine.mechanics.auction_rules import AuctionView

N, E, S, W = range(4)


def _suits(cards: int) -> dict[str, int]:
    counts = {"C": 0, "D": 0, "H": 0, "S": 0, "joker": 0}
    for c in C.cards_of(cards):
        counts["joker" if C.rank_of(c) == C.RANK_JOKER else C.SUIT_NAMES[C.suit_of(c)]] += 1
    return counts


def test_the_four_handed_pack_has_43_cards_red_from_4_black_from_5_and_the_joker() -> None:
    deck = load_variant("five-hundred").deck
    # hearts and diamonds 4 to ace: 11 ranks each; clubs and spades 5 to ace: 10 each
    assert _suits(deck.mask) == {"C": 10, "D": 11, "H": 11, "S": 10, "joker": 1}
    assert len(deck.cards) == 43 and C.card("4H") in deck.cards and C.card("4C") not in deck.cards


def test_the_three_handed_pack_has_33_cards_7_to_ace_and_the_joker() -> None:
    deck = load_variant("five-hundred-3").deck
    assert _suits(deck.mask) == {"C": 8, "D": 8, "H": 8, "S": 8, "joker": 1}


@pytest.mark.parametrize(("name", "players"), [("five-hundred", 4), ("five-hundred-3", 3)])
def test_ten_cards_each_and_a_kitty_of_three_use_the_whole_pack(name: str, players: int
                                                                  ) -> None:
    v = load_variant(name)
    state = new_game(v, seed=11)
    hands = state.hand.hands[:players]
    assert [h.bit_count() for h in hands] == [10] * players
    assert state.hand.kitty.bit_count() == 3
    dealt = state.hand.kitty
    for h in hands:
        assert dealt & h == 0
        dealt |= h
    assert dealt == v.deck.mask


def test_the_schedule_scores_a_partnership_by_hand() -> None:
    v = load_variant("five-hundred")
    # North bids 7 hearts (200): North 5 and South 3 tricks make 8; East-West took 2: +20
    made = v.score_hand(dealer=W, maker=N, tricks=[5, 1, 3, 1], scores=[0] * 4, bid="7H")
    assert (made.label, made.deltas) == ("made", (200, 20, 200, 20))
    # East bids 9 clubs (360) and takes 7 with West: set, -360; North-South took 3: +30
    down = v.score_hand(dealer=W, maker=E, tricks=[2, 4, 1, 3], scores=[0] * 4, bid="9C")
    assert (down.label, down.deltas) == ("set", (30, -360, 30, -360))
    # all ten on 8 spades (240, under 250): the slam scores 250
    slam = v.score_hand(dealer=W, maker=S, tricks=[4, 0, 6, 0], scores=[0] * 4, bid="8S")
    assert (slam.label, slam.deltas) == ("slam", (250, 0, 250, 0))
    # a misère: North alone takes no trick, +250; the opponents score nothing
    misere = v.score_hand(dealer=W, maker=N, tricks=[0, 6, 0, 4], scores=[0] * 4, bid="misere")
    assert (misere.label, misere.deltas) == ("misere", (250, 0, 250, 0))


def test_minus_500_loses_out_the_back_door_GAME_A2() -> None:
    v = load_variant("five-hundred")
    # East-West at -400 are set on 6 no-trump (120): -520; North-South at 300 are not at 500
    result = v.score_hand(dealer=W, maker=E, tricks=[5, 3, 0, 2], scores=[300, -400, 300, -400],
                          bid="6N")
    assert result.scores == (350, -520, 350, -520)
    assert result.game_over and result.winners == (N, S)


def test_the_joker_is_the_highest_trump_and_the_highest_card_at_no_trump() -> None:
    deck = load_variant("five-hundred").deck
    for trump in (C.HEARTS, C.NO_TRUMP):
        tables = deck.tables(trump)
        led = tables.effective[C.card("AH")]
        assert max(deck.cards, key=tables.power[led].__getitem__) == C.JOKER


def test_the_bidders_partner_sits_out_a_misere_and_an_open_misere_is_shown_after_the_lead(
        ) -> None:
    state = new_game(load_variant("five-hundred"), seed=2)
    eldest = state.current_player
    state.apply("bid:open_misere")
    for _ in range(3):
        state.apply("pass")
    assert state.hand.maker == eldest
    partner = (eldest + 2) % 4
    assert not state.hand.active(partner) and eldest in state.hand.alone
    while state.phase != "play":  # the bidder takes the kitty and lays three cards away
        state.apply(state.legal_actions()[0])
    other = (eldest + 1) % 4
    assert AuctionView.of(state.view(other)).hand_shown(eldest) is None
    state.apply(state.legal_actions()[0])  # his lead: now every seat sees his hand
    shown = AuctionView.of(state.view(other)).hand_shown(eldest)
    assert shown == state.hand.hands[eldest] and shown.bit_count() == 9
