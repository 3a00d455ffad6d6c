"""Renderers for the phases that choose trump and the maker: ``upcard_bidding``,
``dealer_pickup``, ``auction`` and ``name_trump``."""

from __future__ import annotations

from engine.core.printable import printable
from engine.mechanics.auction import AuctionRules
from engine.mechanics.dealer_pickup import DealerPickupRules
from engine.mechanics.name_trump import NameTrumpRules
from engine.mechanics.upcard_bidding import UpcardBiddingRules
from engine.rules.variant import Variant
from engine.text.rulebook.hand import extra_hand_word
from engine.text.rulebook.model import Rule, Section
from engine.text.rulebook.words import join, setting, suit_word

__all__ = ["auction_rules", "dealer_pickup_rules", "name_trump_rules", "upcard_bidding_rules"]


def upcard_bidding_rules(v: Variant) -> Section:
    """Phase ``upcard_bidding``: order up the upcard, then (round 2) name another suit."""
    bidding = v.rules(UpcardBiddingRules)
    assert bidding is not None
    makers = "his side are the makers" if v.sides.kind == "teams" else "he is the maker"
    rules = [Rule(text="Round 1: starting with eldest and going clockwise, each player either "
                  "passes or accepts the upcard's suit as trump (orders it up; the dealer "
                  f"takes it up). The first to accept ends the bidding, and {makers}.",
                  alternative=f"{setting('upcard_bidding.rounds', 1)} leaves out round 2, so "
                  "only the upcard's suit can be trump.")]
    if bidding.rounds == 2:
        rules.append(_round_two(v))
    else:
        rules = [Rule(text=rules[0].text + " There is no second round: only the upcard's suit "
                      "can be trump.",
                      alternative=f"{setting('upcard_bidding.rounds', 2)} adds a round in which "
                      "another suit may be named.")]
    rules.append(_all_pass(v))
    if v.deck.jokers:
        rules.append(_joker_upcard(v))
    return Section(title="Bidding on the upcard", rules=tuple(rules), phase="upcard_bidding")


def _round_two(v: Variant) -> Rule:
    bidding = v.rules(UpcardBiddingRules)
    assert bidding is not None
    text = ("Round 2: if everyone passed, the upcard is turned face down and, again from "
            "eldest, each player either passes or names a suit as trump")
    if bidding.exclude_turned_down:
        return Rule(text=f"{text}, any suit but the one turned down (CTD-A1).",
                    alternative=f"{setting('upcard_bidding.exclude_turned_down', 'false')} "
                    "allows the turned-down suit too.")
    return Rule(text=f"{text}, the turned-down suit included.",
                alternative=f"{setting('upcard_bidding.exclude_turned_down', 'true')} forbids "
                "the turned-down suit.")


def _all_pass(v: Variant) -> Rule:
    bidding = v.rules(UpcardBiddingRules)
    assert bidding is not None
    passes = "passes in round 2 too" if bidding.rounds == 2 else "passes"
    if not bidding.stick_the_dealer:
        return Rule(text=f"The dealer is not stuck: if everyone {passes}, the hand "
                    "is thrown in and the deal passes to the left.",
                    alternative="Stick the dealer "
                    f"({setting('upcard_bidding.stick_the_dealer', 'true')}) makes the dealer "
                    + ("name trump." if bidding.rounds == 2 else "accept the upcard's suit."))
    if bidding.rounds == 1:
        text = ("Stick the dealer: if the others all pass, the dealer may not pass; he must take "
                "the upcard's suit as trump.")
    elif bidding.stuck_dealer_may_name_turned_down or not bidding.exclude_turned_down:
        text = ("Stick the dealer: if the others all pass in round 2, the dealer may not pass; "
                "he must name a suit, the turned-down suit included.")
    else:
        text = ("Stick the dealer: if the others all pass in round 2, the dealer may not pass; "
                "he must name a suit, though still not the turned-down one.")
    alternative = (f"Without it ({setting('upcard_bidding.stick_the_dealer', 'false')}) the "
                   "hand is thrown in when all pass.")
    if bidding.rounds == 2 and bidding.exclude_turned_down:
        flip = not bidding.stuck_dealer_may_name_turned_down
        alternative += (f" {setting('upcard_bidding.stuck_dealer_may_name_turned_down', flip)} "
                        + ("lets the stuck dealer name the turned-down suit." if flip else
                           "keeps the turned-down suit barred to him too."))
    return Rule(text=text, alternative=alternative)


_JOKER_UPCARD = {
    "dealer_names": "If the upcard is the joker, the dealer's side are the makers: the dealer "
                    "names trump before he looks at his hand, then takes the joker up and "
                    "discards (STD-A3).",
    "redeal": "If the upcard is the joker, the hand is thrown in and the deal passes to the "
              "left (STD-A3).",
}


def _joker_upcard(v: Variant) -> Rule:
    bidding = v.rules(UpcardBiddingRules)
    assert bidding is not None
    mode = bidding.joker_upcard
    text = _JOKER_UPCARD.get(mode) or (
        f"If the upcard is the joker, it proposes {suit_word(bidding.joker_upcard_suit)} as "
        "trump, and the bidding goes on as for any upcard (STD-A3).")
    others = [f"`{name}`" for name in ("dealer_names", "fixed_suit", "redeal") if name != mode]
    return Rule(text=text, alternative=f"`upcard_bidding.joker_upcard` can also be "
                f"{join(others, 'or')} (with `joker_upcard_suit` for a fixed suit).")


