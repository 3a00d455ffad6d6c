"""Build the rule book of a compiled variant, in the order of play: the players, the cards,
the first dealer, each phase of the variant's ``flow`` in order (as its mechanic declares it),
then the end of the game and, with match rules, the match.

>>> from engine import load_variant
>>> book = rule_book(load_variant("standard"))
>>> [section.phase for section in book.sections if section.phase]
['deal', 'upcard_bidding', 'go_alone', 'dealer_pickup', 'play', 'score']
"""

from __future__ import annotations

from engine.rules.variant import Variant
from engine.rules.variant_warnings import idle_phases
from engine.text.rulebook.match import match_section
from engine.text.rulebook.model import RuleBook
from engine.text.rulebook.phases import phase_section
from engine.text.rulebook.table import (
    cards_section,
    dealer_section,
    game_end_section,
    players_section,
)

__all__ = ["rule_book"]


def rule_book(variant: Variant) -> RuleBook:
    """Every rule of ``variant`` in plain English, section by section in the order of play."""
    idle = idle_phases(variant.flow, makers=variant.scoring.space.makers)  # never run
    sections = (
        players_section(variant),
        cards_section(variant),
        dealer_section(variant),
        *(phase_section(variant, phase) for phase in variant.flow if phase not in idle),
        game_end_section(variant),
    )
    match = match_section(variant)
    if match is not None:
        sections = (*sections, match)
    return RuleBook(name=variant.name, description=variant.description, path=variant.path,
                    sections=sections, source=variant.source)
