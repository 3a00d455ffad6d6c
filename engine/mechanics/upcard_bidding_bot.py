"""The heuristic bot's hook for bidding on the upcard (:mod:`engine.mechanics.upcard_bidding`):
order up, name a suit, or pass, from the bot's estimate of the hand's tricks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.mechanics.base import BotTools
from engine.mechanics.upcard_trump import UpcardView

if TYPE_CHECKING:
    from engine.mechanics.view import View

__all__ = ["decide"]


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot: order up or name the best suit when the hand (with the upcard's
    help to the dealer's side) reaches the bot's threshold and holds more than two weak
    trumps (``BotTools.two_weak_trumps``), else pass."""
    if view.hand == 0:  # naming trump blind after a joker upcard
        return tools.random_choice(legal)
    if A.ORDER_UP in legal:
        part = view.parts[UpcardView]
        assert type(part) is UpcardView  # checked inline: no call
        trump = part.proposed
        hand = view.hand
        upcard_value = tools.strength(1 << view.upcard, trump) if view.upcard >= 0 else 0.0
        if view.dealer == tools.seat:
            hand = tools.best_keep(hand | 1 << view.upcard, trump, hand.bit_count())
            est = tools.strength(hand, trump)
        else:
            est = tools.strength(hand, trump)
            partners = tools.side_of_view(view)
            est += 0.6 * upcard_value if view.dealer in partners else -0.5 * upcard_value
        weak = tools.two_weak_trumps(hand, trump)
        return A.ORDER_UP if A.PASS not in legal or (est >= tools.threshold and not weak) \
            else A.PASS
    suits = [a - A.CALL for a in legal if a != A.PASS]  # the suits, and no-trump if allowed
    suit, est = tools.best_suit(view.hand, suits)
    if A.PASS not in legal or (est >= tools.threshold
                               and not tools.two_weak_trumps(view.hand, suit)):
        return A.CALL + suit
    return A.PASS
