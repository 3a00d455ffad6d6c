"""The rule-book lines of ``dealer_pickup`` (:mod:`engine.mechanics.dealer_pickup`): the
dealer's exchange after the upcard is accepted, and where it falls among the other phases.

>>> from engine import load_variant
>>> from engine.mechanics.dealer_pickup import DealerPickupRules
>>> v = load_variant("standard")
>>> rules(v, v.rules(DealerPickupRules))[1].text
'A dealer who sits the hand out, because his partner goes alone, does not exchange.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mechanics.base import Rule

if TYPE_CHECKING:
    from engine.mechanics.dealer_pickup import DealerPickupRules
    from engine.rules.variant import Variant

__all__ = ["TITLE", "rules"]

TITLE = "The dealer's exchange"

_PICKUP = {
    "must": ("the dealer must take the upcard into his hand and discard one card face down, "
             "any of his {n}, the upcard itself included (STD-A1)"),
    "discard_other": ("the dealer must take the upcard into his hand and discard one card "
                      "face down, but not the upcard itself (STD-A1)"),
    "optional": ("the dealer may take the upcard into his hand and discard one card face "
                 "down, or decline and keep his hand; a declined upcard stays in the kitty"),
}
_PICKUP_OTHERS = {"must": "`optional` or `discard_other`", "discard_other": "`must` or "
                  "`optional`", "optional": "`must` or `discard_other`"}


def rules(v: Variant, pickup: DealerPickupRules) -> list[Rule]:
    """The exchange (``dealer_pickup.mode``) and its order against going alone and the dummy."""
    mode = pickup.mode
    what = _PICKUP[mode].format(n=v.deal.hand_size + 1)
    lines = [Rule(text=f"When the upcard's suit is made trump in round 1, {what}.",
                  alternative=f"`dealer_pickup.mode` can also be {_PICKUP_OTHERS[mode]}.")]
    flow = v.flow
    here = flow.index("dealer_pickup")
    if "go_alone" in flow and flow.index("go_alone") < here and v.sides.kind == "teams":
        lines.append(Rule(text="A dealer who sits the hand out, because his partner goes alone, "
                          "does not exchange."))
    if "go_alone" in flow and flow.index("go_alone") > here:
        lines.append(Rule(text="The exchange comes before anyone decides to go alone, so the "
                          "dealer exchanges even if the maker then goes alone (CTD-A12)."))
    if "dummy_merge" in flow and flow.index("dummy_merge") > here:
        lines.append(Rule(text="If the dealer is the maker, he makes his discard when the "
                          "dummy is taken up (or given up, if he goes alone), below."))
    return lines
