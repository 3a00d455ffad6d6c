"""Hand conditions: the card sets of ``count(hand, ...)`` and ``holds(hand, ...)`` as masks.

A card set is written with ranks, suits, card codes and a few names, joined by ``and``, ``or``,
``not`` and parentheses:

- ``rank in [9, T]``, ``suit in [H, D]``: the cards of those printed ranks or suits (the
  joker has neither);
- ``JH``, ``9S``: one card; ``JOKER``: every joker (the joker, or both of a two-joker deck);
  ``JK`` the joker (the high one of two), ``JL`` the low joker (DECK-A4);
- ``trump`` (the trump suit with the left bower, and the joker in a joker deck), ``bowers``,
  ``right_bower``, ``left_bower``: cards that depend on trump, so only where trump is fixed;
  at no-trump there are none, and in a deck without bowers (``deck.bowers: false``) ``trump``
  is the trump suit and the jokers, and the three bower sets are empty (DECK-A5);
- ``any``: every card.

Each set compiles once into one bitmask per trump index (:data:`~engine.core.cards.
TRUMP_LETTERS`), so that a condition costs an ``and`` and a popcount when it is evaluated.

>>> from engine.rules.expressions_parse import parse
>>> call = parse("count(hand, rank in [9, T] and not suit in [H])")
>>> [C.names(mask & C.FIRST_COPIES) for mask in set_masks(call.cards, _never)][:1]
[['9C', 'TC', '9D', 'TD', '9S', 'TS']]
>>> C.names(set_masks(parse("count(hand, bowers)").cards, _never)[C.HEARTS])
['JD', 'JH', 'JD', 'JH']

A set holds the sixes and a double deck's second copies of its cards too (``count(hand, JH)``
may be 2 in a double deck).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from engine.core import cards as C
from engine.rules.expressions_tree import CardSet, HandCall, SetCard, SetIn, SetName, SetOp

__all__ = ["RANK_WORDS", "SET_NAMES", "SUIT_LETTERS", "Fail", "named_cards", "set_masks",
           "uses_trump"]

Fail = Callable[[str, int, str], NoReturn]
"""Raise an error: message, column inside the expression, hint."""

_TRUMPS = len(C.TRUMP_LETTERS)
_ALL = (1 << C.CARD_COUNT) - 1
RANK_WORDS = {C.rank_letter(rank): rank for rank in C.RANK_ORDER}
"""The rank words of ``rank in [...]``: ``6 7 8 9 T J Q K A`` (``9`` may be written bare)."""
SUIT_LETTERS = {name: index for index, name in enumerate(C.SUIT_NAMES)}
"""The suit words of ``suit in [...]``: ``C D H S``."""


def _cards(keep: Callable[[int, int], bool]) -> int:
    """Every card id (sixes and second copies included) whose printed suit and rank pass."""
    return sum(1 << c for c in range(C.CARD_COUNT) if keep(C.SUITS[c], C.RANKS[c]))


def _jack(suit: int) -> int:
    return _cards(lambda s, r: s == suit and r == C.RANK_J)


def _per_trump(of_trump: Callable[[int], int]) -> tuple[int, ...]:
    return tuple(of_trump(t) if t < C.NO_TRUMP else 0 for t in range(_TRUMPS))


def _trump_cards(t: int) -> int:
    return (_cards(lambda s, r: s == t or r == C.RANK_JOKER)
            | _jack(C.left_bower_suit(t)))


SET_NAMES: dict[str, tuple[int, ...]] = {
    "trump": _per_trump(_trump_cards),
    "bowers": _per_trump(lambda t: _jack(t) | _jack(C.left_bower_suit(t))),
    "right_bower": _per_trump(_jack),
    "left_bower": _per_trump(lambda t: _jack(C.left_bower_suit(t))),
    "any": (_ALL,) * _TRUMPS,
}
"""The named sets, one mask per trump index; all but ``any`` depend on trump."""

_PLAIN_SET_NAMES: dict[str, tuple[int, ...]] = {
    **SET_NAMES,
    "trump": _per_trump(lambda t: _cards(lambda s, r: s == t or r == C.RANK_JOKER)),
    "bowers": (0,) * _TRUMPS,
    "right_bower": (0,) * _TRUMPS,
    "left_bower": (0,) * _TRUMPS,
}
"""The named sets of a deck without bowers (DECK-A5)."""


def uses_trump(node: CardSet) -> SetName | None:
    """The first part of ``node`` that depends on trump, or None."""
    match node:
        case SetName(name=name) if name != "any":
            return node
        case SetOp(left=left, right=right):
            return uses_trump(left) or (uses_trump(right) if right is not None else None)
    return None


def set_masks(node: CardSet, fail: Fail, *, bowers: bool = True) -> tuple[int, ...]:
    """The cards of ``node`` for each trump index (in a deck with bowers or without); a word
    that names nothing calls ``fail``."""
    match node:
        case SetIn(of="rank", words=words):
            ranks = set()
            for word, column in words:
                if word not in RANK_WORDS:
                    fail(f"`{word}` is not a rank", column,
                         "the ranks are 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K and A")
                ranks.add(RANK_WORDS[word])
            return (_cards(lambda s, r: r in ranks),) * _TRUMPS
        case SetIn(words=words):
            suits = set()
            for word, column in words:
                if word not in SUIT_LETTERS:
                    fail(f"`{word}` is not a suit", column, "the suits are C, D, H and S")
                suits.add(SUIT_LETTERS[word])
            return (_cards(lambda s, r: s in suits),) * _TRUMPS
        case SetCard(code=code, column=column):
            try:
                if code == "JOKER":
                    return (C.JOKERS,) * _TRUMPS
                one = C.card(code)
                if C.RANKS[one] == C.RANK_JOKER:  # JK (and its copy) or JL
                    return (sum(1 << c for c in range(C.CARD_COUNT)
                                if C.original(c) == one),) * _TRUMPS
                return (_cards(lambda s, r: (s, r) == (C.SUITS[one], C.RANKS[one])),) * _TRUMPS
            except ValueError:
                fail(f"`{code}` is not a card", column,
                     "write rank then suit (`JH`, `9S`, `AD`), or `JOKER` (`JK`, `JL`)")
        case SetName(name=name, column=column):
            if name not in SET_NAMES:
                fail(f"unknown set of cards `{name}`", column,
                     "the named sets are `trump`, `bowers`, `right_bower`, `left_bower` and "
                     "`any`; ranks and suits are written `rank in [9, T]`, `suit in [H]`")
            return (SET_NAMES if bowers else _PLAIN_SET_NAMES)[name]
        case SetOp(op="not", left=left):
            return tuple(_ALL & ~mask for mask in set_masks(left, fail, bowers=bowers))
        case SetOp(op=op, left=left, right=right):
            assert right is not None
            pairs = zip(set_masks(left, fail, bowers=bowers), set_masks(right, fail, bowers=bowers),
                        strict=True)
            if op == "and":
                return tuple(a & b for a, b in pairs)
            return tuple(a | b for a, b in pairs)
    raise AssertionError(f"not a card set: {node!r}")  # pragma: no cover


def _never(message: str, column: int, hint: str) -> NoReturn:  # pragma: no cover - doctests
    raise AssertionError(message)


def named_cards(node: object) -> tuple[int, ...]:
    """Every card that the ``count``/``holds`` calls of an expression tree name, one mask per
    trump index: the cards a seat shows when it declares that its hand meets the condition.

    >>> from engine.rules.expressions_parse import parse
    >>> masks = named_cards(parse("holds(hand, JH) and count(hand, rank in [A]) >= 2"))
    >>> C.names(masks[C.CLUBS] & C.FIRST_COPIES)
    ['AC', 'AD', 'JH', 'AH', 'AS']
    """
    found = [0] * _TRUMPS
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, HandCall):
            for t, mask in enumerate(set_masks(item.cards, _never)):
                found[t] |= mask
            continue
        for child in getattr(item, "__slots__", ()):
            value = getattr(item, child, None)
            if isinstance(value, tuple):
                stack.extend(value)
            elif hasattr(value, "column"):
                stack.append(value)
    return tuple(found)
