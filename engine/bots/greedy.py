"""``greedy``: a few rules of thumb, no lookahead and no memory of the cards played.

- Bidding, round 1: order up when holding three or more trumps of the upcard's suit (bowers
  included); round 2: name the suit with the most trumps when it has three or more (the
  lowest suit of equals), else pass; a stuck dealer names it whatever the count.
- Going alone: with four trumps or more.
- Discarding: the card of least power in its own suit (a trump last), the lowest id of equals.
- Playing: the leader leads his card of most power in its own suit; a follower plays the
  least card that beats the trick so far, else the card of least power (partners ignored).

Every choice depends on the seat's view only, and is deterministic (ties by card id), so the
batch engine's form of this bot (``engine/mechanics/batch/greedy.py``) can be checked action
by action against it. Rules it cannot apply (an auction, a swap) fall back to the first legal
action.

>>> from engine import load_variant, new_game
>>> deal = {"dealer": 3, "upcard": "9H", "hands": [["JH", "JD", "AH", "9C", "TC"],
...         ["9D", "TD", "QD", "KD", "AD"], ["QC", "KC", "AC", "9S", "TS"],
...         ["QS", "KS", "AS", "TH", "QH"]]}
>>> state = new_game(load_variant("standard"), deal=deal)
>>> state.action_name(GreedyBot(state.variant, 0, 1).act(state))
'order_up'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.bots.base import Bot
from engine.core import actions as A
from engine.core import cards as C

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.play.view import View

__all__ = ["GreedyBot", "own_power"]

ORDER_AT = 3
"""Trumps held to order up or name a suit."""
ALONE_AT = 4
"""Trumps held to go alone."""


def own_power(trump: int, c: int, table: C.TrumpTables | None = None) -> int:
    """The power of ``c`` in a trick led in its own (effective) suit (``table``: the deck's
    tables of ``trump``, :meth:`~engine.rules.variant.Deck.tables`; default a deck with
    bowers)."""
    table = table or C.trump_tables(trump)
    return table.power[table.effective[c]][c]


def trumps(hand: int, trump: int, table: C.TrumpTables | None = None) -> int:
    """How many trumps ``hand`` holds (bowers included, where the deck has them)."""
    return (hand & (table or C.trump_tables(trump)).suit_mask[trump]).bit_count()


class GreedyBot(Bot):
    """Rules of thumb (module docstring); deterministic."""

    name = "greedy"

    def choose(self, view: View, legal: Sequence[str]) -> str:
        ids = [A.action_id(name) for name in legal]
        return A.name_of(self.decide(view, ids))

    def act(self, state: State) -> int:
        return self.decide(state.view(self.seat), state.legal_action_ids())

    def decide(self, view: View, legal: Sequence[int]) -> int:
        """The action for ``view`` among the ``legal`` ids (the first of them where a rule
        of thumb would choose an action this phase does not offer)."""
        action = self._rule(view, legal)
        return action if action in legal else legal[0]

    def _rule(self, view: View, legal: Sequence[int]) -> int:
        hand = view.hand
        if A.ORDER_UP in legal:
            turned = C.suit_of(view.upcard)
            return A.ORDER_UP if A.PASS not in legal or trumps(
                hand, turned, view.tables[turned]) >= ORDER_AT \
                else A.PASS
        calls = [a - A.CALL for a in legal if A.CALL <= a < A.CALL + 4]
        if calls:
            best = max(calls, key=lambda suit: (trumps(hand, suit, view.tables[suit]), -suit))
            if A.PASS not in legal or trumps(hand, best, view.tables[best]) >= ORDER_AT:
                return A.CALL + best
            return A.PASS
        if A.ALONE in legal:
            return A.ALONE if trumps(hand, view.trump, view.tables[view.trump]) >= ALONE_AT \
                else A.PASS
        cards = [A.card_of(a) for a in legal if A.is_card(A.DISCARD, a)]
        if cards:
            table = view.tables[view.trump]
            return A.card_action(
                A.DISCARD, min(cards, key=lambda c: (own_power(view.trump, c, table), c)))
        cards = [A.card_of(a) for a in legal if A.is_card(A.PLAY, a)]
        if cards:
            return A.card_action(A.PLAY, self.play(view, cards))
        return legal[0]

    @staticmethod
    def play(view: View, cards: list[int]) -> int:
        """Lead the strongest card; else the least card that wins, else the least card."""
        trump = view.trump
        table = view.tables[trump]
        if not view.trick:
            return min(cards, key=lambda c: (-own_power(trump, c, table), c))
        power = table.power[table.effective[view.trick[0][1]]]
        best = max(power[c] for _, c in view.trick)
        winners = [c for c in cards if power[c] > best]
        if winners:
            return min(winners, key=lambda c: (power[c], c))
        return min(cards, key=lambda c: (own_power(trump, c, table), c))
