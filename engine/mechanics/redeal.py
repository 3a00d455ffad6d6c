"""Phase ``redeal``: poor hands thrown in for a redeal, or a farmer's exchange with the kitty.

Right after the deal, before any bid, each seat in turn clockwise from eldest answers; one
whose hand meets a condition decides, the others can only ``keep`` (every seat is asked, so
that nobody learns from the order of play who held such a hand). With ``when`` (a hand
condition such as ``count(hand, rank in [9, T]) == 5``) he may say ``redeal``: the hand is
thrown in and the same dealer deals again (STD-A15), or ``keep``. With ``exchange`` (a
*farmer's hand*: at least ``cards`` cards of one of ``ranks``) he may say ``exchange``: he
shows those cards and swaps them for the face-down kitty; only the first seat to do so can (the
kitty then holds his cards), or ``keep``. Trump is not known yet, so a condition on trump is
refused when the file is loaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.mechanics.base import (
    BotTools,
    Figure,
    Mechanic,
    Part,
    Phase,
    Rule,
    Scratch,
    StatsHook,
    ViewPart,
    Words,
    book_lines,
)
from engine.mechanics.deal import KITTY_SETTINGS, undealt
from engine.mechanics.events import FarmerExchanged, Said, ThrownIn
from engine.rules.config_fields import Block, option, record_schema, required
from engine.rules.expressions import BoolLit, CompiledExpression, Given, Scope, Type
from engine.rules.mechanic_rules import CompileContext, FlowCheck
from engine.rules.results import REDEAL_WHY, HandResult

if TYPE_CHECKING:
    from engine.mechanics.parts import Speaker
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

__all__ = ["EXCHANGE", "KEEP", "MECHANIC", "REDEAL", "REDEAL_WHY", "FarmerPart", "FarmerView",
           "Redeal", "RedealRules", "RedealScratch", "exchangers"]

REDEAL_KIND = A.declare_kind("redeal")
KEEP_KIND = A.declare_kind("keep")  # the dealer's `keep` of dealer_pickup, the same word
EXCHANGE_KIND = A.declare_kind("exchange")
REDEAL, KEEP, EXCHANGE = REDEAL_KIND.base, KEEP_KIND.base, EXCHANGE_KIND.base
"""The action ids of ``redeal``, ``keep`` and ``exchange``."""

SCOPE: Scope = {"hand": Given.HAND}
"""The names of ``redeal.when``: the seat's hand, read by ``count`` and ``holds``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Farmer:
    """``redeal.exchange``: a farmer's hand, swapped with the kitty (Farmer's Hand)."""

    ranks: tuple[int, ...] = required(doc="The ranks, e.g. [\"9\", T].", schema={
        "type": "array", "minItems": 1, "items": {"$ref": "#/$defs/rank"}})
    """The ranks of a farmer's hand (rank indexes of :mod:`engine.core.cards`)."""
    cards: int = required(doc="How many of one rank (and how many are swapped).",
                          schema={"type": "integer", "minimum": 1, "maximum": 4})
    """How many cards of one of those ranks make a farmer's hand."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RedealRules:
    """Phase ``redeal``."""

    when: CompiledExpression | None = option(None, plain=False, doc=(
        "A hand that its holder may throw in for a redeal by the same dealer, as a "
        "condition on `hand`: e.g. `count(hand, rank in [9, T]) == 5` (only nines and "
        "tens). Trump is not known yet. Default: no redeal."),
        schema={"type": ["string", "boolean"]})
    """A hand that may be thrown in for a redeal by the same dealer (None: none)."""
    exchange: Farmer | None = option(None, plain=False, doc=(
        "A farmer's hand: a seat holding at least `cards` cards of one of `ranks` may "
        "show that many and swap them for the face-down kitty; the first to do so, "
        "clockwise from eldest. Default: no exchange."), schema=record_schema(Farmer))

    @property
    def exchange_ranks(self) -> tuple[int, ...]:
        """The ranks of a farmer's hand (none: no exchange)."""
        return self.exchange.ranks if self.exchange is not None else ()

    @property
    def exchange_cards(self) -> int:
        """How many cards of one rank make a farmer's hand (0: no exchange)."""
        return self.exchange.cards if self.exchange is not None else 0


@dataclass(slots=True, kw_only=True)
class RedealScratch(Scratch):
    """The seats still to decide, in order, and whether the kitty was taken."""

    queue: list[int] = field(default_factory=list)
    exchanged: bool = False


def exchangers(history: Sequence[int], actors: Sequence[int]) -> list[int]:
    """The seats that exchanged a farmer's hand in a game's history (action ids and who took
    each), one entry per exchange, for statistics: no hand record keeps the exchange."""
    if EXCHANGE not in history:
        return []
    return [seat for action, seat in zip(history, actors, strict=True) if action == EXCHANGE]


