"""`railroad`: calling for the partner's best, defending alone, the joker upcard and the
scoring table of Railroad Euchre (RAIL-A1 to RAIL-A8), from fixed deals played out and every
row of the table through `score_hand`.

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3; W deals, N is eldest.
Expected points are worked out by hand from the rule, in the comments.
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.core import cards as C
from engine.core.errors import Refusal as R
from engine.testing.rules import apply_all, last_hand, names, play, refuse, variant

N, E, S, W = range(4)

# N holds four hearts; his partner S holds the joker. When N orders hearts up and goes alone,
# he discards the 9C and S passes him the joker: N then holds the five best trumps left in
# play (JK, JH, AH, KH, QH; the left bower JD stays in S's hand, out of the hand).
LONE_MAKER = {"dealer": W, "upcard": "9H",
              "hands": [h.split() for h in ("JH AH KH QH 9C", "9D TD QD KD AD",
                                            "JK JD TH 9S TS", "AC KC QC JC TC")]}

# N orders spades up and goes alone; W (the dealer) defends alone. N discards the TC and S
# passes him the AH; W takes the 9S up, discards the QC and KC, and his partner E passes
# him the left bower JC.
LONE_DEFENDER = {"dealer": W, "upcard": "9S",
                 "hands": [h.split() for h in ("JS AS KS 9C TC", "JC QS AD KD QD",
                                               "9H TH QH KH AH", "JK TS AC KC QC")]}


def _railroad(deal: dict[str, object]) -> State:
    return new_game(variant("railroad"), seed=0, deal=deal)


def test_a_lone_maker_discards_then_his_partner_passes_him_a_card_RAIL_A7() -> None:
    # N orders up and goes alone; E and W do not defend alone; W takes up the 9H and
    # discards the TC. Then N discards first (RAIL-A7), and only then S gives.
    state = apply_all(_railroad(LONE_MAKER), "order_up alone pass pass discard:TC")
    assert state.phase == "pass_cards" and state.current_player == N
    assert "give:JK" not in state.legal_actions()
    apply_all(state, "discard:9C")
    assert state.current_player == S  # the partner who sits out gives
    assert set(state.legal_actions()) == {f"give:{c}" for c in ["JK", "JD", "TH", "9S", "TS"]}
    apply_all(state, "give:JK")
    assert names(state.hand.hands[N]) == {"JH", "AH", "KH", "QH", "JK"}
    assert names(state.hand.hands[S]) == {"JD", "TH", "9S", "TS"}
    assert state.phase == "play"


def test_a_lone_maker_with_his_partners_joker_marches_for_4_RAIL_A7() -> None:
    state = apply_all(_railroad(LONE_MAKER), "order_up alone pass pass discard:TC "
                      "discard:9C give:JK")
    # N leads every trick (N, E, W; S sits out): his five trumps win them all; W must
    # follow the first trump with the 9H he took up. A lone march scores 4.
    play(state, "JK 9D 9H | JH TD AC | AH QD KC | KH KD QC | QH AD JC")
    record = last_hand(state)
    assert record.tricks == (5, 0, 0, 0) and record.label == "lone_march"
    assert state.scores == [4, 0, 4, 0]


def test_the_card_passed_is_seen_only_by_the_two_partners_RAIL_A7() -> None:
    state = apply_all(_railroad(LONE_MAKER), "order_up alone pass pass discard:TC "
                      "discard:9C give:JK")
    assert ("give" in dict(state.view(E).actions).values()
            and "give:JK" not in dict(state.view(E).actions).values())
    assert "give:JK" not in [name for _, name in state.view(W).actions]
    assert (S, "give:JK") in state.view(S).actions  # the giver sees his own card
    assert state.view(N).hand >> C.card("JK") & 1  # the receiver holds it
    # and other seats do not see the lone player's discard either
    assert (N, "discard:9C") not in state.view(E).actions


def test_only_the_seat_whose_turn_it_is_passes_and_only_a_card_he_holds_RAIL_A7() -> None:
    state = apply_all(_railroad(LONE_MAKER), "order_up alone pass pass discard:TC")
    assert "discard" in refuse(state, "give:JK")
    apply_all(state, "discard:9C")
    assert "give" in refuse(state, "give:AD", R.NOT_IN_HAND)  # E holds the AD, not S
    assert "give" in refuse(state, "discard:TH")


def test_a_lone_defender_calls_for_best_after_the_maker_and_euchres_him_for_4() -> None:
    # RAIL-A2: W may defend alone because N is alone (E, asked first, passes). W (dealer)
    # takes up the 9S and discards the QC. N discards the TC, S passes him the AH; then W
    # discards the KC and E passes him the left bower (RAIL-A7: the maker first).
    state = apply_all(_railroad(LONE_DEFENDER), "order_up alone pass alone discard:QC "
                      "discard:TC give:AH")
    assert state.current_player == W and state.phase == "pass_cards"
    apply_all(state, "discard:KC give:JC")
    assert names(state.hand.hands[W]) == {"JK", "TS", "AC", "9S", "JC"}
    # N leads (first active seat left of the dealer). JK beats the right bower; W's left
    # bower draws the AS; N's KS beats the 9S; W trumps the AH with the TS and his AC wins
    # the last trick against the 9C: N takes 1 trick, so the lone maker is euchred by a
    # lone defender: E-W score 4.
    play(state, "JS JK | JC AS | 9S KS | AH TS | AC 9C")
    record = last_hand(state)
    assert record.tricks == (1, 0, 0, 4) and record.label == "lone_euchre"
    assert state.scores == [0, 4, 0, 4]


def test_a_defender_may_not_go_alone_against_partners_RAIL_A2() -> None:
    # N orders up without going alone: nobody else is asked, and the dealer exchanges.
    state = apply_all(_railroad(LONE_DEFENDER), "order_up pass")
    assert state.phase == "dealer_pickup" and state.current_player == W


def test_nobody_calls_for_best_without_a_lone_player_RAIL_A8() -> None:
    state = apply_all(_railroad(LONE_DEFENDER), "order_up pass discard:QC")
    assert state.phase == "play"


def test_a_joker_turned_up_proposes_hearts_RAIL_A1() -> None:
    deal = {"dealer": W, "upcard": "JK",
            "hands": [h.split() for h in ("JH AH KH QH 9C", "9D TD QD KD AD",
                                          "9H JD TH 9S TS", "AC KC QC JC TC")]}
    state = apply_all(_railroad(deal), "order_up pass")
    assert state.hand.trump == C.parse_suit("H") and state.current_player == W


# Railroad's table (bicyclecards; Keller): makers 3-4 tricks 1, alone or not; a march 2, alone
# 4; makers euchred 2 (a lone maker euchred by both defenders too, RAIL-A3); a lone maker
# euchred by a lone defender 4.
@pytest.mark.parametrize(("tricks", "alone", "label", "deltas"), [
    ((2, 1, 1, 1), (), "made", (1, 0, 1, 0)),                  # 3 tricks: 1
    ((2, 0, 2, 1), (), "made", (1, 0, 1, 0)),                  # 4 tricks: 1
    ((3, 0, 2, 0), (), "march", (2, 0, 2, 0)),                 # 5 tricks: 2
    ((3, 2, 0, 0), (N,), "made", (1, 0, 1, 0)),                # alone, 3: 1
    ((4, 1, 0, 0), (N,), "made", (1, 0, 1, 0)),                # alone, 4: 1
    ((5, 0, 0, 0), (N,), "lone_march", (4, 0, 4, 0)),          # alone, 5: 4
    ((1, 2, 1, 1), (), "euchre", (0, 2, 0, 2)),                # euchred: 2
    ((2, 2, 0, 1), (N,), "euchre", (0, 2, 0, 2)),              # lone, both defend: 2 (A3)
    ((2, 3, 0, 0), (N, E), "lone_euchre", (0, 4, 0, 4)),       # lone vs lone defender: 4
    ((5, 0, 0, 0), (N, E), "lone_march", (4, 0, 4, 0)),        # lone march vs lone: 4
])
def test_the_railroad_scoring_table_RAIL_A3(tricks: tuple[int, ...], alone: tuple[int, ...],
                                            label: str, deltas: tuple[int, ...]) -> None:
    result = variant("railroad").score_hand(dealer=W, maker=N, tricks=list(tricks),
                                            scores=[0, 0, 0, 0], alone=list(alone))
    assert result.deltas == deltas and result.label == label


def test_the_target_is_10_RAIL_A4() -> None:
    result = variant("railroad").score_hand(dealer=W, maker=N, tricks=[3, 0, 2, 0],
                                            scores=[8, 0, 8, 0])
    assert result.game_over and result.winners == (N, S)


def test_the_pack_is_25_cards_with_the_joker_RAIL_A6() -> None:
    assert len(variant("railroad").deck.cards) == 25
