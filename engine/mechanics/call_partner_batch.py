"""``call_partner`` in batch form: the maker calls a card for a partner, or goes alone.

As the scalar phase (``engine.mechanics.call_partner``): once trump is fixed and the dealer
has exchanged, the maker says ``alone`` (where allowed, or when he holds every card he could
call, CALL-A2) or calls one of the cards he may (``callable_cards``: the aces, or any card,
outside trump; not his own unless ``own``). The holder of the called card is his partner for
the hand (:attr:`~engine.mechanics.batch.hand.BatchHand.partner`); a card nobody was dealt,
or his own, leaves him alone, scored as alone with ``buried: alone`` (CALL-A5). The choices
are the scalar ``random`` bot's, one uniform draw over the legal actions; the ``greedy`` bot
goes alone (its lone-hand rule has no ``pass`` here, so it takes the first legal action,
``alone``, the lowest id). The ``heuristic`` bot has no batch form here: its play reads
sides that the view reveals only when the called card is played (CALL-A6).
"""

from __future__ import annotations

import numpy as np

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.batch.hand import NONE, BatchHand, rules_of
from engine.mechanics.batch.tables import ONE, SUIT_MASK, low_bit_index, pick_bits
from engine.mechanics.call_partner import PARTNER
from engine.mechanics.call_partner_rules import BuriedCard, CalledCard, CallPartnerRules
from engine.rules.variant import Variant

__all__ = ["CallPartner"]


class CallPartner:
    """``call_partner``: the maker calls a card or goes alone (module docstring)."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if A.card_action(PARTNER, 0) != PARTNER:  # pragma: no cover - card actions are dense
            return "card actions past the first block have no batch form yet"
        return None

    @staticmethod
    def check_heuristic(variant: Variant) -> str | None:
        """Why the ``heuristic`` bot has no batch form here, or None."""
        return ("a called partner has no batch heuristic yet (its play reads sides the view "
                "reveals only when the called card is played, CALL-A6)")

    def __init__(self, variant: Variant) -> None:
        rules = rules_of(variant, CallPartnerRules)
        self.rules = rules
        deck = variant.deck.mask
        aces = C.mask_of([suit * 8 + C.RANK_A for suit in range(4)])
        self.callable = np.array([np.uint64(deck & ~int(SUIT_MASK[t, t])
                                            & (aces if rules.card is CalledCard.ACE else ~0)
                                            & ((1 << 64) - 1)) for t in range(4)],
                                 dtype=np.uint64)
        """``callable[trump]``: the cards of the deck the maker may call, his own included."""
        self.alone_scored = rules.buried is BuriedCard.ALONE

    def run(self, bh: BatchHand) -> None:
        n, p = bh.n, bh.players
        made = bh.maker >= 0
        maker = np.maximum(bh.maker, 0)
        held = bh.hand_of(maker)
        calls = self.callable[np.minimum(bh.trump, 3)]
        if not self.rules.own:
            calls = calls & ~held
        count = np.bitwise_count(calls).astype(np.int64)
        may_alone = np.full(n, self.rules.alone) | (count == 0)
        k = bh.uniform(np.maximum(count + may_alone, 1)) - may_alone  # -1: alone
        if bh.greedy is not None:  # alone, the first legal action
            k = np.where(bh.greedy_at(maker) & may_alone, -1, k)
        alone = made & (k < 0)
        card = low_bit_index(pick_bits(calls, np.maximum(k, 0)))
        bh.act(made, np.where(alone, A.ALONE, PARTNER + card))
        calling = made & ~alone
        bit = ONE << np.where(calling, card, 0).astype(np.uint64)
        partner = np.full(n, NONE, dtype=np.int64)
        for seat in range(p):  # the holder of the called card (none: in the kitty, discarded)
            partner = np.where(calling & ((bh.hands[:, seat] & bit) != 0), seat, partner)
        secret = calling & ((partner < 0) | (partner == maker))
        if self.alone_scored:  # CALL-A5: nobody else held it, scored as alone
            alone = alone | secret
        bh.alone = alone
        bh.partner = np.where(partner == maker, NONE, partner)
