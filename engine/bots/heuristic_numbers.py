"""The numbers the ``heuristic`` bot counts with: what each card is worth in tricks, and the
help a bidder may count on from a partner or from the length of his hand, each with how it was
measured. :mod:`engine.bots.heuristic` reads them; they are kept apart so that the reasons for
each number stay beside it.
"""

from __future__ import annotations

import functools

from engine.core import cards as C

# Expected tricks of a trump card by its place in the trump order (0 = the 7 ... 9 = joker).
TRUMP_VALUE = (0.30, 0.30, 0.35, 0.40, 0.45, 0.55, 0.70, 0.85, 1.00, 1.00, 0.25)
"""By ``power - TRUMP_BASE``: 7 8 9 T Q K A left right joker; the last (index -1) is the six
of a 36-card deck, one below the seven."""
TRUMP_BASE = 100
LEFT_POWER = TRUMP_BASE + 7  # the left bower's place: the bowers and the joker are above
LENGTH_BONUS = 0.2      # per trump beyond the second
VOID_BONUS = 0.25       # per void side suit when holding two trumps or more
OFF_ACE, OFF_ACE_LONG, OFF_KING_GUARDED = 0.7, 0.4, 0.25
MEMO_LIMIT = 4096       # strength estimates kept before the memo starts afresh
# No-trump: expected tricks of a suit's best card, its second best (guarded by one more card)
# and third best (guarded by two); each card beyond four in a suit headed by its best card.
NT_TOP, NT_SECOND, NT_THIRD, NT_LONG = 0.95, 0.5, 0.2, 0.5
NT_JOKER = 1.0
NO_TRUMP = C.NO_TRUMP
PARTNER_TRICKS = 1.0
"""What the bot counts on from a partner when it bids tricks in an auction (measured in a hand
of six: see :data:`PARTNER_PER_CARD`)."""
PARTNER_PER_CARD = 0.25
"""A partner's help to a bid at the lowest level grows with the hand: each card beyond six is
one more trick played, and a partner's hand takes a quarter of it (one hand of four). Measured
with the heuristic in 3,000 deals of each, the side of a bidder whom the others let play took
his estimate plus 1.0 tricks in ``bid-euchre`` (6 cards), 1.7 with 8 cards, 1.7 in a 10-card
double deck and 2.5 in ``bid-euchre-double`` (12 cards): 1.0, 1.5, 2.0 and 2.5 by this rule.
Before issue 27 the bot counted it only to open the bidding at the lowest bid when nobody had
bid (counting it for every bid with the rule of then, the bot bid 7 and 8 of 12 and was set in
a third of its contracts: in 200 duplicate games of ``bid-euchre-double`` it won 29% against
the bot that counted 1.0); a partnership now counts it for every bid, less the bid margin
(:data:`BID_MARGIN_PER_CARD`)."""
BID_MARGIN_PER_CARD = 1 / 12
"""In a partnership the bot bids a number only when its side's expected tricks (its estimate
and :data:`PARTNER_TRICKS` with :data:`PARTNER_PER_CARD`: the ``opening_tricks``) beat both the
bid and half the tricks by this much a card of the hand: half a trick with six cards, one with
twelve. Scoring gives the defenders their tricks (BID-A7), so a contract made with ``t`` of
``n`` tricks gains ``2t - n`` on them, and one set loses the bid and the defenders' tricks:
a deal thrown in (0) is worth more than a contract the side does not expect to make with
tricks to spare. Measured on 20,000 duplicate deals each with the batch engine
(``tools/bid_margin.py``: ``tools/bench_batch.py``'s duplicate deals, seed 11), against the
rule before it (the highest bid within the estimate, 1.0 from the partner and 0.3, which bid
in nearly every deal) and against ``greedy`` (which passes): with six cards a margin of 0.25,
0.5, 0.75 and 1.0 gained +0.44, +0.42, +0.39 and +0.34 points a hand on the old rule in
``bid-euchre``, +1.23, +1.59, +1.70 and +1.56 on ``greedy`` (0.5 won 59% of 8,000 games
against the old rule, 1.0 won 52%; 0.75 won 49% in ``bid-euchre-low``);
with twelve (``bid-euchre-double``) 0.75, 1.0, 1.25 and 1.5 gained +0.90, +1.14, +1.26 and
+1.28 on the old rule, +0.94, +1.23, +1.27 and +1.15 on ``greedy`` (1.0 won the most games
against the old rule, 59%)."""
ALONE_PER_CARD = 0.2
"""Without a partner, the tricks a hand of more than six takes beyond its estimate, for each
card beyond six, when it opens the bidding at the lowest bid (the estimate is made for short
hands; in long ones low trumps and long suits win more). Measured with the heuristic in 2,000
deals each of auctions for three, each for himself: with 8 cards of 24 the bidder took 1.41
times his estimate less 0.75 tricks, with 12 of 36 1.57 times less 0.51; at the lowest bid
(4 and 5) the bidder breaks even at 0.34 and 1.2 tricks beyond his estimate (0.4 and 1.2 by
this rule)."""
ONE_OPPONENT, ONE_OPPONENT_PER_CARD = 0.85, 0.3
"""Two players: the tricks a hand of five takes beyond its estimate (which is made for three
other hands; here one opponent holds five of the unseen cards), and the more for each card
beyond five. Measured with the heuristic in 3,000 deals of ``two-handed``: the maker took his
estimate plus 0.5 tricks ordering up as eldest (his estimate less half the upcard's worth to
the dealer), 1.2 as dealer, 0.9 naming a suit; with seven cards each 1.0 to 1.6 (24 cards)
and 1.2 to 1.8 (32 cards) at the estimates where the bidding is decided: 0.85 and 1.45."""
UNSEEN_CARD = 0.4
"""The tricks the bot counts on for each card it will play but cannot see when it bids: a
tableau's face-down cards, turned over only when uncovered (PILE-A3). In a two-handed deal of
the whole 24-card deck each card is worth half a trick on average (12 tricks, 24 cards); the
bot counts a little less, as the estimate of the cards it sees already counts their luck."""



