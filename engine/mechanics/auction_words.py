"""The words of ``auction`` (:mod:`engine.mechanics.auction`): its rule-book lines (bids,
turns, the top bid and the hand swap) and the words of bids that name their trump (narration,
offers, refusals).

>>> from engine import load_variant
>>> from engine.mechanics.auction import AuctionRules
>>> v = load_variant("ghost-hand")
>>> rules(v, v.rules(AuctionRules))[2].text
'Each player has one turn: he bids or passes once (GH-A2).'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.core.printable import printable
from engine.mechanics.auction_rules import AuctionRules, SpecialBid
from engine.mechanics.auction_table import Contract, table_words
from engine.mechanics.base import Rule
from engine.mechanics.wording import extra_hand_word, join, setting, third_person

if TYPE_CHECKING:
    from engine.mechanics.auction import Auction
    from engine.rules.variant import Variant

__all__ = ["TITLE", "bid_noun", "bid_words", "bidding_with_trump", "on_bid", "order", "refusal",
           "rules", "said", "terms", "verb"]

TITLE = "The auction"


def rules(v: Variant, auction: AuctionRules) -> list[Rule]:
    """Who bids first, the bids, the turns, the top bid, the maker, and the swap."""
    first = "eldest" if auction.first == "eldest" else "the dealer"
    other_first = "dealer" if auction.first == "eldest" else "eldest"
    other_words = "the dealer" if auction.first == "eldest" else "eldest"
    if auction.table:
        return _table_rules(v, auction, first)
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
    lines += _turns_and_all_pass(auction, table=False)
    if auction.must_bid_when is not None:
        lines.append(Rule(text=f"A player whose hand meets `{auction.must_bid_when.text}` must "
                          "bid: he may not pass before he has made a bid (BID-A10).",
                          alternative="Without `auction.must_bid_when` anyone may pass."))
    lines.append(_trump_rule(auction))
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
        if special.only_over:
            lines.append(Rule(text=f'"{printable(special.label)}" may be bid only over '
                              f"{join([_bid_said(auction, b) for b in special.only_over], 'or')}"
                              ", when that is the high bid.",
                              alternative="Without `only_over` it may be bid over any lower "
                              "bid."))
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


def _trump_rule(auction: AuctionRules) -> Rule:
    """Whether a bid names its trump (``auction.trump_in_bid``) or the winner names it after
    (BID-A3)."""
    if auction.trump_in_bid:
        return Rule(text="Each numeric bid names its trump with its number (\"four in hearts\", "
                    "\"three at no-trump\"); a bid must be a higher number than the one before, "
                    "whatever its trump, and the winner's trump is made at once. After a special "
                    "bid the winner names trump (BID-A3).",
                    alternative=f"{setting('auction.trump_in_bid', 'false')} has the high "
                    "bidder name trump after the auction.")
    return Rule(text="Bids are numbers only: the high bidder names trump after the auction.",
                alternative=f"{setting('auction.trump_in_bid', 'true')} makes each bid name its "
                "trump with its number (`bid:4H`).")


def _contract_words(trump: int) -> str:
    if trump == C.NO_TRUMP:
        return "at no-trump"
    if trump == C.LOW_NO_TRUMP:
        return "at low no-trump"
    return f"in {C.SUIT_WORDS[trump]}"


def bid_words(tricks: int, trump: int) -> str:
    """A bid that names its trump, as a noun.

    >>> bid_words(4, C.HEARTS), bid_words(3, C.NO_TRUMP), bid_words(2, C.LOW_NO_TRUMP)
    ('4 in hearts', '3 at no-trump', '2 at low no-trump')
    """
    return f"{tricks} {_contract_words(trump)}"


def said(arg: str) -> str | None:
    """The narration of ``bid:ARG`` when ARG names a trump (``4H`` -> ``bids 4 in hearts``);
    None for any other bid.

    >>> said("4H"), said("3N"), said("4"), said("moon")
    ('bids 4 in hearts', 'bids 3 at no-trump', None, None)
    """
    number, letter = arg[:-1], arg[-1:]
    if not number.isdigit() or not letter or letter not in C.TRUMP_LETTERS:
        return None
    return f"bids {bid_words(int(number), C.TRUMP_LETTERS.index(letter))}"


def _special(v: Variant, bid: int | str) -> SpecialBid | None:
    """The variant's special bid named ``bid`` (``moon``), if it is one."""
    auction = v.rules(AuctionRules)
    if auction is None or not isinstance(bid, str):
        return None
    return next((b for b in auction.special_bids if b.name == bid), None)


