"""Phase ``piles``: the cards the deal laid beside the hands (``piles.dealt``), set out.

A pile has any size; it belongs to the table (one pile) or to each seat (his own, dealt in
front of him); its cards lie face down or face up and are seen by the seats ``seen_by`` says
(its owner, all, or none). A seat's pile with ``play_from`` is a tableau: its owner plays its
face-up cards as if from his hand (they join his hand here, and every seat sees them while they
lie there, PILE-A4), and a face-down card dealt ``under`` one of them turns over, face up, when
the card on it is played (PILE-A3; :class:`PilesPart`, :func:`turn_over`). Other piles stay
where they lie until an exchange takes them (``kitty_exchange.source`` names the pile). The
deal deals the piles' cards after the upcard (PILE-A2): see :mod:`engine.rules.pile_rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, NamedTuple

from engine.core import cards as C
from engine.mechanics.base import Mechanic, Part, Phase, Rule, SaysItself, ViewPart, Words
from engine.mechanics.events import EVERYONE, Seats
from engine.mechanics.wording import join, number
from engine.rules.config_fields import Block, option
from engine.rules.mechanic_rules import CompileContext, FlowCheck
from engine.rules.pile_rules import (
    PILE_SCHEMA,
    Pile,
    PileFace,
    PileOwner,
    PileSeen,
    first_pile,
    read_piles,
)

if TYPE_CHECKING:
    from engine.mechanics.events import Event
    from engine.mechanics.parts import Speaker
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "LayPiles", "PileTurned", "PilesPart", "PilesRules", "PilesView",
           "pile_position", "pile_sources", "turn_over"]


@dataclass(frozen=True, slots=True, kw_only=True)
class PilesRules:
    """Phase ``piles``: the piles dealt. The deal reads them to deal their cards: compiled,
    they are ``variant.deal.piles``, laid out as ``variant.deal.pile_places``."""

    dealt: tuple[Pile, ...] = option((), plain=False, doc=(
        "The piles dealt beside the hands, after the upcard (PILE-A2): each `{name, size, "
        "owner, face, under, seen_by, play_from}`."), schema={
        "type": "array", "minItems": 1, "maxItems": 4, "items": PILE_SCHEMA})


class PileTurned(NamedTuple("PileTurned", [("seat", int), ("pile", str), ("card", int)]),
                 SaysItself):
    """The face-down ``card`` of ``seat``'s pile ``pile`` turns over, uncovered: every seat
    sees it (PILE-A3)."""

    __slots__ = ()

    @property
    def visible_to(self) -> Seats:
        return EVERYONE

    def hidden(self) -> PileTurned:
        return self

    def shows(self) -> int:
        return 1 << self.card

    def line(self, seat: Callable[[int], str]) -> str:
        return f"In {seat(self.seat)}'s {self.pile}, the {C.pretty(self.card)} turns over."


@dataclass(slots=True, kw_only=True)
class PilesPart(Part):
    """The piles this hand: the face-up cards of tableaux now in their owners' hands
    (``shown``: every seat sees them there), and the covered columns: the card on each
    (``tops``) and the position of the face-down card under it (``unders``)."""

    shown: int = 0
    tops: list[int] = field(default_factory=list)
    unders: list[int] = field(default_factory=list)


class LayPiles(Phase):
    """Set out the piles dealt: a tableau's face-up cards join its owner's hand."""

    name = "piles"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.deal = variant.deal

    def start(self, s: Table) -> None:
        h = s.hand
        part = PilesPart.of(h)
        deal = self.deal
        ups: dict[tuple[int, int, int], int] = {}
        for at, place in enumerate(deal.pile_places, start=first_pile(deal)):
            pile = deal.piles[place.pile]
            if not pile.play_from:
                continue
            if place.layer == "down":
                part.tops.append(ups[place.pile, place.owner, place.column])
                part.unders.append(at)
                continue
            cards = h.hands[at]
            h.hands[at] = 0
            h.hands[place.owner] |= cards
            part.shown |= cards
            if place.layer == "up":
                ups[place.pile, place.owner, place.column] = cards.bit_length() - 1
        s.advance()


def turn_over(s: Table, card: int) -> None:
    """After ``card`` is played: it leaves the seen cards, and when it lay on a face-down card
    of its owner's tableau, that card turns over, face up in his hand (PILE-A3)."""
    h = s.hand
    part = PilesPart.of(h)
    part.shown &= ~(1 << card)
    tops = part.tops
    if card not in tops:
        return
    k = tops.index(card)
    at = part.unders[k]
    del tops[k]
    del part.unders[k]
    under = h.hands[at]
    h.hands[at] = 0
    owner = h.played[-1][0]
    h.hands[owner] |= under
    part.shown |= under
    deal = s.variant.deal
    name = deal.piles[deal.pile_places[at - first_pile(deal)].pile].name
    s.log.append(PileTurned(owner, name, under.bit_length() - 1))


