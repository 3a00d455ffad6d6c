"""The rules of British Euchre (`euchre rules british`): the Benny, the Benny upcard, the cut
for the first dealer and the scoring, from fixed deals and through ``Variant.score_hand``.

Seats are numbered clockwise 0..3 (N E S W); partners are N-S and E-W; W deals, N is eldest.
Expected points are British Euchre's as the references give them (BRIT-A5): makers 1 for three
or four tricks (alone or not), 2 for all five, 4 for all five alone; euchred makers give the
defenders 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine import State, new_game
from engine.core import cards as C
from engine.testing.rules import apply_all, last_hand, play, variant

N, E, S, W = range(4)


def deal_of(hands: Sequence[str], upcard: str, *, dealer: int = W) -> dict[str, Any]:
    """A deal from hands written as space-separated codes; the kitty is the rest."""
    return {"dealer": dealer, "hands": [h.split() for h in hands], "upcard": upcard}


def game(deal: dict[str, Any]) -> State:
    return new_game(variant("british"), seed=0, deal=deal)


def test_the_pack_is_24_cards_and_the_benny_BRIT_A1() -> None:
    pack = variant("british").deck
    assert C.popcount(pack.mask) == 25 and pack.mask >> C.JOKER & 1


def test_the_benny_beats_both_bowers() -> None:
    # hearts trump: the Benny over the right and left bowers, whatever the order of play
    assert variant("british").trick_winner("H", ["JH", "JD", "JK", "AH"]) == 2
    assert variant("british").trick_winner("S", ["JK", "JS", "JC", "AS"]) == 0


def test_a_benny_upcard_makes_the_dealer_name_trump_before_looking_BRIT_A1() -> None:
    deal = deal_of(["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH",
                    "9S TS JS QS KS"], "JK")
    state = game(deal)
    assert state.current_player == W  # no round of bidding: the dealer names at once
    assert state.legal_actions() == ["call:C", "call:D", "call:H", "call:S"]
    assert state.view(W).hand_codes == []  # he has not looked at his cards
    state.apply("call:S")
    assert state.hand.maker == W and state.hand.trump_name == "S"
    apply_all(state, "pass discard:9S")  # not alone; takes the Benny, throws a card
    assert "JK" in C.names(state.hand.hands[W]) and state.phase == "play"


def test_the_highest_card_cut_deals_first_and_partners_keep_their_seats_BRIT_A4() -> None:
    ranking = "AKQJT9"  # the cut: aces high, suits do not count
    dealers = set()
    for seed in range(60):
        state = new_game(variant("british"), seed=seed)
        draws = state.draw
        assert all(C.JOKER not in cards for cards in draws.values())  # the Benny is left out
        best = min(draws, key=lambda seat: [ranking.index(C.card_name(c)[0])
                                            for c in draws[seat]])
        assert state.dealer == best
        dealers.add(state.dealer)
    assert dealers == {N, E, S, W}
    assert variant("british").sides.teams == ((N, S), (E, W))


def test_the_deal_is_2_3_then_3_2_from_eldest_BRIT_A4() -> None:
    assert variant("british").deal.packets == ((2, 3, 2, 3), (3, 2, 3, 2))


def test_a_lone_march_scores_4() -> None:
    # N holds the Benny, both bowers, AH and KH; he orders up the 9H and goes alone; W takes
    # the 9H and throws the TS. S sits out; N leads from the top and takes every trick.
    deal = deal_of(["JK JH JD AH KH", "AC KC QC JC TC", "9D TD QD KD AD",
                    "AS KS QS JS TS"], "9H")
    state = apply_all(game(deal), "order_up alone discard:TS")
    play(state, "JK AC 9H | JH KC JS | JD QC QS | AH JC KS | KH TC AS")
    record = last_hand(state)
    assert record.tricks == (5, 0, 0, 0) and record.label == "lone_march"
    assert state.scores == [4, 0, 4, 0]


@pytest.mark.parametrize(("tricks", "alone", "label", "deltas"), [
    ((2, 1, 1, 1), (), "made", (1, 0, 1, 0)),
    ((3, 1, 1, 0), (), "made", (1, 0, 1, 0)),
    ((3, 1, 0, 1), (N,), "made", (1, 0, 1, 0)),         # alone, three tricks: still 1
    ((4, 1, 0, 0), (N,), "made", (1, 0, 1, 0)),
    ((3, 0, 2, 0), (), "march", (2, 0, 2, 0)),
    ((5, 0, 0, 0), (N,), "lone_march", (4, 0, 4, 0)),
    ((1, 2, 1, 1), (), "euchre", (0, 2, 0, 2)),
    ((0, 3, 0, 2), (), "euchre", (0, 2, 0, 2)),
    ((2, 2, 0, 1), (N,), "euchre", (0, 2, 0, 2)),       # a lone maker euchred: 2
])
def test_the_table_BRIT_A5(tricks: tuple[int, ...], alone: tuple[int, ...], label: str,
                           deltas: tuple[int, ...]) -> None:
    result = variant("british").score_hand(dealer=W, maker=N, tricks=list(tricks),
                                           scores=[0, 0, 0, 0], alone=list(alone))
    assert result.deltas == deltas and result.label == label


def test_the_target_is_10_BRIT_A2() -> None:
    result = variant("british").score_hand(dealer=W, maker=N, tricks=[3, 0, 2, 0],
                                           scores=[8, 3, 8, 3])
    assert result.game_over and result.winners == (N, S)
