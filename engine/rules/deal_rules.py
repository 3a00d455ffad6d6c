"""The deal's config record (phase ``deal``, compiled by :mod:`engine.mechanics.deal`), its
settings declared once (:mod:`engine.rules.config_fields`). It lives in the rules layer because
the deal's size is part of every rule: scoring, lone hands, positions; the compiler compiles it
first and :class:`~engine.rules.variant.Variant` keeps it as ``variant.deal``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.config_fields import option
from engine.rules.pile_rules import Pile, PilePlace

__all__ = ["DealRules"]

_EXTRA_HAND = {
    "type": "object",
    "additionalProperties": False,
    "required": ["name"],
    "properties": {
        "name": {
            "description": "The hand's name, used by other phases (`dummy`, `ghost`).",
            "enum": ["dummy", "ghost"],
        },
        "position": {
            "description": (
                "Where it is dealt: `dealer_right`, the empty place dealt just before "
                "the dealer (CTD-A7, GH-A15). Default: dealer_right."
            ),
            "enum": ["dealer_right"],
            "default": "dealer_right",
        },
    },
}
"""An item of ``deal.extra_hands`` (the record keeps its name only: one position exists)."""

_PACKETS = {
    "default": "one_at_a_time",
    "oneOf": [
        {"const": "one_at_a_time"},
        {
            "type": "array",
            "minItems": 1,
            "maxItems": 12,
            "items": {
                "type": "array",
                "minItems": 2,
                "maxItems": 8,
                "items": {"type": "integer", "minimum": 0, "maximum": 12},
            },
        },
    ],
}


@dataclass(frozen=True, slots=True, kw_only=True)
class DealRules:
    """Phase ``deal``. ``positions`` counts seats plus extra hands plus the positions of the
    piles (``piled``: the cards dealt to each, after the upcard; :mod:`engine.rules.pile_rules`);
    ``packets`` has one tuple per round with one packet size per seat and extra hand, in
    dealing order from eldest. Compiled, ``hand_size`` is the cards each seat plays, which is
    the number of tricks; ``held`` the cards dealt to his hand (less than ``hand_size`` only
    where a seat also plays from a pile, a tableau)."""

    hand_size: int = option(5, minimum=1, maximum=12, doc=(
        "Cards per hand, which is also the number of tricks (a seat that also plays from "
        "a tableau, `piles.dealt[].play_from`, plays its cards too: the tricks are more)."))
    extra_hands: tuple[str, ...] = option((), plain=False, doc=(
        "Face-down hands dealt as if to further players (the Cutthroat dummy, the Ghost "
        "Hand). Default: none."), schema={"type": "array", "maxItems": 2, "default": [],
                                          "items": _EXTRA_HAND})
    packets: tuple[tuple[int, ...], ...] = option((), plain=False, doc=(
        "How cards are dealt, clockwise from eldest over every position (seats and extra "
        "hands): `one_at_a_time`, or a list of rounds, each a list of packet sizes, one "
        "per position (STD-A5: [[3, 2, 3, 2], [2, 3, 2, 3]]). Default: one_at_a_time."),
        schema=_PACKETS)
    upcard: bool = option(True, doc=(
        "Turn the top card of the kitty face up to propose trump."))
    positions: int = 0
    held: int = 0
    piles: tuple[Pile, ...] = ()
    """The piles dealt beside the hands (phase ``piles``), and where (``pile_places``)."""
    pile_places: tuple[PilePlace, ...] = ()
    piled: tuple[int, ...] = ()
