"""Phase ``kitty_exchange``: a seat takes the kitty or a widow into his hand and discards as
many cards face down.

``source``: the undealt kitty, or an extra hand dealt face down (a widow, ``deal.extra_hands``).
``seat``: who may exchange: the ``maker`` (the bidder takes the widow; the phase then comes
after trump is made), his ``partner`` (PILE-A7), the ``dealer``, ``eldest``, or ``any`` (each
seat in turn from eldest is offered it, and the first to ``pick_up`` takes it). A bid of the
table may name the seat for the hand it wins (``settings: {kitty_exchange.seat: partner}``).
With ``optional`` the seat may ``keep`` his hand instead. Only the seat that takes the cards
sees them; his discards are hidden from the other seats like every discard. The farmer's
hand of the hand-conditions work is meant to plug a condition into who may exchange
(``seat``) later.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core.errors import Refusal, Refused
from engine.core.seats import seat_names
from engine.mechanics.auction_space import fixed_by, fixed_notes
from engine.mechanics.auction_table import contract_rows
from engine.mechanics.base import (
    BotTools,
    Mechanic,
    Phase,
    Rule,
    Scratch,
    Words,
    book_lines,
    cards_to_actions,
)
from engine.mechanics.deal import KITTY_SETTINGS, undealt
from engine.mechanics.events import Discarded, ExchangeTaken, Said
from engine.mechanics.piles import pile_position, pile_sources
from engine.mechanics.wording import setting
from engine.rules.config_fields import Block, option
from engine.rules.mechanic_rules import REGISTRY, CompileContext
from engine.rules.pile_rules import PileOwner
from engine.rules.variant_warnings import upcard_unused

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

__all__ = ["EXCHANGE_DISCARDS", "MECHANIC", "ExchangeSeat", "KittyExchange", "KittyExchangeRules",
           "KittyScratch"]

KITTY = "kitty"
_OFFER, _DISCARD = 0, 1
EXCHANGE_DISCARDS = _DISCARD
"""``KittyScratch.step`` once a seat holds the cards taken and owes his discards."""


class ExchangeSeat(StrEnum):
    """``kitty_exchange.seat``: who may exchange."""

    MAKER = "maker"
    PARTNER = "partner"
    DEALER = "dealer"
    ELDEST = "eldest"
    ANY = "any"
    EACH = "each"


@dataclass(slots=True, kw_only=True)
class KittyScratch(Scratch):
    """The seats still to be offered the cards, the step, and the discards still owed."""

    queue: list[int] = field(default_factory=list)
    step: int = _OFFER
    left: int = 0


class KittyExchange(Phase):
    """Take the kitty (or widow); discard as many."""

    name = "kitty_exchange"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(KittyExchangeRules)
        self.rules = rules
        extra = variant.deal.extra_hands
        if rules.source == KITTY:
            where = [-1] * self.players
        elif rules.source in extra:
            where = [variant.players + extra.index(rules.source)] * self.players
        else:  # a pile: the seat's own, or the table's (PILE-A6)
            where = [pile_position(variant, rules.source, seat) for seat in range(self.players)]
        self.where = where
        """By seat, the position he takes the cards from (-1: the kitty)."""
        self.by_contract = bool(fixed_by(variant, "kitty_exchange.seat"))
        """A bid of the table names the seat (PILE-A7): the contract's, else ``rules.seat``."""
        self.partners = tuple(tuple(p for p in variant.sides.side_of(seat) if p != seat)
                              for seat in range(variant.players))

    def start(self, s: Table) -> None:
        h = s.hand
        seat = ExchangeSeat(s.contract_setting("kitty_exchange.seat", self.rules.seat)) \
            if self.by_contract else self.rules.seat
        n = self.players
        if seat is ExchangeSeat.MAKER:
            queue = [h.maker] if h.maker >= 0 else []
        elif seat is ExchangeSeat.PARTNER:  # the maker's partner, if he plays (PILE-A7)
            queue = list(self.partners[h.maker]) if h.maker >= 0 else []
        elif seat is ExchangeSeat.DEALER:
            queue = [s.dealer]
        elif seat is ExchangeSeat.ELDEST:
            queue = [(s.dealer + 1) % n]
        else:
            queue = [(s.dealer + k) % n for k in range(1, n + 1)]
        queue = [q for q in queue if h.active(q) and self._cards(s, q)]
        if not queue:
            s.advance()
            return
        x = h.scratch = KittyScratch(queue=queue)
        self._offer(s, x)

    def _offer(self, s: Table, x: KittyScratch) -> None:
        """The next seat of the queue is offered the cards (or takes them)."""
        s.current = x.queue[0]
        x.step = _OFFER
        if not self.rules.optional:
            self._take(s, x)

    def _cards(self, s: Table, seat: int) -> int:
        h = s.hand
        at = self.where[seat]
        return h.kitty if at < 0 else h.hands[at]

    def _take(self, s: Table, x: KittyScratch) -> None:
        h = s.hand
        cards = self._cards(s, s.current)
        at = self.where[s.current]
        if at < 0:
            h.kitty = 0
        else:
            h.hands[at] = 0
        h.hands[s.current] |= cards
        x.step = _DISCARD
        x.left = cards.bit_count()
        s.log.append(ExchangeTaken(s.current, self.rules.source, x.left,
                                      h.hands[s.current].bit_count()))

    def legal(self, s: Table) -> list[int]:
        h = s.hand
        x = KittyScratch.of(h)
        if x.step == _OFFER:
            return [A.PICK_UP, A.KEEP]
        return cards_to_actions(A.DISCARD, h.hands[s.current])

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        x = KittyScratch.of(h)
        if action in (A.PICK_UP, A.KEEP):
            s.log.append((Said, s.current, self.name, action))
        else:
            s.log.append((Discarded, s.current, A.card_of(action), self.name))
        if action == A.PICK_UP:
            self._take(s, x)
            return
        if action == A.KEEP:
            x.queue.pop(0)
            if x.queue:
                s.current = x.queue[0]
            else:
                s.advance()
            return
        h.discard(s.current, A.card_of(action))
        x.left -= 1
        if x.left:
            return
        x.queue.pop(0)
        if self.rules.seat is ExchangeSeat.EACH and x.queue:
            self._offer(s, x)  # each seat in turn, with his own pile (PILE-A6)
        else:
            s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        x = KittyScratch.of(s.hand)
        who = seat_names(s.variant.players)[s.current]
        if x.step == _OFFER:
            return Refused(Refusal.WRONG_PHASE, f"{who} now says whether he takes the "
                           f"{self.rules.source} or keeps his hand")
        kind = Refusal.NOT_IN_HAND if A.is_card(A.DISCARD, action) else Refusal.WRONG_PHASE
        return Refused(kind, f"{who} took the {self.rules.source} and discards")

    def describe(self, s: Table) -> str:
        return f"exchange with the {self.rules.source}"


