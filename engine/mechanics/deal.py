"""Phase ``deal``: shuffle from the state's RNG and deal packets, extra hands, kitty, upcard.

Dealing goes clockwise from eldest over every position; extra hands (dummy, ghost) are dealt
at the dealer's right, just before the dealer (CTD-A7, GH-A15). A prescribed deal (for tests
and replays) replaces the shuffle for one hand.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.core.errors import VariantWarning
from engine.core.seats import dealing_order
from engine.mechanics.base import Mechanic, Phase, Rule, Words
from engine.mechanics.events import Dealt
from engine.mechanics.wording import extra_hand_word, join, number, setting
from engine.rules.config_fields import Block
from engine.rules.deal_rules import DealRules
from engine.rules.mechanic_rules import CompileContext, FlowCheck, OutcomeSetting
from engine.rules.pile_rules import places, played_from, read_piles
from engine.rules.variant_warnings import upcard_unused
from engine.rules.yamlsource import Path_

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.rules.resolved import Resolved
    from engine.rules.variant import Variant

__all__ = ["KITTY_SETTINGS", "MECHANIC", "Deal", "dealt", "undealt"]


class Deal(Phase):
    """Deal the cards; nobody decides anything."""

    name = "deal"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        extras = len(variant.deal.extra_hands)
        self.orders = [dealing_order(variant.players, extras, d) for d in range(variant.players)]
        self.packets = variant.deal.packets
        self.deck = list(variant.deck.cards)
        self.piled = variant.deal.piled
        """The cards dealt to each position of the piles, after the upcard (PILE-A2)."""
        self.first_pile = variant.deal.positions - len(self.piled)

    def start(self, s: Table) -> None:
        h = s.hand
        given = s.next_deal()
        if given is not None:
            h.hands = list(given.hands)
            h.upcard = given.upcard
            h.kitty = given.kitty
        else:
            self.shuffle_and_deal(s)
        h.turned = h.upcard
        s.log.append((Dealt, s.hand_no, s.dealer, h.upcard))
        s.advance()

    def shuffle_and_deal(self, s: Table) -> None:
        h = s.hand
        cards = self.deck[:]
        s.rng.shuffle(cards)
        hands = h.hands
        order = self.orders[s.dealer]
        top = 0
        for packet_round in self.packets:
            for place, size in enumerate(packet_round):
                mask = 0
                for c in cards[top : top + size]:
                    mask |= 1 << c
                hands[order[place]] |= mask
                top += size
        if self.variant.deal.upcard:
            h.upcard = cards[top]
            top += 1
        for place, size in enumerate(self.piled, start=self.first_pile):
            mask = 0
            for c in cards[top : top + size]:
                mask |= 1 << c
            hands[place] = mask
            top += size
        kitty = 0
        for c in cards[top:]:
            kitty |= 1 << c
        h.kitty = kitty


_DEAL_SETTINGS: tuple[Path_, ...] = (
    ("deal", "hand_size"), ("deck", "size"), ("deck", "ranks"), ("deck", "copies"),
    ("deck", "jokers"), ("deal", "extra_hands"), ("deal", "upcard"), ("players",),
)
"""What decides whether the deal fits the deck; the hand size is blamed when in doubt."""


KITTY_SETTINGS: tuple[Path_, ...] = (
    ("deal", "hand_size"), ("deal", "extra_hands"), ("deck", "size"), ("deck", "ranks"),
    ("deal", "upcard"), ("players",),
)
"""What decides how many cards the deal leaves in the kitty, most likely culprit first."""


def undealt(ctx: CompileContext) -> int:
    """The cards the deal leaves face down in the kitty: the deck less every hand (the
    seats' and the extra hands') and the upcard."""
    deal = ctx.deal
    return ctx.deck_size() - dealt(deal) - (1 if deal.upcard else 0)


def dealt(deal: DealRules) -> int:
    """The cards the deal gives the seats, the extra hands and the piles."""
    return (deal.positions - len(deal.piled)) * deal.held + sum(deal.piled)


def _check(ctx: CompileContext, rules: DealRules) -> DealRules:
    """The deal's config: the packets must add up and the deck must hold the deal."""
    spec = ctx.data["deal"]
    players = ctx.players
    size = rules.hand_size
    extras = tuple(hand["name"] for hand in spec["extra_hands"])
    if len(set(extras)) != len(extras):
        ctx.fail("two extra hands have the same name", ("deal", "extra_hands"))
    positions = players + len(extras)
    piles = read_piles(ctx.data.get("piles", {}).get("dealt")) if "piles" in ctx.flow else ()
    laid = places(piles, players=players)
    piled = tuple(place.size for place in laid)
    needed = positions * size + sum(piled) + (1 if rules.upcard else 0)
    deck = ctx.deck_size()
    if needed > deck:
        upcard = " and 1 upcard" if rules.upcard else ""
        if piled:
            upcard += f" and {sum(piled)} cards in piles"
        hint = "use a bigger deck (`deck.size`), fewer cards per hand, or fewer extra hands"
        settings = _DEAL_SETTINGS
        if piled:
            hint += " or piles"
            settings = (*settings, ("piles", "dealt"))
        if rules.upcard and upcard_unused(ctx.flow):
            upcard += ", which no phase of this flow uses"
            hint = "set `deal.upcard: false` (nothing uses the upcard), or " + hint[0].lower() \
                + hint[1:]
            settings = (settings[0], ("deal", "upcard"), *settings[1:])
        ctx.fail(
            f"the deal needs {needed} cards ({positions} hands of {size}{upcard}) but the "
            f"deck has {deck}", settings[0], hint, also=settings[1:],
        )
    return replace(rules, extra_hands=extras, packets=_packets(ctx, spec, positions),
                   positions=positions + len(piled), held=size, piled=piled, piles=piles,
                   pile_places=laid,
                   hand_size=size + played_from(piles))


