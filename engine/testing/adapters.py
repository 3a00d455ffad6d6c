"""The shipped variants the OpenSpiel and PettingZoo adapters play, for their tests: every
one whose deck the observation encoding has a place for (card ids 0 to 61). A deck with the
2 to 5 or a low joker (``five-hundred``'s 4s and 5s, DECK-A6) is refused by the encoder with
the reason, which ``tests/adapters/test_encoding_and_chance.py`` checks."""

from __future__ import annotations

from engine import load_variant, shipped_names
from engine.adapters.encoding import CARDS

__all__ = ["ENCODED", "NOT_ENCODED"]

ENCODED = [name for name in shipped_names() if load_variant(name).deck.mask >> CARDS == 0]
"""The shipped variants whose every card has a place in the encoding."""
NOT_ENCODED = [name for name in shipped_names() if name not in ENCODED]
"""The others, which the adapters refuse."""
