"""Starting games: :func:`new_game`, from a seed or from given deals.

>>> from engine import load_variant, new_game
>>> deal = {"dealer": 3, "hands": [["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"],
...         ["9H", "TH", "JH", "QH", "KH"], ["9S", "TS", "JS", "QS", "KS"]], "upcard": "AC"}
>>> state = new_game(load_variant("standard"), seed=1, deal=deal)
>>> state.current_player, state.view(0).hand_codes
(0, ['9C', 'TC', 'JC', 'QC', 'KC'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.core.errors import InvalidArgument
from engine.play.state import State
from engine.rules.loader import load_variant
from engine.rules.results import Deal
from engine.rules.variant import Variant

__all__ = ["MAX_SCORE", "check_scores", "deals_from_json", "new_game"]


MAX_SCORE = 1_000_000
"""Starting scores lie within plus or minus this: far beyond any target (at most 1,000), and
small enough that no score of a game, however long, grows too long to print."""


def deals_from_json(variant: Variant, deals: Sequence[Mapping[str, Any]]) -> list[Deal]:
    """Check the deals of consecutive hands (:meth:`Deal.from_json` each). The first deal's
    dealer starts; later deals may leave ``dealer`` out, but may not contradict the rotation:
    every hand, thrown-in ones included, passes the deal left (`euchre rules NAME`, "The first
    dealer")."""
    internal = [Deal.from_json(variant, d) for d in deals]
    for k, d in enumerate(deals[1:], start=1):
        expected = (internal[0].dealer + k) % variant.players
        if "dealer" in d and d["dealer"] != expected:
            raise InvalidArgument(f"deal {k + 1} says seat {d['dealer']} deals, but the deal "
                                  f"passes left to seat {expected}")
        internal[k] = replace(internal[k], dealer=expected)
    return internal


def _brief(values: Sequence[Any], limit: int = 60) -> str:
    """Values as a message quotes them, cut short; a huge number by its count of digits (its
    digits could be too many even to print)."""
    parts = []
    for value in values[:8]:
        if isinstance(value, int) and abs(value) > 10**12:
            parts.append(f"<a number of {len(hex(value)) * 6 // 5} digits or so>")
        else:
            parts.append(repr(value)[:limit])
    text = "[" + ", ".join(parts) + "]"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def check_scores(variant: Variant, scores: Any) -> list[int]:
    """Check starting scores: one whole number per seat, partners equal (they score
    together, and the game's end reads one seat of each side)."""
    n = variant.players
    if not isinstance(scores, (list, tuple)) or len(scores) != n:
        raise InvalidArgument(f"scores need one number per seat ({n})")
    if any(isinstance(x, bool) or not isinstance(x, int) or not -MAX_SCORE <= x <= MAX_SCORE
           for x in scores):
        raise InvalidArgument(f"starting scores must be whole numbers from -{MAX_SCORE} to "
                              f"{MAX_SCORE}, not {_brief(scores)}")
    for team in variant.sides.teams:
        if len({scores[seat] for seat in team}) != 1:
            raise InvalidArgument(f"partners {list(team)} must start with equal scores, not "
                                  f"{[scores[seat] for seat in team]}")
    return list(scores)


def new_game(
    variant: Variant | str,
    *,
    seed: int = 0,
    deal: Mapping[str, Any] | None = None,
    deals: Sequence[Mapping[str, Any]] = (),
    scores: Sequence[int] | None = None,
) -> State:
    """A new game of ``variant`` (a Variant, or a name or path to load).

    Every random choice (first dealer, shuffles) comes from ``seed``. ``deal`` fixes the first
    hand's cards and dealer (``deals`` fixes several hands in turn); ``scores`` starts from
    given scores (partners equal)."""
    v = load_variant(variant) if isinstance(variant, str) else variant
    if deal is not None and deals:
        raise InvalidArgument("give either `deal` (the first hand) or `deals`, not both")
    given = [deal] if deal is not None else list(deals)
    internal = deals_from_json(v, given)
    start = check_scores(v, scores) if scores is not None else None
    return State(v, seed=seed, deals=internal, scores=start)
