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

At no-trump and low no-trump (BID-A8, BID-A9) the joker is the highest card and belongs to no
suit: it may be played only by a player void in the suit led. With ``joker_at_no_trump:
leader_names`` (the default) a player who leads it names at once the suit it calls for
(``call:H``, a decision of this phase), and the others must follow that suit; with ``no_suit``
a led joker calls for nothing and anyone may play anything. Only joker decks run that branch
(:class:`JokerPlay`, chosen when the phase is made), so other variants' play is unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.mechanics import play_words
from engine.mechanics.auction_space import fixed_by, fixed_notes
from engine.mechanics.base import (
    BotTools,
    Mechanic,
    Phase,
    Scratch,
    Words,
    book_lines,
    cards_to_actions,
)
from engine.mechanics.call_partner import CallPartnerPart
from engine.mechanics.events import (
    CardPlayed,
    PartnerShown,
    Reneged,
    Said,
    TrickVoided,
    TrickWon,
)
from engine.mechanics.go_alone import GoAloneRules
from engine.mechanics.play_exposed import (
    ExposedScratch,
    ExposedView,
    choose_for_exposed,
    duck,
    exposed_view,
)
from engine.mechanics.play_position import position_for_solver
from engine.mechanics.play_rules import (
    BLOCK,
    FirstLead,
    JokerAtNoTrump,
    PlayRules,
    first_leader,
)

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "ExposedPlay", "FirstLead", "JokerAtNoTrump", "JokerPlay", "Play",
           "PlayRules", "first_leader"]