def _row(v: Variant, bid: int | str) -> Contract | None:
    """The bid table's bid named ``bid`` (``6S``, ``misere``), if the variant has a table."""
    auction = v.rules(AuctionRules)
    if auction is None or not auction.table:
        return None
    return next((row for row in auction.table if row.name == str(bid)), None)


def order(v: Variant, name: str) -> int:
    """Where an offer stands in the list a player reads (``Words.order``): pass, swap and look
    first, then the bids from the lowest: by the bid table's ranks (C500-A1; its misère between
    eight spades and eight clubs), else the numbers (each with the trumps it may name) and then
    the special bids, which beat every number, in rank order.

    >>> from engine import load_variant
    >>> v = load_variant("five-hundred")
    >>> sorted(["bid:misere", "bid:8C", "pass", "bid:8S", "bid:6N"], key=lambda n: order(v, n))
    ['pass', 'bid:6N', 'bid:8S', 'bid:misere', 'bid:8C']
    """
    kind, _, arg = name.partition(":")
    if kind != "bid":
        return -1
    row, special = _row(v, arg), _special(v, arg)
    if row is not None:
        return row.rank
    if special is not None:
        return 1000 + v.rules_of(AuctionRules).special_bids.index(special)
    number = arg[:-1] if said(arg) is not None else arg
    return int(number) if number.isdigit() else 0


def verb(v: Variant, kind: str, arg: str) -> str | None:
    """The narration of a bid (``bids 4``; a special bid in its own words, ``shoots the
    moon``, when it has a label); None for the other kinds, which the templates say."""
    if kind != "bid":
        return None
    row = _row(v, arg)
    if row is not None and row.named:
        return f"bids {row.label}"
    special = _special(v, arg)
    with_trump = said(arg) if special is None else None
    if with_trump is not None:
        return with_trump
    if special is not None and special.said:
        return special.said
    if special is not None and special.label != special.name:
        return third_person(special.label) if _said_as_verb(special) else \
            f"bids {special.label}"
    return f"bids {arg}"


def bid_noun(v: Variant, bid: int | str) -> str:
    """A winning or high bid as a noun: ``4``, or a special bid's label (``shoot the
    moon``)."""
    special, row = _special(v, bid), _row(v, bid)
    if row is not None:
        return row.words()
    return special.label if special is not None else str(bid)


def on_bid(v: Variant, bid: int | str) -> str:
    """How a contract was bid: ``on a bid of 4``; a special bid whose label is what the
    bidder does (``shoot the moon``, said ``shoots the moon``) as ``on a bid to shoot the
    moon``, any other by its name as a noun (``on a bid of little pepper``)."""
    special, row = _special(v, bid), _row(v, bid)
    if row is not None:
        return f"on a bid of {row.words()}"
    if special is None:
        return f"on a bid of {bid}"
    return f"on a bid {'to' if _said_as_verb(special) else 'of'} {special.label}"


def terms(v: Variant) -> dict[str, str]:
    """``extra_hand``: the hand a swap takes (``ghost``)."""
    auction = v.rules(AuctionRules)
    swap = auction.swap if auction else None
    return {"extra_hand": swap.hand if swap else "extra"}


_BIDDING_VERBS = frozenset({"shoot", "go", "play", "call", "take", "make", "run", "lay", "march",
                            "sweep", "try"})
