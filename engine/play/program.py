"""A variant's runnable form: its phase objects and per-variant tables, built once.

:func:`program` caches one :class:`Program` per :class:`~engine.rules.variant.Variant` object, so
creating a state costs no compiling.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from engine.mechanics.base import Part, Phase, ViewHook
from engine.mechanics.registry import mechanic
from engine.rules.variant import Variant

__all__ = ["Program", "program"]


class Program:
    """The phases of a variant's flow, in order, and lookup tables the phases share."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.phases: tuple[Phase, ...] = tuple(
            mechanic(name).phase(variant) for name in variant.flow)
        self.hides: tuple[bool, ...] = tuple(
            type(phase).hides_hand is not Phase.hides_hand for phase in self.phases)
        """By phase: it may hide a seat's own cards from his view (``Phase.hides_hand``)."""
        parts = (mechanic(name).part for name in variant.flow)
        self.parts: tuple[type[Part], ...] = tuple(
            dict.fromkeys(kind for kind in parts if kind is not None))
        """The part classes of the flow's mechanics (one each; two mechanics may share one):
        a fresh part of each goes into every new hand."""
        hooks = (mechanic(name).view for name, phase in zip(variant.flow, self.phases,
                                                            strict=True) if phase.shows_view)
        self.view_hooks: tuple[ViewHook, ...] = tuple(
            dict.fromkeys(hook for hook in hooks if hook is not None))
        """The view hooks of the flow's mechanics (one each): a seat's view holds their parts."""
        self.contract_hooks = tuple(hook for name in variant.flow
                                    if (hook := mechanic(name).contract) is not None)
        """The flow's mechanics' hooks of the settings a contract fixes (``Mechanic.contract``)."""
        n = variant.players
        self.extra_position = {name: n + i for i, name in enumerate(variant.deal.extra_hands)}
        specials = variant.scoring.space.specials
        self.special_bids = tuple(name for name, _, _ in specials) or ("moon",)
        """The special bids' names in rank order, as actions name them (``bid:moon``)."""
        self.tables = variant.deck.all_tables()
        """The deck's trump tables by trump index (a view carries them)."""
        self.sides_of = tuple(variant.sides.hand_sides(maker) for maker in range(n))
        """The sides of a hand, by maker (fixed teams, or the maker against the rest)."""


_CACHE: WeakKeyDictionary[Variant, Program] = WeakKeyDictionary()


def program(variant: Variant) -> Program:
    """The (cached) program of a variant."""
    found = _CACHE.get(variant)
    if found is None:
        found = _CACHE[variant] = Program(variant)
    return found
