"""The play mechanic's configuration: its config record (``first_lead``, STD-A2, CTD-A6;
``joker_at_no_trump``, BID-A8), its block (its schema part and compile step), beside
:mod:`engine.mechanics.play`, which would otherwise pass the size limit (as
:mod:`engine.mechanics.auction_rules` is beside the auction)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.mechanics.auction_table import contract_rows
from engine.rules.config_fields import Block, option
from engine.rules.mechanic_rules import CompileContext

if TYPE_CHECKING:
    from engine.mechanics.table import Table

__all__ = ["BLOCK", "FirstLead", "JokerAtNoTrump", "PlayRules", "first_leader"]


class FirstLead(StrEnum):
    """``play.first_lead`` (STD-A2, CTD-A6)."""

    ELDEST = "eldest"
    MAKER = "maker"
    LEFT_OF_LONER = "left_of_loner"
    LITERAL_SEED = "literal_seed"


class JokerAtNoTrump(StrEnum):
    """``play.joker_at_no_trump``: what a joker led at no-trump calls for (BID-A8)."""

    LEADER_NAMES = "leader_names"
    NO_SUIT = "no_suit"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayRules:
    """Phase ``play``."""

    first_lead: FirstLead = option(FirstLead.ELDEST, doc=(
        "Who leads the first trick: `eldest` (first active seat from the dealer's left, "
        "STD-A2), `maker` (the maker/high bidder, Ghost Hand), or `left_of_loner` (first "
        "active seat left of a lone maker, else of a lone defender, else eldest: CTD-A6), "
        "or `literal_seed` (eldest, but the player across from the dealer when eldest's "
        "side plays alone; four players in two teams: STD-A14). A bid of the table may fix "
        "it for the hand it wins (`auction.table[].settings: {play.first_lead: eldest}`, "
        "BID-A14)."))
    # fill=False: the compiler supplies the default, so the rules hash of files that leave
    # the key out stays what it was before the key existed.
    joker_at_no_trump: JokerAtNoTrump = option(JokerAtNoTrump.LEADER_NAMES, fill=False, doc=(
        "Joker decks, in a no-trump or low no-trump hand, where the joker is the highest "
        "card and may be played only by a player void in the suit led (BID-A8): "
        "`leader_names` (a player who leads the joker names at once the suit it calls "
        "for, `call:H`, and the others must follow that suit) or `no_suit` (a led joker "
        "calls for no suit: anyone may play anything)."))


def _check(ctx: CompileContext, rules: PlayRules) -> PlayRules:
    fixed = [(where, value) for where, value, _ in contract_rows(ctx, "play.first_lead")]
    for where, value in [(("play", "first_lead"), rules.first_lead), *fixed]:
        if value == FirstLead.LITERAL_SEED and (ctx.players != 4 or ctx.sides.kind != "teams"):
            ctx.fail("`literal_seed` leads from across the dealer: it needs four players in "
                     "teams", where, "use `eldest` or `left_of_loner`",
                     also=(("players",), ("sides", "kind")))
    return rules


BLOCK = Block(key="play", record=PlayRules, doc="Phase `play`: the tricks.", check=_check)


def first_leader(s: Table, rule: FirstLead) -> int:
    """Who leads the first trick under ``rule`` (eldest's way when the hand has no maker)."""
    h = s.hand
    if rule is FirstLead.MAKER and h.maker >= 0:
        return h.maker if h.active(h.maker) else h.next_active(h.maker)
    if rule is FirstLead.LEFT_OF_LONER and h.alone:
        loner = h.maker if h.maker in h.alone else h.alone[0]
        return h.next_active(loner)
    if rule is FirstLead.LITERAL_SEED and h.alone:
        eldest = (s.dealer + 1) % h.players
        if any(eldest in side and seat in side for side in h.sides for seat in h.alone):
            across = (s.dealer + 2) % h.players
            return across if h.active(across) else h.next_active(across)
    return h.next_active(s.dealer)
