"""Hand conditions in the expression language: ``count(hand, cards)`` and ``holds(hand, cards)``.

Expected values are counted by hand from the cards written in each test.
"""

from __future__ import annotations

import pytest

from engine.core import cards as C
from engine.core.errors import ExpressionError
from engine.rules.expressions import Given, Type, compile_expression

HAND_ONLY = {"hand": Given.HAND}
WITH_TRUMP = {"hand": Given.HAND, "trump": Given.TRUMP}


def run(text: str, cards: list[str], trump: int | None = None, *, kind: Type = Type.BOOL) -> object:
    scope = HAND_ONLY if trump is None else WITH_TRUMP
    env: dict[str, int] = {"hand": C.mask_of(cards)}
    if trump is not None:
        env["trump"] = trump
    return compile_expression(text, scope, expected=kind).evaluate(env)


def error(text: str, scope: dict[str, Given] = HAND_ONLY) -> ExpressionError:
    with pytest.raises(ExpressionError) as caught:
        compile_expression(text, scope, expected=Type.BOOL)
    return caught.value


def test_a_hand_of_only_nines_and_tens_counts_five() -> None:
    # 9C TC 9D TH 9S: five cards, all nines or tens
    assert run("count(hand, rank in [9, T]) == 5", ["9C", "TC", "9D", "TH", "9S"]) is True
    # one ace among them: four
    assert run("count(hand, rank in [9, T])", ["9C", "TC", "9D", "TH", "AS"], kind=Type.INT) == 4


def test_trump_counts_the_left_bower_and_not_the_jack_it_came_from() -> None:
    # hearts trump: JD is the left bower (trump), TH and 9H are hearts: 3; AS, 9S are not
    assert run("count(hand, trump)", ["JD", "TH", "9H", "AS", "9S"], C.HEARTS, kind=Type.INT) == 3
    # spades trump: JC is the left bower, AS and 9S spades: 3
    assert run("count(hand, trump)", ["JC", "TH", "9H", "AS", "9S"], C.SPADES, kind=Type.INT) == 3


def test_bowers_follow_trump_and_there_are_none_at_no_trump() -> None:
    cards = ["JD", "JH", "9H", "AS", "9S"]
    assert run("count(hand, bowers)", cards, C.HEARTS, kind=Type.INT) == 2
    assert run("holds(hand, right_bower)", cards, C.DIAMONDS) is True
    assert run("holds(hand, left_bower)", cards, C.CLUBS) is False  # JS is the left of clubs
    assert run("count(hand, bowers)", cards, C.NO_TRUMP, kind=Type.INT) == 0


def test_suits_cards_the_joker_and_set_operations() -> None:
    cards = ["JD", "JH", "9H", "AS", "9S"]
    assert run("count(hand, suit in [H, D])", cards, kind=Type.INT) == 3
    assert run("count(hand, suit in [S] and not rank in [A])", cards, kind=Type.INT) == 1
    assert run("holds(hand, JH or JOKER)", cards) is True
    assert run("holds(hand, JOKER)", cards) is False
    assert run("holds(hand, JOKER)", ["JK", "9C", "TC", "QC", "KC"]) is True
    assert run("count(hand, any)", cards, kind=Type.INT) == 5


def test_a_trump_condition_where_trump_is_not_fixed_is_a_located_error() -> None:
    exc = error("count(hand, suit in [H] or bowers) >= 1")
    assert exc.column == 28 and "not fixed yet" in exc.message


def test_wrong_ranks_suits_cards_and_hands_are_located_errors() -> None:
    assert error("count(hand, rank in [9, X]) == 1").column == 25
    assert "not a suit" in error("count(hand, suit in [9]) == 1").message
    assert error("holds(hand, JZ)").column == 13
    exc = error("holds(hnd, JH)")
    assert exc.column == 7 and "did you mean `hand`?" in exc.hint
    assert "count(hand" in error("hand == 1").hint


def test_holds_is_a_condition_and_count_a_number() -> None:
    assert "a number" in error("count(hand, JH)").message
    with pytest.raises(ExpressionError):
        compile_expression("holds(hand, JH) + 1", HAND_ONLY, expected=Type.INT)


def test_sixes_are_a_rank_and_count_in_their_suit_and_in_trump() -> None:
    # a 36-card deck's sixes: 6H and 6C are sixes; hearts: 6H, 9H; hearts trump adds JD (left)
    cards = [C.card_name(C.SIX + C.HEARTS), C.card_name(C.SIX + C.CLUBS), "9H", "JD", "AS"]
    assert cards[:2] == ["6H", "6C"]
    assert run("count(hand, rank in [6])", cards, kind=Type.INT) == 2
    assert run("count(hand, suit in [H])", cards, kind=Type.INT) == 2
    assert run("count(hand, trump)", cards, C.HEARTS, kind=Type.INT) == 3
    assert run("holds(hand, 6C)", cards) is True


def test_a_double_decks_second_copies_count_like_the_first() -> None:
    # both copies of JH, both of 9C, and AS: hearts trump holds JH twice (right bower x2)
    jh, nine = C.card("JH"), C.card("9C")
    hand = 1 << jh | 1 << C.copy_of(jh) | 1 << nine | 1 << C.copy_of(nine) | 1 << C.card("AS")
    env = {"hand": hand, "trump": C.HEARTS}

    def value(text: str, kind: Type = Type.INT) -> object:
        return compile_expression(text, WITH_TRUMP, expected=kind).evaluate(env)

    assert value("count(hand, JH)") == 2
    assert value("count(hand, right_bower)") == 2
    assert value("count(hand, rank in [9])") == 2
    assert value("count(hand, trump)") == 2
    assert value("count(hand, suit in [C])") == 2
    assert value("count(hand, any)") == 5
