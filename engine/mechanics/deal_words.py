"""The rule-book lines of ``deal`` (:mod:`engine.mechanics.deal`): hands, extra hands,
packets, kitty and upcard.

>>> from engine import load_variant
>>> rules(load_variant("two-handed"))[-1].text[:44]
'The 14 cards left over form the kitty, face '
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mechanics.base import Rule
from engine.mechanics.wording import extra_hand_word, join, number, setting

if TYPE_CHECKING:
    from engine.rules.variant import Variant

__all__ = ["TITLE", "rules"]

TITLE = "Dealing"


def rules(v: Variant) -> list[Rule]:
    """Who receives how many cards, the extra hands, the packets and what is left over."""
    deal = v.deal
    extras = [extra_hand_word(name) for name in deal.extra_hands]
    to_whom = "each player" + (f" and to {join(extras)}" if extras else "")
    lines = [Rule(text=f"The dealer deals {deal.hand_size} cards to {to_whom}, clockwise, "
                  "starting with eldest and ending with himself.")]
    if extras:
        lines.append(Rule(text=f"{join(extras).capitalize()} is dealt as if it were a player "
                          "sitting at the dealer's right: it receives its cards just before the "
                          "dealer (CTD-A7, GH-A15). It lies face down and no one sees it."))
    lines.append(_packets_rule(v))
    lines.append(_kitty_rule(v))
    return lines


def _packets_rule(v: Variant) -> Rule:
    packets = v.deal.packets
    if all(size == 1 for packet_round in packets for size in packet_round):
        return Rule(text="The cards are dealt one at a time.",
                    alternative="`deal.packets` can deal them in packets instead, such as 3 "
                    "and 2, then 2 and 3.")
    rounds = [f"{join([str(size) for size in packet_round])} cards" for packet_round in packets]
    if len(rounds) == 1:
        said = f"in one round of packets of {rounds[0]}"
    else:
        said = "in rounds of packets: " + "; then ".join(rounds)
    return Rule(text=f"The cards are dealt {said}, each round in dealing order from eldest "
                "(STD-A5).",
                alternative=f"{setting('deal.packets', 'one_at_a_time')} deals one card at "
                "a time.")


def _kitty_rule(v: Variant) -> Rule:
    left = len(v.deck.cards) - v.deal.positions * v.deal.hand_size
    if left == 0:
        return Rule(text="The whole pack is dealt: there is no kitty and no upcard.")
    if v.deal.upcard:
        return Rule(text=f"The {number(left)} cards left over form the kitty, face down. Its "
                    "top card is turned face up: this upcard proposes trump.")
    return Rule(text=f"The {number(left)} cards left over are set aside unseen; no card is "
                "turned up.")
