"""One renderer per phase of a hand, keyed by the phase's name in a variant's ``flow``.

Each renderer takes the compiled :class:`~engine.rules.variant.Variant` and returns the
:class:`~engine.text.rulebook.model.Section` for its phase. They are kept apart so that each can
move into its mechanic's module when the engine gives every mechanic one home.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.rules.variant import Variant
from engine.text.rulebook.bidding import (
    auction_rules,
    dealer_pickup_rules,
    name_trump_rules,
    upcard_bidding_rules,
)
from engine.text.rulebook.hand import deal_rules, dummy_merge_rules, go_alone_rules, play_rules
from engine.text.rulebook.model import Section
from engine.text.rulebook.scoring import score_rules

__all__ = ["PHASE_RENDERERS", "PhaseRenderer"]

PhaseRenderer = Callable[[Variant], Section]

PHASE_RENDERERS: Mapping[str, PhaseRenderer] = {
    "deal": deal_rules,
    "upcard_bidding": upcard_bidding_rules,
    "dealer_pickup": dealer_pickup_rules,
    "auction": auction_rules,
    "name_trump": name_trump_rules,
    "go_alone": go_alone_rules,
    "dummy_merge": dummy_merge_rules,
    "play": play_rules,
    "score": score_rules,
}
"""The renderer of each phase a ``flow`` may name."""
