"""The rule-book lines of ``auction`` (:mod:`engine.mechanics.auction`): bids, turns, the top
bid and the hand swap.

>>> from engine import load_variant
>>> from engine.mechanics.auction import AuctionRules
>>> v = load_variant("ghost-hand")
>>> rules(v, v.rules(AuctionRules))[2].text
'Each player has one turn: he bids or passes once (GH-A2).'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.printable import printable
from engine.mechanics.base import Rule
from engine.mechanics.wording import extra_hand_word, join, setting

if TYPE_CHECKING:
    from engine.mechanics.auction import AuctionRules
    from engine.rules.variant import Variant

__all__ = ["TITLE", "rules"]

TITLE = "The auction"


def rules(v: Variant, auction: AuctionRules) -> list[Rule]:
    """Who bids first, the bids, the turns, the top bid, the maker, and the swap."""
    first = "eldest" if auction.first == "eldest" else "the dealer"
    other_first = "dealer" if auction.first == "eldest" else "eldest"
    other_words = "the dealer" if auction.first == "eldest" else "eldest"
    bids = [str(b) for b in auction.bids]
    for special in auction.special_bids:
        tricks = (f"all {special.tricks} tricks" if special.tricks == v.deal.hand_size
                  else f"{special.tricks} tricks")
        bids.append(f'"{printable(special.label)}" ({tricks}{", alone" if special.alone else ""})')
    lines = [Rule(text=f"Starting with {first} and going clockwise, each player bids the number "
                  "of tricks he will take, or passes. Each bid must beat the one before. The "
                  f"bids are {join(bids, 'or')}.",
                  alternative=f"{setting('auction.first', other_first)} lets {other_words} "
                  "bid first (GH-A1).")]
    lines.extend(_special_rules(auction))
    if auction.turns == "one_each":
        lines.append(Rule(text="Each player has one turn: he bids or passes once (GH-A2).",
                          alternative=f"{setting('auction.turns', 'continuous')} lets the "
                          "bidding go round until all others have passed the high bid."))
    else:
        lines.append(Rule(text="The bidding goes round and round: a player who passes is out "
                          "of the auction, and it ends when all the others have passed the "
                          "high bid (GH-A2).",
                          alternative=f"{setting('auction.turns', 'one_each')} gives each "
                          "player a single turn."))
    if auction.all_pass == "redeal":
        lines.append(Rule(text="The high bidder is the maker. If everyone passes, the hand is "
                          "thrown in and the deal passes to the left (GH-A16).",
                          alternative=f"{setting('auction.all_pass', 'dealer_forced')} makes "
                          "the dealer bid when all the others have passed."))
    else:
        lines.append(Rule(text="The high bidder is the maker. When all the others have passed, "
                          "the dealer may not pass: he must bid, at least "
                          f"{auction.bids[0]} (BID-A4).",
                          alternative=f"{setting('auction.all_pass', 'redeal')} throws the "
                          "hand in when everyone passes."))
    if auction.swap is not None:
        lines.extend(_swap_rules(auction))
    return lines


def _special_rules(auction: AuctionRules) -> list[Rule]:
    """What the special bids beat, what they count as, and who plays them alone."""
    specials = auction.special_bids
    if not specials:
        return []
    if len(specials) == 1:
        top = specials[0]
        lines = [Rule(text=f'The bid "{printable(top.label)}" beats every number and ends the '
                      "auction at once; in the scoring it counts as a bid of "
                      f"{top.tricks}.")]
    else:
        names = join([f'"{printable(b.label)}"' for b in specials], "then")
        lines = [Rule(text=f"Above every number rank, lowest first, {names}; the last ends the "
                      "auction at once. In the scoring each counts as a bid of its tricks.")]
    for special in specials:
        if special.alone:
            lines.append(Rule(text=f'A player who wins the auction with "{printable(special.label)}'
                              '" plays alone: his partner lays his cards down and sits out '
                              "the hand (BID-A5)."))
    return lines


def _swap_rules(auction: AuctionRules) -> list[Rule]:
    swap = auction.swap
    assert swap is not None
    hand = extra_hand_word(swap.hand)
    lines = [Rule(text=f"On his turn, before he bids, a player may exchange his hand for {hand}. "
                  "Only one exchange is allowed per deal for the whole table (GH-A4). The hand "
                  "he gives up is dead: it takes no further part. He then bids or passes with "
                  "his new hand; a player who has already bid may not exchange.")]
    if swap.blind:
        lines.append(Rule(text=f"The exchange is blind: {hand} stays face down until taken "
                          "(GH-A3).",
                          alternative=f"{setting('auction.swap.blind', 'false')} lets the "
                          f"player look at {hand} first."))
    else:
        lines.append(Rule(text=f"The player may first look at {hand}, then exchange or keep his "
                          "own hand. A look uses up the deal's one chance: after it no one else "
                          "may look or exchange (GH-A3).",
                          alternative=f"{setting('auction.swap.blind', 'true')} makes the "
                          "exchange blind."))
    return lines