_PICKUP = {
    "must": ("the dealer must take the upcard into his hand and discard one card face down, "
             "any of his {n}, the upcard itself included (STD-A1)"),
    "discard_other": ("the dealer must take the upcard into his hand and discard one card "
                      "face down, but not the upcard itself (STD-A1)"),
    "optional": ("the dealer may take the upcard into his hand and discard one card face "
                 "down, or decline and keep his hand; a declined upcard stays in the kitty"),
}
_PICKUP_OTHERS = {"must": "`optional` or `discard_other`", "discard_other": "`must` or "
                  "`optional`", "optional": "`must` or `discard_other`"}


def dealer_pickup_rules(v: Variant) -> Section:
    """Phase ``dealer_pickup``: the dealer's exchange after the upcard is accepted."""
    pickup = v.rules(DealerPickupRules)
    assert pickup is not None
    mode = pickup.mode
    what = _PICKUP[mode].format(n=v.deal.hand_size + 1)
    rules = [Rule(text=f"When the upcard's suit is made trump in round 1, {what}.",
                  alternative=f"`dealer_pickup.mode` can also be {_PICKUP_OTHERS[mode]}.")]
    flow = v.flow
    here = flow.index("dealer_pickup")
    if "go_alone" in flow and flow.index("go_alone") < here and v.sides.kind == "teams":
        rules.append(Rule(text="A dealer who sits the hand out, because his partner goes alone, "
                          "does not exchange."))
    if "go_alone" in flow and flow.index("go_alone") > here:
        rules.append(Rule(text="The exchange comes before anyone decides to go alone, so the "
                          "dealer exchanges even if the maker then goes alone (CTD-A12)."))
    if "dummy_merge" in flow and flow.index("dummy_merge") > here:
        rules.append(Rule(text="If the dealer is the maker, he makes his discard when the "
                          "dummy is taken up (or given up, if he goes alone), below."))
    return Section(title="The dealer's exchange", rules=tuple(rules), phase="dealer_pickup")


def auction_rules(v: Variant) -> Section:
    """Phase ``auction``: bids, turns, the top bid and the hand swap."""
    auction = v.rules(AuctionRules)
    assert auction is not None
    first = "eldest" if auction.first == "eldest" else "the dealer"
    other_first = "dealer" if auction.first == "eldest" else "eldest"
    other_words = "the dealer" if auction.first == "eldest" else "eldest"
    bids = [str(b) for b in auction.bids]
    top = auction.top_bid
    if top is not None:
        bids.append(f'"{printable(top.label)}" (all {top.tricks} tricks)'
                    if top.tricks == v.deal.hand_size else
                    f'"{printable(top.label)}" ({top.tricks} tricks)')
    rules = [Rule(text=f"Starting with {first} and going clockwise, each player bids the number "
                  "of tricks he will take, or passes. Each bid must beat the one before. The "
                  f"bids are {join(bids, 'or')}.",
                  alternative=f"{setting('auction.first', other_first)} lets {other_words} "
                  "bid first (GH-A1).")]
    if top is not None:
        rules.append(Rule(text=f'The bid "{printable(top.label)}" beats every number and ends '
                          "the auction at once; in the scoring it counts as a bid of "
                          f"{top.tricks}."))
    if auction.turns == "one_each":
        rules.append(Rule(text="Each player has one turn: he bids or passes once (GH-A2).",
                          alternative=f"{setting('auction.turns', 'continuous')} lets the "
                          "bidding go round until all others have passed the high bid."))
    else:
        rules.append(Rule(text="The bidding goes round and round: a player who passes is out "
                          "of the auction, and it ends when all the others have passed the "
                          "high bid (GH-A2).",
                          alternative=f"{setting('auction.turns', 'one_each')} gives each "
                          "player a single turn."))
    rules.append(Rule(text="The high bidder is the maker. If everyone passes, the hand is "
                      "thrown in and the deal passes to the left (GH-A16)."))
    if auction.swap is not None:
        rules.extend(_swap_rules(v))
    return Section(title="The auction", rules=tuple(rules), phase="auction")


def _swap_rules(v: Variant) -> list[Rule]:
    auction = v.rules(AuctionRules)
    assert auction is not None and auction.swap is not None
    swap = auction.swap
    hand = extra_hand_word(swap.hand)
    rules = [Rule(text=f"On his turn, before he bids, a player may exchange his hand for {hand}. "
                  "Only one exchange is allowed per deal for the whole table (GH-A4). The hand "
                  "he gives up is dead: it takes no further part. He then bids or passes with "
                  "his new hand; a player who has already bid may not exchange.")]
    if swap.blind:
        rules.append(Rule(text=f"The exchange is blind: {hand} stays face down until taken "
                          "(GH-A3).",
                          alternative=f"{setting('auction.swap.blind', 'false')} lets the "
                          f"player look at {hand} first."))
    else:
        rules.append(Rule(text=f"The player may first look at {hand}, then exchange or keep his "
                          "own hand. A look uses up the deal's one chance: after it no one else "
                          "may look or exchange (GH-A3).",
                          alternative=f"{setting('auction.swap.blind', 'true')} makes the "
                          "exchange blind."))
    return rules


def name_trump_rules(v: Variant) -> Section:
    """Phase ``name_trump``: the high bidder names trump."""
    rules = v.rules(NameTrumpRules)
    no_trump = rules is not None and rules.no_trump
    if no_trump:
        rule = Rule(text="The maker names trump: any of the four suits, or no-trump.",
                    alternative=f"{setting('name_trump.no_trump', 'false')} rules no-trump "
                    "out.")
    else:
        rule = Rule(text="The maker names any of the four suits as trump; no-trump is not "
                    "allowed (GH-A14).",
                    alternative=f"{setting('name_trump.no_trump', 'true')} allows no-trump.")
    return Section(title="Naming trump", rules=(rule,), phase="name_trump")
