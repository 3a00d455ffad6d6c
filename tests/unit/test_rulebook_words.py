"""The rule book's words say what play does (issue 22, items 16, 27 and 28).

The scoring rows are read back from their words: a small parser turns "the makers score 1",
"each defender scores 1 point for each trick the defenders took together" into points per
seat, and those must equal both the points worked out by hand below for a fixed hand and
the points the engine's scoring gives it (``Variant.score_hand``, the score mechanic's own
table). The other tests check single sentences that used to be wrong: a deck without jacks,
the plural of two extra hands, an award that loses twice the bid, a redeal that can never be.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

import pytest

from engine import Variant, new_game
from engine.core import cards as C
from engine.testing.rules import overlay, play, variant
from engine.text.rulebook import render_text, rule_book
from engine.text.rulebook.scoring import table_rules


def book(v: Variant) -> str:
    return " ".join(render_text(rule_book(v)).split())


# -- each scoring row's words against the points of a hand ----------------------------------

MAKER_VS_REST_TRICKS = """
extends: cutthroat
description: cutthroat whose defenders score the tricks they took together.
scoring:
  table:
    - {label: made, when: "3 <= makers.tricks <= 4", makers: 1}
    - {label: march, when: "makers.tricks == 5 and not alone", makers: 3}
    - {label: lone_march, when: "makers.tricks == 5 and alone", makers: 4}
    - {label: euchre, when: "makers.tricks <= 2", defenders: tricks}
"""

_WHO = ("the makers", "the maker", "each defender", "the defenders", "each other player",
        "the other player")
_CLAUSE = re.compile(rf"^({'|'.join(_WHO)}) (scores?|loses?) (.+)$")
_SPLIT = re.compile(rf"(?: and |; |, )(?=(?:{'|'.join(_WHO)}) )")


def points_said(text: str, *, players: int, makers: Sequence[int], tricks: Sequence[int],
                bid: int | None) -> tuple[int, ...]:
    """The points per seat that a scoring row's words give a hand: written from the English
    alone (who scores, how much), independently of the engine's scoring."""
    awards = text.rstrip(".").split(": ", 1)[1]
    points = [0] * players
    defenders = [s for s in range(players) if s not in makers]
    for clause in _SPLIT.split(awards):
        found = _CLAUSE.match(clause)
        assert found, f"no plain award in {clause!r}"
        who, verb, amount = found.groups()
        seats = list(makers) if who in ("the makers", "the maker") else defenders
        sign = -1 if verb.startswith("lose") else 1
        for seat in seats:
            if amount == "1 point for each trick he took":
                value = tricks[seat]
            elif amount == "1 point for each trick they took":
                value = sum(tricks[s] for s in seats)
            elif amount == "1 point for each trick the defenders took together":
                value = sum(tricks[s] for s in defenders)
            elif amount == "as many points as the bid":
                assert bid is not None
                value = bid
            else:
                assert amount.isdigit(), f"unread amount {amount!r}"
                value = int(amount)
            points[seat] = sign * value
    return tuple(points)


class Case(NamedTuple):
    ref: str
    label: str
    maker: int
    tricks: tuple[int, ...]
    expected: tuple[int, ...]
    """Worked out by hand from the variant's scoring table as published in its file."""
    bid: int | None = None
    makers: tuple[int, ...] | None = None


CASES = [
    # standard: North-South (0, 2) make with 3 tricks: 1 each; East-West (1, 3) euchred with 2
    Case("standard", "made", 0, (2, 1, 1, 1), (1, 0, 1, 0)),
    Case("standard", "march", 0, (3, 0, 2, 0), (2, 0, 2, 0)),
    Case("standard", "euchre", 1, (2, 1, 1, 1), (2, 0, 2, 0)),
    # two-handed: P1 makes and takes 2: P2 scores 2
    Case("two-handed", "euchre", 0, (2, 3), (0, 2)),
    Case("two-handed", "made", 1, (1, 4), (0, 1)),
    # cutthroat (the maker against the rest): A takes 2: B and C score 2 each
    Case("cutthroat", "euchre", 0, (2, 2, 1), (0, 2, 2)),
    Case("cutthroat", "made", 2, (1, 0, 4), (0, 0, 1)),
    # the maker against the rest, `defenders: tricks`: B and C took 3 + 1 together: 4 each
    Case(MAKER_VS_REST_TRICKS, "euchre", 0, (1, 3, 1), (0, 4, 4)),
    # ghost hand (each for himself): A bid 3, took 3: +3; B +2, C +1 for their own tricks
    Case("ghost-hand", "made", 0, (3, 2, 1), (3, 2, 1), bid=3),
    Case("ghost-hand", "set", 0, (3, 2, 1), (-4, 2, 1), bid=4),
    # bid euchre: North-South bid 4 and took 2 + 1: -4 each; East-West took 3: +3 each
    Case("bid-euchre", "set", 0, (2, 1, 1, 2), (-4, 3, -4, 3), bid=4),
    Case("bid-euchre", "made", 1, (1, 2, 0, 3), (1, 5, 1, 5), bid=5),
    # pepper: West bid 2, East-West took 4: +4 each; North-South +2 each
    Case("pepper", "made", 3, (1, 2, 1, 2), (2, 4, 2, 4), bid=2),
    # call-ace: seat 1 called seat 3's card; they took 2 + 1: made, 1 each
    Case("call-ace", "made", 1, (1, 2, 1, 1, 0), (0, 1, 0, 1, 0), makers=(1, 3)),
    Case("call-ace", "euchre", 1, (1, 1, 1, 1, 1), (2, 0, 2, 0, 2), makers=(1, 3)),
]


