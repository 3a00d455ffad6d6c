"""The table's vocabulary: seats, sides, scores and one line per action.

:class:`TableNarrator` is the base of :class:`engine.text.narrate.Narrator`; it only reads the
variant. Cards are always shown as on the table (``Q♦``), never as codes.

>>> from engine import load_variant
>>> n = TableNarrator(load_variant("standard"), you=2)
>>> n.action(2, "play:TD"), n.points([2, 0, 2, 0])
('South (you) plays 10♦', 'North-South +2')
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics import auction_words
from engine.mechanics.auction import AuctionRules
from engine.mechanics.auction_rules import SpecialBid
from engine.mechanics.declare import DeclareRules
from engine.mechanics.registry import verb_for
from engine.mechanics.wording import card_words
from engine.rules.variant import Variant
from engine.text.narrate_words import seat_names, signed, third_person, trump_text

__all__ = ["TableNarrator"]


class TableNarrator:
    """Seats, sides, scores and actions of one variant. ``you`` marks the human's seat as
    ``South (you)``."""

    def __init__(self, variant: Variant, *, you: int | None = None) -> None:
        self.variant = variant
        self.names = seat_names(variant.players)
        self.you = you
        auction = variant.rules(AuctionRules)
        swap = auction.swap if auction else None
        self.swap_hand = swap.hand if swap else "extra"
        self.special_bids = {b.name: b for b in auction.special_bids} if auction else {}
        """The special bids by name (``moon``), for their labels."""
        self.special_bid_names = tuple(self.special_bids) or ("moon",)
        """Their names in rank order, as actions name them (``bid:moon``)."""
        self.hand_size = variant.deal.hand_size
        declare = variant.rules(DeclareRules)
        self.shows = declare.shows if declare else ()
        """The shows a hand may declare (``declare:1`` is the first), for their labels."""

    # -- seats, sides, scores ---------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """The seat's name (``South``; ``South (you)`` for the human)."""
        name = self.names[seat]
        return f"{name} (you)" if seat == self.you else name

    def side(self, seats: Sequence[int]) -> str:
        """A side's name: ``North-South``, or one seat's name."""
        return "-".join(self.names[s] for s in seats)

    def score_line(self, scores: Sequence[int]) -> str:
        """``North-South 4, East-West 6 (game to 10)``: one score per fixed side."""
        parts = [f"{self.side(team)} {scores[team[0]]}" for team in self.variant.sides.teams]
        return f"{', '.join(parts)} (game to {self.variant.game.target})"

    def tricks_line(self, tricks: Sequence[int]) -> str:
        """Tricks won so far, per fixed side."""
        teams = self.variant.sides.teams
        return ", ".join(f"{self.side(t)} {sum(tricks[s] for s in t)}" for t in teams)

    def winners_line(self, winners: Sequence[int], scores: Sequence[int]) -> str:
        """``North-South win the game, 10 to 8`` (sides named whole where they win whole)."""
        teams = [t for t in self.variant.sides.teams if set(t) <= set(winners)]
        who = " and ".join(self.side(t) for t in teams) or "nobody"
        verb = "wins" if len(teams) == 1 and len(teams[0]) == 1 else "win"
        return f"{who} {verb} the game. Final score: {self.score_line(scores)}"

    def points(self, deltas: Sequence[int], *, every_side: bool = False) -> str:
        """``North-South +2``: the points per fixed side, those that scored nothing left out
        unless ``every_side``."""
        parts = [f"{self.side(t)} {signed(deltas[t[0]])}" for t in self.variant.sides.teams
                 if deltas[t[0]] or every_side]
        return ", ".join(parts) if parts else "no points"

    def renege_cost(self, offender: int, *, maker_alone: bool) -> str:
        """What a renege by ``offender`` would cost, from the variant's penalty
        (``the hand is void; East-West +2``; STD-A8, GH-A11, `euchre rules cutthroat`)."""
        rules = self.variant.renege
        points = rules.points(offenders=self.variant.sides.side_of(offender),
                              players=self.variant.players, maker_alone=maker_alone)
        parts = ["the hand is void"] if rules.void_hand else []
        if any(points):
            parts.append(self.points(points))
        return "; ".join(parts) or "no penalty"

    # -- actions -----------------------------------------------------------------------------

    def action(self, seat: int, name: str, *, phase: str = "", viewer: int | None = None,
               reveal: bool = False, owner: int = -1) -> str:
        """One line for an action: ``East orders up``. A discarded card is shown only to its
        owner (``viewer``) or when ``reveal`` (a record shows everything). ``owner``: the
        exposed lone hand whose card ``seat`` chooses (STD-A17)."""
        if owner >= 0 and owner != seat and name.startswith("play:"):
            card = C.pretty(C.card(name.partition(":")[2]))
            return f"{self.seat(seat)} plays {card} from {self.seat(owner)}'s exposed hand"
        return f"{self.seat(seat)} {self._verb(seat, name, phase, reveal or viewer == seat)}"

    def _verb(self, seat: int, name: str, phase: str, shown: bool) -> str:
        """The running mechanic's verb for the action's kind (the first mechanic that names
        the kind when the phase is not known), its argument filled in."""
        kind, _, arg = name.partition(":")
        if kind == "call" and arg in ("N", "L"):
            return f"calls {trump_text(arg)}"
        if kind == "bid":
            return self._bid_verb(arg)
        if kind == "declare" and self.shows and arg.isdigit() and 0 < int(arg) <= len(self.shows):
            return f"declares {self.shows[int(arg) - 1].label}"
        template = verb_for(kind, phase)
        if template is None:
            return name
        declared = A.kind_named(kind)
        if "{card}" in template and (not arg or (not shown and declared and declared.private)):
            return template.replace(" {card}", "")
        return template.format(
            card=C.pretty(C.card(arg)) if "{card}" in template else "",
            card_words=card_words(C.card(arg)) if "{card_words}" in template else "",
            suit=trump_text(arg) if "{suit}" in template else "", arg=arg,
            extra_hand=self.swap_hand)

    def _bid_verb(self, arg: str) -> str:
        """``bids 4``; a special bid in its own words (``shoots the moon``) when it has a
        label."""
        special = self.special_bids.get(arg)
        with_trump = auction_words.said(arg) if special is None else None
        if with_trump is not None:
            return with_trump
        if special is not None and special.said:
            return special.said
        if special is not None and special.label != special.name:
            return third_person(special.label) if _said_as_verb(special) else \
                f"bids {special.label}"
        return f"bids {arg}"

    def bid_text(self, bid: int | str) -> str:
        """A winning or high bid as a noun: ``4``, or a special bid's label (``shoot the
        moon``)."""
        special = self.special_bids.get(bid) if isinstance(bid, str) else None
        if special is not None:
            return special.label
        return str(bid)

    def on_bid(self, bid: int | str) -> str:
        """How a contract was bid: ``on a bid of 4``; a special bid whose label is what the
        bidder does (``shoot the moon``, said ``shoots the moon``) as ``on a bid to shoot the
        moon``, any other by its name as a noun (``on a bid of little pepper``)."""
        special = self.special_bids.get(bid) if isinstance(bid, str) else None
        if special is None:
            return f"on a bid of {bid}"
        return f"on a bid {'to' if _said_as_verb(special) else 'of'} {special.label}"

    def trick_text(self, trick: Sequence[tuple[int, int]]) -> str:
        """``North J♥, East 9♥`` (in play order)."""
        return ", ".join(f"{self.seat(s)} {C.pretty(c)}" for s, c in trick)

    def dummy_fate(self, maker: int, *, alone: bool, merged: bool) -> str:
        """What became of the dummy (CTD-A3, CTD-A13): merged, given up or set aside."""
        if merged:
            return f"the dummy merged by {self.seat(maker)}"
        return "the dummy given up unseen" if alone else "the dummy set aside unseen"


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
