"""The part of ``auction`` (:mod:`engine.mechanics.auction`) in a hand's result: the seat that
swapped its hand for the extra hand (GH-A3), and what simulation reports count of it.

>>> part = AuctionResult(swapped=2)
>>> part.to_json(), part.counts()
({'swapped': 2}, (('swaps', None), ('swaps', 2)))
>>> AuctionResult.from_flat({"swapped": None}) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.mechanics.auction_rules import AuctionRules, SwapPart
from engine.mechanics.base import Figure, ResultHook, ResultPart, StatsHook

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.rules.results import HandResult
    from engine.rules.variant import Variant

__all__ = ["RESULT", "STATS", "AuctionResult"]


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionResult(ResultPart):
    """The seat that took the extra hand (kept under ``auction`` in a hand with a swap)."""

    swapped: int

    def to_json(self) -> dict[str, Any]:
        return {"swapped": self.swapped}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AuctionResult:
        return cls(swapped=int(data["swapped"]))

    @classmethod
    def from_flat(cls, data: Mapping[str, Any]) -> AuctionResult | None:
        return None if data.get("swapped") is None else cls.from_json(data)

    def counts(self) -> tuple[tuple[str, int | None], ...]:
        return (("swaps", None), ("swaps", self.swapped))

    def contract_words(self, variant: Variant, record: HandResult, seat: Callable[[int], str]
                       ) -> list[str]:
        rules = variant.rules(AuctionRules)
        hand = rules.swap.hand if rules is not None and rules.swap is not None else "extra"
        return [f"{seat(self.swapped)} swapped for the {hand} hand"]


def _result(s: Table) -> AuctionResult | None:
    swapped = SwapPart.of(s.hand).swapped
    return AuctionResult(swapped=swapped) if swapped >= 0 else None


RESULT = ResultHook(part=AuctionResult, build=_result)
STATS = StatsHook(figures=(Figure(name="swaps", rank=10),))
