"""One renderer per phase of a hand, keyed by the phase's name in a variant's ``flow``.

Each renderer takes the compiled :class:`~engine.rules.variant.Variant` and returns the
:class:`~engine.text.rulebook.model.Section` for its phase. The built-in mechanics have
renderers here (they share the rule book's vocabulary of settings and house-rule
alternatives); any other registered mechanic is rendered from the rule-book lines its module
declares (``Words.rules``), so a new mechanic needs no edit here (:func:`renderer`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.mechanics.registry import mechanic
from engine.rules.variant import Variant
from engine.text.rulebook.bidding import (
    auction_rules,
    dealer_pickup_rules,
    name_trump_rules,
    upcard_bidding_rules,
)
from engine.text.rulebook.hand import deal_rules, dummy_merge_rules, go_alone_rules, play_rules
from engine.text.rulebook.model import Rule, Section
from engine.text.rulebook.scoring import score_rules

__all__ = ["PHASE_RENDERERS", "PhaseRenderer", "renderer"]

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


def renderer(phase: str) -> PhaseRenderer:
    """The renderer of a phase: its own above, else its mechanic's declared lines."""
    found = PHASE_RENDERERS.get(phase)
    if found is not None:
        return found
    lines = mechanic(phase).words.rules

    def declared(variant: Variant) -> Section:
        rules = tuple(Rule(text=text) for text in (lines(variant) if lines else []))
        return Section(title=phase.replace("_", " ").capitalize(), rules=rules, phase=phase)

    return declared