# -- the numbers per deck (made once per bot) ------------------------------------------------

@functools.cache
def trumpless_orders(deck: int) -> dict[int, list[list[int]]]:
    """Each suit's cards in the deck ``deck`` (a mask; first copies), best first, at no-trump
    and at low no-trump (made once per deck: bots are made for every game)."""
    high = []
    for suit in range(4):  # the ranks of each suit (they may differ by suit, DECK-A6)
        present = {C.rank_of(c) for c in C.cards_of(deck) if C.suit_of(c) == suit}
        ranks = [r for r in (C.RANK_A, C.RANK_K, C.RANK_Q, C.RANK_J, C.RANK_T, C.RANK_9,
                             C.RANK_8, C.RANK_7, C.RANK_6, C.RANK_5, C.RANK_4, C.RANK_3,
                             C.RANK_2) if r in present]
        high.append([C.card(C.rank_letter(r) + C.SUIT_NAMES[suit]) for r in ranks])
    return {C.NO_TRUMP: high, C.LOW_NO_TRUMP: [cards[::-1] for cards in high]}


@functools.cache
def trump_values(t: C.TrumpTables) -> tuple[float, ...]:
    """Each trump's expected tricks by its place in the trump order (``TRUMP_VALUE``; a high
    joker above a low one counts as the top place, DECK-A4); 0 for the other cards."""
    if t.trump >= C.NO_TRUMP:
        return ()
    power = t.power[t.trump]
    top = len(TRUMP_VALUE) - 2  # the place below the seven's (-1) holds every rank below it
    return tuple(TRUMP_VALUE[max(-1, min(power[c] - TRUMP_BASE, top))]
                 if t.effective[c] == t.trump else 0.0 for c in range(C.CARD_COUNT))