def _game_counts(s: Table) -> tuple[tuple[str, int], ...]:
    """A game's farmer's hands exchanged, for simulation reports."""
    return (("farmer_exchanges", len(exchangers(s.history_ids, s.actors))),)


class Redeal(Phase):
    """Throw a poor hand in, or exchange a farmer's hand with the kitty."""

    name = "redeal"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(RedealRules)
        self.rules = rules
        self.rank_masks = [sum(1 << c for c in range(C.CARD_COUNT) if C.RANKS[c] == rank)
                           for rank in rules.exchange_ranks]  # sixes and copies included

    def may_redeal(self, hand: int) -> bool:
        """The hand meets ``when``."""
        return self.rules.when is not None and bool(self.rules.when.evaluate({"hand": hand}))

    def farmer_cards(self, hand: int) -> int:
        """The cards a farmer shows: ``cards`` of the first rank he holds enough of (lowest
        suits first), or 0 when the hand is no farmer's hand."""
        need = self.rules.exchange_cards
        for mask in self.rank_masks:
            shown = hand & mask
            if need and shown.bit_count() >= need:
                return C.mask_of(list(C.cards_of(shown))[:need])
        return 0

    def _options(self, s: Table, seat: int) -> list[int]:
        hand, x = s.hand.hands[seat], s.hand.scratch
        options = [REDEAL] if self.may_redeal(hand) else []
        if not (type(x) is RedealScratch and x.exchanged) and self.farmer_cards(hand):
            options.append(EXCHANGE)
        return options

    def start(self, s: Table) -> None:
        h = s.hand
        order = [(s.dealer + k) % self.players for k in range(1, self.players + 1)]
        h.scratch = RedealScratch(queue=order)
        self._next(s)

    def _next(self, s: Table) -> None:
        x = RedealScratch.of(s.hand)
        if not x.queue:
            s.advance()
            return
        s.current = x.queue[0]

    def legal(self, s: Table) -> list[int]:
        return sorted([*self._options(s, s.current), KEEP])  # ids ascending, as every phase

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        x = RedealScratch.of(h)
        seat = x.queue.pop(0)
        s.log.append((Said, seat, self.name, action))
        if action == REDEAL:
            record = HandResult.thrown_in_deal(hand=s.hand_no, dealer=s.dealer, why=REDEAL_WHY,
                                               scores=s.scores)
            s.log.append((ThrownIn, record))
            s.next_hand(record, same_dealer=True)
            return
        if action == EXCHANGE:
            shown = self.farmer_cards(h.hands[seat])
            taken = C.mask_of(list(C.cards_of(h.kitty))[:shown.bit_count()])
            h.hands[seat] = h.hands[seat] & ~shown | taken
            h.kitty = h.kitty & ~taken | shown
            x.exchanged = True
            part = FarmerPart.of(h)
            part.farmer, part.shown = seat, shown
            s.log.append((FarmerExchanged, seat, shown))
        self._next(s)

    def reason(self, s: Table, action: int) -> Refused:
        words = {REDEAL: "redeal", EXCHANGE: "exchange"}
        # a redeal or an exchange this hand does not qualify for (or an exchange made)
        kind = Refusal.HAND_NOT_MET if action in words else Refusal.WRONG_PHASE
        return Refused(kind, "say " + " or ".join(
            [*(words[o] for o in self._options(s, s.current)), "keep"]))

    def describe(self, s: Table) -> str:
        return "redeal or keep"


def _check(ctx: CompileContext, rules: RedealRules) -> RedealRules:
    spec = ctx.data.get("redeal", {})
    at = ("redeal",)
    when = ctx.expr(spec["when"], SCOPE, Type.BOOL, (*at, "when")) if "when" in spec else None
    exchange = spec.get("exchange")
    if "when" not in spec and exchange is None:
        ctx.fail("`redeal` needs `when`, `exchange` or both", at,
                 "add `when: \"count(hand, rank in [9, T]) == 5\"`")
    if exchange is None:
        return replace(rules, when=when)
    kitty = undealt(ctx)
    if exchange["cards"] > kitty:
        hint = (f"use at most {kitty}" if kitty else "the deal leaves no kitty: deal fewer "
                "cards or extra hands, use a bigger deck, or remove `exchange`")
        ctx.fail(f"a farmer swaps {exchange['cards']} cards, but the face-down kitty holds "
                 f"{kitty}", (*at, "exchange", "cards"), hint, also=KITTY_SETTINGS)
    ranks = tuple(C.rank_index(str(rank)) for rank in exchange["ranks"])
    return replace(rules, when=when, exchange=Farmer(ranks=ranks, cards=exchange["cards"]))


