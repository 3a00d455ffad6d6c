"""Small pieces of English shared by the rule book's own sections (cards, scoring table):
ranks, tricks and the names of the parties of a hand (the makers, the defenders) for each
kind of sides. Numbers, lists and settings come from :mod:`engine.mechanics.wording`, which
the mechanics' rule-book lines use too.

>>> tricks(1), ranks_text([7, 6, 5])
('1 trick', 'ace, king and queen')
>>> party(kind="teams", makers=True).subject
'the makers'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.mechanics.registry import flow_words
from engine.mechanics.wording import join

if TYPE_CHECKING:
    from engine.rules.variant import Variant

__all__ = ["CALLED", "RANK_WORDS", "Party", "party", "ranks_text", "sides_kind", "tricks"]

RANK_WORDS = ("7", "8", "9", "10", "jack", "queen", "king", "ace", "joker", "6", "5", "4", "3",
              "2")
"""Rank indices of :mod:`engine.core.cards` in words (the joker's 8, then the six's 9, then the
5 to 2, 10 to 13)."""


def tricks(n: int) -> str:
    """``1 trick``, ``3 tricks``."""
    return f"{n} trick{'s' * (n != 1)}"


def ranks_text(ranks: Sequence[int]) -> str:
    """Rank indices as words, in the order given: ``ace, king, queen``."""
    return join([RANK_WORDS[r] for r in ranks])


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


CALLED = "called"
"""The kind of sides :func:`sides_kind` gives a variant whose maker calls his partner (a
mechanic's ``Words.sides``): each scores for himself, and the makers may be two."""


def sides_kind(v: Variant) -> str:
    """The variant's kind of sides for the rule book's words: a mechanic's that decides them
    in each hand (:data:`CALLED` when the maker calls his partner), else the fixed kind."""
    return next((w.sides for w in flow_words(v) if w.sides), str(v.sides.kind))


def party(*, kind: str, makers: bool, players: int = 0) -> Party:
    """The makers' side or a defending side, named for the variant's kind of sides (and, at
    a table of two, ``the other player``)."""
    if kind == "teams":
        subject = "the makers" if makers else "the defenders"
        return Party(subject=subject, plural=True, pronoun="they")
    if kind == CALLED and makers:  # the maker and the partner he called, each scoring
        return Party(subject="the makers", plural=True, pronoun="they")
    if kind == CALLED:
        kind = "maker_vs_rest"
    if makers:
        return Party(subject="the maker", plural=False, pronoun="he")
    if kind == "maker_vs_rest":
        return Party(subject="each defender", plural=False, pronoun="he")
    other = "the other player" if players == 2 else "each other player"
    return Party(subject=other, plural=False, pronoun="he")