"""First words that make a top bid's label (which has no ``said``) a verb phrase."""


def _said_as_verb(special: SpecialBid) -> bool:
    """Whether a special bid's label is what the bidder does (``shoot the moon``) rather than
    the bid's name as a noun (``little pepper``, ``double moon``): its ``said`` is the label
    in the third person, or, for a top bid (no ``said``), the label starts with a verb."""
    if special.said:
        return special.said == third_person(special.label)
    return special.label.partition(" ")[0].lower() in _BIDDING_VERBS


def bidding_with_trump(bids: list[str]) -> str:
    """The offer of bids that name their trump, from their arguments (``3H`` ... ``6N``).

    >>> bidding_with_trump(["3C", "3D", "3H", "3S", "3N", "4C", "4D", "4H", "4S", "4N"])
    'bid 3 to 4 tricks naming trump (a suit or no-trump)'
    """
    numbers = sorted({int(b[:-1]) for b in bids})
    letters = [t for t in C.TRUMP_LETTERS if any(b.endswith(t) for b in bids)]
    low, high = numbers[0], numbers[-1]
    span = f"bid {low}" if low == high else f"bid {low} to {high}"
    suits = [t for t in letters if t in "CDHS"]
    kinds = (["a suit"] if len(suits) > 1 else [f"{C.SUIT_WORDS['CDHS'.index(t)]}"
                                                for t in suits])
    kinds += [{"N": "no-trump", "L": "low no-trump"}[t] for t in letters if t in "NL"]
    return f"{span} tricks naming trump ({join(kinds, 'or')})"


def refusal(auction: Auction, name: str, high: str) -> Refused:
    """Why a bid is refused where bids name their trump, or where they do not."""
    arg = name.partition(":")[2]
    if not auction.contracts:
        return Refused(Refusal.NOT_IN_VARIANT, "this variant names trump after the auction: "
                       f"bid {arg[:-1]}, then call a suit")
    if arg.isdigit():
        return Refused(Refusal.NOT_IN_VARIANT, "this variant names trump in the bid: "
                       f"bid {arg} tricks naming trump, e.g. {arg} in hearts")
    number, letter = int(arg[:-1]), arg[-1]
    trump = C.TRUMP_LETTERS.index(letter)
    if trump not in auction.contracts:
        what = "no-trump" if trump == C.NO_TRUMP else "low no-trump"
        return Refused(Refusal.NOT_IN_VARIANT, f"{what} may not be bid in this variant")
    if number not in auction.rules.bids:
        offered = join([str(b) for b in auction.rules.bids], "or")
        return Refused(Refusal.NOT_IN_VARIANT,
                       f"there is no such bid here: bid {offered} with a trump, or pass")
    return Refused(Refusal.BID_TOO_LOW,
                   f"a bid must be a higher number than the high bid ({high})")


def _bid_said(auction: AuctionRules, name: str) -> str:
    """A bid named in a rule: a number, a special bid's label in quotes, a table's bid."""
    special = next((b for b in auction.special_bids if b.name == name), None)
    if special is not None:
        return f'"{printable(special.label)}"'
    row = next((r for r in auction.table if r.name == name), None)
    return row.words() if row is not None else name


def _stuck_rule(auction: AuctionRules) -> Rule:
    return Rule(text="The high bidder is the maker. If everyone passes, the dealer is held to "
                f"a bid of {_bid_said(auction, auction.stuck_bid)}: the contract is his, "
                "forced, and the scoring may tell a forced bid (`forced`, BID-A11).",
                alternative="Without `auction.stuck_bid` the hand is thrown in when everyone "
                "passes (or, with `all_pass: dealer_forced`, the dealer chooses his bid).")