@dataclass(frozen=True, slots=True, kw_only=True)
class KittyExchangeRules:
    """Phase ``kitty_exchange``: where the cards come from, who takes them, and whether he
    may refuse."""

    source: str = option(KITTY, fill=False, schema={"minLength": 1, "maxLength": 40}, doc=(
        "`kitty` (the undealt cards, a turned-down upcard included) or the name of an "
        "extra hand in `deal.extra_hands` (a widow)."))
    seat: ExchangeSeat = option(ExchangeSeat.MAKER, fill=False, doc=(
        "Who exchanges: `maker` (after trump is made: the bidder takes the widow), "
        "`partner` (the maker's partner, not when he sits out: PILE-A7), `dealer`, "
        "`eldest`, `any` (each seat in turn from eldest is offered it; "
        "the first to take it exchanges), or `each` (each seat in turn from eldest "
        "exchanges with his own pile, `piles.dealt[].owner: seat`). A bid of the table may "
        "name the seat for the hand it wins, `maker`, `partner`, `dealer` or `eldest` "
        "(`auction.table[].settings: {kitty_exchange.seat: partner}`)."))
    optional: bool = option(False, plain=False, schema={"type": "boolean"}, doc=(
        "The seat may decline (`keep`) instead of taking (`pick_up`). Default: false, "
        "and true with `seat: any`."))


