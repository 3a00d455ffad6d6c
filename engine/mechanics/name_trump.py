"""Phase ``name_trump``: the auction's winner names trump, or, where the variant allows them,
no-trump (``call:N``) or low no-trump (``call:L``: no trump, every suit ranked upside down,
BID-A9). Where the winning bid already named trump (``auction.trump_in_bid``, BID-A3's
alternative) the phase asks nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.mechanics.auction_rules import AuctionRules
from engine.mechanics.base import BotTools, Mechanic, Phase, Rule, Words, book_lines
from engine.mechanics.events import Said, TrumpMade
from engine.mechanics.wording import join, naming, setting
from engine.rules.config_fields import Block, option
from engine.rules.mechanic_rules import FlowCheck

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "NameTrump", "NameTrumpRules", "contracts"]


class NameTrump(Phase):
    """The maker calls a suit."""

    name = "name_trump"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(NameTrumpRules)
        self.calls = [A.CALL + trump for trump in contracts(rules)]

    def start(self, s: Table) -> None:
        if s.hand.trump >= 0:  # the winning bid named it (auction.trump_in_bid)
            s.advance()
            return
        s.current = s.hand.maker

    def legal(self, s: Table) -> list[int]:
        return self.calls

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        s.log.append((Said, s.current, self.name, action))
        h.trump = action - A.CALL
        s.log.append((TrumpMade, h.trump, h.maker))
        s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        if action == A.CALL + C.NO_TRUMP:
            return Refused(Refusal.NOT_IN_VARIANT, "no-trump may not be named in this variant")
        if action == A.CALL + C.LOW_NO_TRUMP:
            return Refused(Refusal.NOT_IN_VARIANT,
                           "low no-trump may not be named in this variant")
        letters = [C.TRUMP_LETTERS[a - A.CALL] for a in self.calls]
        return Refused(Refusal.WRONG_PHASE, f"the high bidder names trump now: {naming(letters)}")

    def describe(self, s: Table) -> str:
        return "naming of trump"


@dataclass(frozen=True, slots=True, kw_only=True)
class NameTrumpRules:
    """Phase ``name_trump``."""

    no_trump: bool = option(False, doc=(
        "The maker may also name no-trump (`call:N`). Default: false (GH-A14)."))
    # fill=False: the compiler supplies the default, so the rules hash of files that leave
    # the key out stays what it was before the key existed.
    low_no_trump: bool = option(False, fill=False, doc=(
        "The maker may also name low no-trump (`call:L`): no trump, and in every suit the "
        "lowest card wins, the ace lowest (BID-A9)."))


def contracts(rules: NameTrumpRules) -> tuple[int, ...]:
    """The trumps the maker may name: the four suits, then no-trump and low no-trump where
    allowed (the auction's bids name these with ``auction.trump_in_bid``)."""
    return (*range(4), *[C.NO_TRUMP] * rules.no_trump, *[C.LOW_NO_TRUMP] * rules.low_no_trump)


BLOCK = Block(key="name_trump", record=NameTrumpRules,
              doc="Phase `name_trump`: the maker (auction winner) names trump.")


def _check_flow(check: FlowCheck) -> None:
    flow = check.flow
    if "name_trump" in flow and "auction" not in flow:
        check.fail("`name_trump` follows an `auction`", check.where("name_trump"))
    if "name_trump" in flow and "auction" in flow and (
            flow.index("name_trump") < flow.index("auction")):
        check.fail("`name_trump` must come after the `auction`", check.where("name_trump"))


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot names its best contract (a suit, or no-trump or low no-trump where
    allowed, by the estimate of each)."""
    return A.CALL + tools.best_suit(view.hand, [a - A.CALL for a in legal])[0]


def book(v: Variant, name_trump: NameTrumpRules) -> list[Rule]:
    """The rule book: which trumps the maker may name (``name_trump.no_trump``,
    ``name_trump.low_no_trump``)."""
    auction = v.rules(AuctionRules)
    if auction is not None and auction.trump_in_bid:
        return _bid_book(name_trump)
    if auction is not None and auction.table:  # C500-A1: the bid's denomination is trump
        if all(row.denomination for row in auction.table):
            return [Rule(text="Every bid of the table fixes trump (or no-trump): nobody names "
                         "it after the auction.")]
        return [Rule(text="The winner of a bid without a denomination names trump"
                     + (", or no-trump." if name_trump.no_trump else "."))]
    if name_trump.no_trump:
        lines = [Rule(text="The maker names trump: any of the four suits, or no-trump.",
                      alternative=f"{setting('name_trump.no_trump', 'false')} rules no-trump "
                      "out.")]
    else:
        lines = [Rule(text="The maker names any of the four suits as trump; no-trump is not "
                      "allowed (GH-A14).",
                      alternative=f"{setting('name_trump.no_trump', 'true')} allows no-trump.")]
    if name_trump.low_no_trump:
        lines.append(Rule(text="The maker may also name low no-trump: no trump, and in every "
                          "suit the lowest card wins, the ace lowest (BID-A9).",
                          alternative=f"{setting('name_trump.low_no_trump', 'false')} rules "
                          "it out."))
    return lines


def _bid_book(name_trump: NameTrumpRules) -> list[Rule]:
    """The trumps a bid may name (``auction.trump_in_bid``)."""
    names = ["any of the four suits"]
    if name_trump.no_trump:
        names.append("no-trump")
    if name_trump.low_no_trump:
        names.append("low no-trump: no trump, and in every suit the lowest card wins, the ace "
                     "lowest (BID-A9)")
    text = (f"The trump a bid names (and the one the winner of a special bid names after the "
            f"auction) may be {join(names, 'or')}.")
    return [Rule(text=text, alternative=f"{setting('name_trump.no_trump', 'true')} and "
                 f"{setting('name_trump.low_no_trump', 'true')} allow no-trump and low "
                 "no-trump.")]


def _trumpless(v: Variant) -> tuple[int, ...]:
    """No-trump and low no-trump, where the maker may name them."""
    rules = v.rules(NameTrumpRules)
    if rules is None:
        return ()
    return tuple([c for c, named in ((C.NO_TRUMP, rules.no_trump),
                                     (C.LOW_NO_TRUMP, rules.low_no_trump)) if named])


MECHANIC = Mechanic(
    key="name_trump", phase=NameTrump, schema=BLOCK.schema, config=NameTrumpRules,
    compile=BLOCK.compile, check_flow=_check_flow, chooses_trump=True, kinds=(A.kind_of(A.CALL),),
    words=Words(verbs={"call": "names {suit} as trump"},
                prompt="You won the bidding: name trump.", title="Naming trump",
                rules=book_lines(NameTrumpRules, book), trumpless=_trumpless),
    decide=decide, block=BLOCK,
    batch="engine.mechanics.name_trump_batch:NameTrump",
)