def _name(ref: str) -> str:
    return "maker-vs-rest-tricks" if "\n" in ref else ref


def _variant(ref: str) -> Variant:
    return overlay(ref) if "\n" in ref else variant(ref)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{_name(c.ref)}-{c.label}")
def test_each_scoring_rows_words_give_the_points_play_gives(case: Case) -> None:
    v = _variant(case.ref)
    played = v.score_hand(dealer=0, maker=case.maker, tricks=case.tricks,
                          scores=[0] * v.players, bid=case.bid, makers=case.makers)
    assert played.label == case.label
    assert played.deltas == case.expected
    row = next(rule for rule, r in zip(table_rules(v), v.scoring.rows, strict=True)
               if r.label == case.label)
    makers = case.makers or v.hand_sides(case.maker)[0]
    said = points_said(row.text, players=v.players, makers=makers, tricks=case.tricks,
                       bid=case.bid)
    assert said == case.expected, row.text


def test_a_maker_vs_rest_defender_scores_the_defenders_tricks_together_in_play() -> None:
    # the same rule on a hand played out: A orders up hearts and keeps his own five; B and C
    # take the tricks between them, and each scores what they took together
    v = overlay(MAKER_VS_REST_TRICKS)
    deal = {"dealer": 2, "upcard": "KH", "extra": {"dummy": ["9D", "TD", "QD", "KD", "AD"]},
            "hands": [["9H", "9C", "TC", "9S", "TS"], ["AC", "KC", "QC", "JC", "AS"],
                      ["JH", "JD", "AH", "QH", "KS"]]}
    state = new_game(v, seed=0, deal=deal)
    for action in ["order_up", "discard:QH", "pass", "pass", "pass",
                   "discard:9D", "discard:TD", "discard:QD", "discard:KD", "discard:AD"]:
        state.apply(action)
    # C trumps the first trick; B's ace of spades takes the second; C's trumps the rest.
    play(state, "9H AC JH | KS 9S AS | KC JD TC | AH 9C QC | KH TS JC")
    record = state.hands_played[-1]
    assert record.tricks == (0, 1, 4)  # by hand: C tricks 1, 3, 4, 5; B trick 2
    assert record.label == "euchre" and record.deltas == (0, 5, 5)  # 1 + 4 to each defender
    row = next(rule.text for rule, r in zip(table_rules(v), v.scoring.rows, strict=True)
               if r.label == "euchre")
    assert points_said(row, players=3, makers=(0,), tricks=record.tricks, bid=None) == (0, 5, 5)


# -- single sentences -------------------------------------------------------------------------

NO_JACKS = """
extends: standard
description: a deck without jacks.
deck:
  ranks: ["9", T, Q, K, A, "8"]
"""


def test_a_deck_without_jacks_has_no_bowers_in_the_rule_book_or_in_play() -> None:
    v = overlay(NO_JACKS)
    text = book(v)
    assert "Trumps rank, high to low: ace, king, queen, 10, 9 and 8." in text
    assert "bower" not in text and "lacks its jack" not in text
    # play agrees: the ace of trump beats the king, and no jack exists to rank above it
    assert v.trick_winner("H", ["KH", "AH", "QH", "TH"]) == 1
    assert not any(C.card_name(c).startswith("J") for c in v.deck.cards)


def test_a_deck_with_jacks_still_has_both_bowers() -> None:
    text = book(variant("standard"))
    assert ("Trumps rank, high to low: the right bower (the jack of trump), the left bower "
            "(the other jack of the same colour), ace, king, queen, 10 and 9.") in text
    assert "the suit of trump's colour lacks its jack" in text


def test_two_extra_hands_are_dealt_in_the_plural() -> None:
    v = overlay("""
extends: ghost-hand
description: ghost hand with a dummy beside the ghost hand.
deck: {size: 32}
deal:
  extra_hands:
    - {name: dummy, position: dealer_right}
    - {name: ghost, position: dealer_right}
""")
    text = book(v)
    assert ("The dummy and the ghost hand are each dealt as if they were players sitting at "
            "the dealer's right") in text
    assert "They lie face down and no one sees them." in text
    assert " is dealt as if it were" not in text


def test_an_award_of_minus_twice_the_bid_is_a_loss_of_twice_the_bid() -> None:
    v = overlay("""
extends: bid-euchre
description: a set bid costs twice the bid.
scoring:
  table:
    - {label: made, when: "not moon and makers.tricks >= bid", makers: tricks, defenders: tricks}
    - {label: set, when: "not moon and makers.tricks < bid", makers: "-2 * bid", defenders: tricks}
    - {label: moon, when: "moon and makers.tricks == 6", makers: 12}
    - {label: moon_failed, when: "moon and makers.tricks < 6", makers: -bid, defenders: tricks}
""")
    rows = {r.label: rule.text for rule, r in zip(table_rules(v), v.scoring.rows, strict=True)}
    assert "the makers lose as many points as twice the bid" in rows["set"]
    assert "minus" not in rows["set"]
    assert v.score_hand(dealer=0, maker=0, tricks=(1, 2, 1, 2), scores=[0] * 4,
                        bid=3).deltas == (-6, 4, -6, 4)


def test_a_redeal_condition_that_is_never_true_says_nobody_may_throw_in() -> None:
    v = overlay("""
extends: standard
description: a redeal that never applies.
flow: [deal, redeal, upcard_bidding, go_alone, dealer_pickup, play, score]
redeal: {when: false}
""")
    text = book(v)
    assert "No hand may be thrown in for a redeal" in text
    assert "meets `false`" not in text
