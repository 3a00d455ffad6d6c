"""Phase ``play``: the tricks.

The first lead follows ``first_lead`` (STD-A2 eldest, the maker, or CTD-A6 left of the
loner), skipping seats that sit out. Each active seat in turn must follow the effective suit
led (bowers and the joker belong to trump) when it can; the highest trump, else the highest
card of the suit led, wins; the winner leads next.

Where the variant allows reneging (``penalties.renege.allowed``), a card in hand that does not
follow is accepted from a player at the table and recorded. With ``void_hand`` (STD-A8) the
first renege ends the hand at once: the trick in progress counts for nobody and the score
phase scores only the penalty. Otherwise (GH-A11, `euchre rules cutthroat`) the hand is played out.

When a single seat is left to play (every other seat dropped out, ``stay_or_drop``), it is
credited every trick at once without playing them (BUCK-A6).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.base import (
    BotTools,
    Mechanic,
    Phase,
    Rule,
    Words,
    book_lines,
    cards_to_actions,
)
from engine.mechanics.wording import join, setting
from engine.rules.mechanic_rules import CompileContext

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.play.view import View
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "FirstLead", "Play", "PlayRules", "first_leader"]


class FirstLead(StrEnum):
    """``play.first_lead`` (STD-A2, CTD-A6)."""

    ELDEST = "eldest"
    MAKER = "maker"
    LEFT_OF_LONER = "left_of_loner"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayRules:
    """Phase ``play``."""

    first_lead: FirstLead


def first_leader(s: State, rule: FirstLead) -> int:
    """Who leads the first trick under ``rule`` (eldest's way when the hand has no maker)."""
    h = s.hand
    if rule is FirstLead.MAKER and h.maker >= 0:
        return h.maker if h.active(h.maker) else h.next_active(h.maker)
    if rule is FirstLead.LEFT_OF_LONER and h.alone:
        loner = h.maker if h.maker in h.alone else h.alone[0]
        return h.next_active(loner)
    return h.next_active(s.dealer)


class Play(Phase):
    """Play the tricks."""

    name = "play"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules(PlayRules)
        assert rules is not None
        self.rule = rules.first_lead
        self.hand_size = variant.deal.hand_size
        self.tables = [C.trump_tables(t) for t in range(5)]
        self.renege_allowed = variant.renege.allowed
        self.renege_ends_hand = variant.renege.void_hand

    def start(self, s: State) -> None:
        h = s.hand
        h.n_active = self.players - h.inactive.bit_count()
        h.next_seat = [h.next_active(seat) for seat in range(self.players)]
        h.leader = first_leader(s, self.rule)
        s.current = h.leader
        h.trick = []
        h.trick_seats = []
        if h.n_active == 1:  # everyone else dropped out: the tricks are his unplayed (BUCK-A6)
            h.tricks_won[h.leader] = self.hand_size
            h.trick_winners = [h.leader] * self.hand_size
            s.advance()

    def legal(self, s: State) -> list[int]:
        h = s.hand
        hand = h.hands[s.current]
        trick = h.trick
        if trick:
            tables = self.tables[h.trump]
            follow = hand & tables.suit_mask[tables.effective[trick[0]]]
            if follow:
                hand = follow
        return cards_to_actions(A.PLAY, hand)

    def apply(self, s: State, action: int) -> None:
        # The hot path of simulations and counts: the card is laid inline, not by _lay.
        h = s.hand
        card = action - A.PLAY
        seat = s.current
        h.hands[seat] ^= 1 << card
        trick = h.trick
        trick.append(card)
        h.trick_seats.append(seat)
        h.played.append((seat, card))
        active = h.n_active
        if len(trick) < active:
            s.current = h.next_seat[seat]
            return
        winner = h.trick_seats[self.tables[h.trump].winner(trick)]
        h.tricks_won[winner] += 1
        h.trick_winners.append(winner)
        h.trick = []
        h.trick_seats = []
        if len(h.played) == active * self.hand_size:
            s.advance()
            return
        h.leader = winner
        s.current = winner

    @staticmethod
    def _lay(s: State, action: int) -> int:
        """Put the current seat's card on the trick; returns the card."""
        h = s.hand
        card = action - A.PLAY
        seat = s.current
        h.hands[seat] ^= 1 << card
        h.trick.append(card)
        h.trick_seats.append(seat)
        h.played.append((seat, card))
        return card

    def accepts_renege(self, s: State, action: int) -> bool:
        """With ``penalties.renege.allowed``, a card in hand that does not follow suit is
        accepted and recorded; the score phase penalises it (GH-A11, STD-A8)."""
        return (self.renege_allowed and A.PLAY <= action < A.PLAY + C.CARD_COUNT
                and bool(s.hand.hands[s.current] >> (action - A.PLAY) & 1))

    def apply_renege(self, s: State, action: int) -> None:
        """Record the renege and play the card. With ``void_hand`` (STD-A8) the hand ends
        here: the trick is left unfinished and the score phase follows at once."""
        s.hand.reneges.append((s.current, action - A.PLAY))
        if not self.renege_ends_hand:
            self.apply(s, action)
            return
        self._lay(s, action)
        s.advance()

    def reason(self, s: State, action: int) -> str:
        h = s.hand
        if not A.PLAY <= action < A.PLAY + C.CARD_COUNT:
            return "the tricks are being played: play a card (play:XX)"
        card = action - A.PLAY
        if not h.hands[s.current] >> card & 1:
            return f"{C.card_name(card)} is not in your hand"
        tables = self.tables[h.trump]
        led = tables.effective[h.trick[0]]
        word = "trump" if led == h.trump else C.SUIT_WORDS[led]
        return f"you must follow {word}"

    def describe(self, s: State) -> str:
        return f"trick {sum(s.hand.tricks_won) + 1}"


SCHEMA: dict[str, Any] = {
    "description": "Phase `play`: the tricks.",
    "type": "object",
    "additionalProperties": False,
    "default": {},
    "properties": {
        "first_lead": {
            "description": (
                "Who leads the first trick: `eldest` (first active seat from the dealer's left, "
                "STD-A2), `maker` (the maker/high bidder, Ghost Hand), or `left_of_loner` (first "
                "active seat left of a lone maker, else of a lone defender, else eldest: CTD-A6). "
                "Default: eldest."
            ),
            "enum": ["eldest", "maker", "left_of_loner"],
            "default": "eldest",
        },
    },
}


def _compile(ctx: CompileContext) -> PlayRules:
    return PlayRules(first_lead=FirstLead(ctx.data["play"]["first_lead"]))


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The bot's card play."""
    return tools.play_card(view, legal)


# -- the rule book -------------------------------------------------------------------------

_FIRST_LEAD = {
    "eldest": "The first trick is led by eldest; if eldest sits the hand out, by the next "
              "player clockwise who plays (STD-A2).",
    "maker": "The maker leads the first trick.",
    "left_of_loner": "The first trick is led by the player at the left of a lone maker; if "
                     "the maker is not alone, by the player at the left of a lone defender; "
                     "if no one is alone, by eldest. Players who sit out are skipped (CTD-A6).",
}


def book(v: Variant, play: PlayRules) -> list[Rule]:
    """The rule book: who leads first (``play.first_lead``), following suit, the winner, reneges.

    >>> from engine import load_variant
    >>> v = load_variant("standard")
    >>> book(v, v.rules(PlayRules))[3].text
    'A hand is 5 tricks.'
    """
    lead = play.first_lead
    others = [f"`{name}`" for name in _FIRST_LEAD if name != lead]
    return [
        Rule(text=_FIRST_LEAD[lead],
             alternative=f"`play.first_lead` can also be {join(others, 'or')}."),
        Rule(text="The leader may lead any card. Each player in turn, clockwise, must follow "
             "the suit led if he can; the left bower counts as a trump, not as its printed "
             "suit. A player who cannot follow may play any card, trump or not; no one has to "
             "trump or to beat the cards played."),
        Rule(text="The highest trump played wins the trick; if no trump was played, the highest "
             "card of the suit led wins. The winner leads the next trick."),
        Rule(text=f"A hand is {v.deal.hand_size} tricks."),
        _renege_rule(v),
    ]


def _renege_rule(v: Variant) -> Rule:
    if v.renege.allowed:
        return Rule(text="A player at the table may renege (fail to follow suit when he could); "
                    "the play stands and is penalised when the hand is scored. Bots never "
                    "renege.",
                    alternative=f"{setting('penalties.renege.allowed', 'false')} refuses such "
                    "a play.")
    return Rule(text="A play that fails to follow suit when the player could is refused: there "
                "are no reneges.",
                alternative=f"{setting('penalties.renege.allowed', 'true')} lets a player "
                "renege and penalises it; see the scoring.")


MECHANIC = Mechanic(
    key="play", phase=Play, schema=SCHEMA, config=PlayRules, compile=_compile, required=True,
    kinds=(A.kind_of(A.PLAY),),
    words=Words(verbs={"play": "plays {card}"}, prompt="Your card:", title="Playing the tricks",
                rules=book_lines(PlayRules, book)),
    decide=decide,
)
