"""Rule-book lines of ``upcard_bidding`` (:mod:`engine.mechanics.upcard_bidding`) that sit
beside a module at its size limit: the rounds, the hand that must order up, what happens
when everyone passes, and a joker upcard.

>>> from engine import load_variant
>>> from engine.mechanics.upcard_bidding import UpcardBiddingRules
>>> all_pass_rule(load_variant("standard").rules(UpcardBiddingRules)).text[:40]
'The dealer is not stuck: if everyone pas'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mechanics.base import Rule
from engine.mechanics.wording import join, setting, suit_word

if TYPE_CHECKING:
    from engine.mechanics.upcard_bidding import UpcardBiddingRules
    from engine.rules.variant import Variant

__all__ = ["all_pass_rule", "book", "joker_upcard_rule", "must_order_rule", "round_two_rule"]


def all_pass_rule(bidding: UpcardBiddingRules) -> Rule:
    """When everyone passes: the hand thrown in, played at no-trump (BUCK-A5), or the dealer
    stuck."""
    passes = "passes in round 2 too" if bidding.rounds == 2 else "passes"
    if bidding.all_pass == "no_trump":
        return Rule(text=f"If everyone {passes}, the hand is played at no-trump with no maker: "
                    "everyone plays it, for himself, and it is scored by the row for a hand "
                    "without a maker (BUCK-A5).",
                    alternative=f"{setting('upcard_bidding.all_pass', 'throw_in')} throws the "
                    "hand in instead and the deal passes to the left.")
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


def joker_upcard_rule(bidding: UpcardBiddingRules) -> Rule:
    """What a joker turned up means (STD-A3)."""
    mode = bidding.joker_upcard
    text = _JOKER_UPCARD.get(mode) or (
        f"If the upcard is the joker, it proposes {suit_word(bidding.joker_upcard_suit)} as "
        "trump, and the bidding goes on as for any upcard (STD-A3).")
    others = [f"`{name}`" for name in ("dealer_names", "fixed_suit", "redeal") if name != mode]
    return Rule(text=text, alternative=f"`upcard_bidding.joker_upcard` can also be "
                f"{join(others, 'or')} (with `joker_upcard_suit` for a fixed suit).")


def round_two_rule(bidding: UpcardBiddingRules) -> Rule:
    """Round 2: name another suit (or the turned-down one, or no-trump)."""
    text = ("Round 2: if everyone passed, the upcard is turned face down and, again from "
            "eldest, each player either passes or names a suit as trump")
    no_trump = (" or no-trump (no trump at all: the highest card of the suit led wins, STD-A12)"
                if bidding.no_trump else "")
    alternative = (f" {setting('upcard_bidding.no_trump', not bidding.no_trump)} "
                   + ("rules no-trump out." if bidding.no_trump else "allows no-trump too."))
    if bidding.exclude_turned_down:
        return Rule(text=f"{text}, any suit but the one turned down (CTD-A1){no_trump}.",
                    alternative=f"{setting('upcard_bidding.exclude_turned_down', 'false')} "
                    "allows the turned-down suit too." + alternative)
    return Rule(text=f"{text}, the turned-down suit included{no_trump}.",
                alternative=f"{setting('upcard_bidding.exclude_turned_down', 'true')} forbids "
                "the turned-down suit." + alternative)


def must_order_rule(condition: str) -> Rule:
    """Round 1: the hand that must order up (STD-A16)."""
    return Rule(text=f"In round 1 a player whose hand meets `{condition}` (trump read as the "
                "upcard's suit) may not pass: he must order the upcard up (STD-A16).",
                alternative="Without `upcard_bidding.must_order_when` anyone may pass.")


def book(v: Variant, bidding: UpcardBiddingRules) -> list[Rule]:
    """The rule book: order up the upcard, then (round 2) name another suit; what happens
    when all pass.

    >>> from engine import load_variant
    >>> from engine.mechanics.upcard_bidding import UpcardBiddingRules
    >>> v = load_variant("stick-the-dealer")
    >>> book(v, v.rules(UpcardBiddingRules))[2].text[-58:]
    'he must name a suit, though still not the turned-down one.'
    """
    makers = "his side are the makers" if v.sides.kind == "teams" else "he is the maker"
    lines = [Rule(text="Round 1: starting with eldest and going clockwise, each player either "
                  "passes or accepts the upcard's suit as trump (orders it up; the dealer "
                  f"takes it up). The first to accept ends the bidding, and {makers}.",
                  alternative=f"{setting('upcard_bidding.rounds', 1)} leaves out round 2, so "
                  "only the upcard's suit can be trump.")]
    if bidding.rounds == 2:
        lines.append(round_two_rule(bidding))
    else:
        lines = [Rule(text=lines[0].text + " There is no second round: only the upcard's suit "
                      "can be trump.",
                      alternative=f"{setting('upcard_bidding.rounds', 2)} adds a round in which "
                      "another suit may be named.")]
    if bidding.must_order_when is not None:
        lines.append(must_order_rule(bidding.must_order_when.text))
    lines.append(all_pass_rule(bidding))
    if v.deck.jokers:
        lines.append(joker_upcard_rule(bidding))
    else:
        # the file's joker setting still counts for a child that adds a joker: say it there
        joker = joker_upcard_rule(bidding).text
        first = lines[0]
        lines[0] = Rule(text=first.text, alternative=f"{first.alternative} With a joker in "
                        f"the deck ({setting('deck.jokers', 1)}): {joker[0].lower()}"
                        f"{joker[1:]}")
    return lines
