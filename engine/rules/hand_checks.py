"""Checks of what a caller gives the pure rules API of :class:`engine.rules.variant.Variant`:
card codes and trumps (``trick_winner``), and who played alone and who sat out in a hand
described to ``score_hand`` (a lone player's partners, a special bid played alone, seats out
of the hand), before the hand is scored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.core import cards as C
from engine.core.errors import InvalidArgument
from engine.rules.mechanic_rules import REGISTRY

if TYPE_CHECKING:
    from engine.rules.variant import Variant

__all__ = [
    "card_in_deck",
    "check_alone",
    "check_bid",
    "check_hand",
    "check_lone",
    "check_makers",
    "check_no_maker",
    "contract_fields",
    "lone_seats",
    "parse_trump",
    "seats_out",
    "trick_cards",
]


def check_hand(v: Variant, *, dealer: int, maker: int, tricks: Sequence[int],
               scores: Sequence[int]) -> None:
    """The seats exist, the tricks add up to a hand, partners carry equal scores."""
    n = v.players
    for name, seat in (("dealer", dealer), ("maker", maker)):
        if not 0 <= seat < n and not (name == "maker" and seat == -1):
            raise InvalidArgument(f"{name} seat {seat} does not exist (seats 0 to {n - 1})")
    if len(tricks) != n or len(scores) != n:
        raise InvalidArgument(f"tricks and scores need one number per seat ({n})")
    if any(t < 0 for t in tricks) or sum(tricks) != v.deal.hand_size:
        raise InvalidArgument(
            f"the tricks {list(tricks)} must be >= 0 and add up to {v.deal.hand_size}")
    for team in v.sides.teams:
        if len({scores[s] for s in team}) != 1:
            raise InvalidArgument(f"partners {list(team)} must carry equal scores")


def check_makers(v: Variant, *, maker: int, makers: Sequence[int], alone: Sequence[int]
                 ) -> tuple[int, ...]:
    """The makers' side of a hand decided during it (a called partner, by a phase that
    ``decides_sides``): the maker and at most the one seat that held the called card; a lone
    maker has no partner. A variant whose makers' side is fixed accepts only that side.

    >>> from engine import load_variant
    >>> check_makers(load_variant("call-ace"), maker=1, makers=[3, 1], alone=())
    (1, 3)
    >>> check_makers(load_variant("standard"), maker=1, makers=[1], alone=())
    Traceback (most recent call last):
    engine.core.errors.InvalidArgument: standard's makers are fixed: (1, 3); leave makers out
    """
    side = tuple(sorted(makers))
    if any(not isinstance(seat, int) or not 0 <= seat < v.players for seat in side):
        raise InvalidArgument(f"makers {list(makers)}: seats go from 0 to {v.players - 1}")
    if maker < 0 or maker not in side:
        raise InvalidArgument(f"the maker (seat {maker}) must be one of the makers "
                              f"{list(makers)}")
    if not REGISTRY.select(v.flow, lambda m: m.decides_sides):
        fixed = v.sides.hand_sides(maker)[0]
        if side != fixed:
            raise InvalidArgument(f"{v.name}'s makers are fixed: {fixed}; leave makers out")
        return side
    if len(set(side)) != len(side) or len(side) > 2:
        raise InvalidArgument(f"makers {list(makers)}: the maker and at most one called "
                              "partner")
    if maker in alone and len(side) > 1:
        raise InvalidArgument(f"seat {maker} played alone and has no partner: makers=({maker},)")
    return side


def check_no_maker(v: Variant, *, bid: int | str | None, alone: Sequence[int]) -> None:
    """A hand without a maker is one the variant can have, with no bid and nobody alone."""
    if not v.scoring.space.no_maker:
        raise InvalidArgument(f"every hand of {v.name} has a maker")
    if alone or bid is not None:
        raise InvalidArgument("a hand without a maker has no bid and nobody alone")


def check_bid(v: Variant, bid: int | str | None) -> tuple[int | None, str]:
    """The tricks a bid contracts for and the special bid's name (empty for a number); no
    bid in a variant without an auction."""
    space = v.scoring.space
    if not space.bids:
        if bid is not None:
            raise InvalidArgument(f"{v.name} has no auction; leave bid out")
        return None, ""
    if space.table:  # a bid of the table, by its name: 6S, 10N, misere
        row = next((r for r in space.table if r[0] == str(bid)), None)
        if row is None:
            raise InvalidArgument(f"bid must be one of the table's {[r[0] for r in space.table]}"
                                  f", not {bid!r}")
        named = any(name == row[0] for name, _, _ in space.specials)
        return row[1], row[0] if named else ""
    if isinstance(bid, str) and any(name == bid for name, _, _ in space.specials):
        return space.bid_tricks(bid), bid
    if isinstance(bid, bool) or not isinstance(bid, int) or bid not in space.bids:
        allowed = [*space.bids, *[name for name, _, _ in space.specials]]
        raise InvalidArgument(f"bid must be one of {allowed}, not {bid!r}")
    return bid, ""


def contract_fields(v: Variant, bid: int | str | None, *, forced: bool) -> dict[str, Any]:
    """The outcome's bid-table fields: the bid's place in the table and whether it was forced
    (``auction.stuck_bid``); none where the variant has neither."""
    space = v.scoring.space
    if forced and str(bid) != space.forced:
        raise InvalidArgument(f"only the stuck bid ({space.forced or 'none here'}) is forced")
    out: dict[str, Any] = {"forced": forced} if space.forced else {}
    if space.table:
        out["contract"] = [r[0] for r in space.table].index(str(bid))
    return out


def check_lone(v: Variant, *, bid: int | str | None, special: str, maker_alone: bool,
               defender_alone: bool) -> None:
    """The maker and a defender play alone only where the variant lets them (a special bid
    played alone makes the maker alone)."""
    space = v.scoring.space
    forced = any(name == special and lone for name, _, lone in space.specials)
    if maker_alone and not space.maker_alone and not forced:
        raise InvalidArgument(f"the maker cannot play alone in {v.name}"
                              + (f" on a bid of {bid}" if bid is not None else ""))
    if defender_alone and not space.defender_alone:
        raise InvalidArgument(f"a defender cannot play alone in {v.name}")


def lone_seats(v: Variant, *, maker: int, bid: int | str | None, alone: Sequence[int]
               ) -> tuple[int, ...]:
    """``alone``, with the maker added when his special bid is played alone."""
    lone = any(name == bid and by_himself for name, _, by_himself
               in v.scoring.space.specials)
    return tuple(alone) if not lone or maker in alone else (maker, *alone)


def check_alone(v: Variant, *, maker: int, tricks: Sequence[int], alone: Sequence[int],
                sitting_out: Sequence[int] = (),
                sides: Sequence[tuple[int, ...]] | None = None) -> None:
    """Only the maker and one defender may go alone, and a lone player's partners sit out:
    they take no tricks, nor does any other seat sitting out (``sides``: the hand's sides,
    the makers' first, when they were decided during the hand)."""
    makers, *defenders = v.sides.hand_sides(maker) if sides is None else sides
    lone_defenders = [seat for side in defenders for seat in side if seat in alone]
    takes_over = v.scoring.space.partner_alone and maker not in alone  # ALONE-A1
    for seat in alone:
        if seat in makers and seat != maker and not takes_over:
            raise InvalidArgument(f"seat {seat} is the maker's partner; only the maker of "
                                  "his side may go alone")
    if len(lone_defenders) > 1:
        raise InvalidArgument(f"only one defender may go alone, not {lone_defenders}")
    for seat in sitting_out:
        if not 0 <= seat < v.players:
            raise InvalidArgument(f"seat {seat} sitting out does not exist")
        if seat in alone or (seat == maker and not (takes_over and alone)):
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


def seats_out(v: Variant, *, maker: int, alone: Sequence[int], sitting_out: Sequence[int],
              sides: Sequence[tuple[int, ...]] | None = None) -> tuple[int, ...]:
    """Every seat out of the hand (the awards' ``out``): ``sitting_out`` and a lone player's
    partners (``sides``: the hand's sides when they were decided during the hand). Nobody
    sits out a hand without a maker (``maker`` -1, BUCK-A5)."""
    if maker < 0:
        if sitting_out:
            raise InvalidArgument("nobody sits out a hand without a maker: leave sitting_out "
                                  "empty")
        return ()
    hand_sides = v.sides.hand_sides(maker) if sides is None else sides
    partners = {seat for side in hand_sides if any(s in alone for s in side)
                for seat in side if seat not in alone}
    return tuple(sorted(partners.union(sitting_out)))


def trick_cards(v: Variant, codes: Sequence[str]) -> list[int]:
    """The cards of a trick's codes; in a double deck a code already played in the trick is
    the second copy (DECK-A3: the first of two identical cards wins)."""
    if not codes:
        raise InvalidArgument("a trick needs at least one card")
    played = [card_in_deck(v, code) for code in codes]
    if v.deck.copies == 2:
        played = [C.copy_of(c) if c in played[:i] else c for i, c in enumerate(played)]
    if len(set(played)) != len(played):
        raise InvalidArgument("the same card cannot be played twice in one trick")
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
