"""The rule-book lines of ``play`` (:mod:`engine.mechanics.play`): the lead, following suit,
winning tricks, reneges.

>>> from engine import load_variant
>>> from engine.mechanics.play import PlayRules
>>> v = load_variant("standard")
>>> rules(v, v.rules(PlayRules))[3].text
'A hand is 5 tricks.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mechanics.base import Rule
from engine.mechanics.wording import join, setting

if TYPE_CHECKING:
    from engine.mechanics.play import PlayRules
    from engine.rules.variant import Variant

__all__ = ["TITLE", "rules"]

TITLE = "Playing the tricks"

_FIRST_LEAD = {
    "eldest": "The first trick is led by eldest; if eldest sits the hand out, by the next "
              "player clockwise who plays (STD-A2).",
    "maker": "The maker leads the first trick.",
    "left_of_loner": "The first trick is led by the player at the left of a lone maker; if "
                     "the maker is not alone, by the player at the left of a lone defender; "
                     "if no one is alone, by eldest. Players who sit out are skipped (CTD-A6).",
}


def rules(v: Variant, play: PlayRules) -> list[Rule]:
    """Who leads first (``play.first_lead``), following suit, the winner, reneges."""
    lead = play.first_lead
    others = [f"`{name}`" for name in _FIRST_LEAD if name != lead]
    return [
        Rule(text=_FIRST_LEAD[lead],
             alternative=f"`play.first_lead` can also be {join(others, 'or')}."),
        Rule(text="The leader may lead any card. Each player in turn, clockwise, must follow "
             "the suit led if he can; the left bower counts as a trump, not as its printed "
             "suit. A player who cannot follow may play any card, trump or not; no one has to "
             "trump or to beat the cards played."),
        Rule(text="The highest trump played wins the trick; if no trump was played, the highest "
             "card of the suit led wins. The winner leads the next trick."),
        Rule(text=f"A hand is {v.deal.hand_size} tricks."),
        _renege_rule(v),
    ]


def _renege_rule(v: Variant) -> Rule:
    if v.renege.allowed:
        return Rule(text="A player at the table may renege (fail to follow suit when he could); "
                    "the play stands and is penalised when the hand is scored. Bots never "
                    "renege.",
                    alternative=f"{setting('penalties.renege.allowed', 'false')} refuses such "
                    "a play.")
    return Rule(text="A play that fails to follow suit when the player could is refused: there "
                "are no reneges.",
                alternative=f"{setting('penalties.renege.allowed', 'true')} lets a player "
                "renege and penalises it; see the scoring.")
