"""The rule book as data: sections of rules, each rule with the house rule it could be.

The renderers (:mod:`engine.text.rulebook.phases` and friends) build these records from a
compiled :class:`~engine.rules.variant.Variant`; :mod:`engine.text.rulebook.render` turns them
into plain text or Markdown. Keeping the words apart from the layout lets one book print both ways.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Rule", "RuleBook", "Section"]

_FROZEN = {"frozen": True, "slots": True, "kw_only": True}


@dataclass(**_FROZEN)
class Rule:
    """One rule in plain English. ``alternative`` says, when the rule is a choice among house
    rules, what the other choice would be and which setting makes it."""

    text: str
    alternative: str = ""


@dataclass(**_FROZEN)
class Section:
    """A part of the book in the order of play. ``phase`` names the phase of the variant's
    ``flow`` the section describes, or is empty for the parts outside a hand's flow."""

    title: str
    rules: tuple[Rule, ...]
    phase: str = ""


@dataclass(**_FROZEN)
class RuleBook:
    """Every rule of one variant, section by section, in the order of play."""

    name: str
    description: str
    path: str
    sections: tuple[Section, ...]
