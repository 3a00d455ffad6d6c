"""The rule-book lines of ``upcard_bidding`` (:mod:`engine.mechanics.upcard_bidding`): round 1
on the upcard, round 2 naming another suit, stick the dealer, a joker turned up.

>>> from engine import load_variant
>>> from engine.mechanics.upcard_bidding import UpcardBiddingRules
>>> v = load_variant("stick-the-dealer")
>>> rules(v, v.rules(UpcardBiddingRules))[2].text[-58:]
'he must name a suit, though still not the turned-down one.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mechanics.base import Rule
from engine.mechanics.wording import join, setting, suit_word

if TYPE_CHECKING:
    from engine.mechanics.upcard_bidding import UpcardBiddingRules
    from engine.rules.variant import Variant

__all__ = ["TITLE", "rules"]

TITLE = "Bidding on the upcard"


def rules(v: Variant, bidding: UpcardBiddingRules) -> list[Rule]:
    """Order up the upcard, then (round 2) name another suit; what happens when all pass."""
    makers = "his side are the makers" if v.sides.kind == "teams" else "he is the maker"
    lines = [Rule(text="Round 1: starting with eldest and going clockwise, each player either "
                  "passes or accepts the upcard's suit as trump (orders it up; the dealer "
                  f"takes it up). The first to accept ends the bidding, and {makers}.",
                  alternative=f"{setting('upcard_bidding.rounds', 1)} leaves out round 2, so "
                  "only the upcard's suit can be trump.")]
    if bidding.rounds == 2:
        lines.append(_round_two(bidding))
    else:
        lines = [Rule(text=lines[0].text + " There is no second round: only the upcard's suit "
                      "can be trump.",
                      alternative=f"{setting('upcard_bidding.rounds', 2)} adds a round in which "
                      "another suit may be named.")]
    lines.append(_all_pass(bidding))
    if v.deck.jokers:
        lines.append(_joker_upcard(bidding))
    return lines


def _round_two(bidding: UpcardBiddingRules) -> Rule:
    text = ("Round 2: if everyone passed, the upcard is turned face down and, again from "
            "eldest, each player either passes or names a suit as trump")
    if bidding.exclude_turned_down:
        return Rule(text=f"{text}, any suit but the one turned down (CTD-A1).",
                    alternative=f"{setting('upcard_bidding.exclude_turned_down', 'false')} "
                    "allows the turned-down suit too.")
    return Rule(text=f"{text}, the turned-down suit included.",
                alternative=f"{setting('upcard_bidding.exclude_turned_down', 'true')} forbids "
                "the turned-down suit.")


def _all_pass(bidding: UpcardBiddingRules) -> Rule:
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


def _joker_upcard(bidding: UpcardBiddingRules) -> Rule:
    mode = bidding.joker_upcard
    text = _JOKER_UPCARD.get(mode) or (
        f"If the upcard is the joker, it proposes {suit_word(bidding.joker_upcard_suit)} as "
        "trump, and the bidding goes on as for any upcard (STD-A3).")
    others = [f"`{name}`" for name in ("dealer_names", "fixed_suit", "redeal") if name != mode]
    return Rule(text=text, alternative=f"`upcard_bidding.joker_upcard` can also be "
                f"{join(others, 'or')} (with `joker_upcard_suit` for a fixed suit).")
