"""The section of each phase of a hand, read from the registry: the title and lines its
mechanic declares (``Words.title``, ``Words.rules``), with the book's own words put in where a
mechanic names a part of the variant that is no mechanic's (:class:`BookPart`: the scoring
table, the renege penalty). A new mechanic therefore needs no edit here.

>>> from engine import load_variant
>>> section = phase_section(load_variant("ghost-hand"), "name_trump")
>>> section.title, section.rules[0].text[:33]
('Naming trump', 'The maker names any of the four s')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.mechanics.base import BookPart, Rule
from engine.mechanics.registry import mechanic
from engine.rules.variant import Variant
from engine.text.rulebook.model import Section
from engine.text.rulebook.scoring import renege_penalty_rules, table_rules

__all__ = ["BOOK_PARTS", "phase_section"]

BOOK_PARTS: Mapping[str, Callable[[Variant], list[Rule]]] = {
    "scoring.table": table_rules,
    "penalties.renege": renege_penalty_rules,
}
"""The book's words for each part of a variant a mechanic's lines may name."""


def phase_section(variant: Variant, phase: str) -> Section:
    """The section of ``phase`` (a key of ``variant.flow``) as its mechanic declares it."""
    words = mechanic(phase).words
    rules: list[Rule] = []
    for line in words.rules(variant) if words.rules else ():
        if isinstance(line, BookPart):
            rules.extend(BOOK_PARTS[line.key](variant))
        else:
            rules.append(Rule(text=line) if isinstance(line, str) else line)
    title = words.title or phase.replace("_", " ").capitalize()
    return Section(title=title, rules=tuple(rules), phase=phase)
