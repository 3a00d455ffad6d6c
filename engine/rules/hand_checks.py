"""Checks of what a caller gives the pure rules API of :class:`engine.rules.variant.Variant`:
card codes and trumps (``trick_winner``), and who played alone and who sat out in a hand
described to ``score_hand`` (a lone player's partners, a special bid played alone, seats out
of the hand), before the hand is scored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core import cards as C
from engine.core.errors import InvalidArgument

if TYPE_CHECKING:
    from engine.rules.variant import Variant

__all__ = ["card_in_deck", "check_alone", "lone_seats", "parse_trump", "seats_out", "trick_cards"]


def lone_seats(v: Variant, *, maker: int, bid: int | str | None, alone: Sequence[int]
               ) -> tuple[int, ...]:
    """``alone``, with the maker added when his special bid is played alone."""
    lone = any(name == bid and by_himself for name, _, by_himself
               in v.scoring.space.specials)
    return tuple(alone) if not lone or maker in alone else (maker, *alone)


def check_alone(v: Variant, *, maker: int, tricks: Sequence[int], alone: Sequence[int],
                sitting_out: Sequence[int] = ()) -> None:
    """Only the maker and one defender may go alone, and a lone player's partners sit out:
    they take no tricks, nor does any other seat sitting out."""
    makers, *defenders = v.sides.hand_sides(maker)
    lone_defenders = [seat for side in defenders for seat in side if seat in alone]
    for seat in alone:
        if seat in makers and seat != maker:
            raise InvalidArgument(f"seat {seat} is the maker's partner; only the maker of "
                                  "his side may go alone")
    if len(lone_defenders) > 1:
        raise InvalidArgument(f"only one defender may go alone, not {lone_defenders}")
    for seat in sitting_out:
        if not 0 <= seat < v.players:
            raise InvalidArgument(f"seat {seat} sitting out does not exist")
        if seat == maker or seat in alone:
            raise InvalidArgument(f"seat {seat} plays this hand (maker or alone); it "
                                  "cannot sit out")
        if tricks[seat]:
            raise InvalidArgument(f"seat {seat} sits out and cannot take tricks")
    for side in (makers, *defenders):
        lone = [seat for seat in side if seat in alone]
        idle = [seat for seat in side if lone and seat not in lone and tricks[seat]]
        if idle:
            raise InvalidArgument(f"seat {idle[0]} sits out beside a lone partner and cannot "
                                  "take tricks")


def seats_out(v: Variant, *, maker: int, alone: Sequence[int], sitting_out: Sequence[int]
              ) -> tuple[int, ...]:
    """Every seat out of the hand (the awards' ``out``): ``sitting_out`` and a lone player's
    partners. Nobody sits out a hand without a maker (``maker`` -1, BUCK-A5)."""
    if maker < 0:
        if sitting_out:
            raise InvalidArgument("nobody sits out a hand without a maker: leave sitting_out "
                                  "empty")
        return ()
    partners = {seat for side in v.sides.hand_sides(maker) if any(s in alone for s in side)
                for seat in side if seat not in alone}
    return tuple(sorted(partners.union(sitting_out)))


def trick_cards(v: Variant, codes: Sequence[str]) -> list[int]:
    """The cards of a trick's codes; in a double deck a code already played in the trick is
    the second copy (DECK-A3: the first of two identical cards wins)."""
    played = [card_in_deck(v, code) for code in codes]
    if v.deck.copies == 2:
        played = [C.copy_of(c) if c in played[:i] else c for i, c in enumerate(played)]
    return played


def card_in_deck(v: Variant, code: str) -> int:
    """The card of ``code``, which must be a card of ``v``'s deck."""
    if not isinstance(code, str):
        raise InvalidArgument(f"{code!r} is not a card code such as 9C, JH or JK")
    try:
        c = C.card(code)
    except ValueError as exc:
        raise InvalidArgument(str(exc)) from None
    if not v.deck.mask >> c & 1:
        raise InvalidArgument(f"{code} is not in the {v.name} deck")
    return c


_TRUMPLESS = {"n": C.NO_TRUMP, "no-trump": C.NO_TRUMP, "notrump": C.NO_TRUMP,
              "l": C.LOW_NO_TRUMP, "low": C.LOW_NO_TRUMP, "lo": C.LOW_NO_TRUMP,
              "low no-trump": C.LOW_NO_TRUMP}


def parse_trump(text: str | None) -> int:
    """The trump index of a suit letter or word, ``N``/``None`` (no-trump) or ``L`` (low)."""
    if text is None:
        return C.NO_TRUMP
    if not isinstance(text, str):
        raise InvalidArgument(f"{text!r} is not a suit: use C, D, H or S, N (no-trump) or L "
                              "(low no-trump)")
    found = _TRUMPLESS.get(text.strip().lower())
    if found is not None:
        return found
    try:
        return C.parse_suit(text)
    except ValueError as exc:
        raise InvalidArgument(f"{exc}, N (no-trump) or L (low no-trump)") from None
