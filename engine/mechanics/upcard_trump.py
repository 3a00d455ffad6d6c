"""Phase ``upcard_trump``: trump fixed by the upcard ("dirty clubs", BUCK-A2).

When the upcard's suit is one of ``suits``, that suit is trump at once: there is no bidding
and nobody is the maker (``Hand.maker`` stays -1; every fixed side plays for itself and the
hand is scored by the table's ``no_maker`` row). With ``dealer_takes_upcard`` the dealer takes
the upcard and discards as after an order-up (phase ``dealer_pickup``); otherwise the upcard
goes to the kitty unused. Bidding, going alone and staying or dropping out are skipped in such
a hand. Any other upcard leaves the hand to ``upcard_bidding``, which follows this phase.

>>> from engine.testing.rules import overlay
>>> v = overlay('''
... extends: standard
... description: dirty clubs on standard
... flow: [deal, upcard_trump, upcard_bidding, dealer_pickup, go_alone, play, score]
... scoring:
...   table:
...     - {label: made, when: "not no_maker and 3 <= makers.tricks <= 4", makers: 1}
...     - {label: march, when: "not no_maker and makers.tricks == 5 and not alone", makers: 2}
...     - {label: lone_march, when: "not no_maker and makers.tricks == 5 and alone", makers: 4}
...     - {label: euchre, when: "not no_maker and makers.tricks <= 2", defenders: 2}
...     - {label: dirty, when: "no_maker", defenders: "tricks"}
... ''')
>>> v.rules(UpcardTrumpRules)
UpcardTrumpRules(suits=(0,), dealer_takes_upcard=True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from engine.core import cards as C
from engine.core.errors import VariantWarning
from engine.mechanics.base import Mechanic, Part, Phase, Rule, ViewPart, Words, book_lines
from engine.mechanics.events import LEFT, TrumpMade, UpcardGone
from engine.mechanics.wording import join, setting, suit_word
from engine.rules.config_fields import Block, option
from engine.rules.mechanic_rules import CompileContext, FlowCheck, OutcomeSetting
from engine.rules.variant_warnings import idle_phases

if TYPE_CHECKING:
    from engine.mechanics.parts import Feature, Speaker
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.resolved import Resolved
    from engine.rules.variant import Variant
    from engine.rules.yamlsource import Path_

__all__ = ["MECHANIC", "UpcardPart", "UpcardTrump", "UpcardTrumpRules", "UpcardView",
           "upcard_view", "without_maker"]


@dataclass(slots=True, kw_only=True)
class UpcardPart(Part):
    """What the upcard did this hand, set by the mechanics that bid or fix trump by it
    (``upcard_trump``, ``upcard_bidding``: the part of both): the suit it proposed, the suit
    turned down with it, and whether the dealer is to pick it up (``dealer_pickup`` reads it
    and clears it)."""

    proposed: int = -1
    """The trump the upcard proposes (its suit; the variant's suit for a joker), or -1."""
    turned_down: int = -1
    """The suit turned down with the upcard (it may not be named, when the variant says so)."""
    pickup_pending: bool = False
    """The upcard was ordered up (or fixed trump) and the dealer is to take it."""


@dataclass(slots=True, kw_only=True)
class UpcardView(ViewPart):
    """What every seat saw of the upcard's bidding: the suit it proposed and the suit turned
    down with it (-1: none)."""

    proposed: int
    turned_down: int

    def deal_lines(self, view: View, words: Speaker) -> list[str]:
        if self.turned_down < 0 or view.trump >= 0:
            return []
        return [f"The upcard was turned down: {words.trump_words(self.turned_down)} may not "
                "be named"]

    def features(self, view: View) -> tuple[Feature, ...]:
        return (("turned_down", self.turned_down),)


def upcard_view(s: Table, seat: int) -> UpcardView | None:
    """The upcard's part of a seat's view (everyone sees it)."""
    # Inline, and no new object: a view is made for every bot decision.
    part: UpcardPart | None = s.hand.parts.get(UpcardPart)  # type: ignore[assignment]
    if part is None:
        return None
    return _VIEWS[part.proposed][part.turned_down]


_SUITS = range(len(C.TRUMP_LETTERS))
_VIEWS: list[list[UpcardView]] = [
    [UpcardView(proposed=proposed, turned_down=down) for down in (*_SUITS, -1)]
    for proposed in (*_SUITS, -1)]
"""The upcard's view parts, made once and shared by every view that shows the same facts (a
view part is read-only): ``_VIEWS[proposed][turned_down]``, each a suit or -1 (none), which
indexes the last row and column."""


def without_maker(s: Table, trump: int) -> None:
    """Fix ``trump`` for a hand nobody made: no maker (-1), and the sides of the hand are the
    fixed sides (each seat alone where each plays for himself), none of them the makers'."""
    h = s.hand
    h.trump = trump
    h.maker = -1
    h.sides = s.variant.sides.teams
    s.log.append((TrumpMade, trump, -1))


class UpcardTrump(Phase):
    """The upcard's suit is trump, unbid, when it is one of the listed suits."""

    name = "upcard_trump"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(UpcardTrumpRules)
        self.suits = frozenset(rules.suits)
        self.dealer_takes = rules.dealer_takes_upcard

    def start(self, s: Table) -> None:
        h = s.hand
        upcard = h.upcard
        if upcard >= 0 and upcard not in (C.JOKER, C.JOKER_LOW) and \
                C.suit_of(upcard) in self.suits:
            part = UpcardPart.of(h)
            part.proposed = C.suit_of(upcard)
            without_maker(s, part.proposed)
            if self.dealer_takes:
                part.pickup_pending = True
            else:
                h.kitty |= 1 << upcard
                h.upcard = -1
                s.log.append((UpcardGone, upcard, s.dealer, LEFT))
        s.advance()

    def describe(self, s: Table) -> str:
        return "trump by the upcard"


@dataclass(frozen=True, slots=True, kw_only=True)
class UpcardTrumpRules:
    """Phase ``upcard_trump``: the suits an upcard makes trump by itself, and whether the
    dealer then takes the upcard (BUCK-A2)."""

    suits: tuple[int, ...] = option((C.CLUBS,), plain=False, doc=(
        "The suits that become trump by being turned up, e.g. `[C]`. All four (with no "
        "joker in the deck) fix trump in every hand: no hand has a maker, so the flow "
        "needs no bidding, the scoring table only `no_maker` rows, and a phase that "
        "needs a maker (`upcard_bidding`, `go_alone`, `stay_or_drop`, ...) is warned "
        "about as never running. Default: [\"C\"]."), schema={
            "type": "array", "items": {"$ref": "#/$defs/suit"}, "minItems": 1,
            "uniqueItems": True, "default": ["C"]})
    dealer_takes_upcard: bool = option(True, doc=(
        "The dealer takes the upcard and discards, as after an order-up (BUCK-A2; "
        "needs `dealer_pickup` in the flow); false: the upcard is set aside unused."))
    every_hand: bool = field(default=False, repr=False)
    """Every upcard fixes trump (all four suits, no joker in the deck): no hand has a maker."""


def _check(ctx: CompileContext, rules: UpcardTrumpRules) -> UpcardTrumpRules:
    if rules.dealer_takes_upcard and "dealer_pickup" not in ctx.flow:
        ctx.fail("the dealer can only take the upcard when the flow has `dealer_pickup`",
                 ("upcard_trump", "dealer_takes_upcard"),
                 "add `dealer_pickup` after `upcard_bidding` in the flow, or set "
                 "`dealer_takes_upcard: false`")
    suits = tuple(C.parse_suit(suit) for suit in ctx.data["upcard_trump"]["suits"])
    return replace(rules, suits=suits,
                   every_hand=len(suits) == 4 and C.JOKER not in ctx.deck_cards())


BLOCK = Block(key="upcard_trump", record=UpcardTrumpRules, check=_check, doc=(
    "Phase `upcard_trump` (before `upcard_bidding`): when the upcard is of one of `suits`, "
    "that suit is trump with no bidding and no maker (\"dirty clubs\"); such a hand is "
    "scored by the table's `no_maker` row, and going alone and staying or dropping out "
    "are skipped."))


def _check_flow(check: FlowCheck) -> None:
    flow = check.flow
    if "upcard_trump" not in flow:
        return
    if "upcard_bidding" not in flow and not check.makers:
        return  # every upcard fixes trump: nothing is left to bid on
    if "upcard_bidding" not in flow or flow.index("upcard_bidding") < flow.index("upcard_trump"):
        check.fail("`upcard_trump` must come before `upcard_bidding`, which bids on the "
                   "other upcards", check.where("upcard_trump"),
                   "write the flow as [deal, upcard_trump, upcard_bidding, ...]")


def _space(config: UpcardTrumpRules) -> dict[str, Any]:
    return {"no_maker": True, "makers": not config.every_hand}


# -- the rule book -------------------------------------------------------------------------

def book(v: Variant, rules: UpcardTrumpRules) -> list[Rule]:
    """The rule book: which upcards make trump by themselves, and what follows.

    >>> from engine import load_variant
    >>> v = load_variant("buck-euchre")
    >>> book(v, v.rules(UpcardTrumpRules))[0].text[:58]
    'If the upcard is a club, clubs are trump at once: there is'
    """
    suits = [suit_word(suit) for suit in rules.suits]
    card = join([f"a {word[:-1]}" for word in suits], "or")
    them = "that suit is" if len(suits) > 1 else f"{suits[0]} are"
    lines = [Rule(text=f"If the upcard is {card}, {them} trump at once: there is no bidding and "
                  "nobody is the maker. Nobody goes alone or drops out; every player plays "
                  "for himself and the hand is scored by the row for a hand without a maker.")]
    if rules.dealer_takes_upcard:
        lines.append(Rule(text="The dealer takes that upcard into his hand and discards one "
                          "card, as when it is ordered up (BUCK-A2).",
                          alternative=f"{setting('upcard_trump.dealer_takes_upcard', 'false')}"
                          " sets the upcard aside instead."))
    else:
        lines.append(Rule(text="The upcard is set aside; the dealer does not take it (BUCK-A2).",
                          alternative=f"{setting('upcard_trump.dealer_takes_upcard', 'true')} "
                          "makes the dealer take it and discard."))
    return lines


def _never_run(resolved: Resolved) -> list[VariantWarning]:
    """Every upcard fixes trump (all four suits, no joker): the phases that need a maker never
    run. Warned at the file's own `upcard_trump.suits`, or else at its own flow entry."""
    data = resolved.data
    flow = data["flow"]
    if len(data["upcard_trump"]["suits"]) != 4 or data["deck"]["jokers"]:
        return []
    out = []
    for phase in idle_phases(flow, makers=False):
        path: Path_ = ("flow", flow.index(phase))
        where = resolved.written_here(("upcard_trump", "suits")) or resolved.written_here(path)
        if where is not None:
            out.append(VariantWarning(
                f"`{phase}` never runs: `upcard_trump.suits` lists every suit, so every upcard "
                "fixes trump and no hand has a maker", location=where, path=path,
                hint=f"remove `{phase}` from the flow, or list fewer suits in "
                     "`upcard_trump.suits`"))
    return out


MECHANIC = Mechanic(
    key="upcard_trump", phase=UpcardTrump, schema=BLOCK.schema, config=UpcardTrumpRules,
    compile=BLOCK.compile, check_flow=_check_flow, space=_space,
    words=Words(title="Trump by the upcard", rules=book_lines(UpcardTrumpRules, book)),
    block=BLOCK, batch="engine.mechanics.upcard_trump_batch:UpcardTrump",
    part=UpcardPart, view=upcard_view, uses_upcard=True,
    outcome_settings=(OutcomeSetting(rank=60, path=("upcard_trump", "suits")),),
    warnings=_never_run,
)