BLOCK = Block(key="deal", record=DealRules, check=_check, doc=(
    "Phase `deal`: cards to each seat, extra hands, kitty and upcard."))


def _packets(ctx: CompileContext, spec: dict[str, Any], positions: int
             ) -> tuple[tuple[int, ...], ...]:
    size = spec["hand_size"]
    if spec["packets"] == "one_at_a_time":
        return tuple((1,) * positions for _ in range(size))
    packets = tuple(tuple(row) for row in spec["packets"])
    for i, row in enumerate(packets):
        if len(row) != positions:
            ctx.fail(f"round {i + 1} of the packets has {len(row)} sizes but there are "
                     f"{positions} positions to deal to", ("deal", "packets", i),
                     "give one packet size per seat and extra hand, from eldest",
                     also=(("players",), ("deal", "extra_hands")))
    if all(len(row) == positions for row in packets):
        for pos in range(positions):
            total = sum(row[pos] for row in packets)
            if total != size:
                ctx.fail(f"the packets give position {pos} {total} cards, but a hand "
                         f"has {size}", ("deal", "packets"),
                         "each position's packets must add up to `hand_size`",
                         also=(("deal", "hand_size"),))
                break
    return packets


def _check_flow(check: FlowCheck) -> None:
    if check.flow[0] != "deal":
        check.fail("the flow must start with `deal`", ("flow", 0))


def _space(config: DealRules) -> dict[str, Any]:
    return {"hand_size": config.hand_size}


# -- the rule book -------------------------------------------------------------------------

def book(v: Variant) -> list[Rule]:
    """The rule book: who receives how many cards, the extra hands, the packets and what
    is left over.

    >>> from engine import load_variant
    >>> book(load_variant("two-handed"))[-1].text[:44]
    'The 14 cards left over form the kitty, face '
    """
    deal = v.deal
    extras = [extra_hand_word(name) for name in deal.extra_hands]
    to_whom = "each player" + (f" and to {join(extras)}" if extras else "")
    lines = [Rule(text=f"The dealer deals {deal.held} cards to {to_whom}, clockwise, "
                  "starting with eldest and ending with himself.")]
    if len(extras) == 1:
        lines.append(Rule(text=f"{extras[0].capitalize()} is dealt as if it were a player "
                          "sitting at the dealer's right: it receives its cards just before the "
                          "dealer (CTD-A7, GH-A15). It lies face down and no one sees it."))
    elif extras:
        lines.append(Rule(text=f"{join(extras).capitalize()} are each dealt as if they were "
                          "players sitting at the dealer's right: they receive their cards, in "
                          "that order, just before the dealer (CTD-A7, GH-A15). They lie face "
                          "down and no one sees them."))
    lines.append(_packets_rule(v))
    lines.append(_kitty_rule(v))
    return lines


def _packets_rule(v: Variant) -> Rule:
    packets = v.deal.packets
    if all(size == 1 for packet_round in packets for size in packet_round):
        return Rule(text="The cards are dealt one at a time.",
                    alternative="`deal.packets` can deal them in packets instead, such as 3 "
                    "and 2, then 2 and 3.")
    rounds = [f"{join([str(size) for size in packet_round])} cards" for packet_round in packets]
    if len(rounds) == 1:
        said = f"in one round of packets of {rounds[0]}"
    else:
        said = "in rounds of packets: " + "; then ".join(rounds)
    return Rule(text=f"The cards are dealt {said}, each round in dealing order from eldest "
                "(STD-A5).",
                alternative=f"{setting('deal.packets', 'one_at_a_time')} deals one card at "
                "a time.")


def _kitty_rule(v: Variant) -> Rule:
    left = len(v.deck.cards) - dealt(v.deal)
    if left == 0:
        return Rule(text="The whole pack is dealt: there is no kitty and no upcard.")
    if v.deal.upcard:
        return Rule(text=f"The {number(left)} cards left over form the kitty, face down. Its "
                    "top card is turned face up: this upcard proposes trump.")
    return Rule(text=f"The {number(left)} cards left over are set aside unseen; no card is "
                "turned up.")


def _unused_upcard(resolved: Resolved) -> list[VariantWarning]:
    """In a flow where no phase uses the upcard (an auction) an upcard is dealt for nothing.
    Warned at the file's own `deal.upcard`, or else at its own flow when that is what made an
    inherited (or default) upcard useless."""
    data = resolved.data
    if not data["deal"]["upcard"] or not upcard_unused(data["flow"]):
        return []
    path: Path_ = ("deal", "upcard")
    where = resolved.written_here(path)
    origin = ""
    if where is None:
        where = resolved.written_here(("flow",))
        if where is None:
            return []
        inherited = resolved.values.get(path)
        origin = f" (inherited from {inherited})" if inherited else " (the default)"
        path = ("flow",)
    return [VariantWarning(
        f"`deal.upcard: true`{origin} has no use in an auction flow: no phase bids on the "
        "upcard or gives it to the dealer", location=where, path=path,
        hint="set `deal.upcard: false`, or use `upcard_bidding` instead of `auction`",
    )]


MECHANIC = Mechanic(key="deal", phase=Deal, schema=BLOCK.schema, config=DealRules,
                    compile=BLOCK.compile, check_flow=_check_flow, space=_space, required=True,
                    words=Words(title="Dealing", rules=book), block=BLOCK,
                    batch="engine.mechanics.deal_batch:Deal",
                    outcome_settings=(OutcomeSetting(rank=30, path=("deal", "hand_size")),),
                    warnings=_unused_upcard)