def _check(ctx: CompileContext, rules: KittyExchangeRules) -> KittyExchangeRules:
    spec = ctx.data["kitty_exchange"]
    at = ("kitty_exchange",)
    source = rules.source
    extra = ctx.deal.extra_hands
    piles = pile_sources(ctx)
    if source != KITTY and source not in extra and source not in piles:
        names = ", ".join(f"`{e}`" for e in (KITTY, *extra, *piles))
        ctx.fail(f"`{source}` is neither the kitty nor an extra hand or pile of the deal",
                 (*at, "source"), f"use one of {names}", also=(("deal", "extra_hands"),))
    seat = rules.seat
    if (seat is ExchangeSeat.EACH) != (piles.get(source) is PileOwner.SEAT):
        ctx.fail("`seat: each` exchanges each seat's own pile: it needs a pile every seat owns"
                 if seat is ExchangeSeat.EACH else
                 f"each seat owns a `{source}`: all exchange, each with his own",
                 (*at, "seat"), "set `seat: each` with a pile of `owner: seat`, and another "
                 "seat with the kitty, an extra hand or the table's pile",
                 also=((*at, "source"),))
    if source == KITTY and not _kitty_at(ctx):
        ctx.fail("the exchange takes the kitty, but the deal leaves no kitty", (*at, "source"),
                 "deal fewer cards, use a bigger deck, or exchange with an extra hand of the "
                 "deal (`source:` its name)", also=KITTY_SETTINGS)
    optional = spec.get("optional", seat is ExchangeSeat.ANY)
    if seat is ExchangeSeat.ANY and not optional:
        ctx.fail("with `seat: any` the first seat would always take it: the exchange must be "
                 "optional", (*at, "optional"), "remove `optional: false`")
    flow = ctx.flow
    here = flow.index("kitty_exchange")
    _check_seats(ctx, seat)
    if seat in (ExchangeSeat.MAKER, ExchangeSeat.PARTNER) and \
            not any(REGISTRY.get(k).chooses_trump for k in flow[:here]):
        ctx.fail("the maker is known only once trump is made: put `kitty_exchange` after "
                 "the bidding", ("flow", here), "move it after the bidding, or choose another "
                 "`seat`")
    return replace(rules, optional=optional)


_BY_CONTRACT = (ExchangeSeat.MAKER, ExchangeSeat.PARTNER, ExchangeSeat.DEALER,
                ExchangeSeat.ELDEST)
"""The seats a bid may name (``any`` and ``each`` change more than who exchanges)."""


def _check_seats(ctx: CompileContext, seat: ExchangeSeat) -> None:
    """``partner`` needs partners; a bid names a seat only among :data:`_BY_CONTRACT`, over a
    variant's seat among them, and not the partner of a bid played alone (he sits out)."""
    at = ("kitty_exchange", "seat")
    teams = ctx.sides.kind == "teams"
    if seat is ExchangeSeat.PARTNER and not teams:
        ctx.fail("`partner` is the maker's partner: this variant has no partners", at,
                 "use `maker`, or `sides: {kind: teams}`", also=(("sides", "kind"),))
    for where, value, alone in contract_rows(ctx, "kitty_exchange.seat"):
        row = where[:3]
        if value not in list(ExchangeSeat):
            continue  # not a choice at all: the auction's check says so
        if value not in _BY_CONTRACT:
            ctx.fail(f"a bid cannot give the kitty to `{value}`: it names one seat", where,
                     "name `maker`, `partner`, `dealer` or `eldest`")
        elif seat not in _BY_CONTRACT:
            ctx.fail(f"with `kitty_exchange.seat: {seat}` a bid cannot name who exchanges",
                     where, "set `kitty_exchange.seat` to `maker`, `partner`, `dealer` or "
                     "`eldest`, or remove this setting", also=(at,))
        elif value == ExchangeSeat.PARTNER and not teams:
            ctx.fail("`partner` is the maker's partner: this variant has no partners", where,
                     "name `maker`, `dealer` or `eldest`", also=(("sides", "kind"),))
        elif value == ExchangeSeat.PARTNER and alone:
            ctx.fail("this bid is played alone: the maker's partner sits out and cannot take "
                     "the kitty", where, "name another seat, or play the bid with the partner "
                     "(`alone: false`)", also=((*row, "alone"),))