def _table_rules(v: Variant, auction: AuctionRules, first: str) -> list[Rule]:
    """The bid table: the bids in rank order with their values, what a denomination fixes,
    the misères, the turns and who is the maker."""
    table = auction.table
    lines = [Rule(text=f"Starting with {first} and going clockwise, each player bids or "
                  "passes; each bid must rank above the one before. The bids, lowest first, "
                  f"with the value the scoring reads: {table_words(table)} (C500-A1).",
                  alternative="`auction.bids` instead of `auction.table` ranks plain numbers.")]
    if any(row.denomination and not row.no_trick for row in table):
        lines.append(Rule(text="A bid in a suit or at no-trump makes that trump as it wins: "
                          "nobody names trump after the auction."))
    if any(not row.denomination for row in table):
        lines.append(Rule(text="The winner of a bid without a denomination names trump after "
                          "the auction."))
    for row in table:
        if not row.no_trick:
            continue
        alone = (" alone: his partner lays his cards down and sits out" if row.alone
                 else " with his partner, who must take no trick either"
                 if v.sides.kind == "teams" else "")
        shown = (" His hand is laid face up for all to see once the first card of the "
                 "first trick is led (C500-A3)." if row.open else "")
        lines.append(Rule(text=f'"{printable(row.label)}" is a contract to take no trick; '
                          f"its bidder plays it at no-trump{alone} (C500-A2).{shown}"))
    for row in table:
        if row.only_over:
            lines.append(Rule(text=f'"{printable(row.label)}" may be bid only when the high bid '
                              f"is {join([_bid_said(auction, b) for b in row.only_over], 'or')}"
                              " (C500-A2).",
                              alternative="Without `only_over` it may be bid over any lower "
                              "bid."))
    lone = [printable(row.label) for row in table if row.alone and not row.no_trick]
    if lone:
        lines.append(Rule(text=f"The bidder who wins {join(lone, 'or')} plays alone: his "
                          "partner lays his cards down and sits out (BID-A13).",
                          alternative="A bid's `alone: true` or `false` says whether it is "
                          "played alone."))
    fixed = [f"{row.label}: " + ", ".join(f"`{path}: {n}`" for path, n in row.settings)
             for row in table if row.settings]
    if fixed:
        lines.append(Rule(text="These bids fix other settings for the hand they win "
                          f"(BID-A13): {'; '.join(fixed)}.",
                          alternative="Without a bid's `settings` the variant's own apply."))
    lines += _turns_and_all_pass(auction, table=True)
    return lines


def _turns_and_all_pass(auction: AuctionRules, *, table: bool) -> list[Rule]:
    """How the bidding goes round and what happens when all pass: the numbers' auction
    (GH-A2, GH-A16) or a bid table's (C500-A4)."""
    cite = "C500-A4" if table else "GH-A2"
    if auction.turns == "one_each":
        lines = [Rule(text="Each player has one turn: he bids or passes once (GH-A2).",
                      alternative=f"{setting('auction.turns', 'continuous')} lets the "
                      "bidding go round until all others have passed the high bid.")]
    else:
        lines = [Rule(text="The bidding goes round and round: a player who passes is out of "
                      "the auction, and it ends when all the others have passed the high bid "
                      f"({cite}).", alternative=f"{setting('auction.turns', 'one_each')} gives "
                      "each player a single turn.")]
    if auction.stuck_bid:
        lines.append(_stuck_rule(auction))
    elif auction.all_pass == "redeal":
        stuck = "; `auction.stuck_bid` holds him to one bid" if table else ""
        lines.append(Rule(text="The high bidder is the maker. If everyone passes, the hand is "
                          "thrown in and the deal passes to the left "
                          f"({'C500-A4' if table else 'GH-A16'}).",
                          alternative=f"{setting('auction.all_pass', 'dealer_forced')} makes "
                          f"the dealer bid when all the others have passed{stuck}."))
    else:
        least = "make a bid of the table" if table else f"bid, at least {auction.bids[0]}"
        lines.append(Rule(text="The high bidder is the maker. When all the others have passed, "
                          f"the dealer may not pass: he must {least} (BID-A4).",
                          alternative=f"{setting('auction.all_pass', 'redeal')} throws the "
                          "hand in when everyone passes."))
    return lines