BLOCK = Block(key="redeal", record=RedealRules, check=_check, fill=False, doc=(
    "Phase `redeal`, right after the deal: a seat whose hand meets a condition may throw "
    "it in (the same dealer deals again) or exchange a farmer's hand with the kitty."))


def _check_flow(check: FlowCheck) -> None:
    flow = check.flow
    if "redeal" in flow and flow.index("redeal") != flow.index("deal") + 1:
        check.fail("`redeal` comes right after `deal`, before any bid", check.where("redeal"),
                   "move `redeal` to just after `deal`")


_POOR = 1.0
"""A hand the bot throws in: no suit would give it a trick as trump."""


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot exchanges a farmer's hand (three low cards for three unseen ones),
    and throws in a hand whose best suit as trump would not take a trick."""
    if EXCHANGE in legal:
        return EXCHANGE
    if REDEAL in legal:
        _, best = tools.best_suit(view.hand, (0, 1, 2, 3))
        return REDEAL if best < _POOR else KEEP
    return KEEP


def book(v: Variant, rules: RedealRules) -> list[Rule]:
    """The rule book: which hands may be thrown in, and the farmer's exchange.

    >>> from engine import load_variant
    >>> v = load_variant("farmers-hand")
    >>> book(v, v.rules(RedealRules))[0].text[:40]
    'Right after the deal, a player whose han'
    """
    lines = []
    always = _constant(rules.when)
    if always is False:
        lines.append(Rule(text="No hand may be thrown in for a redeal: `redeal.when` is false, "
                          "so every player can only keep his hand."))
    elif rules.when is not None:
        who = ("any player may throw his hand in" if always else "a player whose hand meets "
               f"`{rules.when.text}` may throw it in")
        lines.append(Rule(text=f"Right after the deal, {who}: the same dealer deals again "
                          "(STD-A15). Every player answers in turn from eldest, so that "
                          "nobody learns who held such a hand."))
    if rules.exchange_cards:
        ranks = " or ".join(C.RANK_NAMES[r] for r in rules.exchange_ranks)
        lines.append(Rule(text=f"A player dealt {rules.exchange_cards} cards of one rank "
                          f"({ranks}) may show them and exchange them for the face-down cards "
                          "of the kitty, before any bid; only the first to do so, in turn "
                          "from eldest (STD-A15)."))
    return lines


def _constant(when: CompiledExpression | None) -> bool | None:
    """``True``/``False`` when ``redeal.when`` is written as a constant, else ``None``."""
    if when is None:
        return None
    tree = when.tree
    return tree.value if isinstance(tree, BoolLit) else None


@dataclass(slots=True, kw_only=True)
class FarmerPart(Part):
    """The farmer's hand shown this deal: who showed it (-1: nobody) and its cards."""

    farmer: int = -1
    shown: int = 0


@dataclass(slots=True, kw_only=True)
class FarmerView(ViewPart):
    """The farmer's hand every seat saw (STD-A15): who showed it, its cards, and those of
    them that still lie in the kitty, where everyone knows them to be."""

    farmer: int
    shown: int
    in_kitty: int

    sees = True

    def seen(self) -> int:
        return self.in_kitty

    def places(self, view: View, words: Speaker) -> list[tuple[str, int]]:
        said = f"The kitty (from {words.seat(self.farmer)}'s farmer's hand)"
        return [(said, self.in_kitty)] if self.in_kitty else []


def _view(s: Table, seat: int) -> FarmerView | None:
    part = FarmerPart.of(s.hand)
    if part.farmer < 0:
        return None
    return FarmerView(farmer=part.farmer, shown=part.shown, in_kitty=part.shown & s.hand.kitty)


def _offers(variant: Variant, legal: list[str]) -> list[str]:
    return [word for word in ("redeal", "exchange", "keep") if word in legal]


MECHANIC = Mechanic(
    key="redeal", phase=Redeal, schema=BLOCK.schema, config=RedealRules,
    compile=BLOCK.compile, check_flow=_check_flow, kinds=(REDEAL_KIND, KEEP_KIND, EXCHANGE_KIND),
    words=Words(verbs={"redeal": "throws the hand in for a redeal", "keep": "keeps his hand",
                       "exchange": "shows a farmer's hand and exchanges it with the kitty"},
                prompt="{offers}", offers=_offers, title="Redeals and the farmer's hand",
                rules=book_lines(RedealRules, book)),
    decide=decide, block=BLOCK,
    stats=StatsHook(figures=(Figure(name="farmer_exchanges", rank=20),), game=_game_counts),
    part=FarmerPart, view=_view, batch="engine.mechanics.redeal_batch:Redeal",
)
