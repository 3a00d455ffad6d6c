"""Games as text for the terminal: seat names, cards, hands, actions, tricks and scores.

Everything here only reads: a :class:`Narrator` is built once per variant and turns action
names, views and ``hands_played`` records into short lines. Which cards a line may show is the
caller's choice (``viewer``/``reveal``); nothing here looks at hidden cards by itself.

The words live in :mod:`engine.text.narrate_words`, the table's vocabulary (seats, sides, scores,
actions) in :mod:`engine.text.narrate_table`, a hand's events and summaries in
:mod:`engine.text.narrate_hand`; this module adds a seat's view and gathers the public names.

>>> from engine import load_variant
>>> n = Narrator(load_variant("standard"))
>>> n.seat(1), n.action(1, "order_up"), n.action(2, "play:JH")
('East', 'East orders up', 'South plays J♥')
>>> n.action(0, "discard:9C"), n.action(0, "discard:9C", viewer=0)
('North discards', 'North discards 9♣')
>>> hand_text(C.mask_of(["9C", "JD", "AH", "JH", "TS"]), trump=C.HEARTS)
'J♥ J♦ A♥  9♣  10♠'
>>> ghost = Narrator(load_variant("ghost-hand"))
>>> ghost.action(2, "bid:4"), ghost.action(2, "bid:moon")
('C bids 4', 'C shoots the moon')
>>> signed(3), signed(-2)
('+3', '-2')
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import cards as C
from engine.mechanics import events as E
from engine.play.view import View
from engine.text.narrate_hand import HandNarrator
from engine.text.narrate_words import (
    hand_text,
    seat_names,
    signed,
    sorted_hand,
    third_person,
    trump_text,
)

__all__ = [
    "Narrator",
    "hand_hidden",
    "hand_text",
    "seat_names",
    "signed",
    "sorted_hand",
    "third_person",
    "trump_text",
]


class Narrator(HandNarrator):
    """Text for one variant's games. ``you`` marks the human's seat as ``South (you)``."""

    # -- a seat's view -----------------------------------------------------------------------

    def view_lines(self, view: View, events: Sequence[E.Event], *, recap: bool = True
                   ) -> list[str]:
        """Everything ``view`` holds, for the player at that seat, one topic a line;
        ``events``: the game's events as that seat may see them (``State.events_for``), which
        tell what happened in the hand so far. Without ``recap``, what a player who saw the
        hand narrated needs at a new phase: no header, upcard or actions so far, and the
        contract only when the tricks begin."""
        hand = _this_hand(events)
        lines = []
        if recap:
            lines.append(f"Hand {view.hand_number}, dealer {self.seat(view.dealer)}. "
                         f"Score: {self.score_line(view.scores)}")
            lines += self._deal_lines(view)
            bidding = self._bidding(hand, view.dealer)
            if bidding:
                lines.append(f"This hand so far: {'; '.join(bidding)}")
        if view.trump >= 0 and (recap or view.phase == "play"):
            lines.append(self._contract(view))
        lines += self._extra_hands(view, hand)
        if view.phase == "play":
            lines.append(self.trick_line(view))
        lines.append(self.hand_line(view))
        return lines

    def hand_line(self, view: View) -> str:
        """``Your hand (South): J♥ (right bower) J♦ (left bower) A♥  9♣``: trump first once
        named, the bowers marked."""
        blind = hand_hidden(view)
        hand = "(unseen: you name trump first)" if blind else \
            hand_text(view.hand, view.trump, view.tables)
        if not blind:
            for card, which in zip(self.bowers(view.trump), ("right", "left"), strict=True):
                if card >= 0:
                    hand = hand.replace(C.pretty(card), f"{C.pretty(card)} ({which} bower)")
        return f"Your hand ({self.names[view.seat]}): {hand}"

    def trick_line(self, view: View) -> str:
        """``Trick 2: North J♥ (winning), East 9♥. Tricks won: ...``: the trick in progress,
        the card winning it so far marked (from :meth:`winning`)."""
        trick_no = sum(view.tricks_won) + 1
        if view.trick:
            best = self.winning(view.trick, view.trump) if len(view.trick) > 1 else -1
            shown = ", ".join(f"{self.seat(s)} {C.pretty(c)}" + (" (winning)" if i == best
                                                                 else "")
                              for i, (s, c) in enumerate(view.trick))
        else:
            shown = "you lead" if view.current_player == view.seat else "nothing played yet"
        shown += _joker_call(view)
        trump = f" ({trump_text(view.trump)} trump)" if 0 <= view.trump < C.NO_TRUMP else ""
        return (f"Trick {trick_no}{trump}: {shown}. "
                f"Tricks won: {self.tricks_line(view.tricks_won)}")

    def winning(self, trick: Sequence[tuple[int, int]], trump: int) -> int:
        """The index in ``trick`` (seat, card pairs in play order) of the card winning it so
        far, as the variant's own :meth:`~engine.rules.variant.Variant.trick_winner` says."""
        return self.variant.trick_winner(C.trump_letter(trump),
                                         [C.card_name(c) for _, c in trick])

    def trick_progress(self, played: E.CardPlayed, trick: Sequence[tuple[int, int]]) -> str:
        """What the trick in progress (``trick``, from a view) looks like after the card
        ``played``: ``, winning the trick so far``, or ``; North's J♥ wins so far`` (the winner
        so far as the play mechanic said it); nothing after the lead."""
        if len(trick) < 2:
            return ""
        if played.winning:
            return ", winning the trick so far"
        seat = played.winner
        card = next(c for s, c in trick if s == seat)
        owner = "your" if seat == self.you else f"{self.names[seat]}'s"
        return f"; {owner} {C.pretty(card)} wins so far"

    def _bidding(self, hand: Sequence[E.Event], dealer: int) -> list[str]:
        """The hand's actions before the tricks, from their events (each says its mechanic:
        a ``pass`` once trump is made declines to go alone); discards the reader may not see,
        one seat's in a row, are said together."""
        actions = [e for e in hand if isinstance(e, _ACTIONS)]
        lines: list[str] = []
        hidden = 0
        for i, event in enumerate(actions):
            if isinstance(event, E.CardPlayed):
                break  # the tricks (and a led joker's call) are the trick line's
            if isinstance(event, E.Discarded) and event.card < 0 and i + 1 < len(actions) \
                    and actions[i + 1] == event:
                hidden += 1  # another hidden discard by the same seat follows
                continue
            line = self.action_line(event, dealer=dealer)
            lines.append(f"{line} {hidden + 1} cards" if hidden else line)
            hidden = 0
        return lines

    def _deal_lines(self, view: View) -> list[str]:
        """The upcard, or what the flow's mechanics tell of the deal instead (the upcard turned
        down, the high bid so far): :meth:`~engine.mechanics.base.ViewPart.deal_lines`."""
        if view.upcard >= 0:
            return [f"Upcard: {C.pretty(view.upcard)}"]
        for part in view.parts.values():
            lines = part.deal_lines(view, self)
            if lines:
                return lines
        return []

    def _contract(self, view: View) -> str:
        text = f"Trump: {trump_text(view.trump)}, {self._made_by(view.maker)}"
        if view.maker >= 0 and view.bid:
            bid = self.bid_text(view.bid_special or view.bid)
            text += f" (bid: {bid})"
        if view.alone:
            text += "; alone: " + ", ".join(self.seat(s) for s in view.alone)
        if view.sitting_out:
            text += "; sitting out: " + ", ".join(self.seat(s) for s in view.sitting_out)
        for part in view.parts.values():  # each mechanic's: a called partner...
            text += "".join(f"; {words}" for words in part.contract_words(view, self))
        return text

    def _extra_hands(self, view: View, hand: Sequence[E.Event]) -> list[str]:
        """The dummy or ghost hand: its size face down, or what became of it; then what the
        flow's mechanics tell of the table (a swap's dead hand, its cards only to the swapper;
        the ghost hand a seat looked at, only to him: ``ViewPart.table_lines``), and the
        running mechanic's words to the seat to act (the discards a merged dummy owes:
        ``Words.to_act``)."""
        lines = []
        for k, name in enumerate(self.variant.deal.extra_hands):
            size = view.hand_sizes[self.variant.players + k]
            if size:
                lines.append(f"The {name} hand: {size} cards, face down")
            elif name == "dummy" and view.maker >= 0:
                merged = any(isinstance(e, E.ExtraHandGone) and e.fate == E.MERGED for e in hand)
                fate = self.dummy_fate(view.maker, alone=view.maker in view.alone, merged=merged)
                lines.append(f"The dummy hand: {fate.removeprefix('the dummy ')}")
            elif name == "dummy" and view.trump >= 0:  # a hand nobody made (CTD-A15)
                lines.append("The dummy hand: set aside unseen, since nobody made trump")
        for part in view.parts.values():  # each mechanic's: a swap, a hand looked at...
            lines += part.table_lines(view, hand, self)
        to_act = self.to_act.get(view.phase)  # the running mechanic's words to the actor
        if to_act is not None and view.current_player == view.seat:
            lines += to_act(view, self)
        return lines