def pile_position(variant: Variant, name: str, seat: int) -> int:
    """The position of pile ``name`` (a pile not covered) that ``seat`` would take: his own of
    a seat's pile, the table's one; -1 when the variant has no such pile."""
    deal = variant.deal
    for at, place in enumerate(deal.pile_places, start=first_pile(deal)):
        pile = deal.piles[place.pile]
        if pile.name == name and place.owner in (seat, -1):
            return at
    return -1


def pile_sources(ctx: CompileContext) -> dict[str, PileOwner]:
    """The piles an exchange may take (``kitty_exchange.source``), with their owners: those
    that are not played from (a tableau is played, not exchanged)."""
    if "piles" not in ctx.flow:
        return {}
    piles = read_piles(ctx.data.get("piles", {}).get("dealt"))
    return {pile.name: pile.owner for pile in piles if not pile.play_from}


# -- what each seat sees ---------------------------------------------------------------------

@dataclass(slots=True, kw_only=True)
class PilesView(ViewPart):
    """The piles as one seat sees them: each seat's face-up tableau cards, now in his hand
    (``face_up``, public), those lying on a face-down card (``covering``, public), and what
    lies in each pile (``lying``: its owner, -1 the table; its name; the cards this seat sees
    of it and how many it does not)."""

    face_up: tuple[int, ...]
    covering: int
    lying: tuple[tuple[int, str, int, int], ...]
    visible: int = 0
    """The cards of other places this seat sees (other seats' face-up tableau cards, the piles
    it may see)."""

    sees = True

    def seen(self) -> int:
        return self.visible

    def hand_shown(self, seat: int) -> int | None:
        """A tableau's face-up cards lie face up in front of their owner (the browser shows
        them, and the rest of his cards face down)."""
        return self.face_up[seat] or None

    def places(self, view: View, words: Speaker) -> list[tuple[str, int]]:
        """Each pile's cards this seat sees (a tableau's face-up cards are its owner's)."""
        return [(f"{_whose(view, words, owner)} {pile}", seen)
                for owner, pile, seen, _ in self.lying if seen]

    def table_lines(self, view: View, events: Sequence[Event], words: Speaker) -> list[str]:
        lines = []
        for seat, up in enumerate(self.face_up):
            whose = "Your" if seat == view.seat else f"{words.seat(seat)}'s"
            covering = up & self.covering
            if not up:
                continue
            text = f"{whose} tableau: {words.hand_words(up, view.trump)} face up"
            if covering == up:
                text += ", each on a face-down card"
            elif covering:
                text += f"; face-down cards under {words.hand_words(covering, view.trump)}"
            lines.append(text)
        for owner, pile, seen, unseen in self.lying:
            if not seen and owner >= 0 and self.face_up[owner] & self.covering:
                continue  # a tableau's face-down cards: told with its face-up ones
            whose = _whose(view, words, owner)
            said = [words.hand_words(seen, view.trump)] if seen else []
            if unseen:
                said.append(f"{number(unseen)} card{'s' * (unseen > 1)} face down")
            lines.append(f"{whose} {pile}: {', '.join(said)}")
        return lines


def _whose(view: View, words: Speaker, owner: int) -> str:
    return "The table's" if owner < 0 else (
        "Your" if owner == view.seat else f"{words.seat(owner)}'s")


