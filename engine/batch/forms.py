"""Which mechanics have a batch form, and whether a whole variant does.

A mechanic's batch form sits beside its scalar module (``engine/mechanics/NAME.py``) under
the same name here (:data:`BATCH_FORMS`): a kernel class with ``check(variant)`` (why this
configuration has none, or None) and ``run(batch_hand)``. :func:`missing` names the first
mechanic of a variant's flow, or the first game rule, that the batch engine cannot play:
``simulate --engine batch`` then says so and plays the scalar engine instead.

>>> from engine import load_variant
>>> missing(load_variant("standard")) is None
True
>>> print(missing(load_variant("railroad")))
railroad: mechanic `deal` as configured: double decks and jokers have no batch form yet
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.batch import kernels
from engine.batch.auction import Auction, NameTrump
from engine.batch.extra_hands import DummyMerge
from engine.batch.hand import BatchHand
from engine.batch.score import Score
from engine.rules.game_end import Goal, Win
from engine.rules.variant import Variant

__all__ = ["BATCH_BOTS", "BATCH_FORMS", "Kernel", "missing", "missing_bot"]


class Kernel(Protocol):
    """A mechanic's batch form, built from the compiled variant."""

    def run(self, bh: BatchHand, /) -> None: ...


class KernelForm(Protocol):
    """The kernel class: ``check`` before building it."""

    @staticmethod
    def check(variant: Variant) -> str | None: ...

    def __call__(self, variant: Variant) -> Kernel: ...


BATCH_FORMS: dict[str, KernelForm] = {
    "deal": kernels.Deal,
    "upcard_bidding": kernels.UpcardBidding,
    "go_alone": kernels.GoAlone,
    "dealer_pickup": kernels.DealerPickup,
    "dummy_merge": DummyMerge,
    "auction": Auction,
    "name_trump": NameTrump,
    "play": kernels.Play,
    "score": Score,
}
"""Mechanic name -> its batch form."""

BATCH_BOTS = ("random", "greedy")
"""The bots that have a batch form."""


def missing(variant: Variant) -> str | None:
    """Why the batch engine cannot play ``variant`` (naming the mechanic), or None."""
    for name in variant.flow:
        form = BATCH_FORMS.get(name)
        if form is None:
            return f"{variant.name}: mechanic `{name}` has no batch form"
        reason = form.check(variant)
        if reason is not None:
            return f"{variant.name}: mechanic `{name}` as configured: {reason}"
    game = variant.game
    if game.match is not None or game.goal is not Goal.UP or game.win is not Win.REACH:
        return f"{variant.name}: match rules, countdowns and contract wins have no batch form"
    return None


def missing_bot(bots: Sequence[str]) -> str | None:
    """Why the batch engine cannot play these bots (naming one), or None."""
    for name in bots:
        if name not in BATCH_BOTS:
            return (f"bot `{name}` has no batch form (batch bots: "
                    f"{', '.join(BATCH_BOTS)})")
    return None
