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
from typing import Any

from engine.core import cards as C
from engine.core.errors import InvalidArgument
from engine.play.state import State
from engine.rules.loader import load_variant
from engine.rules.variant import Variant

__all__ = ["MAX_SCORE", "check_scores", "deal_from_json", "deal_to_json", "deals_from_json",
           "new_game"]


MAX_SCORE = 1_000_000
"""Starting scores lie within plus or minus this: far beyond any target (at most 1,000), and
small enough that no score of a game, however long, grows too long to print."""


def _cards(variant: Variant, codes: Any, what: str) -> list[int]:
    if not isinstance(codes, (list, tuple)):
        raise InvalidArgument(f"{what} must be a list of card codes")
    out = []
    for code in codes:
        try:
            c = C.card(str(code))
        except ValueError as exc:
            raise InvalidArgument(f"{what}: {exc}") from None
        if not variant.deck.mask >> c & 1:
            raise InvalidArgument(f"{what}: {code} is not in the {variant.name} deck")
        out.append(c)
    return out


def deal_from_json(variant: Variant, deal: Mapping[str, Any]) -> dict[str, Any]:
    """Check a deal written with card codes and turn it into the engine's form.

    ``{"dealer": 0, "hands": [[...] per seat], "upcard": "JH", "kitty": [...],
    "extra": {"dummy": [...]}}``; ``kitty`` may be left out (the rest of the deck)."""
    n = variant.players
    rules = variant.deal
    dealer = deal.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise InvalidArgument(f"the dealer must be a seat from 0 to {n - 1}")
    hands = deal.get("hands")
    if not isinstance(hands, (list, tuple)) or len(hands) != n:
        raise InvalidArgument(f"a deal needs `hands`: one list of cards per seat ({n})")
    labels = [f"hand of seat {i}" for i in range(n)]
    positions = [_cards(variant, hand, label) for hand, label in zip(hands, labels, strict=True)]
    extra = deal.get("extra", {}) or {}
    if not isinstance(extra, dict):
        raise InvalidArgument("`extra` must map each extra hand to its cards: "
                              "{\"dummy\": [...]}")
    for name in rules.extra_hands:
        labels.append(f"{name} hand")
        positions.append(_cards(variant, extra.get(name, []), labels[-1]))
    for label, cards in zip(labels, positions, strict=True):
        if len(cards) != rules.hand_size:
            raise InvalidArgument(f"the {label} holds {len(cards)} cards, not {rules.hand_size}")
    upcard = -1
    if rules.upcard:
        if deal.get("upcard") is None:
            raise InvalidArgument("this variant turns up a card: give `upcard`")
        upcard = _cards(variant, [deal["upcard"]], "upcard")[0]
    seen = [c for cards in positions for c in cards] + ([upcard] if upcard >= 0 else [])
    rest = variant.deck.mask & ~C.mask_of(seen)
    kitty = C.mask_of(_cards(variant, deal["kitty"], "kitty")) if "kitty" in deal else rest
    if len(set(seen)) != len(seen) or kitty != rest:
        raise InvalidArgument("the hands, upcard and kitty must hold every card of the deck "
                              "exactly once")
    return {"dealer": dealer, "hands": [C.mask_of(cards) for cards in positions],
            "upcard": upcard, "kitty": kitty}


def deals_from_json(variant: Variant, deals: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Check the deals of consecutive hands (:func:`deal_from_json` each). The first deal's
    dealer starts; later deals may leave ``dealer`` out, but may not contradict the rotation:
    every hand, thrown-in ones included, passes the deal left (`euchre rules NAME`, "The first
    dealer")."""
    internal = [deal_from_json(variant, d) for d in deals]
    for k, d in enumerate(deals[1:], start=1):
        expected = (internal[0]["dealer"] + k) % variant.players
        if "dealer" in d and d["dealer"] != expected:
            raise InvalidArgument(f"deal {k + 1} says seat {d['dealer']} deals, but the deal "
                                  f"passes left to seat {expected}")
        internal[k]["dealer"] = expected
    return internal


def deal_to_json(variant: Variant, deal: Mapping[str, Any]) -> dict[str, Any]:
    """The inverse of :func:`deal_from_json`."""
    n = variant.players
    out: dict[str, Any] = {
        "dealer": deal["dealer"],
        "hands": [C.names(mask) for mask in deal["hands"][:n]],
        "kitty": C.names(deal["kitty"]),
    }
    if deal["upcard"] >= 0:
        out["upcard"] = C.card_name(deal["upcard"])
    if variant.deal.extra_hands:
        out["extra"] = {name: C.names(deal["hands"][n + i])
                        for i, name in enumerate(variant.deal.extra_hands)}
    return out


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
