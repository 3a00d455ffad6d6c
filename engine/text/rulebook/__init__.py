"""The rule book: a variant's rules in plain English, rendered from the compiled variant.

``euchre rules NAME`` prints it. Sections follow the order of play (players, cards, first
dealer, each phase of the variant's ``flow``, end of the game); each phase's section is the
title and lines its mechanic declares in its module (``Words.rules``, read through the
registry by :func:`~engine.text.rulebook.phases.phase_section`). Where a setting is a choice
among house rules, the book says which choice the variant makes and what the other setting
would do.

>>> from engine import load_variant
>>> text = render_text(rule_book(load_variant("two-handed")))
>>> "Two players, each playing and scoring for himself." in text
True
"""

from __future__ import annotations

from engine.text.rulebook.book import rule_book
from engine.text.rulebook.model import Rule, RuleBook, Section
from engine.text.rulebook.phases import phase_section
from engine.text.rulebook.render import render_markdown, render_text

__all__ = ["Rule", "RuleBook", "Section", "phase_section", "render_markdown", "render_text",
           "rule_book"]
