"""``call_partner`` in batch form: the maker calls a card for a partner, or goes alone.

As the scalar phase (``engine.mechanics.call_partner``): once trump is fixed and the dealer
has exchanged, the maker says ``alone`` (where allowed, or when he holds every card he could
call, CALL-A2) or calls one of the cards he may (``callable_cards``: the aces, or any card,
outside trump; not his own unless ``own``). The holder of the called card is his partner for
the hand (:attr:`~engine.mechanics.batch.hand.BatchHand.partner`); a card nobody was dealt,
or his own, leaves him alone, scored as alone with ``buried: alone`` (CALL-A5). The choices
are the scalar ``random`` bot's, one uniform draw over the legal actions; the ``greedy`` bot
goes alone (its lone-hand rule has no ``pass`` here, so it takes the first legal action,
``alone``, the lowest id); the ``heuristic`` bot the scalar hook's rule (``decide``): alone
with an estimate of 4.2 or more, else the card it would most like a partner to hold. Its
play reads the sides as its view shows them (``engine.mechanics.play_batch``).
"""

from __future__ import annotations

import numpy as np

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.batch.hand import NONE, BatchHand, Ints, rules_of
from engine.mechanics.batch.tables import EFFECTIVE, ONE, SUIT_MASK, U64, low_bit_index, pick_bits
from engine.mechanics.call_partner import _ALONE_AT, PARTNER
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
        self.cards = [c for c in variant.deck.cards if c < C.NO_CARD]

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
        card = low_bit_index(pick_bits(calls, np.maximum(k, 0)))
        heuristic = bh.heuristic_at(maker)
        if heuristic is not None and bh.heuristic is not None:
            est = bh.heuristic.tables.strength(held, bh.trump)
            wants = may_alone & ((count == 0) | (est >= _ALONE_AT))
            k = np.where(heuristic, np.where(wants, -1, 0), k)
            card = np.where(heuristic, self._wanted(held, calls, bh.trump), card)
        alone = made & (k < 0)
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
        bh.called = np.where(calling, card, NONE)

    def _wanted(self, held: U64, calls: U64, trump: Ints) -> Ints:
        """The heuristic's call (``call_partner.decide``): the card it would most like a
        partner to hold, the highest rank, then the suit where it is shortest, then the
        lowest card (the scalar key: rank, fewer held, lower action id)."""
        best = np.full(held.shape[0], -1, dtype=np.int64)
        card = np.zeros(held.shape[0], dtype=np.int64)
        for c in self.cards:  # ascending: a tie keeps the lower card
            bit = ONE << np.uint64(c)
            suit = EFFECTIVE[trump, c]
            key = C.RANKS[c] * 64 + 63 - np.bitwise_count(held & SUIT_MASK[trump, suit]).astype(
                np.int64)
            better = ((calls & bit) != 0) & (key > best)
            best = np.where(better, key, best)
            card = np.where(better, c, card)
        return card