_ACTIONS = (E.CardPlayed, E.Passed, E.Said, E.Discarded, E.CardGiven, E.ShowDeclared,
            E.PartnerCalled)
"""The events that are a player's action (the first event of each action)."""


def _this_hand(events: Sequence[E.Event]) -> Sequence[E.Event]:
    """The events since the current hand was dealt."""
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], E.Dealt):
            return events[i + 1:]
    return events


def hand_hidden(view: View) -> bool:
    """Whether the seat may not see the cards it holds now (a dealer naming trump blind): its
    view then shows none of them, though its hand is not empty."""
    return not view.hand and view.hand_sizes[view.seat] > 0


def _joker_call(view: View) -> str:
    """`` (the joker calls for hearts ♥)`` when the trick in progress is led by the joker at
    no-trump and its leader has named its suit (BID-A8), else nothing."""
    if not view.trick or view.trick[0][1] not in (C.JOKER, C.JOKER_LOW) or \
            view.trump < C.NO_TRUMP:
        return ""
    names = [name for _, name in view.actions]
    last_call = max((i for i, n in enumerate(names) if n.startswith("call:")), default=-1)
    if last_call < names.index(f"play:{C.card_name(view.trick[0][1])}"):
        return ""
    return f" (the joker calls for {trump_text(names[last_call][len('call:'):])})"
