"""Compiling the ``deck`` block: its ranks (the same in every suit, or by suit), the jokers,
the copies and the bowers, each problem a located error at the user's line.

The ranks are written as a list (``["9", T, J, Q, K, A]``), a range from low to high
(``"9-A"``), or by suit: a mapping from ``C D H S`` (or ``red``, ``black``: both suits of a
colour) to a list or a range, each suit exactly once (DECK-A6).

>>> ranks_of("7-A")
[0, 1, 2, 3, 4, 5, 6, 7]
>>> [len(r) for r in suit_ranks({"black": "8-A", "red": "7-A"}, _raise)]
[7, 8, 8, 7]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NoReturn

from engine.core import cards as C
from engine.rules.yamlsource import Path_

__all__ = ["COLOURS", "DealerRules", "Deck", "DrawDealer", "DrawJoker", "DrawPartners", "Fail",
           "FirstDealer", "count_words", "ranks_of", "suit_ranks"]

_FROZEN = {"frozen": True, "slots": True, "kw_only": True}

Fail = Callable[[str, Path_, str], None]
"""Report an error: message, the setting's path, hint."""

COLOURS = {"black": (C.CLUBS, C.SPADES), "red": (C.DIAMONDS, C.HEARTS)}
"""The suits a colour key of ``deck.ranks`` stands for."""

_RANKS = ("deck", "ranks")


class FirstDealer(StrEnum):
    """``dealer.first``."""

    DRAW = "draw"
    RANDOM = "random"


class DrawDealer(StrEnum):
    """``dealer.draw.dealer``: who deals after the draw."""

    LOWEST = "lowest"
    HIGHEST = "highest"


class DrawJoker(StrEnum):
    """``dealer.draw.joker``: the joker's place in the draw (DECK-A7)."""

    OUT = "out"
    HIGHEST = "highest"
    LOWEST = "lowest"


class DrawPartners(StrEnum):
    """``dealer.draw.partners``: whether the draw also seats the partners."""

    HIGH_VS_LOW = "high_vs_low"
    AS_SEATED = "as_seated"


@dataclass(**_FROZEN)
class Deck:
    """The cards in play: ``mask`` is the set, ``cards`` the same in printed order (the
    copy after the first, the joker last); ``size`` counts the cards before jokers, ``jokers``
    the jokers (every copy); ``bowers`` is false for a trump ranking without bowers (DECK-A5).
    Read trick powers and suits through :meth:`tables`, which knows the kind of deck."""

    size: int
    jokers: int
    mask: int
    cards: tuple[int, ...]
    copies: int = 1
    bowers: bool = True

    def tables(self, trump: int) -> C.TrumpTables:
        """The trump tables of ``trump`` for this deck (bowers or none; a low joker or not).

        >>> from engine import load_variant
        >>> load_variant("standard").deck.tables(C.HEARTS) is C.trump_tables(C.HEARTS)
        True
        """
        return C.trump_tables(trump, bowers=self.bowers,
                              jokers=2 if self.mask >> C.JOKER_LOW & 1 else 1,
                              small=self.mask >> C.SMALL != 0)

    def all_tables(self) -> tuple[C.TrumpTables, ...]:
        """:meth:`tables` of every trump index (the suits, no-trump, low no-trump)."""
        return _all_tables(self.bowers, bool(self.mask >> C.JOKER_LOW & 1),
                           self.mask >> C.SMALL != 0)


@dataclass(**_FROZEN)
class DealerRules:
    """First dealer and rotation. ``draw_ranking`` holds rank indices, highest first."""

    first: FirstDealer
    draw_ranking: tuple[int, ...]
    draw_dealer: DrawDealer
    draw_partners: DrawPartners
    draw_joker: DrawJoker = DrawJoker.OUT


def ranks_of(written: str | list[str]) -> list[int]:
    """The rank indices of a list or a ``"low-high"`` range, lowest first (a range that goes
    from high to low is read the other way round: the caller reports it, see
    :func:`backwards`)."""
    if isinstance(written, str):
        order = C.RANK_ORDER
        low, high = sorted(order.index(C.rank_index(r)) for r in written.split("-"))
        return list(order[low:high + 1])
    return sorted((C.rank_index(r) for r in written), key=C.RANK_ORDER.index)


def backwards(written: object) -> bool:
    """``written`` is a range from high to low (``"A-9"``).

    >>> backwards("A-9"), backwards("9-A"), backwards(["A", "9"])
    (True, False, False)
    """
    if not isinstance(written, str):
        return False
    low, high = (C.RANK_ORDER.index(C.rank_index(r)) for r in written.split("-"))
    return low > high


def suit_ranks(written: str | list[str] | Mapping[str, Any], fail: Fail
               ) -> list[list[int]]:
    """The ranks of each suit C D H S, lowest first; problems go to ``fail``."""
    if not isinstance(written, Mapping):
        if backwards(written):
            fail(f"the range {written!r} goes from high to low", _RANKS,
                 f"write the low rank first: \"{_turned(written)}\"")
        return [ranks_of(written)] * 4
    out: list[list[int] | None] = [None] * 4
    for key, value in written.items():
        path = (*_RANKS, key)
        ranks = ranks_of(value)
        if backwards(value):
            fail(f"the range {value!r} goes from high to low", path,
                 f"write the low rank first: \"{_turned(value)}\"")
        suits = COLOURS[key] if key in COLOURS else (C.parse_suit(key),)
        for suit in suits:
            if out[suit] is not None:
                fail(f"the ranks of {C.SUIT_WORDS[suit]} are given twice (`{key}` and "
                     "another key)", path, "give each suit once: C, D, H, S, or `red` for D "
                     "and H, `black` for C and S")
                continue  # the first given stands, to go on checking
            out[suit] = ranks
    missing = [C.SUIT_WORDS[s] for s, ranks in enumerate(out) if ranks is None]
    if missing:
        fail(f"`deck.ranks` does not give the ranks of {', '.join(missing)}", _RANKS,
             "give every suit its ranks: C, D, H, S, or `red` and `black`")
    given = next(r for r in out if r is not None)  # a missing suit: as the first given, so
    return [given if r is None else r for r in out]  # that no second error follows from it


def _turned(written: object) -> str:
    low, _, high = str(written).partition("-")
    return f"{high}-{low}"


@functools.cache
def _all_tables(bowers: bool, two: bool, small: bool) -> tuple[C.TrumpTables, ...]:
    return tuple(C.trump_tables(t, bowers=bowers, jokers=2 if two else 1, small=small)
                 for t in range(len(C.TRUMP_LETTERS)))


def count_words(per_suit: list[list[int]]) -> str:
    """How the ranks count up: ``6 ranks of 4 suits``, or the cards of each suit.

    >>> count_words([[1, 2]] * 4), count_words([[1], [1, 2], [1, 2], [1]])
    ('2 ranks of 4 suits', '1 clubs, 2 diamonds, 2 hearts, 1 spades')
    """
    if all(r == per_suit[0] for r in per_suit):
        return f"{len(per_suit[0])} ranks of 4 suits"
    return ", ".join(f"{len(r)} {C.SUIT_WORDS[s]}" for s, r in enumerate(per_suit))


def _raise(message: str, path: Path_, hint: str) -> NoReturn:  # pragma: no cover - doctests
    raise AssertionError(message)