def _view(s: Table, seat: int) -> PilesView:
    h = s.hand
    part = PilesPart.of(h)
    deal = s.variant.deal
    face_up = tuple([h.hands[p] & part.shown for p in range(h.players)])
    visible = 0
    for p, up in enumerate(face_up):
        if p != seat:
            visible |= up
    lying: dict[tuple[int, str], list[int]] = {}
    for at, place in enumerate(deal.pile_places, start=first_pile(deal)):
        cards = h.hands[at]
        if not cards:
            continue
        pile = deal.piles[place.pile]
        sees = place.layer != "down" and (pile.seen_by is PileSeen.ALL or (
            pile.seen_by is PileSeen.OWNER and place.owner == seat))
        told = lying.setdefault((place.owner, pile.name), [0, 0])
        if sees:
            visible |= cards
            told[0] |= cards
        else:
            told[1] += cards.bit_count()
    return PilesView(face_up=face_up, covering=C.mask_of(part.tops), visible=visible,
                     lying=tuple((owner, name, seen, unseen)
                                 for (owner, name), (seen, unseen) in lying.items()))


# -- compiling -------------------------------------------------------------------------------

def _check(ctx: CompileContext, rules: PilesRules) -> PilesRules:
    spec = ctx.data.get("piles", {})
    items = spec.get("dealt", [])
    piles = read_piles(items)
    at = ("piles", "dealt")
    if not piles:
        ctx.fail("the `piles` phase has no pile to set out", at,
                 "give `dealt: [{name: widow, size: 3}]`, or remove `piles` from the flow")
    names = ["kitty", *ctx.deal.extra_hands]
    for k, (pile, item) in enumerate(zip(piles, items, strict=True)):
        where = (*at, k)
        if pile.name in names:
            ctx.fail(f"the pile name `{pile.name}` is taken (by the kitty, an extra hand or "
                     "another pile)", (*where, "name"), "give each pile its own name")
        names.append(pile.name)
        _check_pile(ctx, pile, item, where)
    alone = ctx.data.get("go_alone", {})
    if "go_alone" in ctx.flow and alone.get("exposed") and any(p.play_from for p in piles):
        ctx.fail("a lone hand played exposed and a tableau played from cannot be told apart "
                 "at the table", ("go_alone", "exposed"), "remove `go_alone.exposed`, or "
                 "`play_from` from the piles", also=(at,))
    return replace(rules, dealt=piles)


def _check_pile(ctx: CompileContext, pile: Pile, item: dict[str, object],
                where: tuple[str | int, ...]) -> None:
    """How one pile's settings combine (PILE-A1..A6), each error at the setting to change."""
    if pile.play_from and pile.owner is PileOwner.TABLE:
        ctx.fail(f"nobody can play from `{pile.name}`: a pile played from belongs to a seat",
                 (*where, "play_from"), "set `owner: seat` (each seat plays from his own)",
                 also=((*where, "owner"),))
    if pile.play_from and pile.face is PileFace.DOWN:
        ctx.fail(f"`{pile.name}` is played from but lies face down: its owner plays its "
                 "face-up cards", (*where, "play_from"), "set `face: up`",
                 also=((*where, "face"),))
    if pile.under and not pile.play_from:
        ctx.fail(f"the cards under `{pile.name}` turn over when the card on them is played, "
                 "but nobody plays from it", (*where, "under"),
                 "set `play_from: true` (and `owner: seat`, `face: up`), or remove `under`")
    if pile.under > pile.size:
        ctx.fail(f"`{pile.name}` has {pile.under} face-down cards under {pile.size} face-up "
                 "ones: each lies under one", (*where, "under"),
                 f"use at most `under: {pile.size}`", also=((*where, "size"),))
    if pile.seen_by is PileSeen.OWNER and pile.owner is PileOwner.TABLE:
        ctx.fail(f"`{pile.name}` belongs to the table: no seat owns it to see it",
                 (*where, "seen_by"), "use `seen_by: all` or `none`, or `owner: seat`")
    if "seen_by" in item and pile.face is PileFace.UP and pile.seen_by is PileSeen.NONE:
        ctx.fail(f"`{pile.name}` lies face up: everyone at the table sees it",
                 (*where, "seen_by"), "use `face: down` for a pile nobody sees")
    if pile.face is PileFace.DOWN and pile.seen_by is PileSeen.ALL:
        ctx.fail(f"`{pile.name}` lies face down but every seat sees it", (*where, "seen_by"),
                 "use `face: up` for a pile all see")
    if pile.face is PileFace.UP and pile.seen_by is PileSeen.OWNER and not pile.play_from:
        ctx.fail(f"`{pile.name}` lies face up: everyone at the table sees it",
                 (*where, "seen_by"), "use `face: down` and `seen_by: owner` for a pile only "
                 "its owner looks at")
    if pile.play_from and pile.seen_by is not PileSeen.ALL:
        ctx.fail(f"a tableau lies face up in front of its owner: every seat sees `{pile.name}`",
                 (*where, "seen_by"), "remove `seen_by`")


