"""Small pieces of English shared by the rule book's renderers: numbers, lists, cards and
the names of the parties of a hand (the makers, the defenders) for each kind of sides.

>>> number(4), join(["9", "10", "jack"]), tricks(1)
('four', '9, 10 and jack', '1 trick')
>>> party(kind="teams", makers=True).subject
'the makers'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import cards as C

__all__ = [
    "RANK_WORDS",
    "Party",
    "join",
    "number",
    "party",
    "ranks_text",
    "setting",
    "suit_word",
    "tricks",
]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve")
RANK_WORDS = ("7", "8", "9", "10", "jack", "queen", "king", "ace")
"""Rank indices of :mod:`engine.core.cards` in words."""


def number(n: int) -> str:
    """``n`` in words up to twelve, in digits beyond."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def join(items: Sequence[str], word: str = "and") -> str:
    """``a, b and c`` (``word`` joins the last two)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def tricks(n: int) -> str:
    """``1 trick``, ``3 tricks``."""
    return f"{n} trick{'s' * (n != 1)}"


def ranks_text(ranks: Sequence[int]) -> str:
    """Rank indices as words, in the order given: ``ace, king, queen``."""
    return join([RANK_WORDS[r] for r in ranks])


def suit_word(suit: int) -> str:
    """``hearts`` for a suit index (0..3)."""
    return C.SUIT_WORDS[suit]


def setting(key: str, value: object) -> str:
    """A variant-file setting as it is written: ``upcard_bidding.stick_the_dealer: true``."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return f"`{key}: {text}`"


@dataclass(frozen=True, slots=True, kw_only=True)
class Party:
    """How to name one side of a hand: ``subject`` with its verb form (``plural``) and the
    pronoun for what it took (``they``/``he``)."""

    subject: str
    plural: bool
    pronoun: str

    def verb(self, plural_form: str, singular_form: str) -> str:
        """The verb agreeing with the subject (``take``/``takes``)."""
        return plural_form if self.plural else singular_form


def party(*, kind: str, makers: bool, players: int = 0) -> Party:
    """The makers' side or a defending side, named for the variant's kind of sides (and, at
    a table of two, ``the other player``)."""
    if kind == "teams":
        subject = "the makers" if makers else "the defenders"
        return Party(subject=subject, plural=True, pronoun="they")
    if makers:
        return Party(subject="the maker", plural=False, pronoun="he")
    if kind == "maker_vs_rest":
        return Party(subject="each defender", plural=False, pronoun="he")
    other = "the other player" if players == 2 else "each other player"
    return Party(subject=other, plural=False, pronoun="he")
