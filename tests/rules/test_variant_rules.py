"""The pure rules API of a compiled variant, checked against the rule books' tables.

``trick_winner`` against the rule book's "The cards" and "Playing the tricks" (bowers,
rankings, trick winner), both case by case
and against a small independent reference written from those sections; ``score_hand``
against every row of the scoring tables of `euchre rules standard` (and its overlays), `two-handed`
(two-handed), 3.3 (cutthroat) and 3.5 (ghost-hand), and the game-end rules (STD-A10,
CTD-A10, GH-A12).

Seats count from 0 clockwise; in four-seat games seats 0 and 2 are partners against 1 and 3.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import pytest

from engine import HandScore, InvalidArgument, Variant, load_variant

STANDARD_FAMILY = ("standard", "standard-28", "standard-32", "standard-joker",
                   "stick-the-dealer", "defend-alone")
"""`standard` and its overlays: all score with the table of `euchre rules standard`."""
SEED_VARIANTS = ("standard", "two-handed", "cutthroat", "ghost-hand")


@cache
def variant(name: str) -> Variant:
    return load_variant(name)


def score(name: str, **kwargs: Any) -> HandScore:
    """``score_hand`` with the dealer at seat 0 unless given (the dealer does not change
    scoring) and everyone at 0 points unless ``scores`` is given."""
    v = variant(name)
    kwargs.setdefault("dealer", 0)
    kwargs.setdefault("scores", [0] * v.players)
    return v.score_hand(**kwargs)




# -- trick_winner: `euchre rules NAME`, "The cards" and "Playing the tricks" -----------------


@pytest.mark.parametrize("name", [*SEED_VARIANTS, "standard-joker", "standard-32"])
def test_right_bower_beats_left_bower_beats_ace_of_trump(name: str) -> None:
    v = variant(name)
    assert v.trick_winner("H", ["AH", "JD", "JH"]) == 2
    assert v.trick_winner("H", ["AH", "JD", "KH"]) == 1
    assert v.trick_winner("S", ["JC", "AS", "KS"]) == 0
    assert v.trick_winner("C", ["JC", "JS"]) == 0


@pytest.mark.parametrize("name", SEED_VARIANTS)
def test_left_bower_follows_trump_not_its_printed_suit(name: str) -> None:
    v = variant(name)
    assert v.trick_winner("H", ["AD", "JD"]) == 1  # the left bower trumps the diamond ace
    assert v.trick_winner("H", ["JD", "AD", "9H"]) == 0  # a led left bower is a trump lead
    assert v.trick_winner("H", ["JD", "AH"]) == 0
    assert v.trick_winner("D", ["KH", "JH", "AH"]) == 1


@pytest.mark.parametrize("name", SEED_VARIANTS)
def test_off_suit_cards_never_win_without_trump(name: str) -> None:
    v = variant(name)
    assert v.trick_winner("H", ["9C", "AS", "AD", "TC"]) == 3
    assert v.trick_winner("S", ["QD", "AC", "KD"]) == 2


@pytest.mark.parametrize("name", SEED_VARIANTS)
def test_the_lowest_trump_beats_the_ace_led(name: str) -> None:
    assert variant(name).trick_winner("C", ["AD", "9C", "KD"]) == 1


def test_joker_ranks_above_the_right_bower_seed_003() -> None:
    v = variant("standard-joker")
    assert v.trick_winner("H", ["JH", "JK", "JD"]) == 1
    assert v.trick_winner("S", ["JK", "JS", "AS"]) == 0
    assert v.trick_winner("D", ["AC", "JK"]) == 1  # the joker is a trump whatever was led


def test_no_trump_highest_card_of_the_led_suit_wins_and_jacks_stay_plain() -> None:
    v = variant("standard")
    assert v.trick_winner(None, ["9H", "JH", "AD", "QH"]) == 3  # Q beats J in a plain suit
    assert v.trick_winner(None, ["JC", "JS", "AC"]) == 2
    assert v.trick_winner(None, ["TD", "AS", "9D"]) == 0


def test_sevens_and_eights_rank_lowest_in_the_32_and_28_card_decks_seed_003() -> None:
    v32, v28 = variant("standard-32"), variant("standard-28")
    assert v32.trick_winner("S", ["7S", "8S"]) == 1
    assert v32.trick_winner("D", ["7C", "8C", "AS"]) == 1
    assert v32.trick_winner("D", ["AC", "7D"]) == 1
    assert v28.trick_winner("H", ["8C", "9C"]) == 1
    assert v28.trick_winner("H", ["AC", "8H"]) == 1
    with pytest.raises(InvalidArgument, match="7S is not in the standard-28 deck"):
        v28.trick_winner("H", ["7S"])


@pytest.mark.parametrize(("trump", "cards", "message"), [
    ("H", ["7S"], "7S is not in the standard deck"),
    ("H", ["8D", "9D"], "8D is not in the standard deck"),
    ("H", ["JK"], "JK is not in the standard deck"),
    ("H", ["ZZ"], "is not a card"),
    ("H", [], "at least one card"),
    ("H", ["9H", "9H"], "twice"),
    ("X", ["9H"], "is not a suit"),
    (3, ["9H"], "is not a suit"),
    ("H", [9], "is not a card"),
])
def test_trick_winner_refuses_bad_arguments(trump: Any, cards: Any, message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        variant("standard").trick_winner(trump, cards)


# An independent reference for the rule book's "The cards", written from the text, not from
# engine.core.cards.

PLAIN = "AKQJT987"
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def _effective_suit(code: str, trump: str | None) -> str:
    if code == "JK":
        return trump or "JK"
    if trump and code == "J" + SAME_COLOUR[trump]:
        return trump
    return code[1]


def _trump_order(trump: str) -> list[str]:
    return ["JK", "J" + trump, "J" + SAME_COLOUR[trump]] + [r + trump for r in PLAIN if r != "J"]


def _reference_winner(trump: str | None, cards: list[str]) -> int:
    if trump is not None and any(_effective_suit(c, trump) == trump for c in cards):
        order = _trump_order(trump)
        return min(range(len(cards)), key=lambda i: order.index(cards[i]) if cards[i] in order
                   else len(order))
    if "JK" in cards:  # no-trump: the joker is the highest card (docs/ambiguities.md, BID-A8)
        return cards.index("JK")
    led = _effective_suit(cards[0], trump)
    ranks = [PLAIN.index(c[0]) if _effective_suit(c, trump) == led else 99 for c in cards]
    return ranks.index(min(ranks))


@pytest.mark.parametrize("name", ["standard", "standard-joker", "standard-32"])
@pytest.mark.parametrize("trump", ["C", "D", "H", "S", None])
def test_trick_winner_agrees_with_rules_md_1_2_for_every_two_card_trick(
    name: str, trump: str | None
) -> None:
    v = variant(name)
    deck = [("JK" if c == 32 else "789TJQKA"[c & 7] + "CDHS"[c >> 3]) for c in v.deck.cards]
    for pair in itertools.permutations(deck, 2):
        assert v.trick_winner(trump, pair) == _reference_winner(trump, list(pair)), pair


@pytest.mark.parametrize("trump", ["H", "S", None])
def test_trick_winner_agrees_with_rules_md_1_3_for_every_three_card_trick(
    trump: str | None,
) -> None:
    v = variant("cutthroat")
    deck = [r + s for s in "CDHS" for r in "9TJQKA"]
    for trick in itertools.permutations(deck, 3):
        assert v.trick_winner(trump, trick) == _reference_winner(trump, list(trick)), trick


# -- score_hand: `euchre rules standard` (standard and overlays) -----------------------------


@pytest.mark.parametrize("name", STANDARD_FAMILY)
@pytest.mark.parametrize(("tricks", "alone", "deltas", "label"), [
    ([2, 1, 1, 1], (), (1, 0, 1, 0), "made"),
    ([2, 0, 2, 1], (), (1, 0, 1, 0), "made"),
    ([3, 0, 2, 0], (), (2, 0, 2, 0), "march"),
    ([3, 1, 0, 1], (0,), (1, 0, 1, 0), "made"),
    ([4, 1, 0, 0], (0,), (1, 0, 1, 0), "made"),
    ([5, 0, 0, 0], (0,), (4, 0, 4, 0), "lone_march"),
    ([1, 2, 1, 1], (), (0, 2, 0, 2), "euchre"),
    ([0, 3, 0, 2], (), (0, 2, 0, 2), "euchre"),
    ([2, 2, 0, 1], (0,), (0, 2, 0, 2), "euchre"),  # STD-A7: a lone maker euchred gives 2
    ([0, 5, 0, 0], (0,), (0, 2, 0, 2), "euchre"),
])
def test_standard_scoring_table_rules_md_3_1(
    name: str, tricks: list[int], alone: tuple[int, ...], deltas: tuple[int, ...], label: str
) -> None:
    result = score(name, maker=0, tricks=tricks, alone=alone)
    assert (result.deltas, result.label) == (deltas, label)
    assert result.scores == deltas
    assert result.game_over is False


def test_standard_scores_the_makers_side_whichever_seat_made_trump_rules_md_3_1() -> None:
    assert score("standard", maker=3, tricks=[0, 3, 0, 2]).deltas == (0, 2, 0, 2)
    assert score("standard", maker=1, tricks=[1, 1, 2, 1]).deltas == (2, 0, 2, 0)
    assert score("standard", maker=2, tricks=[0, 1, 3, 1], alone=(2,)).deltas == (1, 0, 1, 0)


@pytest.mark.parametrize(("tricks", "alone", "deltas", "label"), [
    ([2, 3, 0, 0], (0, 1), (0, 4, 0, 4), "lone_euchre"),
    ([0, 0, 0, 5], (0, 3), (0, 4, 0, 4), "lone_euchre"),
    ([3, 2, 0, 0], (0, 1), (1, 0, 1, 0), "made"),
    ([5, 0, 0, 0], (0, 3), (4, 0, 4, 0), "lone_march"),
    ([2, 1, 0, 2], (0,), (0, 2, 0, 2), "euchre"),  # both defenders: still 2 (STD-A7)
])
def test_defend_alone_lone_defender_euchring_a_lone_maker_scores_4_rules_md_3_1(
    tricks: list[int], alone: tuple[int, ...], deltas: tuple[int, ...], label: str
) -> None:
    result = score("defend-alone", maker=0, tricks=tricks, alone=alone)
    assert (result.deltas, result.label) == (deltas, label)


def test_defend_alone_needs_a_lone_maker_rail_a2() -> None:
    with pytest.raises(InvalidArgument):
        score("defend-alone", maker=0, tricks=[2, 3, 0, 0], alone=(1,))


# -- two-handed (`euchre rules two-handed`) ----------------------------------------------------


@pytest.mark.parametrize(("maker", "tricks", "deltas", "label"), [
    (0, [3, 2], (1, 0), "made"),
    (0, [4, 1], (1, 0), "made"),
    (0, [5, 0], (2, 0), "march"),  # no 4-point march
    (0, [2, 3], (0, 2), "euchre"),
    (0, [0, 5], (0, 2), "euchre"),
    (1, [1, 4], (0, 1), "made"),
    (1, [3, 2], (2, 0), "euchre"),
])
def test_two_handed_scoring_table_rules_md_3_2(
    maker: int, tricks: list[int], deltas: tuple[int, ...], label: str
) -> None:
    result = score("two-handed", maker=maker, tricks=tricks)
    assert (result.deltas, result.label) == (deltas, label)


def test_two_handed_has_no_lone_hands_rules_md_3_2() -> None:
    with pytest.raises(InvalidArgument, match="cannot play alone"):
        score("two-handed", maker=0, tricks=[5, 0], alone=(0,))


# -- cutthroat (`euchre rules cutthroat`) ------------------------------------------------------


@pytest.mark.parametrize(("tricks", "alone", "deltas", "label"), [
    ([3, 1, 1], (), (1, 0, 0), "made"),
    ([4, 0, 1], (), (1, 0, 0), "made"),
    ([5, 0, 0], (), (3, 0, 0), "march"),
    ([3, 2, 0], (0,), (1, 0, 0), "made"),  # CTD-A4: a lone maker's 3-4 scores 1
    ([5, 0, 0], (0,), (4, 0, 0), "lone_march"),  # CTD-A4: a lone march scores 4
    ([2, 2, 1], (), (0, 2, 2), "euchre"),
    ([0, 3, 2], (), (0, 2, 2), "euchre"),
    ([0, 2, 3], (0,), (0, 2, 2), "euchre"),
    ([2, 3, 0], (1,), (0, 2, 2), "euchre"),  # CTD-A5: a lone defender's 3-4 gives each 2
    ([1, 0, 4], (2,), (0, 2, 2), "euchre"),
    ([0, 5, 0], (1,), (0, 4, 4), "lone_defender_march"),  # CTD-A5: 5 gives each 4
    ([0, 5, 0], (0, 1), (0, 4, 4), "lone_defender_march"),
    ([3, 2, 0], (1,), (1, 0, 0), "made"),  # a lone defender taking 2: the maker's rows
    ([3, 0, 2], (0, 2), (1, 0, 0), "made"),
])
def test_cutthroat_scoring_table_rules_md_3_3(
    tricks: list[int], alone: tuple[int, ...], deltas: tuple[int, ...], label: str
) -> None:
    result = score("cutthroat", maker=0, tricks=tricks, alone=alone)
    assert (result.deltas, result.label) == (deltas, label)


def test_cutthroat_defenders_are_the_two_seats_other_than_the_maker_rules_md_3_3() -> None:
    assert score("cutthroat", maker=2, tricks=[1, 1, 3]).deltas == (0, 0, 1)
    assert score("cutthroat", maker=1, tricks=[2, 1, 2]).deltas == (2, 0, 2)


# -- ghost-hand (`euchre rules ghost-hand`) ----------------------------------------------------


@pytest.mark.parametrize(("bid", "tricks", "deltas", "label"), [
    (3, [3, 2, 1], (3, 2, 1), "made"),
    (3, [4, 1, 1], (4, 1, 1), "made"),  # GH-A6: a made bid scores the tricks taken
    (5, [5, 1, 0], (5, 1, 0), "made"),  # GH-A5: the others score 1 a trick
    (4, [3, 2, 1], (-4, 2, 1), "set"),  # GH-A7: set loses the bid
    (5, [0, 3, 3], (-5, 3, 3), "set"),
    (3, [6, 0, 0], (6, 0, 0), "made"),  # GH-A10: 6 tricks on a number score 6
    (5, [6, 0, 0], (6, 0, 0), "made"),
    ("moon", [6, 0, 0], (24, 0, 0), "moon"),  # GH-A8
    ("moon", [5, 1, 0], (-6, 1, 0), "moon_failed"),  # GH-A9
    ("moon", [0, 2, 4], (-6, 2, 4), "moon_failed"),
])
def test_ghost_hand_scoring_table_rules_md_3_5(
    bid: int | str, tricks: list[int], deltas: tuple[int, ...], label: str
) -> None:
    result = score("ghost-hand", maker=0, tricks=tricks, bid=bid)
    assert (result.deltas, result.label) == (deltas, label)


def test_ghost_hand_bidder_is_the_maker_seat_rules_md_3_5() -> None:
    assert score("ghost-hand", maker=1, tricks=[2, 3, 1], bid=3).deltas == (2, 3, 1)
    assert score("ghost-hand", maker=2, tricks=[2, 3, 1], bid=4).deltas == (2, 3, -4)


def test_ghost_hand_scores_may_go_negative_rules_md_3_5() -> None:
    result = score("ghost-hand", maker=0, tricks=[2, 2, 2], bid=5, scores=[1, 0, 0])
    assert result.scores == (-4, 2, 2)


@pytest.mark.parametrize("bid", [None, 2, 6, True, "six", "3"])
def test_ghost_hand_bid_must_be_one_of_the_auctions_bids_rules_md_3_5(bid: Any) -> None:
    with pytest.raises(InvalidArgument, match="bid must be one of"):
        score("ghost-hand", maker=0, tricks=[3, 2, 1], bid=bid)


# -- game end ----------------------------------------------------------------------------------


def test_reaching_the_target_ends_the_game_and_both_partners_win_std_a10() -> None:
    result = score("standard", maker=0, tricks=[2, 1, 1, 1], scores=[9, 8, 9, 8])
    assert (result.scores, result.game_over, result.winners) == ((10, 8, 10, 8), True, (0, 2))
    result = score("standard", maker=0, tricks=[1, 2, 1, 1], scores=[9, 8, 9, 8])
    assert (result.scores, result.game_over, result.winners) == ((9, 10, 9, 10), True, (1, 3))


def test_passing_the_target_also_ends_the_game_std_a10() -> None:
    result = score("standard", maker=1, tricks=[0, 5, 0, 0], alone=(1,), scores=[3, 9, 3, 9])
    assert (result.scores, result.game_over, result.winners) == ((3, 13, 3, 13), True, (1, 3))


def test_below_the_target_the_game_goes_on_std_a10() -> None:
    result = score("standard", maker=0, tricks=[2, 1, 1, 1], scores=[8, 9, 8, 9])
    assert (result.game_over, result.winners) == (False, ())


def test_two_handed_plays_to_10_rules_md_3_2() -> None:
    assert score("two-handed", maker=1, tricks=[1, 4], scores=[9, 9]).winners == (1,)
    assert score("two-handed", maker=1, tricks=[1, 4], scores=[9, 8]).game_over is False


def test_cutthroat_shared_highest_score_at_the_target_plays_on_ctd_a10() -> None:
    result = score("cutthroat", maker=0, tricks=[2, 2, 1], scores=[0, 8, 8])
    assert (result.scores, result.game_over, result.winners) == ((0, 10, 10), False, ())


def test_cutthroat_unique_highest_wins_though_another_passed_the_target_ctd_a10() -> None:
    result = score("cutthroat", maker=0, tricks=[2, 2, 1], scores=[0, 9, 8])
    assert (result.scores, result.game_over, result.winners) == ((0, 11, 10), True, (1,))


def test_ghost_hand_shared_highest_at_32_plays_on_gh_a12() -> None:
    result = score("ghost-hand", maker=0, tricks=[3, 2, 1], bid=3, scores=[0, 30, 31])
    assert (result.scores, result.game_over, result.winners) == ((3, 32, 32), False, ())


def test_ghost_hand_unique_highest_at_32_wins_gh_a12() -> None:
    result = score("ghost-hand", maker=0, tricks=[3, 2, 1], bid=3, scores=[0, 30, 30])
    assert (result.scores, result.game_over, result.winners) == ((3, 32, 31), True, (1,))
    result = score("ghost-hand", maker=0, tricks=[6, 0, 0], bid="moon", scores=[10, 31, 31])
    assert (result.scores, result.game_over, result.winners) == ((34, 31, 31), True, (0,))


def test_a_tie_below_the_target_is_no_end_gh_a12() -> None:
    result = score("ghost-hand", maker=0, tricks=[3, 2, 1], bid=3, scores=[0, 20, 21])
    assert (result.game_over, result.winners) == (False, ())


# -- bad arguments -----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "kwargs", "message"), [
    ("standard", {"maker": 0, "tricks": [2, 1, 2]}, "one number per seat"),
    ("standard", {"maker": 0, "tricks": [2, 1, 1, 1], "scores": [0, 0, 0]}, "one number per seat"),
    ("standard", {"maker": 0, "tricks": [2, 1, 1, 2]}, "add up to 5"),
    ("standard", {"maker": 0, "tricks": [6, -1, 0, 0]}, "must be >= 0"),
    ("standard", {"maker": 0, "tricks": [2, 1, 1, 1], "scores": [1, 0, 0, 0]},
     "partners \\[0, 2\\] must carry equal scores"),
    ("standard", {"maker": 4, "tricks": [2, 1, 1, 1]}, "maker seat 4 does not exist"),
    ("standard", {"maker": 0, "dealer": -1, "tricks": [2, 1, 1, 1]}, "dealer seat -1"),
    ("standard", {"maker": 0, "tricks": [2, 1, 1, 1], "bid": 3}, "has no auction"),
    ("standard", {"maker": 0, "tricks": [3, 1, 0, 1], "alone": (1,)}, "cannot play alone"),
    ("standard", {"maker": 0, "tricks": [5, 0, 0, 0], "alone": (2,)}, "maker's partner"),
    ("standard", {"maker": 0, "tricks": [3, 1, 1, 0], "alone": (0,)}, "sits out"),
    ("standard", {"maker": 0, "tricks": [2, 1, 1, 1], "alone": (7,)}, "does not exist"),
    ("defend-alone", {"maker": 0, "tricks": [2, 3, 0, 0], "alone": (0, 1, 3)},
     "only one defender"),
    ("defend-alone", {"maker": 0, "tricks": [2, 2, 0, 1], "alone": (0, 1)}, "sits out"),
    ("two-handed", {"maker": 0, "tricks": [5, 0], "alone": (0,)}, "cannot play alone"),
    ("two-handed", {"maker": 0, "tricks": [5, 0], "bid": "moon"}, "has no auction"),
    ("cutthroat", {"maker": 0, "tricks": [0, 3, 2], "alone": (1, 2)}, "only one defender"),
    ("cutthroat", {"maker": 0, "tricks": [0, 3, 2], "alone": (1,)}, "sits out"),
    ("cutthroat", {"maker": 0, "tricks": [3, 1, 1], "bid": 3}, "has no auction"),
    ("ghost-hand", {"maker": 0, "tricks": [3, 2, 1]}, "bid must be one of"),
    ("ghost-hand", {"maker": 0, "tricks": [3, 2, 0], "bid": 3}, "add up to 6"),
    ("ghost-hand", {"maker": 0, "tricks": [3, 2, 1], "bid": 3, "alone": (0,)},
     "cannot play alone"),
])
def test_score_hand_refuses_bad_arguments(name: str, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        score(name, **kwargs)


def test_invalid_argument_is_a_value_error_and_a_euchre_error() -> None:
    with pytest.raises(ValueError, match="add up to 5"):
        score("standard", maker=0, tricks=[0, 0, 0, 0])
