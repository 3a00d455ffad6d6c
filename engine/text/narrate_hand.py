"""What happens in a hand, as text: the deal, each action and what it brought about (trump
made, the dummy merged, a swap, a finished trick, a renege), told from the events
``State.apply`` returns (:mod:`engine.mechanics.events`), and the summary of a finished hand.

Everything here only reads. Which cards a line may show is the caller's choice: it passes the
events as the reader may see them (``State.events_for(seat)``), or all of them (a record shows
everything); nothing here looks at hidden cards by itself. Hand summaries read the
score phase's record (points, penalties): nothing is scored again here.

A renege is told once (STD-A8, GH-A11, `euchre rules cutthroat`): when the hand goes on, a
line says who
reneged with which card at the moment it happens and the summary says what it cost; when it
ends the hand, the unfinished trick is shown and the summary that follows says both.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics import events as E
from engine.mechanics.base import SaysItself
from engine.mechanics.wording import agreeing, card_words, number
from engine.play.state import State
from engine.rules.results import HandResult, Penalty
from engine.text.narrate_table import TableNarrator
from engine.text.narrate_words import cards_text, hand_text, sorted_hand, trump_text

__all__ = ["HandNarrator"]


_ORDER = {E.UpcardGone: 0, E.TrumpMade: 1, E.Swapped: 2, E.Looked: 2, E.ExchangeTaken: 2,
          E.ExtraHandGone: 2, E.SatOut: 3, E.TrickVoided: 4, E.Reneged: 4, E.PartnerShown: 5,
          E.TrickWon: 6, E.FarmerExchanged: 7, E.ShowDeclared: 8}
"""The order in which the lines of what an action brought about are told."""


def _taken(events: Sequence[E.Event]) -> E.ExchangeTaken | None:
    """The cards a seat took as this hand began (``ExchangeTaken`` the first action of the
    hand), with the number he still has to discard, if any."""
    start = next((i for i in range(len(events) - 1, -1, -1)
                  if isinstance(events[i], E.Dealt)), None)
    if start is None:
        return None
    taken = None
    for event in events[start + 1:]:
        if isinstance(event, E.ExchangeTaken) and taken is None:
            taken = event
        elif taken is not None and isinstance(event, E.Discarded) and event.seat == taken.seat:
            taken = taken._replace(size=taken.size - 1)
        elif not isinstance(event, E.ExchangeTaken):
            return None  # another action came first, or the exchange is over
    return taken if taken is not None and taken.size > 0 else None


class HandNarrator(TableNarrator):
    """The lines of a hand in progress and of finished hands."""

    def action_line(self, event: E.Event, *, dealer: int = -1) -> str:
        """The line of an action's own event, the first ``State.apply`` returns: ``East
        orders up`` (``West picks it up`` when West is the hand's ``dealer``), ``North
        discards`` (``North discards 9♣`` to its owner), ``West plays Q♦ from East's exposed
        hand``. A kind only one mechanic declares (``play``, ``declare``, ``partner``) finds
        its verb by itself; a pass or a said decision by the mechanic its event names."""
        kind = type(event)
        if kind is E.CardPlayed:
            assert isinstance(event, E.CardPlayed)
            return self.action(event.by, f"play:{C.card_name(event.card)}", owner=event.seat)
        if isinstance(event, SaysItself) and event.is_action:  # a renege taken back...
            return event.line(self.seat)
        if kind is E.Passed:
            assert isinstance(event, E.Passed)
            return self.action(event.seat, "pass", phase=event.mechanic)
        if kind is E.Said:
            assert isinstance(event, E.Said)
            return self.action(event.seat, A.name_of(event.action, self.special_bid_names),
                               phase=event.mechanic, dealer=dealer)
        if isinstance(event, E.Discarded | E.CardGiven):
            prefix = "discard" if kind is E.Discarded else "give"
            name = f"{prefix}:{C.card_name(event.card)}" if event.card >= 0 else prefix
            return self.action(event.seat, name, phase=event.mechanic, reveal=event.card >= 0)
        if isinstance(event, E.ShowDeclared):
            return self.action(event.seat, f"declare:{event.show + 1}")
        if isinstance(event, E.PartnerCalled):
            return self.action(event.maker, f"partner:{C.card_name(event.card)}")
        raise ValueError(f"not an action's event: {event!r}")

    def after(self, events: Sequence[E.Event]) -> list[str]:
        """What an action brought about, beyond the action itself, from the events
        ``State.apply`` returned (as the reader may see them: ``State.events_for``, or all of
        them in a record, which shows everything): the upcard taken or turned down, trump
        named, a swap's dead hand, the ghost hand looked at (its cards only to the looker),
        extra hands leaving the table, partners sitting out, a renege, the called partner
        shown, a finished trick, a farmer's exchange, a show's cards, and the summary of
        each hand that ended. What follows the next deal is the next hand's header."""
        lines: list[tuple[int, str]] = []
        dealt = False
        for event in events:
            if isinstance(event, E.HandScored | E.ThrownIn):
                lines.append((len(_ORDER), self.hand_summary(event.result)))
            elif isinstance(event, E.Dealt):
                dealt = True
            elif not dealt and isinstance(event, SaysItself) and not event.is_action:
                lines.append((len(_ORDER) - 1, event.line(self.seat)))
            elif not dealt and type(event) in _ORDER:
                line = self._line(event)
                if line:
                    lines.append((_ORDER[type(event)], line))
        lines.sort(key=lambda line: line[0])  # stable: events of one kind stay in order
        return [text for _, text in lines]

    def _line(self, event: E.Event) -> str:
        """The line of one event of :data:`_ORDER` (empty: nothing to tell)."""
        if isinstance(event, E.UpcardGone):
            if event.how == E.TAKEN:
                return f"{self.seat(event.dealer)} picks up the {C.pretty(event.card)}."
            if event.how == E.TURNED_DOWN:
                return f"The {C.pretty(event.card)} is turned down."
            return f"{self.seat(event.dealer)} leaves the {C.pretty(event.card)}."
        if isinstance(event, E.TrumpMade):
            right, left = self.bowers(event.trump)
            bowers = (f" The bowers: {C.pretty(right)} and {C.pretty(left)}."
                      if right >= 0 and left >= 0 else "")
            return f"Trump: {trump_text(event.trump)}, {self._made_by(event.maker)}.{bowers}"
        if isinstance(event, E.Swapped):
            return self._dead_hand_line(event.seat, event.dead)
        if isinstance(event, E.Looked):
            return (f"The {self.swap_hand} hand {self.seat(event.seat)} looks at: "
                    f"{hand_text(event.cards, deck=self.variant.deck)}" if event.cards else "")
        if isinstance(event, E.ExchangeTaken | E.ExtraHandGone):
            return self._extra_gone(event)
        if isinstance(event, E.SatOut):
            out = [self.seat(s) for s in range(self.variant.players) if event.seats >> s & 1]
            return f"{agreeing(out, 'sits', 'sit')} out this hand."
        return self._play_line(event)

    def _play_line(self, event: E.Event) -> str:
        """A renege, the called partner shown, a finished trick (or one a renege voided), a
        farmer's exchange, a show's cards."""
        if isinstance(event, E.Reneged):
            return "" if event.ends_hand else self._renege_line(event)
        if isinstance(event, E.TrickVoided):
            trick = zip(event.seats, event.cards, strict=True)
            return f"Trick {event.number} does not count: {self.trick_text(list(trick))}"
        if isinstance(event, E.TrickWon):
            trick = zip(event.seats, event.cards, strict=True)
            return (f"Trick {event.number} to {self.seat(event.winner)}: "
                    f"{self.trick_text(list(trick))}")
        if isinstance(event, E.PartnerShown):
            return self._partner_shown(event)
        if isinstance(event, E.FarmerExchanged):  # a farmer's hand, shown to all (STD-A15)
            shown = event.shown
            shown_text = cards_text(sorted_hand(shown, deck=self.variant.deck))
            return (f"{self.seat(event.seat)} shows {shown_text} and "
                    f"takes {number(shown.bit_count())} cards of the kitty in their place, "
                    "face down.")
        if isinstance(event, E.ShowDeclared):  # the cards a declared show names (DECL-A1)
            return (f"{self.seat(event.seat)} shows "
                    f"{hand_text(event.cards, event.trump, self.variant.deck)}.")
        return ""

    def _dead_hand_line(self, swapper: int, known: int) -> str:
        cards = f": {hand_text(known, deck=self.variant.deck)}" if known else ""
        return (f"The hand {self.seat(swapper)} gave up lies dead, face down "
                f"({self.hand_size} cards){cards}; no other swap this deal.")

    def _extra_gone(self, event: E.ExchangeTaken | E.ExtraHandGone) -> str:
        """An extra hand leaving the table: taken by the seat that exchanges with it
        (``kitty_exchange``; the kitty itself is no hand on the table), merged by the maker,
        given up unseen by a lone maker (CTD-A13), or set aside (an optional merge declined;
        a hand nobody made, CTD-A15)."""
        if isinstance(event, E.ExchangeTaken):
            if event.source == "kitty":
                return ""
            what = " hand" if event.source in self.variant.deal.extra_hands else ""  # or a pile
            return (f"{self.seat(event.seat)} takes the {event.source}{what} ({event.size} "
                    f"cards): he holds {event.held} cards and discards {event.size}.")
        gone = f"The {event.name} hand ({event.size} cards)"
        if event.fate == E.MERGED:
            return (f"{gone} is merged by {self.seat(event.seat)}, who holds {event.held} "
                    f"cards and discards {event.held - self.hand_size}.")
        if event.fate == E.GIVEN_UP:
            return f"{gone} is given up unseen: {self.seat(event.seat)} plays alone."
        if event.fate == E.NO_MAKER:
            return f"{gone} is set aside unseen: nobody made trump."
        return f"{gone} is set aside unseen."

    def _partner_shown(self, event: E.PartnerShown) -> str:
        """``- the ace of spades: West is North's partner``: the called card played shows
        everyone who the maker's partner is (CALL-A6)."""
        card, maker = event.card, event.maker
        if event.partner == maker:
            return (f"- {card_words(card)}: {self.seat(maker)} called his own card and plays "
                    "alone.")
        return f"- {card_words(card)}: {self.seat(event.partner)} is {self.names[maker]}'s partner."

    def _renege_line(self, event: E.Reneged) -> str:
        """``B reneges: Q♣ does not follow trump; ...`` (a hand that goes on, GH-A11)."""
        word = "trump" if event.led == event.trump else C.SUIT_WORDS[event.led]
        then = ("it may be taken back before the trick is turned (RENEGE-A1)"
                if self.variant.renege.correct else "the penalty is scored with the hand")
        return (f"{self.seat(event.seat)} reneges: {C.pretty(event.card)} does not follow "
                f"{word}; {then}.")

    def hand_header(self, state: State) -> str:
        """``-- Hand 3, dealer West, upcard 9♠ --``: what everyone sees of a new deal."""
        h = state.hand
        up = f", upcard {C.pretty(h.upcard)}" if h.upcard >= 0 else ""
        if h.trump >= 0:  # fixed by the upcard before anyone acts (dirty clubs)
            up = f", upcard {C.pretty(h.turned)}: {trump_text(h.trump)} are trump, " \
                 f"{self._made_by(h.maker)}"
            for part in h.parts.values():  # each mechanic's: the dealer's pickup...
                up += "".join(f"; {words}" for words in part.header_words(self))
        taken = _taken(state.events)
        if taken is not None:  # cards taken as the hand began, not all discarded yet
            source = "the kitty" if taken.source == "kitty" else f"the {taken.source} hand"
            up += f"; {self.seat(taken.seat)} takes {source} ({taken.size} cards)"
        return f"-- Hand {state.hand_no}, dealer {self.seat(state.dealer)}{up} --"

    def _made_by(self, maker: int) -> str:
        """``made by East``, or, in a hand nobody made, that everyone plays for himself."""
        if maker >= 0:
            return f"made by {self.seat(maker)}"
        return "with no maker: everyone plays, for himself"

    def deal_lines(self, state: State) -> list[str]:
        """Every position's cards, the upcard and the kitty: for records, which show all."""
        n = self.variant.players
        lines = [f"  {self.seat(s)}: {hand_text(state.hand.hands[s], deck=self.variant.deck)}"
                 for s in range(n)]
        for k, name in enumerate(self.variant.deal.extra_hands):
            extra = hand_text(state.hand.hands[n + k], deck=self.variant.deck)
            lines.append(f"  {name} hand: {extra}")
        if state.hand.upcard >= 0:
            lines.append(f"  upcard: {C.pretty(state.hand.upcard)}")
        if state.hand.kitty:
            kitty = cards_text(sorted_hand(state.hand.kitty, deck=self.variant.deck))
            lines.append(f"  kitty: {kitty}")
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
        reneges += "".join(f"{note} " for part in record.parts.values()
                           for note in part.notes(self.variant, record, self.seat))
        total = (f"In all: {self.points(record.deltas, every_side=True)}" if penalties
                 else self.points(record.deltas))
        label = record.label.replace("_", " ")
        return (f"{head}: {self._contract_text(record)}; {took_text}: {label}. "
                f"{reneges}{total}.{self._your_part(record)} {score}")

    def _your_part(self, record: HandResult) -> str:
        """`` You defended: your side took 2 of 5 tricks.`` for the human (``you``) in a hand
        with a maker; empty otherwise."""
        you = self.you
        if you is None or record.maker < 0:
            return ""
        sides = self.variant.hand_sides(record.maker, record.makers)
        side = next((s for s in sides if you in s), (you,))
        if record.maker == you:
            return " You made trump."
        if record.maker in side:
            return " Your side made trump."
        took = sum(record.tricks[s] for s in side)
        whose = "your side took" if len(side) > 1 else "you took"
        return f" You defended: {whose} {took} of {sum(record.tricks)} tricks."

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
        for part in record.parts.values():  # each mechanic's: seats dropped, the dummy...
            extras += part.contract_words(self.variant, record, self.seat)
        return f"{made} ({'; '.join(extras)})" if extras else made

    def _renege_text(self, penalty: Penalty) -> str:
        """``West reneged with 9♦ in trick 1``."""
        return (f"{self.seat(penalty.seat)} reneged with {C.pretty(C.card(penalty.card))}"
                f" in trick {penalty.trick}")
