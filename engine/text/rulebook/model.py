"""The rule book as data: sections of rules, each rule with the house rule it could be.

A phase's section holds the lines its mechanic declares (:class:`~engine.mechanics.base.Rule`
lives with the mechanics, which write them; see :mod:`engine.text.rulebook.phases`); the
book's own sections (:mod:`engine.text.rulebook.table`) use the same record.
:mod:`engine.text.rulebook.render` turns a book into plain text or Markdown. Keeping the words
apart from the layout lets one book print both ways.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.mechanics.base import Rule

__all__ = ["Rule", "RuleBook", "Section"]

_FROZEN = {"frozen": True, "slots": True, "kw_only": True}


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
    source: str = ""
    """The published rules the variant follows (``source:``), empty if it names none."""