BLOCK = Block(key="kitty_exchange", record=KittyExchangeRules, check=_check, doc=(
    "Phase `kitty_exchange`: a seat takes the kitty (or a widow: an extra hand dealt "
    "face down) into his hand and discards as many cards face down. Only he sees them."))


def _kitty_at(ctx: CompileContext) -> int:
    """The cards in the kitty when the exchange comes: those the deal leaves, and the upcard
    when a phase before the exchange may put it there (turned down, or set aside)."""
    flow = ctx.flow
    before = flow[:flow.index("kitty_exchange")]
    upcard = ctx.deal.upcard and not upcard_unused(before)
    return undealt(ctx) + (1 if upcard else 0)


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot: it takes unseen cards when its own hand is poor (below the bot's
    making threshold in its best suit), and discards the card whose loss hurts least; the
    maker of a contract for no tricks (a misère) keeps his lowest cards, discarding the card
    of most power in its own suit (the lowest id of equals)."""
    hand = view.hand
    if view.bid_special and not view.bid and view.maker == tools.seat and legal[0] not in (
            A.PICK_UP, A.KEEP):
        tables = view.tables[view.trump]
        return max(legal, key=lambda a: tables.power[tables.effective[A.card_of(a)]][
            A.card_of(a)])
    trump = view.trump
    if trump < 0:
        trump, est = tools.best_suit(hand, range(4))
    else:
        est = tools.strength(hand, trump)
    if legal[0] in (A.PICK_UP, A.KEEP):
        return A.PICK_UP if est < tools.threshold else A.KEEP
    return max(legal, key=lambda a: tools.strength(hand & ~(1 << A.card_of(a)), trump))


def book(v: Variant, rules: KittyExchangeRules) -> list[Rule]:
    """The rule book: who exchanges with the kitty or widow.

    >>> rules = KittyExchangeRules(source="widow", seat=ExchangeSeat.MAKER, optional=False)
    >>> from engine import load_variant
    >>> book(load_variant("standard"), rules)[0].text[:42]
    'The maker takes the widow into his hand an'
    """
    who = {"maker": "The maker", "partner": "The maker's partner", "dealer": "The dealer",
           "eldest": "Eldest",
           "any": "Each player in turn from eldest, until one does,",
           "each": "Each player in turn from eldest"}[rules.seat]
    source = ("the kitty" if rules.source == KITTY
              else f"his own {rules.source}" if rules.seat is ExchangeSeat.EACH
              else f"the {rules.source}" if rules.source not in v.deal.extra_hands
              else f"the {rules.source}, dealt face down")
    may = "may take" if rules.optional else "takes"
    lone = " (not when he sits out: nobody exchanges then)" \
        if rules.seat is ExchangeSeat.PARTNER else ""
    by_bid = "".join(f" On {label}, {_WHO_ON_BID[str(value)]} takes it instead (PILE-A7)."
                     for label, value in fixed_by(v, "kitty_exchange.seat"))
    return [Rule(text=f"{who}{lone} {may} {source} into his hand and discards as many cards "
                 f"face down. Nobody else sees the cards taken or discarded.{by_bid}",
                 alternative=f"{setting('kitty_exchange.seat', '...')} chooses who "
                 "(maker, partner, dealer, eldest, any, each); a bid's `settings` may name "
                 "the seat for the hand it wins.")]


_WHO_ON_BID = {"maker": "the maker", "partner": "the maker's partner", "dealer": "the dealer",
               "eldest": "eldest"}


MECHANIC = Mechanic(
    key="kitty_exchange", phase=KittyExchange, schema=BLOCK.schema, config=KittyExchangeRules,
    compile=BLOCK.compile,
    kinds=(A.kind_of(A.PICK_UP), A.kind_of(A.KEEP), A.kind_of(A.DISCARD)),
    words=Words(verbs={"pick_up": "takes the extra cards", "keep": "keeps his hand",
                       "discard": "discards {card}"},
                prompt="Take the cards, or keep your hand?", title="The kitty exchange",
                rules=book_lines(KittyExchangeRules, book)),
    decide=decide, block=BLOCK, contract_settings=("kitty_exchange.seat",),
    batch="engine.mechanics.kitty_exchange_batch:KittyExchange",
    show_notes=lambda v: fixed_notes(v, "kitty_exchange.seat"),
)
