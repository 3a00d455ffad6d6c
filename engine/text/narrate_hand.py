"""What happens in a hand, as text: the deal, what an action brought about (trump made, the
dummy merged, a swap, a finished trick, a renege) and the summary of a finished hand.

Everything here only reads. Which cards a line may show is the caller's choice
(``viewer``/``reveal``); nothing here looks at hidden cards by itself. Hand summaries read the
score phase's record (points, penalties): nothing is scored again here.

A renege is told once (STD-A8, GH-A11, `euchre rules cutthroat`): when the hand goes on, a
line says who
reneged with which card at the moment it happens and the summary says what it cost; when it
ends the hand, the unfinished trick is shown and the summary that follows says both.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import cards as C
from engine.mechanics.kitty_exchange import (
    EXCHANGE_DISCARDS,
    KITTY,
    KittyExchangeRules,
    KittyScratch,
)
from engine.mechanics.play_exposed import ExposedScratch
from engine.mechanics.wording import agreeing, card_words, number
from engine.play.state import State
from engine.rules.results import HandResult, Penalty
from engine.text.narrate_table import TableNarrator
from engine.text.narrate_words import cards_text, hand_text, sorted_hand, trump_text

__all__ = ["After", "HandNarrator"]


def _owner(state: State) -> int:
    """The seat whose card the current player plays: an exposed lone hand's, chosen by an
    opponent (STD-A17), or his own."""
    x = state.hand.scratch
    return x.owner if type(x) is ExposedScratch and x.owner >= 0 else state.current_player


def _extra_sizes(state: State) -> tuple[int, ...]:
    return tuple(h.bit_count() for h in state.hand.hands[state.variant.players:])


class After(NamedTuple):
    """What a state looked like just before an action: enough to say what the action did."""

    seat: int
    action: str
    phase: str
    hand_no: int
    trump: int
    trick: tuple[tuple[int, int], ...]
    tricks_done: int
    hands_done: int
    sitting_out: int
    upcard: int
    extra_sizes: tuple[int, ...]
    renege: bool = False
    """The action is a card that does not follow suit (variants that allow reneging)."""
    won: tuple[int, ...] = ()
    """The tricks each seat had taken this hand (to find, in the scored hand's record, who
    took the hand's last trick)."""
    owner: int = -1
    """Whose card a play is: the acting seat's, or the exposed lone hand's that the acting
    opponent chooses for (STD-A17)."""
    kitty: int = 0
    """The kitty before the action: a farmer's exchange puts the cards he shows there."""

    @classmethod
    def before(cls, state: State, action: str) -> After:
        """Capture ``state`` before ``action`` is applied."""
        renege = (state.phase == "play" and action.startswith("play:")
                  and action not in state.legal_actions())
        return cls(state.current_player, action, state.phase, state.hand_no, state.hand.trump,
                   tuple(zip(state.hand.trick_seats, state.hand.trick, strict=True)),
                   sum(state.hand.tricks_won), len(state.hands_played), state.hand.inactive,
                   state.hand.upcard, _extra_sizes(state), renege, tuple(state.hand.tricks_won),
                   _owner(state), state.hand.kitty)


class HandNarrator(TableNarrator):
    """The lines of a hand in progress and of finished hands."""

    def after(self, was: After, state: State, *, reveal: bool = False,
              viewer: int | None = None) -> list[str]:
        """What ``was.action`` brought about, beyond the action itself: trump named, the dummy
        merged or given up, a swap's dead hand, partners sitting out, a renege, a finished
        trick, finished (or thrown-in) hands. Hidden cards (the ghost hand looked at, the hand
        a swapper gave up) are shown only to ``viewer`` when they are his, or when ``reveal``."""
        lines: list[str] = []
        same_hand = state.hand_no == was.hand_no
        shown = reveal or viewer == was.seat
        if same_hand and was.upcard >= 0 > state.hand.upcard:
            lines.append(self._upcard_gone(was.upcard, state))
        if same_hand and was.trump < 0 <= state.hand.trump:
            lines.append(f"Trump: {trump_text(state.hand.trump)}, "
                         f"{self._made_by(state.hand.maker)}.")
        if same_hand and was.action == "swap":
            lines.append(self._dead_hand_line(was.seat, state.hand.dead if shown else 0))
        elif same_hand and was.action == "look" and shown:
            ghost = state.hand.hands[state.position(self.swap_hand)]
            lines.append(f"The {self.swap_hand} hand {self.seat(was.seat)} looks at: "
                         f"{hand_text(ghost)}")
        elif same_hand:
            lines += self._extras_gone(was, state)
        if same_hand and state.hand.inactive != was.sitting_out and was.action != "drop":
            out = [s for s in range(self.variant.players) if state.hand.inactive >> s & 1]
            lines.append(f"{agreeing([self.seat(s) for s in out], 'sits', 'sit')} out this "
                         "hand.")
        if was.phase == "play" and was.action.startswith("play:"):
            lines += self._card_played(was, state)
        if same_hand and was.action == "exchange":  # a farmer's hand, shown to all (STD-A15)
            farmer = state.hand.kitty & ~was.kitty  # the cards he showed went to the kitty
            lines.append(f"{self.seat(was.seat)} shows {cards_text(sorted_hand(farmer))} and "
                         f"takes {number(farmer.bit_count())} cards of the kitty in their "
                         "place, face down.")
        if was.action.startswith("declare:"):
            lines.append(self._shown_line(was, state, same_hand=same_hand))
        lines += [self.hand_summary(r) for r in state.hands_played[was.hands_done:]]
        return lines

    def _shown_line(self, was: After, state: State, *, same_hand: bool) -> str:
        """``North shows Jkr J♥ J♦ A♥ K♥``: the cards a declared show names (DECL-A1)."""
        if same_hand:
            cards = state.hand.declared[-1][2]
        else:  # the show ended the hand: its record keeps the cards
            record = state.hands_played[was.hands_done]
            cards = C.mask_of(record.declared[-1][2])
        return f"{self.seat(was.seat)} shows {hand_text(cards, was.trump)}."

    def _dead_hand_line(self, swapper: int, known: int) -> str:
        cards = f": {hand_text(known)}" if known else ""
        return (f"The hand {self.seat(swapper)} gave up lies dead, face down "
                f"({self.hand_size} cards){cards}; no other swap this deal.")

    def _extras_gone(self, was: After, state: State) -> list[str]:
        """An extra hand leaving the table: taken by the seat that exchanges with it
        (``kitty_exchange``), merged by the maker, given up unseen by a lone maker (CTD-A13),
        or set aside (an optional merge declined; a hand nobody made, CTD-A15)."""
        lines = []
        h = state.hand
        for name, before, now in zip(self.variant.deal.extra_hands, was.extra_sizes,
                                     _extra_sizes(state), strict=True):
            if not before or now:
                continue
            x = h.scratch
            if type(x) is KittyScratch and x.step == EXCHANGE_DISCARDS:
                taker = state.current_player  # the seat the exchange gave the cards to
                held = h.hands[taker].bit_count()
                lines.append(f"{self.seat(taker)} takes the {name} hand ({before} cards): he "
                             f"holds {held} cards and discards {x.left}.")
            elif h.merged:
                held = h.hands[h.maker].bit_count()
                lines.append(f"The {name} hand ({before} cards) is merged by "
                             f"{self.seat(h.maker)}, who holds {held} cards and discards "
                             f"{held - self.hand_size}.")
            elif h.maker >= 0 and h.maker in h.alone:
                lines.append(f"The {name} hand ({before} cards) is given up unseen: "
                             f"{self.seat(h.maker)} plays alone.")
            elif h.maker < 0 and h.trump >= 0:
                lines.append(f"The {name} hand ({before} cards) is set aside unseen: nobody "
                             "made trump.")
            else:
                lines.append(f"The {name} hand ({before} cards) is set aside unseen.")
        return lines

    def _upcard_gone(self, upcard: int, state: State) -> str:
        if state.hand.picked == upcard:
            return f"{self.seat(state.dealer)} picks up the {C.pretty(upcard)}."
        if state.hand.trump < 0:
            return f"The {C.pretty(upcard)} is turned down."
        return f"{self.seat(state.dealer)} leaves the {C.pretty(upcard)}."

    def _card_played(self, was: After, state: State) -> list[str]:
        """A renege, and the trick if the card finished it, with the winner the play mechanic
        recorded. A renege that ends the hand (``void_hand``, STD-A8) leaves its trick to
        nobody."""
        trick = [*was.trick, (was.owner, C.card(was.action[len("play:"):]))]
        if was.renege and self.variant.renege.void_hand:
            return [f"Trick {was.tricks_done + 1} does not count: {self.trick_text(trick)}"]
        lines = [self._renege_line(was, trick)] if was.renege else []
        lines += self._partner_shown(was, state, trick[-1][1])
        if len(trick) < self.variant.players - was.sitting_out.bit_count():
            return lines
        winner = _trick_winner(was, state)
        return [*lines,
                f"Trick {was.tricks_done + 1} to {self.seat(winner)}: {self.trick_text(trick)}"]

    def _partner_shown(self, was: After, state: State, card: int) -> list[str]:
        """``- the ace of spades: West is North's partner``: the called card played shows
        everyone who the maker's partner is (CALL-A6)."""
        if state.hand_no == was.hand_no:
            h = state.hand
            called, partner, maker = h.called, h.partner, h.maker
        else:  # the card ended the hand: its record says
            record = state.hands_played[was.hands_done]
            called = -1 if record.called is None else C.card(record.called)
            partner = -1 if record.partner is None else record.partner
            maker = record.maker
        if called < 0 or card != called:
            return []
        if partner == maker:
            return [f"- {card_words(card)}: {self.seat(maker)} called his own card and "
                    "plays alone."]
        return [f"- {card_words(card)}: {self.seat(partner)} is {self.names[maker]}'s partner."]

    def _renege_line(self, was: After, trick: list[tuple[int, int]]) -> str:
        """``B reneges: Q♣ does not follow trump; ...`` (a hand that goes on, GH-A11)."""
        led = C.trump_tables(was.trump).effective[trick[0][1]]
        word = "trump" if led == was.trump else C.SUIT_WORDS[led]
        return (f"{self.seat(was.seat)} reneges: {C.pretty(trick[-1][1])} does not follow "
                f"{word}; the penalty is scored with the hand.")

    def hand_header(self, state: State) -> str:
        """``-- Hand 3, dealer West, upcard 9♠ --``: what everyone sees of a new deal."""
        h = state.hand
        up = f", upcard {C.pretty(h.upcard)}" if h.upcard >= 0 else ""
        if h.trump >= 0:  # fixed by the upcard before anyone acts (dirty clubs)
            up = f", upcard {C.pretty(h.turned)}: {trump_text(h.trump)} are trump, " \
                 f"{self._made_by(h.maker)}"
            if h.picked >= 0:
                up += f"; the dealer takes the {C.pretty(h.picked)}"
        x = h.scratch
        if type(x) is KittyScratch and x.step == EXCHANGE_DISCARDS:  # taken as the hand began
            rules = self.variant.rules(KittyExchangeRules)
            source = "the kitty" if rules is None or rules.source == KITTY else \
                f"the {rules.source} hand"
            up += f"; {self.seat(state.current_player)} takes {source} ({x.left} cards)"
        return f"-- Hand {state.hand_no}, dealer {self.seat(state.dealer)}{up} --"

    def _made_by(self, maker: int) -> str:
        """``made by East``, or, in a hand nobody made, that everyone plays for himself."""
        if maker >= 0:
            return f"made by {self.seat(maker)}"
        return "with no maker: everyone plays, for himself"

    def deal_lines(self, state: State) -> list[str]:
        """Every position's cards, the upcard and the kitty: for records, which show all."""
        n = self.variant.players
        lines = [f"  {self.seat(s)}: {hand_text(state.hand.hands[s])}" for s in range(n)]
        for k, name in enumerate(self.variant.deal.extra_hands):
            lines.append(f"  {name} hand: {hand_text(state.hand.hands[n + k])}")
        if state.hand.upcard >= 0:
            lines.append(f"  upcard: {C.pretty(state.hand.upcard)}")
        if state.hand.kitty:
            lines.append(f"  kitty: {cards_text(sorted_hand(state.hand.kitty))}")
        return lines

    def hand_summary(self, record: HandResult) -> str:
        """One line for a ``hands_played`` record: the contract, lone players, the dummy or
        the swap, the tricks, each renege with what it cost, the points and the score."""
        head = f"Hand {record.hand}, dealer {self.seat(record.dealer)}"
        if record.thrown_in is not None:
            return f"{head}: thrown in ({record.thrown_in}); no score."
        score = f"Score: {self.score_line(record.scores)}"
        penalties = record.penalties
        if record.void:
            return (f"{head}: {self._contract_text(record)}; {self._renege_text(penalties[0])}, "
                    f"which ends the hand: nothing else is scored; "
                    f"{self.points(record.deltas)}. {score}")
        maker = record.maker
        if maker < 0:
            took_text = ", ".join(f"{self.seat(s)} {t}" for s, t in enumerate(record.tricks))
            took_text = f"tricks taken: {took_text}"
        else:
            makers = self.variant.hand_sides(maker, record.makers)[0]
            took = sum(record.tricks[s] for s in makers)
            who = self.seat(maker) if len(makers) == 1 else "the makers"
            took_text = f"{who} took {took} of {sum(record.tricks)} tricks"
        reneges = "".join(f"{self._renege_text(p)}: {self.points(p.points)}. "
                          for p in penalties)
        reneges += "".join(f"{self.seat(seat)} declared {label}. "
                           for seat, label, _ in record.declared)
        total = (f"In all: {self.points(record.deltas, every_side=True)}" if penalties
                 else self.points(record.deltas))
        return (f"{head}: {self._contract_text(record)}; {took_text}: {record.label}. "
                f"{reneges}{total}. {score}")

    def short_summary(self, record: HandResult, seat: int) -> str:
        """One short line for the player at ``seat`` after a hand: ``Hand 3 summary: you took
        2 of 5 tricks (made); North-South +1. Score: ...`` (``no score`` when thrown in)."""
        head = f"Hand {record.hand} summary:"
        if record.thrown_in is not None:
            return f"{head} thrown in, no score."
        took = f"you took {record.tricks[seat]} of {sum(record.tricks)} tricks"
        label = f" ({record.label})" if record.label else ""
        return (f"{head} {took}{label}; {self.points(record.deltas)}. "
                f"Score: {self.score_line(record.scores)}")

    def _contract_text(self, record: HandResult) -> str:
        """``East made hearts ♥ trump on a bid of 4 (East alone; ...)``."""
        maker = record.maker
        if maker < 0:
            what = "no-trump" if record.trump == "N" else f"{trump_text(record.trump)} trump"
            return f"{what}, with no maker"
        if record.trump in ("N", "L"):  # no suit is trump: the maker called no-trump
            made = f"{self.seat(maker)} called {trump_text(record.trump)}"
        else:
            made = f"{self.seat(maker)} made {trump_text(record.trump)} trump"
        if record.bid is not None:
            made += f" {self.on_bid(record.bid)}"
        alone = record.alone
        extras = [f"{self.seat(s)} alone" for s in alone]
        extras += [f"{self.seat(s)} dropped out" for s in record.dropped]
        if "dummy" in self.variant.deal.extra_hands:
            extras.append(self.dummy_fate(maker, alone=maker in alone, merged=record.merged))
        if record.called is not None:
            extras.append(self._called_text(record))
        if record.swapped is not None:
            extras.append(f"{self.seat(record.swapped)} swapped for the {self.swap_hand} hand")
        return f"{made} ({'; '.join(extras)})" if extras else made

    def _called_text(self, record: HandResult) -> str:
        """``called the ace of spades, held by West`` (or held by nobody: CALL-A5)."""
        card = card_words(C.card(record.called or ""))
        if record.partner is None:
            return f"called {card}, which nobody held"
        if record.partner == record.maker:
            return f"called {card}, his own"
        return f"called {card}, held by {self.seat(record.partner)}"

    def _renege_text(self, penalty: Penalty) -> str:
        """``West reneged with 9♦ in trick 1``."""
        return (f"{self.seat(penalty.seat)} reneged with {C.pretty(C.card(penalty.card))}"
                f" in trick {penalty.trick}")


def _trick_winner(was: After, state: State) -> int:
    """Who took the trick ``was.action`` finished, as the play mechanic recorded it: in
    ``state.hand.trick_winners`` while the hand goes on (or when the game ended with it), else in
    the record of the hand it completed (the seat whose tricks went up by one)."""
    if state.hand_no == was.hand_no:
        return state.hand.trick_winners[was.tricks_done]
    took = state.hands_played[was.hands_done].tricks
    return next(seat for seat, (now, before) in enumerate(zip(took, was.won, strict=True))
                if now > before)