class Play(Phase):
    """Play the tricks."""

    name = "play"
    shows_view = False  # only an exposed hand has a view part (ExposedPlay)

    def __new__(cls, variant: Variant) -> Play:
        """A joker deck whose led joker at no-trump calls for a named suit gets the
        :class:`JokerPlay` phase; every other variant keeps the lean one."""
        rules = variant.rules(PlayRules)
        alone = variant.rules(GoAloneRules)
        if cls is Play and variant.renege.correct:  # RENEGE-A1: reneges taken back
            from engine.mechanics.play_correct import CorrectingPlay  # noqa: PLC0415

            return super().__new__(CorrectingPlay)
        if cls is Play and alone is not None and alone.exposed:
            return super().__new__(ExposedPlay)
        joker = (variant.deck.jokers and rules is not None
                 and rules.joker_at_no_trump is JokerAtNoTrump.LEADER_NAMES)
        if cls is Play and variant.deal.held != variant.deal.hand_size:  # a tableau (PILE-A3)
            from engine.mechanics import piles_play  # noqa: PLC0415 - it imports this module
            return super().__new__(piles_play.PileJokerPlay if joker else piles_play.PilePlay)
        if cls is Play and joker:
            return super().__new__(JokerPlay)
        return super().__new__(cls)

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(PlayRules)
        self.rule = rules.first_lead
        self.by_contract = bool(fixed_by(variant, "play.first_lead"))
        """A bid of the table fixes who leads (BID-A14): the contract's choice, else ``rule``."""
        self.hand_size = variant.deal.hand_size
        self.tables = variant.deck.all_tables()
        self.renege_allowed = variant.renege.allowed
        self.renege_ends_hand = variant.renege.void_hand
        self.calls_partner = "call_partner" in variant.flow
        """A card played may be the one called for a partner (CALL-A6)."""

    def start(self, s: Table) -> None:
        h = s.hand
        h.n_active = self.players - h.inactive.bit_count()
        h.next_seat = [h.next_active(seat) for seat in range(self.players)]
        rule = FirstLead(s.contract_setting("play.first_lead", self.rule)) \
            if self.by_contract else self.rule
        h.leader = first_leader(s, rule)
        s.current = h.leader
        h.trick = []
        h.trick_seats = []
        if h.n_active == 1:  # everyone else dropped out: the tricks are his unplayed (BUCK-A6)
            h.tricks_won[h.leader] = self.hand_size
            s.advance()

    def legal(self, s: Table) -> list[int]:
        h = s.hand
        hand = h.hands[s.current]
        trick = h.trick
        if trick:
            tables = self.tables[h.trump]
            follow = hand & tables.suit_mask[tables.effective[trick[0]]]
            if follow:
                hand = follow
        return cards_to_actions(A.PLAY, hand)

    def apply(self, s: Table, action: int) -> None:
        # The hot path of simulations and counts: the card is laid inline, not by _lay, and
        # the card winning the trick so far is kept as the cards come (``best``), which
        # says who wins each card's event and then the trick, with no second pass.
        h = s.hand
        card = action - A.PLAY if action < A.SMALL_CARDS else A.card_of(action)
        seat = s.current
        h.hands[seat] ^= 1 << card
        trick = h.trick
        if trick:
            power = h.led_power[card]
            if power > h.best_power:  # the first of equal cards wins (DECK-A3)
                h.best_power = power
                h.best = seat
        else:
            tables = self.tables[h.trump]
            h.led_power = led = tables.power[tables.effective[card]]
            h.best_power = led[card]
            h.best = seat
        trick.append(card)
        h.trick_seats.append(seat)
        h.played.append((seat, card))
        log = s.log
        log.append((CardPlayed, seat, card, h.best, seat))
        if self.calls_partner and card == CallPartnerPart.of(h).called:  # CALL-A6
            log.append((PartnerShown, card, CallPartnerPart.of(h).partner, h.maker))
        active = h.n_active
        if len(trick) < active:
            s.current = h.next_seat[seat]
            return
        winner = h.best
        h.tricks_won[winner] += 1
        # the trick's lists go to the event as they are (new ones follow; its record: tuples)
        log.append((TrickWon, len(h.played) // active, winner, h.trick_seats, trick))
        h.trick = []
        h.trick_seats = []
        if len(h.played) == active * self.hand_size:
            s.advance()
            return
        h.leader = winner
        s.current = winner

    @staticmethod
    def _lay(s: Table, action: int) -> int:
        """Put the current seat's card on the trick; returns the card."""
        h = s.hand
        card = A.card_of(action)
        seat = s.current
        h.hands[seat] ^= 1 << card
        h.trick.append(card)
        h.trick_seats.append(seat)
        h.played.append((seat, card))
        return card

    def accepts_renege(self, s: Table, action: int) -> bool:
        """With ``penalties.renege.allowed``, a card in hand that does not follow suit is
        accepted and recorded; the score phase penalises it (GH-A11, STD-A8)."""
        return (self.renege_allowed and A.is_card(A.PLAY, action)
                and bool(s.hand.hands[s.current] >> A.card_of(action) & 1))

    def apply_renege(self, s: Table, action: int) -> None:
        """Record the renege and play the card. With ``void_hand`` (STD-A8) the hand ends
        here: the trick is left unfinished and the score phase follows at once."""
        h = s.hand
        seat = s.current
        h.reneges.append((seat, A.card_of(action)))
        at = len(s.log)
        renege = Reneged(seat, A.card_of(action), self.tables[h.trump].effective[h.trick[0]],
                         h.trump, self.renege_ends_hand)
        if not self.renege_ends_hand:
            self.apply(s, action)
            s.log.insert(at + 1, renege)  # after its card, before the trick it may finish
            return
        card = self._lay(s, action)
        s.log += ((CardPlayed, seat, card, -1, seat), renege,
                  TrickVoided((len(h.played) - len(h.trick)) // h.n_active + 1,
                              tuple(h.trick_seats), tuple(h.trick)))
        s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        h = s.hand
        if not A.is_card(A.PLAY, action):
            return play_words.NOT_A_CARD
        card = A.card_of(action)
        if not h.hands[s.current] >> card & 1:
            return play_words.not_held(card)
        if C.original(card) != card and (
                not h.trick or A.card_action(A.PLAY, C.original(card)) in self.legal(s)):
            return play_words.second_copy(card)
        led = self.tables[h.trump].effective[h.trick[0]]
        return play_words.must_follow("trump" if led == h.trump else C.SUIT_WORDS[led])

    def describe(self, s: Table) -> str:
        return f"trick {sum(s.hand.tricks_won) + 1}"

    solver_position = position_for_solver


@dataclass(slots=True, kw_only=True)
class JokerScratch(Scratch):
    """The suit the joker leading the trick in progress calls for (-1: not named)."""

    joker_suit: int = -1


_JOKER_CALLS = [A.CALL + suit for suit in range(4)]


class JokerPlay(Play):
    """The tricks of a joker deck where a joker led at no-trump calls for the suit its
    leader names (``joker_at_no_trump: leader_names``, BID-A8)."""

    def start(self, s: Table) -> None:
        super().start(s)
        s.hand.scratch = JokerScratch()

    @staticmethod
    def _joker_led(s: Table) -> bool:
        h = s.hand
        return h.trump >= C.NO_TRUMP and bool(h.trick) and h.trick[0] in (C.JOKER, C.JOKER_LOW)

    def legal(self, s: Table) -> list[int]:
        if not self._joker_led(s):
            return super().legal(s)
        h = s.hand
        suit = JokerScratch.of(h).joker_suit
        if suit < 0:
            return _JOKER_CALLS
        hand = h.hands[s.current]
        return cards_to_actions(A.PLAY, hand & self.tables[h.trump].suit_mask[suit] or hand)

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        if action < A.PLAY:  # the leader names the suit his joker calls for
            s.log.append((Said, s.current, self.name, action))
            JokerScratch.of(h).joker_suit = action - A.CALL
            s.current = h.next_seat[s.current]
            return
        if not h.trick:
            JokerScratch.of(h).joker_suit = -1
        super().apply(s, action)
        if self._joker_led(s) and len(h.trick) == 1:
            s.current = h.trick_seats[0]  # he names its suit before the next seat plays

    def accepts_renege(self, s: Table, action: int) -> bool:
        """No renege in a trick a joker leads at no-trump: the suit it calls for is refused
        like any unfollowed suit is without ``penalties.renege.allowed``."""
        return not self._joker_led(s) and super().accepts_renege(s, action)

    def reason(self, s: Table, action: int) -> Refused:
        if not self._joker_led(s):
            if A.CALL <= action < A.PLAY:
                return Refused(Refusal.WRONG_PHASE,
                               "only a joker led at no-trump calls for a suit")
            return super().reason(s, action)
        h = s.hand
        suit = JokerScratch.of(h).joker_suit
        if suit < 0:
            return Refused(Refusal.WRONG_PHASE, "you led the joker: name the suit it calls for "
                           "(clubs, diamonds, hearts or spades)")
        if not A.is_card(A.PLAY, action):
            return play_words.NOT_A_CARD
        if not h.hands[s.current] >> A.card_of(action) & 1:
            return play_words.not_held(A.card_of(action))
        return play_words.must_follow(f"{C.SUIT_WORDS[suit]}, the suit the joker calls for")


class ExposedPlay(Play):
    """The tricks where a lone maker plays exposed (``go_alone.exposed``, STD-A17): on his
    turn the opponent at his left acts and chooses one of his cards."""

    shows_view = True

    def start(self, s: Table) -> None:
        h = s.hand
        x = ExposedScratch()
        super().start(s)
        h.scratch = x
        if h.maker in h.alone and h.n_active > 1:
            x.loner, x.chooser = h.maker, h.next_seat[h.maker]
        self._turn(s)

    @staticmethod
    def _turn(s: Table) -> None:
        """Whose card is next (``owner``); the chooser acts for the exposed seat."""
        x = ExposedScratch.of(s.hand)
        x.owner = s.current
        if s.current == x.loner:
            s.current = x.chooser

    def legal(self, s: Table) -> list[int]:
        x = ExposedScratch.of(s.hand)
        if x.owner == s.current:
            return super().legal(s)
        s.current = x.owner  # the exposed seat's cards, as if he played them
        try:
            return super().legal(s)
        finally:
            s.current = x.chooser

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        x = ExposedScratch.of(h)
        chooser, at = s.current, len(s.log)
        s.current = x.owner
        done = len(h.played) + 1 == h.n_active * self.hand_size
        super().apply(s, action)
        if chooser != x.owner:  # the opponent chose the exposed hand's card (STD-A17)
            s.log[at] = (*s.log[at][:4], chooser)  # CardPlayed's `by`
        if not done:
            self._turn(s)

    def accepts_renege(self, s: Table, action: int) -> bool:
        """Cards chosen for the exposed hand follow suit: everyone sees them."""
        return ExposedScratch.of(s.hand).owner == s.current and super().accepts_renege(s, action)

    def reason(self, s: Table, action: int) -> Refused:
        x = ExposedScratch.of(s.hand)
        if x.owner == s.current:
            return super().reason(s, action)
        s.current = x.owner
        why, s.current = super().reason(s, action), x.chooser
        return Refused(why.kind, why.reason.replace("your hand", "the exposed hand")
                       + " (you choose for it, STD-A17)")


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The bot's card play, or the suit its led joker calls for; before a trick with a
    renege is turned (RENEGE-A1), a bot takes back its own renege if it has one (it never
    reneges, but it may advise a player who did) and otherwise keeps its card."""
    if legal[0] == A.PASS:
        from engine.mechanics.play_correct import reneged  # noqa: PLC0415

        return tools.play_card(view, legal[1:]) if reneged(view) else A.PASS
    if legal[0] < A.PLAY:
        return A.CALL + tools.joker_suit(view.hand, view.trump)
    if ExposedView in view.parts and not view.hand >> A.card_of(legal[0]) & 1:
        return choose_for_exposed(view, legal)  # the exposed hand's card (STD-A17)
    if view.bid_special and not view.bid and view.maker in tools.side_of_view(view):
        return duck(view, legal)  # a named bid for no tricks (a misère), partner too
    return tools.play_card(view, legal)


MECHANIC = Mechanic(
    key="play", phase=Play, schema=BLOCK.schema, config=PlayRules, compile=BLOCK.compile,
    required=True,
    kinds=(A.kind_of(A.PLAY), A.kind_of(A.CALL)),
    words=Words(verbs={"play": "plays {card}", "call": "names {suit} for the joker"},
                prompt="Your card:", offers=play_words.offers, title="Playing the tricks",
                rules=book_lines(PlayRules, play_words.book)),
    decide=decide, block=BLOCK,
    batch="engine.mechanics.play_batch:Play",
    view=exposed_view, contract_settings=("play.first_lead",),
    show_notes=lambda v: fixed_notes(v, "play.first_lead"),
)
