"""``heuristic``: a rule-of-thumb player for any variant.

It estimates how many tricks a hand takes for each candidate trump and bids on that; goes
alone only with a near-certain march; leads trump as maker; does not trump a partner's winning
trick; wins as cheaply as it can; throws its lowest card when it cannot win. It reads only its
:class:`~engine.play.view.View`, the legal actions and the (public) rules of the variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.bots.base import Bot
from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.dummy_merge import DummyMergeRules

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.play.view import View
    from engine.rules.variant import Variant

__all__ = ["HeuristicBot"]

# Expected tricks of a trump card by its place in the trump order (0 = the 7 ... 9 = joker).
_TRUMP_VALUE = (0.30, 0.30, 0.35, 0.40, 0.45, 0.55, 0.70, 0.85, 1.00, 1.00)
_TRUMP_BASE = 100
_LENGTH_BONUS = 0.2      # per trump beyond the second
_VOID_BONUS = 0.25       # per void side suit when holding two trumps or more
_OFF_ACE, _OFF_ACE_LONG, _OFF_KING_GUARDED = 0.7, 0.4, 0.25
_ALONE_AT = 4.2          # near-certain march
_DEFEND_ALONE_AT = 4.0
_MOON_AT = 5.6
_MEMO_LIMIT = 4096       # strength estimates kept before the memo starts afresh


class HeuristicBot(Bot):
    """Bids by estimated tricks; plays cheap winners and low discards."""

    name = "heuristic"

    def __init__(self, variant: Variant, seat: int, seed: int) -> None:
        super().__init__(variant, seat, seed)
        self.tables = [C.trump_tables(t) for t in range(5)]
        self.sides_by_maker = [variant.sides.hand_sides(m) for m in range(variant.players)]
        partnered = variant.sides.kind == "teams" and max(len(t) for t in variant.sides.teams) > 1
        dummy = variant.rules(DummyMergeRules) is not None
        # Help expected from a partner (or the dummy) when this seat makes trump.
        self.help = 0.7 if partnered else 0.9 if dummy else 0.0
        self.threshold = 3.0 - self.help
        self.memo: dict[tuple[int, int], float] = {}
        self.players = variant.players

    # -- the Bot interface -------------------------------------------------------------------

    def act(self, state: State) -> int:
        legal = state.legal_action_ids()
        if len(legal) == 1:  # nothing to decide: no need to look at the table
            return legal[0]
        return self.decide(state.view(self.seat), legal)

    def choose(self, view: View, legal: Sequence[str]) -> str:
        top_name = self.variant.scoring.space.top_name or "moon"
        ids = [A.action_id(name, top_name) for name in legal]
        return A.name_of(self.decide(view, ids), top_name)

    def decide(self, view: View, legal: list[int]) -> int:
        """The chosen action id."""
        if len(legal) == 1:
            return legal[0]
        first = legal[-1]
        if first >= A.PLAY:
            return self.play(view, legal)
        if first >= A.DISCARD:
            return self.discard(view, legal)
        phase = view.phase
        if phase == "upcard_bidding":
            return self.upcard_bid(view, legal)
        if phase == "auction":
            return self.auction_bid(view, legal)
        if phase == "name_trump":
            return A.CALL + self.best_suit(view.hand, [a - A.CALL for a in legal])[0]
        if phase == "go_alone":
            return self.alone(view)
        if A.PICK_UP in legal:
            return A.PICK_UP if self.pickup_helps(view) else A.KEEP
        if A.MERGE in legal:
            return A.MERGE
        return legal[0]

    # -- estimating hands ----------------------------------------------------------------------

    def strength(self, hand: int, trump: int) -> float:
        """Expected tricks of ``hand`` with ``trump`` (memoised: bidding asks again and again)."""
        key = (hand, trump)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > _MEMO_LIMIT:
                self.memo.clear()
            found = self.memo[key] = self._strength(hand, trump)
        return found

    def _strength(self, hand: int, trump: int) -> float:
        t = self.tables[trump]
        trumps = hand & t.suit_mask[trump]
        count = trumps.bit_count()
        est = 0.0
        power = t.power[trump]
        for c in C.cards_of(trumps):
            est += _TRUMP_VALUE[power[c] - _TRUMP_BASE]
        if count > 2:
            est += _LENGTH_BONUS * (count - 2)
        for suit in range(4):
            if suit == trump:
                continue
            cards = hand & t.suit_mask[suit]
            length = cards.bit_count()
            if not length:
                est += _VOID_BONUS if count >= 2 else 0.0
                continue
            if cards >> (suit * 8 + C.RANK_A) & 1:
                est += _OFF_ACE if length <= 2 else _OFF_ACE_LONG
                if cards >> (suit * 8 + C.RANK_K) & 1:
                    est += _OFF_KING_GUARDED
        return est

    def best_suit(self, hand: int, suits: Sequence[int]) -> tuple[int, float]:
        """The suit among ``suits`` with the best estimate, and the estimate."""
        scored = [(self.strength(hand, s), s) for s in suits if s < 4]
        if not scored:
            return suits[0], 0.0
        est, suit = max(scored)
        return suit, est

    def best_keep(self, hand: int, trump: int, size: int) -> int:
        """Greedily drop the card whose loss hurts least until ``size`` cards remain."""
        while hand.bit_count() > size:
            hand = max((hand & ~(1 << c) for c in C.cards_of(hand)),
                       key=lambda rest: self.strength(rest, trump))
        return hand

    # -- decisions -----------------------------------------------------------------------------

    def _side(self, view: View) -> tuple[int, ...]:
        maker = view.maker if view.maker >= 0 else self.seat
        for side in self.sides_by_maker[maker]:
            if self.seat in side:
                return side
        return (self.seat,)

    def upcard_bid(self, view: View, legal: list[int]) -> int:
        if view.hand == 0:  # naming trump blind after a joker upcard
            return self.rng.choice(legal)
        if A.ORDER_UP in legal:
            trump = view.proposed
            hand = view.hand
            upcard_value = self.strength(1 << view.upcard, trump) if view.upcard >= 0 else 0.0
            if view.dealer == self.seat:
                est = self.strength(self.best_keep(hand | 1 << view.upcard, trump,
                                                   hand.bit_count()), trump)
            else:
                est = self.strength(hand, trump)
                partners = self._side(view)
                est += 0.6 * upcard_value if view.dealer in partners else -0.5 * upcard_value
            return A.ORDER_UP if est >= self.threshold or A.PASS not in legal else A.PASS
        suits = [a - A.CALL for a in legal if A.CALL <= a < A.CALL + 4]
        suit, est = self.best_suit(view.hand, suits)
        if est >= self.threshold or A.PASS not in legal:
            return A.CALL + suit
        return A.PASS

    def auction_bid(self, view: View, legal: list[int]) -> int:
        _, est = self.best_suit(view.hand, range(4))
        if A.SWAP in legal and est < 1.8:
            return A.SWAP
        if A.TOP_BID in legal and est >= _MOON_AT:
            return A.TOP_BID
        bids = [a for a in legal if A.BID < a < A.TOP_BID and a - A.BID <= est + 0.3]
        return max(bids) if bids else A.PASS

    def alone(self, view: View) -> int:
        est = self.strength(view.hand, view.trump)
        if view.maker == self.seat:
            return A.ALONE if est >= _ALONE_AT else A.PASS
        return A.ALONE if est >= _DEFEND_ALONE_AT else A.PASS

    def pickup_helps(self, view: View) -> bool:
        if view.upcard < 0:
            return False
        trump = view.trump
        size = view.hand.bit_count()
        better = self.best_keep(view.hand | 1 << view.upcard, trump, size)
        return self.strength(better, trump) > self.strength(view.hand, trump)

    def discard(self, view: View, legal: list[int]) -> int:
        trump = view.trump if view.trump >= 0 else 0
        hand = view.hand
        return max(legal, key=lambda a: self.strength(hand & ~(1 << (a - A.DISCARD)), trump))

    # -- card play -----------------------------------------------------------------------------

    def _low_key(self, trump: int, c: int) -> tuple[int, int]:
        t = self.tables[trump]
        led = t.effective[c]
        return (1 if led == trump else 0, t.power[led][c])

    def play(self, view: View, legal: list[int]) -> int:
        trump = view.trump
        t = self.tables[trump]
        cards = [a - A.PLAY for a in legal]
        if not view.trick:
            return A.PLAY + self.lead(view, cards, trump)
        led = t.effective[view.trick[0][1]]
        power = t.power[led]
        win_seat, win_card = max(view.trick, key=lambda sc: power[sc[1]])
        win_power = power[win_card]
        active = self.players - len(view.sitting_out)
        last = len(view.trick) == active - 1
        partners = self._side(view)
        if win_seat in partners and win_seat != self.seat and (last or win_power >= _TRUMP_BASE or
                                                                 win_card & 7 == C.RANK_A):
            return A.PLAY + min(cards, key=lambda c: self._low_key(trump, c))
        beaters = [c for c in cards if power[c] > win_power]
        if beaters:
            return A.PLAY + min(beaters, key=lambda c: power[c])
        return A.PLAY + min(cards, key=lambda c: self._low_key(trump, c))

    def lead(self, view: View, cards: list[int], trump: int) -> int:
        t = self.tables[trump]
        trumps = [c for c in cards if t.effective[c] == trump]
        makers = self.sides_by_maker[view.maker][0] if view.maker >= 0 else ()
        if trumps and self.seat in makers:
            return max(trumps, key=lambda c: t.power[trump][c])
        aces = [c for c in cards if c not in trumps and c != C.JOKER and c & 7 == C.RANK_A]
        if aces:
            return aces[0]
        return min(cards, key=lambda c: self._low_key(trump, c))
