"""The rules of three-handed Cutthroat Euchre with a dummy (`euchre rules cutthroat`) and its
overlays,
one rule per test, from fixed deals.

Seats are numbered clockwise 0..2 (A B C, `euchre rules NAME`); the dummy is position 3. Most deals
have C dealing, so A is eldest, and the deal goes A, B, dummy, C (CTD-A7). Every hand is played
out card by card, written one trick to a group, so a change in who wins a trick shows up. Each
test names the rule it checks and cites the docs/ambiguities.md id.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, NamedTuple

import pytest

from engine import State, new_game
from engine.core import cards as C
from engine.core.errors import Refusal as R
from engine.mechanics.deal import Deal
from engine.mechanics.dummy_merge import DummyMergePart
from engine.mechanics.hand import Hand
from engine.mechanics.upcard_trump import UpcardPart
from engine.testing.rules import apply_all, cards, discard, last_hand, names, play, refuse, variant

A, B, CC = range(3)  # CC: seat C (``C`` is the cards module)
DUMMY = 3


def deal_of(hands: Sequence[str], dummy: str, upcard: str, *, dealer: int = CC
            ) -> dict[str, Any]:
    """A deal from hands written as space-separated codes; the kitty is the rest."""
    return {"dealer": dealer, "hands": [h.split() for h in hands], "upcard": upcard,
            "extra": {"dummy": dummy.split()}}


# A holds the two bowers and the ace of hearts; B the clubs, C the spades, the dummy the
# diamonds. Upcard KH; kitty 9H TH QH.
STRONG = deal_of(["JH JD AH 9C 9S", "AC KC QC JC TC", "AS KS QS JS TS"],
                 "9D TD QD KD AD", "KH")
# A holds the five best hearts but the nine and ten (9H is the upcard).
LOADED = deal_of(["JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS"],
                 "9D TD QD KD AD", "9H")
# A has no trump at all; B holds the five best hearts. Upcard TH.
WEAK = deal_of(["9C TC 9D TD 9S", "JH JD AH KH QH", "AC KC QC JC AD"],
               "AS KS QS JS TS", "TH")
# A holds KH QH, B the bowers, the ace of hearts and two side aces; the dummy the diamonds.
SPLIT = deal_of(["KH QH 9C TC 9D", "JH JD AH AC AS", "KC QC JC KS QS"],
                "TD QD KD AD 9S", "TH")


def game(deal: dict[str, Any], name: str = "cutthroat", **kw: Any) -> State:
    return new_game(variant(name), seed=0, deal=deal, **kw)


# -- the deal (CTD-A7) ---------------------------------------------------------------------

class IdentityRng:
    def shuffle(self, cards: list[int]) -> None:
        pass


@pytest.mark.parametrize("dealer", [A, B, CC])
def test_the_dummy_is_dealt_at_the_dealers_right_in_packets_3_2_3_2_then_2_3_2_3_CTD_A7(
        dealer: int) -> None:
    v = variant("cutthroat")
    s = SimpleNamespace(rng=IdentityRng(), dealer=dealer,
                        hand=Hand(players=3, positions=4, first_action=0))
    Deal(v).shuffle_and_deal(s)  # type: ignore[arg-type]
    deck = list(v.deck.cards)  # unshuffled: the deal takes cards from the front
    eldest, second = (dealer + 1) % 3, (dealer + 2) % 3
    expected = {eldest: deck[0:3] + deck[10:12], second: deck[3:5] + deck[12:15],
                DUMMY: deck[5:8] + deck[15:17], dealer: deck[8:10] + deck[17:20]}
    for position, dealt in expected.items():
        assert s.hand.hands[position] == C.mask_of(dealt), position
    assert s.hand.upcard == deck[20]
    assert C.names(s.hand.kitty) == C.names(C.mask_of(deck[21:]))


def test_a_seeded_deal_gives_five_each_five_to_the_dummy_an_upcard_and_three_RULES_3_3(
        ) -> None:
    for seed in range(5):
        state = new_game(variant("cutthroat"), seed=seed)
        assert [h.bit_count() for h in state.hand.hands] == [5, 5, 5, 5]
        assert state.hand.upcard >= 0 and state.hand.kitty.bit_count() == 3
        assert state.current_player == (state.dealer + 1) % 3
        # Nobody sees the dummy: every view counts its five cards, face down.
        for seat in range(3):
            view = state.view(seat)
            assert view.hand_sizes[DUMMY] == 5 and view.hand == state.hand.hands[seat]
            assert view.seen == 0


# -- trump selection: two rounds (`euchre rules cutthroat`, CTD-A1, CTD-A9) ---------------

def test_round_1_goes_from_eldest_to_the_dealer_and_the_dummy_never_bids_RULES_3_3() -> None:
    state = game(STRONG)
    seen = []
    for _ in range(3):
        seen.append(state.current_player)
        assert state.legal_actions() == ["pass", "order_up"]
        state.apply("pass")
    assert seen == [A, B, CC]
    assert state.hand.scratch.round == 2 and state.current_player == A


def test_an_order_up_makes_the_dealer_take_the_upcard_and_discard_one_of_six_CTD_A2() -> None:
    state = apply_all(game(STRONG), "pass order_up")
    assert state.hand.maker == B and state.hand.trump_name == "H"
    assert state.phase == "dealer_pickup" and state.current_player == CC
    assert state.legal_actions() == [f"discard:{c}" for c in C.names(
        C.mask_of(["AS", "KS", "QS", "JS", "TS", "KH"]))]
    state.apply("discard:KH")  # even the upcard itself (CTD-A2 honours "may")
    assert C.names(state.hand.discards[CC]) == ["KH"]
    assert state.phase == "go_alone" and state.current_player == B


def test_round_2_names_any_suit_but_the_turned_down_one_and_nobody_picks_up_CTD_A1() -> None:
    state = apply_all(game(STRONG), "pass pass pass")
    assert UpcardPart.of(state.hand).turned_down == C.HEARTS and "KH" in names(state.hand.kitty)
    assert state.legal_actions() == ["pass", "call:C", "call:D", "call:S"]
    assert refuse(state, "call:H", R.TURNED_DOWN) == "hearts was turned down; name another suit"
    apply_all(state, "pass call:D")
    assert state.hand.maker == B and state.hand.trump_name == "D"
    assert state.phase == "go_alone" and state.current_player == B
    apply_all(state, "pass pass pass")  # B, then C and A as defenders
    # No exchange in round 2: B merges the dummy, ten cards, and discards five.
    assert state.phase == "dummy_merge" and state.hand.hands[B].bit_count() == 10
    assert state.hand.discards == [0, 0, 0]


def test_all_passing_twice_throws_the_hand_in_and_the_deal_passes_left_RULES_3_3() -> None:
    second = deal_of(["AS KS QS JS TS", "JH JD AH 9C 9S", "AC KC QC JC TC"],
                     "9D TD QD KD AD", "KH", dealer=A)
    state = new_game(variant("cutthroat"), seed=0, deals=[STRONG, second])
    apply_all(state, "pass " * 6)
    record = last_hand(state)
    assert record.thrown_in == "all passed" and record.deltas == (0, 0, 0)
    assert state.dealer == A and state.current_player == B and state.hand.scratch.round == 1
    assert names(state.hand.hands[B]) == cards("JH JD AH 9C 9S")


def test_without_stick_the_dealer_the_dealer_may_pass_round_2_CTD_A9() -> None:
    state = apply_all(game(STRONG), "pass " * 5)
    assert state.current_player == CC and "pass" in state.legal_actions()


def test_a_stuck_dealer_must_name_a_suit_but_not_the_turned_down_one_cutthroat_stick() -> None:
    state = apply_all(game(STRONG, "cutthroat-stick"), "pass " * 5)
    assert state.current_player == CC
    assert state.legal_actions() == ["call:C", "call:D", "call:S"]
    assert refuse(state, "pass", R.MAY_NOT_PASS) == ("stick the dealer: the dealer may not "
                                                     "pass now, he must name trump")
    state.apply("call:S")
    assert state.hand.maker == CC and state.hand.trump_name == "S" and state.phase == "go_alone"


# -- the dummy merge (CTD-A3, CTD-A14) -------------------------------------------------------

def test_the_maker_declares_alone_before_seeing_the_dummy_CTD_A14() -> None:
    state = apply_all(game(STRONG), "order_up discard:TS")
    assert state.phase == "go_alone" and state.current_player == A
    assert state.legal_actions() == ["pass", "alone"]
    assert names(state.view(A).hand) == cards("JH JD AH 9C 9S")
    assert state.view(A).seen == 0
    assert names(state.hand.hands[DUMMY]) == cards("9D TD QD KD AD")  # still face down


def test_a_maker_not_alone_merges_the_dummy_and_discards_five_of_ten_CTD_A3() -> None:
    state = apply_all(game(STRONG), "order_up discard:TS pass pass pass")
    assert state.phase == "dummy_merge" and state.current_player == A
    assert names(state.hand.hands[A]) == cards("JH JD AH 9C 9S 9D TD QD KD AD")
    assert state.hand.hands[DUMMY] == 0
    assert len(state.legal_actions()) == 10
    discard(state, "9C 9S 9D TD")
    assert state.phase == "dummy_merge"  # still six
    assert "discards 1 more card" in refuse(state, "play:JH")
    discard(state, "QD")
    assert state.phase == "play" and names(state.hand.hands[A]) == cards("JH JD AH KD AD")
    # The others see the five dummy cards leave, not which ones the maker kept.
    assert state.view(B).discards == 0 and state.view(B).hand_sizes == (5, 5, 5, 0)
    assert state.view(A).discards == C.mask_of(["9C", "9S", "9D", "TD", "QD"])


def test_the_maker_may_keep_his_own_five_and_discard_the_whole_dummy_CTD_A3() -> None:
    state = apply_all(game(STRONG), "order_up discard:TS pass pass pass")
    discard(state, "9D TD QD KD AD")
    assert state.phase == "play" and names(state.hand.hands[A]) == cards("JH JD AH 9C 9S")
    assert DummyMergePart.of(state.hand).merged == C.mask_of(["9D", "TD", "QD", "KD", "AD"])


def test_the_dealer_who_took_the_upcard_merges_eleven_and_keeps_five_RULES_3_3() -> None:
    state = apply_all(game(STRONG), "pass pass order_up")
    # The dealer takes the KH and does not discard yet: the merge does it (5 of 11).
    assert state.phase == "go_alone" and state.current_player == CC
    assert names(state.hand.hands[CC]) == cards("AS KS QS JS TS KH")
    apply_all(state, "pass pass pass")
    assert state.phase == "dummy_merge" and state.current_player == CC
    assert state.hand.hands[CC].bit_count() == 11 and len(state.legal_actions()) == 11
    discard(state, "9D TD QD KD AD")
    assert state.phase == "dummy_merge"
    discard(state, "TS")
    assert state.phase == "play" and names(state.hand.hands[CC]) == cards("AS KS QS JS KH")
    assert state.hand.discards[CC].bit_count() == 6


def test_must_merge_refuses_discarding_the_last_dummy_card_cutthroat_must_merge() -> None:
    state = apply_all(game(STRONG, "cutthroat-must-merge"), "order_up discard:TS pass pass pass")
    discard(state, "9D TD QD KD")
    assert "discard:AD" not in state.legal_actions()
    assert refuse(state, "discard:AD", R.MUST_KEEP) == ("the maker must keep at least one card "
                                                        "of the dummy")
    state.apply("discard:9S")
    assert state.phase == "play" and names(state.hand.hands[A]) == cards("JH JD AH 9C AD")


def test_must_merge_lets_the_maker_discard_any_dummy_card_but_the_last_cutthroat_must_merge(
        ) -> None:
    state = apply_all(game(STRONG, "cutthroat-must-merge"), "order_up discard:TS pass pass pass")
    assert len(state.legal_actions()) == 10
    discard(state, "AD KD QD TD 9C")
    assert state.phase == "play" and names(state.hand.hands[A]) == cards("JH JD AH 9S 9D")


# -- lone hands (CTD-A13, CTD-A12, CTD-A8) ---------------------------------------------------

def test_a_lone_maker_gives_up_the_dummy_unseen_CTD_A13() -> None:
    state = apply_all(game(STRONG), "order_up discard:TS alone pass pass")
    assert state.phase == "play" and state.hand.alone == [A]
    assert state.hand.hands[DUMMY] == 0 and DummyMergePart.of(state.hand).merged == 0
    assert state.hand.dead == C.mask_of(["9D", "TD", "QD", "KD", "AD"])
    assert names(state.hand.hands[A]) == cards("JH JD AH 9C 9S")
    for seat in range(3):  # nobody ever sees the dummy's cards
        assert state.view(seat).seen == 0
    assert state.view(A).discards == 0
    assert all(not state.hand.inactive >> seat & 1 for seat in range(3))  # both defenders play


def test_a_lone_dealer_maker_still_exchanges_with_the_upcard_CTD_A12() -> None:
    state = apply_all(game(STRONG), "pass pass order_up alone pass pass")
    assert state.phase == "dummy_merge" and state.current_player == CC
    assert state.hand.hands[DUMMY] == 0  # given up unseen
    assert state.legal_actions() == [f"discard:{c}" for c in C.names(
        C.mask_of(["AS", "KS", "QS", "JS", "TS", "KH"]))]
    state.apply("discard:TS")
    assert state.phase == "play" and state.hand.hands[CC].bit_count() == 5


def test_defenders_are_asked_clockwise_from_the_makers_left_CTD_A8() -> None:
    state = apply_all(game(STRONG), "pass order_up discard:TS pass")  # B makes, not alone
    assert state.phase == "go_alone" and state.current_player == CC
    state.apply("pass")
    assert state.current_player == A
    state.apply("pass")
    assert state.phase == "dummy_merge" and state.hand.alone == []


def test_only_the_first_defender_to_go_alone_plays_alone_and_the_other_sits_out_CTD_A8(
        ) -> None:
    state = apply_all(game(STRONG), "order_up discard:TS pass alone")
    # B, at the maker's left, went alone: C is not asked and sits out.
    assert state.hand.alone == [B] and not state.hand.active(CC)
    assert state.phase == "dummy_merge" and state.current_player == A


def test_the_second_defender_may_go_alone_when_the_first_passes_CTD_A8() -> None:
    state = apply_all(game(STRONG), "order_up discard:TS pass pass alone")
    assert state.hand.alone == [CC] and not state.hand.active(B) and state.phase == "dummy_merge"


def test_a_defender_may_go_alone_against_a_maker_who_is_not_alone_RULES_3_3() -> None:
    state = apply_all(game(STRONG), "order_up discard:TS pass")
    assert state.current_player == B and state.legal_actions() == ["pass", "alone"]


def test_a_lone_defenders_partner_sits_out_and_tricks_have_two_cards_RULES_3_3() -> None:
    state = apply_all(game(SPLIT), "order_up discard:QS pass alone")
    discard(state, "9C TC 9D TD 9S")
    assert state.view(A).sitting_out == (CC,) and state.view(CC).sitting_out == (CC,)
    assert state.current_player == A
    play(state, "AD AC")
    assert state.hand.tricks_won == [1, 0, 0] and not state.hand.trick  # two cards make a trick
    play(state, "KD AS | QD JD | JH")
    assert state.current_player == A and [seat for seat, _ in state.hand.played] == [A, B] * 3 + [B]
    assert state.hand.hands[CC].bit_count() == 5  # laid face down, unplayed
    play(state, "QH | AH KH")
    record = last_hand(state)
    assert record.tricks == (2, 3, 0) and record.alone == (B,)
    assert record.label == "euchre" and record.deltas == (0, 2, 2)


def test_the_maker_and_one_defender_may_both_be_alone_RULES_3_3() -> None:
    state = apply_all(game(SPLIT), "order_up discard:QS alone alone")
    assert state.hand.alone == [A, B] and not state.hand.active(CC)
    assert state.hand.hands[DUMMY] == 0 and state.phase == "play"
    assert state.current_player == B  # CTD-A6: left of the lone maker
    play(state, "JH QH | JD KH | AH 9C | AC TC | AS 9D")
    record = last_hand(state)
    assert record.tricks == (0, 5, 0) and record.label == "lone_defender_march"
    assert record.deltas == (0, 4, 4)


# -- the first lead (CTD-A6) ---------------------------------------------------------------

@pytest.mark.parametrize(("actions", "leader", "why"), [
    ("pass order_up discard:TS pass pass pass", A, "nobody alone: eldest"),
    ("pass order_up discard:TS alone pass pass", CC, "lone maker B: his left"),
    ("order_up discard:TS alone pass pass", B, "lone maker A: his left"),
    ("pass order_up discard:TS pass alone", B, "lone defender C: his left (A) sits out"),
    ("pass order_up discard:TS pass pass alone", B, "lone defender A: his left, the maker"),
    ("order_up discard:TS alone pass alone", CC, "lone maker A and C: A's left (B) sits out"),
    ("pass order_up discard:TS alone alone", CC, "lone maker B and C: B's left"),
])
def test_the_first_lead_is_left_of_a_lone_maker_else_of_a_lone_defender_else_eldest_CTD_A6(
        actions: str, leader: int, why: str) -> None:
    state = apply_all(game(STRONG), actions)
    if state.phase == "dummy_merge":  # the maker, not alone, discards the dummy whole
        discard(state, "9D TD QD KD AD")
    assert state.phase == "play"
    assert state.current_player == leader, why


# -- scoring (the table of `euchre rules cutthroat`, CTD-A4, CTD-A5) ---------------------

class Case(NamedTuple):
    """A hand played out: the bidding, the maker's discards from the merged hand, the tricks
    (in play order, one trick to a group), then the tricks taken, the points and the row."""

    name: str
    deal: dict[str, Any]
    actions: str
    discards: str
    tricks: str
    taken: list[int]
    deltas: tuple[int, ...]
    label: str


SCORING_CASES = {case.name: case for case in [
    Case("made", STRONG, "order_up discard:TS pass pass pass", "9D TD QD KD AD",
         "JH TC KH | JD JC AS | AH QC KS | 9C AC QS | KC JS 9S", [3, 2, 0], (1, 0, 0), "made"),
    Case("march", STRONG, "order_up discard:TS pass pass pass", "9C 9S 9D TD QD",
         "JH TC KH | JD JC AS | AH QC KS | AD KC QS | KD AC JS", [5, 0, 0], (3, 0, 0), "march"),
    Case("euchre", STRONG, "order_up discard:TS pass pass pass", "JH JD AH KD AD",
         "9C AC KH | AS 9S TC | KS 9D JC | QS TD QC | JS QD KC", [0, 0, 5], (0, 2, 2),
         "euchre"),
    Case("lone defender takes 3", SPLIT, "order_up discard:QS pass alone", "9C TC 9D TD 9S",
         "AD AC | KD AS | QD JD | JH QH | AH KH", [2, 3, 0], (0, 2, 2), "euchre"),
    Case("lone defender takes 4", SPLIT, "order_up discard:QS pass alone", "9C TC 9D TD 9S",
         "AD AC | KD JD | JH QH | AH KH | AS QD", [1, 4, 0], (0, 2, 2), "euchre"),
    Case("lone defender takes 5", WEAK, "order_up discard:AD pass alone", "9C TC 9D TD 9S",
         "AS QH | JH KS | JD QS | AH JS | KH TS", [0, 5, 0], (0, 4, 4), "lone_defender_march"),
    Case("lone maker takes 3", STRONG, "order_up discard:TS alone pass pass", "",
         "AC AS 9C | KC KS 9S | QC QS JH | JD JC KH | AH TC JS", [3, 2, 0], (1, 0, 0), "made"),
    Case("lone maker march", LOADED, "order_up discard:TS alone pass pass", "",
         "AC AS QH | JH KC 9H | JD QC KS | AH JC QS | KH TC JS", [5, 0, 0], (4, 0, 0),
         "lone_march"),
    Case("lone maker euchred", WEAK, "order_up discard:AD alone pass pass", "",
         "JH TH 9C | JD AC TC | AH KC 9D | KH QC TD | QH JC 9S", [0, 5, 0], (0, 2, 2),
         "euchre"),
    Case("both alone, the maker marches", LOADED, "order_up discard:TS alone pass alone", "",
         "AS QH | JH 9H | JD KS | AH QS | KH JS", [5, 0, 0], (4, 0, 0), "lone_march"),
    Case("both alone, the lone defender takes 3", SPLIT, "order_up discard:QS alone pass alone",
         "", "KC 9C | QC TC | JC 9D | KS KH | QH TH", [2, 0, 3], (0, 2, 2), "euchre"),
    Case("both alone, the lone defender takes 5", SPLIT, "order_up discard:QS alone alone", "",
         "JH QH | JD KH | AH 9C | AC TC | AS 9D", [0, 5, 0], (0, 4, 4), "lone_defender_march"),
]}


def play_scoring_case(case: Case, *, variant_name: str = "cutthroat") -> State:
    state = apply_all(game(case.deal, variant_name), case.actions)
    discard(state, case.discards)
    play(state, case.tricks)
    assert state.hand_no == 2, f"{case.name}: the hand did not end"
    return state


@pytest.mark.parametrize("case", SCORING_CASES.values(), ids=SCORING_CASES.keys())
def test_every_row_of_the_scoring_table_played_out_and_by_score_hand_RULES_3_3(
        case: Case) -> None:
    state = play_scoring_case(case)
    record = last_hand(state)
    assert record.maker == A and record.trump == "H"
    assert record.tricks == tuple(case.taken)
    assert (tuple(record.deltas), record.label) == (case.deltas, case.label)
    assert tuple(state.scores) == case.deltas
    # The pure rules API agrees with the interpreter.
    result = variant("cutthroat").score_hand(dealer=CC, maker=A, tricks=case.taken,
                                             scores=[0, 0, 0], alone=record.alone)
    assert (result.deltas, result.label) == (case.deltas, case.label)


@pytest.mark.parametrize(("name", "deltas", "label"), [
    ("euchre", (0, 2, 2), "euchre"),
    ("lone maker euchred", (0, 2, 2), "euchre"),
    ("lone defender takes 3", (0, 2, 0), "lone_defender_euchre"),
    ("lone defender takes 4", (0, 2, 0), "lone_defender_euchre"),
    ("lone defender takes 5", (0, 4, 0), "lone_defender_euchre"),
    ("both alone, the lone defender takes 3", (0, 0, 2), "lone_defender_euchre"),
    ("both alone, the lone defender takes 5", (0, 4, 0), "lone_defender_euchre"),
    ("lone maker march", (3, 0, 0), "march"),  # CTD-A4 alternative: no lone bonus
    ("made", (1, 0, 0), "made"),
])
def test_only_the_lone_defender_scores_his_points_CTD_A5_cutthroat_lone_defender_points(
        name: str, deltas: tuple[int, ...], label: str) -> None:
    case = SCORING_CASES[name]
    state = play_scoring_case(case, variant_name="cutthroat-lone-defender-points")
    record = last_hand(state)
    assert record.tricks == tuple(case.taken)
    assert (tuple(record.deltas), record.label) == (deltas, label)
    result = variant("cutthroat-lone-defender-points").score_hand(
        dealer=CC, maker=A, tricks=case.taken, scores=[0, 0, 0], alone=record.alone)
    assert (result.deltas, result.label) == (deltas, label)


def test_the_defenders_score_whichever_seat_made_trump_RULES_3_3() -> None:
    state = apply_all(game(STRONG), "pass pass pass pass pass call:D pass pass pass")
    assert state.hand.maker == CC and state.hand.trump_name == "D"
    discard(state, "AS KS QS JS TS")  # C keeps the five diamonds
    play(state, "9C AC 9D | AD JH TC | JD JC TD | AH QC QD | KD 9S KC")
    record = last_hand(state)
    # JH is the left bower of diamonds: A's JH and JD (right) win two tricks for A.
    assert record.tricks == (2, 0, 3) and record.deltas == (0, 0, 1)


# -- the end of the game (CTD-A10) -------------------------------------------------------------

def test_the_first_player_to_reach_10_wins_RULES_3_3() -> None:
    case = SCORING_CASES["made"]
    state = apply_all(game(case.deal, scores=[9, 9, 0]), case.actions)
    discard(state, case.discards)
    play(state, case.tricks)
    assert state.is_terminal() and state.scores == [10, 9, 0] and state.winners == (A,)
    assert len(state.hands_played) == 1


def test_the_highest_of_several_players_at_10_wins_CTD_A10() -> None:
    case = SCORING_CASES["euchre"]  # B and C score 2 each
    state = apply_all(game(case.deal, scores=[0, 9, 8]), case.actions)
    discard(state, case.discards)
    play(state, case.tricks)
    assert state.is_terminal() and state.scores == [0, 11, 10] and state.winners == (B,)


def test_a_shared_highest_score_at_10_plays_on_and_a_player_behind_can_win_CTD_A10() -> None:
    second = deal_of(["JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS"],
                     "9D TD QD KD AD", "9H", dealer=A)
    state = new_game(variant("cutthroat"), seed=0, deals=[STRONG, second], scores=[9, 8, 8])
    case = SCORING_CASES["euchre"]  # A is euchred: B and C reach 10 together
    apply_all(state, case.actions)
    discard(state, case.discards)
    play(state, case.tricks)
    assert state.scores == [9, 10, 10] and not state.is_terminal()
    assert state.dealer == A and state.phase == "upcard_bidding"
    # A, behind, deals, takes the 9H up, goes alone and marches for 4.
    apply_all(state, "pass pass order_up alone pass pass discard:9H")
    play(state, "AC AS QH | JH KC KS | JD QC QS | AH JC JS | KH TC TS")
    assert last_hand(state).label == "lone_march"
    assert state.is_terminal() and state.scores == [13, 10, 10] and state.winners == (A,)


def test_score_hand_agrees_on_the_game_end_CTD_A10() -> None:
    v = variant("cutthroat")
    tie = v.score_hand(dealer=CC, maker=A, tricks=[0, 0, 5], scores=[9, 8, 8])
    assert (tie.scores, tie.game_over, tie.winners) == ((9, 10, 10), False, ())
    win = v.score_hand(dealer=A, maker=A, tricks=[5, 0, 0], scores=[9, 10, 10], alone=[A])
    assert (win.scores, win.game_over, win.winners) == ((13, 10, 10), True, (A,))


# -- reneging is refused in cutthroat (`euchre rules cutthroat`, "Penalties") ----------------

def test_a_card_that_does_not_follow_is_refused_in_cutthroat_RULES_1_3() -> None:
    state = apply_all(game(STRONG), "order_up discard:TS pass pass pass")
    discard(state, "9D TD QD KD AD")
    play(state, "JH TC")
    assert state.legal_actions() == ["play:KH"]
    assert refuse(state, "play:AS", R.MUST_FOLLOW_SUIT) == "you must follow trump"