_CLASH = ("dummy_merge", "dealer_pickup", "pass_cards")
"""Phases that discard back to the hand size, which a tableau's cards would count in."""


def _check_flow(check: FlowCheck) -> None:
    flow = check.flow
    if "piles" not in flow:
        return
    here = flow.index("piles")
    if here != 1:
        check.fail("`piles` sets out what the deal laid beside the hands: it comes just after "
                   "`deal`", check.where("piles"), "move `piles` to just after `deal`")
    if check.deal.held != check.deal.hand_size:
        for key in _CLASH:
            if key in flow:
                check.fail(f"`{key}` discards back to a hand's size, which a tableau played "
                           "from does not have", check.where(key),
                           f"remove `{key}`, or `play_from` from the piles")


# -- the rule book -------------------------------------------------------------------------

def _pile_text(pile: Pile) -> str:
    whose = ("in front of each player: his" if pile.owner is PileOwner.SEAT
             else "on the table: the")
    if pile.under:
        rest = " and the rest beside them" if pile.size > pile.under else ""
        text = (f"{number(pile.under).capitalize()} cards are dealt face down and "
                f"{number(pile.size)} face up on them, one on each{rest}, {whose} {pile.name}.")
    else:
        face = "face up" if pile.face is PileFace.UP else "face down"
        cards = f"{number(pile.size).capitalize()} card{'s are' if pile.size > 1 else ' is'}"
        text = f"{cards} dealt {face} {whose} {pile.name}."
    if pile.play_from:
        text += (" He plays its face-up cards as if they were in his hand, and every player "
                 "sees them (PILE-A4).")
        if pile.under:
            text += (" When a card lying on a face-down card is played, that card is turned "
                     "face up and may be played in its turn (PILE-A3).")
        return text
    return text + {PileSeen.ALL: " Every player sees it.", PileSeen.NONE: " Nobody sees it.",
                   PileSeen.OWNER: " Only its owner may look at it."}[pile.seen_by]


def book(v: Variant) -> list[Rule]:
    """The rule book: each pile, how it lies, who sees it, who plays from it.

    >>> from engine.rules.pile_rules import Pile, PileFace, PileOwner, PileSeen
    >>> _pile_text(Pile(name="widow", size=3, owner=PileOwner.SEAT, face=PileFace.DOWN,
    ...                 seen_by=PileSeen.NONE))
    'Three cards are dealt face down in front of each player: his widow. Nobody sees it.'
    """
    piles = v.deal.piles
    after = "the hands and the upcard" if v.deal.upcard else "the hands"
    lines = [Rule(text=f"After {after}, the dealer deals the piles, in this order "
                  "(PILE-A2).")]
    lines += [Rule(text=_pile_text(pile)) for pile in piles]
    if v.deal.held != v.deal.hand_size:
        lines.append(Rule(text=f"A hand is then {v.deal.hand_size} tricks: each player plays "
                          f"the {number(v.deal.held)} cards of his hand and every card of his "
                          f"{join([p.name for p in piles if p.play_from])}."))
    return lines


BLOCK = Block(key="piles", record=PilesRules, check=_check, fill=False, doc=(
    "Phase `piles`, just after `deal`: cards dealt beside the hands (after the upcard), of any "
    "size, the table's or each seat's, face up or down, seen by the seats `seen_by` names; a "
    "seat plays from his `play_from` pile (a tableau), whose face-down cards `under` the "
    "face-up ones turn over when uncovered."))


MECHANIC = Mechanic(
    key="piles", phase=LayPiles, schema=BLOCK.schema, config=PilesRules, compile=BLOCK.compile,
    check_flow=_check_flow, block=BLOCK, part=PilesPart, view=_view,
    words=Words(title="The piles", rules=book), batch="engine.mechanics.piles_batch:Piles",
)
