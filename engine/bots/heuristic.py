"""``heuristic``: a rule-of-thumb player for any variant.

It estimates how many tricks a hand takes for each candidate trump and bids on that (at no-trump
its sure and likely winners: top cards, guarded second cards, long suits; at low no-trump the
same from the bottom); goes alone only with a near-certain march; leads trump as maker, and at
no-trump a card no one can beat; does not trump a partner's winning trick; wins as cheaply as
it can; throws its lowest card when it cannot win; names its longest suit for a led joker. It
reads only its :class:`~engine.play.view.View`, the legal actions and the (public) rules of the
variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.bots import heuristic_numbers as N
from engine.bots.base import Bot
from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.registry import mechanics

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.play.view import View
    from engine.rules.variant import Variant

__all__ = ["HeuristicBot"]

class HeuristicBot(Bot):
    """Bids by estimated tricks; plays cheap winners and low discards."""

    name = "heuristic"

    def __init__(self, variant: Variant, seat: int, seed: int) -> None:
        super().__init__(variant, seat, seed)
        self.tables = variant.deck.all_tables()
        self.trump_values = [N.trump_values(t) for t in self.tables]
        """By trump, each card's expected tricks as a trump (``TRUMP_VALUE`` by its place)."""
        self.nt_order = N.trumpless_orders(variant.deck.mask)
        self.outside_deck = ~variant.deck.mask  # cards not in the deck count as gone
        self.sides_by_maker = [variant.sides.hand_sides(m) for m in range(variant.players)]
        partnered = variant.sides.kind == "teams" and max(len(t) for t in variant.sides.teams) > 1
        in_flow = [m for m in mechanics() if m.key in variant.flow]
        dummy = any(m.lends_a_hand for m in in_flow)
        self.calls = any(m.decides_sides for m in in_flow)
        """The maker calls his partner (Call-Ace): sides come from what the view shows."""
        # Help expected from a partner (or the dummy, or the holder of a called ace) when
        # this seat makes trump.
        size = variant.deal.hand_size
        self.help = 0.7 + N.PARTNER_PER_CARD * max(0, size - 5) if partnered or self.calls \
            else 0.9 if dummy else \
            N.ONE_OPPONENT + N.ONE_OPPONENT_PER_CARD * (size - 5) if variant.players == 2 else 0.0
        self.size = size
        self.unseen = variant.deal.held != size
        """It plays cards it cannot see yet (a tableau's face-down cards)."""
        self.threshold = size // 2 + 1 - self.help
        """Making trump needs a majority of the tricks (3 of 5), the help counted."""
        self.partner_tricks = N.PARTNER_TRICKS
        longer = max(0, size - 6)
        self.opening_tricks = N.PARTNER_TRICKS + N.PARTNER_PER_CARD * longer if partnered \
            else N.ALONE_PER_CARD * longer
        self.bid_margin = N.BID_MARGIN_PER_CARD * size if partnered else 0.0
        self.half_tricks = size / 2
        self.memo: dict[tuple[int, int], float] = {}
        self.players = variant.players
        self.small_cards = variant.deck.mask >> C.SMALL != 0
        """The deck has the 2 to 5, whose card actions are not ``PLAY + card`` (DECK-A6)."""
        self.copies = variant.deck.copies > 1
        """A double deck: a card chosen from the hand may need the other copy's action."""
        self.hooks = {m.key: m.decide for m in mechanics() if m.decide is not None}

    # -- the Bot interface -------------------------------------------------------------------

    def act(self, state: State) -> int:
        legal = state.legal_action_ids()
        if len(legal) == 1:  # nothing to decide: no need to look at the table
            return legal[0]
        return self.decide(state.view(self.seat), list(legal))  # the hooks take a list

    def advise(self, state: State) -> tuple[int, str]:
        """The action :meth:`act` chooses, and the estimate or card-play rule behind it (told
        from outside the decision, which it leaves as it is)."""
        action = self.act(state)
        view = state.view(self.seat)
        name = state.action_name(action)
        if name.startswith("play:") and view.trump >= 0:
            return action, self._play_reason(view, A.card_of(action))
        if name.startswith("discard:") and 0 <= view.trump < N.NO_TRUMP:
            return action, f"keep the cards worth most with {C.SUIT_WORDS[view.trump]} trump"
        if view.trump < 0 and view.hand:
            upcard = C.suit_of(view.upcard) if view.upcard >= 0 else N.NO_TRUMP
            suits = [upcard] if upcard < N.NO_TRUMP else [
                suit for suit in range(4) if A.CALL + suit in view.legal_ids] or list(range(4))
            suit, est = self.best_suit(view.hand, suits)
            return action, (f"your hand is worth about {est:.1f} tricks with "
                            f"{C.SUIT_WORDS[suit]} trump")
        return action, ""

    def _play_reason(self, view: View, card: int) -> str:
        t = self.tables[view.trump]
        if not view.trick:
            if t.effective[card] == view.trump and self.seat in self._makers(view):
                return "as maker, lead your best trump"
            return "lead an ace" if C.RANKS[card] == C.RANK_A else "lead this card"
        power = t.power[t.effective[view.trick[0][1]]]
        win_seat, win_card = max(view.trick, key=lambda sc: power[sc[1]])
        if power[card] > power[win_card]:
            return "the cheapest card that wins the trick"
        if win_seat in self._side(view) and win_seat != self.seat:
            return "your partner is winning: throw a low card"
        return "you cannot win this trick: throw your lowest card"

    def choose(self, view: View, legal: Sequence[str]) -> str:
        specials = view.special_bids
        ids = [A.action_id(name, specials) for name in legal]
        return A.name_of(self.decide(view, ids), specials)

    def decide(self, view: View, legal: list[int]) -> int:
        """The chosen action id: the running mechanic's bot hook decides, with this bot's
        estimates as its tools (:class:`~engine.mechanics.bot_tools.BotTools`)."""
        if len(legal) == 1:
            return legal[0]
        hook = self.hooks.get(view.phase)
        if hook is None:
            return legal[0]
        action = hook(self, view, legal)
        if self.copies and action not in legal:
            # A hook that picks a card from the hand may pick the second copy of a card held
            # twice, and only the first copy's action is offered (DECK-A2): the same card.
            action = A.other_copy(action)
        return action

    # -- estimating hands ----------------------------------------------------------------------

    def strength(self, hand: int, trump: int) -> float:
        """Expected tricks of ``hand`` with ``trump`` (memoised: bidding asks again and again)."""
        key = (hand, trump)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > N.MEMO_LIMIT:
                self.memo.clear()
            found = self.memo[key] = self._strength(hand, trump)
        return found

    def _strength(self, hand: int, trump: int) -> float:
        if trump >= N.NO_TRUMP:
            return self._trumpless_strength(hand, self.nt_order[trump])
        t = self.tables[trump]
        trumps = hand & t.suit_mask[trump]
        count = trumps.bit_count()
        est = 0.0
        values = self.trump_values[trump]
        for c in C.cards_of(trumps):
            est += values[c]
        if count > 2:
            est += N.LENGTH_BONUS * (count - 2)
        for suit in range(4):
            if suit == trump:
                continue
            cards = hand & t.suit_mask[suit]
            length = cards.bit_count()
            if not length:
                est += N.VOID_BONUS if count >= 2 else 0.0
                continue
            if cards >> (suit * 8 + C.RANK_A) & 1:
                est += N.OFF_ACE if length <= 2 else N.OFF_ACE_LONG
                if cards >> (suit * 8 + C.RANK_K) & 1:
                    est += N.OFF_KING_GUARDED
        return est

    @staticmethod
    def _trumpless_strength(hand: int, order: list[list[int]]) -> float:
        """Expected tricks without trump, each suit's ranks ``order``ed best first: its best
        card, a guarded second or third best, the length of a suit it heads; the joker."""
        est = N.NT_JOKER if hand >> C.JOKER & 1 else 0.0
        if hand >> C.JOKER_LOW & 1:  # the low joker: the second best card (DECK-A4)
            est += N.NT_JOKER
        for suit in range(4):
            held = [hand >> c & 1 for c in order[suit]]
            length = sum(held)
            if held[0]:
                est += N.NT_TOP + N.NT_LONG * max(0, length - 4)
            if held[1] and length >= 2:
                est += N.NT_SECOND
            if held[2] and length >= 3:
                est += N.NT_THIRD
        return est

    def sure_tricks(self, hand: int, trump: int) -> int:
        """The tricks ``hand`` takes alone with ``trump`` (a suit) however the other cards
        lie, leading from the top (what a lone bid for every trick needs). A card is sure when
        no card out ranks above it in its suit (the other copy of a card in a double deck
        ranks equal, and the first played wins, DECK-A3). With as many sure trumps as trumps
        out, leading them draws every trump out even from one hand, and then every trump and
        every sure card of a side suit wins; else only the sure trumps are counted.

        >>> from engine import load_variant
        >>> bot = HeuristicBot(load_variant("bid-euchre"), 0, 0)
        >>> hearts = C.parse_suit("H")
        >>> bot.sure_tricks(C.mask_of(["JH", "JD", "AH", "KH", "AS", "AC"]), hearts)
        6
        >>> bot.sure_tricks(C.mask_of(["JH", "JD", "AH", "AS", "AC", "AD"]), hearts)
        3
        """
        t = self.tables[trump]
        out = ~self.outside_deck & ~hand
        trumps = sure_trumps = trumps_out = sure_side = 0
        for suit in range(4):
            power = t.power[suit]
            held = hand & t.suit_mask[suit]
            best_out = max((power[c] for c in C.cards_of(out & t.suit_mask[suit])), default=-1)
            sure = sum(1 for c in C.cards_of(held) if power[c] >= best_out)
            if suit == trump:
                trumps, sure_trumps = held.bit_count(), sure
                trumps_out = (out & t.suit_mask[suit]).bit_count()
            else:
                sure_side += sure
        if sure_trumps < trumps_out:
            return sure_trumps
        return trumps + sure_side

    def best_suit(self, hand: int, suits: Sequence[int]) -> tuple[int, float]:
        """The trump among ``suits`` (suits, no-trump, low no-trump) with the best estimate,
        and the estimate (the last of equals)."""
        scored = [(self.strength(hand, s), s) for s in suits]
        if not scored:
            return 0, 0.0
        est, suit = max(scored)
        if self.unseen:  # the cards it will play but does not see (UNSEEN_CARD)
            est += N.UNSEEN_CARD * max(0, self.size - hand.bit_count())
        return suit, est

    def joker_suit(self, hand: int, trump: int) -> int:
        """The suit a led joker calls for at ``trump`` (no-trump or low no-trump): the bot's
        longest suit, among equals the one with the best cards (the highest at no-trump, the
        lowest at low no-trump): the most chances to win the tricks that follow."""
        def weight(suit: int) -> tuple[int, int]:
            cards = hand >> (suit * 8) & 255
            return cards.bit_count(), cards if trump == C.NO_TRUMP else -cards
        return max(range(4), key=weight)

    def two_weak_trumps(self, hand: int, trump: int) -> bool:
        """The hand-strength count under which the bot never makes trump (unless it must):
        at most two trumps, and no bower or joker among them (a suit trump; no-trump has no
        trumps to count). Two trumps are enough with a bower among them, or three of any.

        >>> from engine import load_variant
        >>> bot = HeuristicBot(load_variant("standard"), 0, 0)
        >>> hearts = C.parse_suit("H")
        >>> bot.two_weak_trumps(C.mask_of(["AH", "KH", "AC", "AS", "AD"]), hearts)
        True
        >>> bot.two_weak_trumps(C.mask_of(["JD", "9H", "AC", "9S", "TD"]), hearts)
        False
        """
        if trump >= N.NO_TRUMP:
            return False
        t = self.tables[trump]
        trumps = hand & t.suit_mask[trump]
        power = t.power[trump]
        return trumps.bit_count() <= 2 and all(power[c] < N.LEFT_POWER for c in C.cards_of(trumps))

    def best_keep(self, hand: int, trump: int, size: int) -> int:
        """Greedily drop the card whose loss hurts least until ``size`` cards remain."""
        while hand.bit_count() > size:
            hand = max((hand & ~(1 << c) for c in C.cards_of(hand)),
                       key=lambda rest: self.strength(rest, trump))
        return hand

    # -- decisions -----------------------------------------------------------------------------

    def random_choice(self, legal: Sequence[int]) -> int:
        """One of ``legal`` from this bot's RNG."""
        return self.rng.choice(legal)

    def side_of_view(self, view: View) -> tuple[int, ...]:
        """The seats on this bot's side this hand."""
        return self._side(view)

    def _side(self, view: View) -> tuple[int, ...]:
        if self.calls:
            return self._called_side(view)
        maker = view.maker if view.maker >= 0 else self.seat
        for side in self.sides_by_maker[maker]:
            if self.seat in side:
                return side
        return (self.seat,)

    def _makers(self, view: View) -> tuple[int, ...]:
        """The makers' side as this seat knows it (only its own seat before a maker)."""
        if view.maker < 0:
            return ()
        sides = view.known_sides()  # a hidden partner is known only as the view shows him
        return self.sides_by_maker[view.maker][0] if sides is None else sides[0]

    def _called_side(self, view: View) -> tuple[int, ...]:
        """This seat's side when the maker calls his partner (CALL-A6): the makers as the
        view shows them; a defender knows his fellow defenders only once the partner is
        known, and counts on nobody before."""
        sides = view.known_sides()
        if sides is None:
            return self._makers(view) if self.seat in self._makers(view) else (self.seat,)
        makers, defenders = sides
        return makers if self.seat in makers else defenders if self.seat in defenders \
            else (self.seat,)

    def discard(self, view: View, legal: list[int]) -> int:
        """The card whose loss costs the least estimated tricks; among equals the one that
        leaves a void in a side suit, then the lowest (never a jack kept over a singleton
        ten: the ten goes and leaves the void)."""
        trump = view.trump if view.trump >= 0 else 0
        hand = view.hand
        t = self.tables[trump]

        def keep(a: int) -> tuple[float, bool, int]:
            c = a - A.DISCARD if a < A.SMALL_CARDS else A.card_of(a)
            rest = hand & ~(1 << c)
            suit = t.effective[c]
            void = suit != trump and not rest & t.suit_mask[suit]
            return round(self.strength(rest, trump), 6), void, -t.power[suit][c]
        return max(legal, key=keep)

    # -- card play -----------------------------------------------------------------------------

    def _low_key(self, trump: int, c: int) -> tuple[int, int]:
        t = self.tables[trump]
        led = t.effective[c]
        return (1 if led == trump else 0, t.power[led][c])

    def play_card(self, view: View, legal: list[int]) -> int:
        small = self.small_cards  # the 2 to 5 have card actions of their own block (DECK-A6)
        cards = [A.card_of(a) for a in legal] if small else [a - A.PLAY for a in legal]
        trump = view.trump
        t = self.tables[trump]
        if not view.trick:
            card = self.lead(view, cards, trump)
            return A.card_action(A.PLAY, card) if small else A.PLAY + card
        led = t.effective[view.trick[0][1]]
        power = t.power[led]
        win_seat, win_card = max(view.trick, key=lambda sc: power[sc[1]])
        win_power = power[win_card]
        active = self.players - len(view.sitting_out)
        last = len(view.trick) == active - 1
        partners = self._side(view)
        if win_seat in partners and win_seat != self.seat and (
                last or win_power >= N.TRUMP_BASE - 1 or C.RANKS[win_card] == C.RANK_A
                or self._boss(view, trump, led, win_power)):
            # Partner's trick: follow low or throw off, never ruff or overtake it.
            card = min(cards, key=lambda c: self._low_key(trump, c))
        elif beaters := [c for c in cards if power[c] > win_power]:
            card = min(beaters, key=lambda c: power[c])
        else:
            card = min(cards, key=lambda c: self._low_key(trump, c))
        return A.card_action(A.PLAY, card) if small else A.PLAY + card

    def _boss(self, view: View, trump: int, led: int, win_power: int) -> bool:
        """No card of the suit led that could beat ``win_power`` is still out (every better
        one is played or in this bot's hand; trumps are left out: ruffing a partner's winner
        does not stop an opponent's ruff)."""
        t = self.tables[trump]
        power = t.power[led]
        out = t.suit_mask[led] & ~self.outside_deck & ~view.hand
        for _, c in view.played:
            out &= ~(1 << c)
        return all(power[c] <= win_power for c in C.cards_of(out))

    def lead(self, view: View, cards: list[int], trump: int) -> int:
        t = self.tables[trump]
        if trump >= N.NO_TRUMP:
            return self._lead_trumpless(view, cards, trump)
        trumps = [c for c in cards if t.effective[c] == trump]
        if trumps and self.seat in self._makers(view):
            return max(trumps, key=lambda c: t.power[trump][c])
        aces = [c for c in cards if c not in trumps and C.RANKS[c] == C.RANK_A]
        if aces:
            return aces[0]
        return min(cards, key=lambda c: self._low_key(trump, c))

    def _lead_trumpless(self, view: View, cards: list[int], trump: int) -> int:
        """At no-trump: a card no one can beat (every better card of its suit played or in
        hand), else the joker, else the lowest card."""
        t = self.tables[trump]
        gone = view.hand | self.outside_deck
        for _, c in view.played:
            gone |= 1 << c
        for c in cards:
            if c in (C.JOKER, C.JOKER_LOW):
                continue
            suit = C.suit_of(c)
            power = t.power[suit]
            better = t.suit_mask[suit] & ~gone & ~(1 << C.JOKER)
            if all(power[o] < power[c] for o in C.cards_of(better)):
                return c
        for joker in (C.JOKER, C.JOKER_LOW):  # the joker (of two, the high one first)
            if joker in cards:
                return joker
        return min(cards, key=lambda c: self._low_key(trump, c))
