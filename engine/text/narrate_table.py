"""The table's vocabulary: seats, sides, scores and one line per action.

:class:`TableNarrator` is the base of :class:`engine.text.narrate.Narrator`; it only reads the
variant. Cards are always shown as on the table (``Q♦``), never as codes.

>>> from engine import load_variant
>>> n = TableNarrator(load_variant("standard"), you=2)
>>> n.action(2, "play:TD"), n.points([2, 0, 2, 0])
('South (you) plays 10♦', 'North-South +2')
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.registry import flow_words, verb_for
from engine.mechanics.wording import card_words
from engine.play.program import program
from engine.rules.variant import Variant
from engine.text.narrate_words import hand_text, imperative, seat_names, signed, trump_text

__all__ = ["TableNarrator"]


class TableNarrator:
    """Seats, sides, scores and actions of one variant. ``you`` marks the human's seat as
    ``South (you)``."""

    def __init__(self, variant: Variant, *, you: int | None = None) -> None:
        self.variant = variant
        self.names = seat_names(variant.players)
        self.you = you
        words = flow_words(variant)
        self.terms: dict[str, str] = {"extra_hand": "extra"}
        """The names the flow's mechanics give the verb templates (``extra_hand``)."""
        for w in words:
            self.terms.update(w.terms(variant) if w.terms else {})
        self.swap_hand = self.terms["extra_hand"]
        self._verbs = [w.verb for w in words if w.verb is not None]
        """The flow's mechanics' own verb phrases (a special bid, a show by its label)."""
        self._bid_noun = next((w.bid_noun for w in words if w.bid_noun), None)
        self._on_bid = next((w.on_bid for w in words if w.on_bid), None)
        self.special_bid_names = program(variant).special_bids
        """The special bids' names in rank order, as actions name them (``bid:moon``)."""
        self.hand_size = variant.deal.hand_size
        self.to_act = {key: w.to_act for key, w in zip(variant.flow, words, strict=True)
                       if w.to_act is not None}
        """The flow's mechanics' lines to the seat to act in their phase, by key."""

    # -- seats, sides, scores ---------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """The seat's name (``South``; ``South (you)`` for the human)."""
        name = self.names[seat]
        return f"{name} (you)" if seat == self.you else name

    def hand_words(self, mask: int, trump: int = -1) -> str:
        """Cards as on the table, trump first (a mechanic's words ask it:
        :class:`~engine.mechanics.parts.Speaker`)."""
        return hand_text(mask, trump, self.variant.deck)

    def bowers(self, trump: int) -> tuple[int, int]:
        """The right and the left bower of ``trump`` in this deck (-1: none, as at no-trump
        or in a deck without jacks): the jacks that play as trumps."""
        if not 0 <= trump < C.NO_TRUMP or not self.variant.deck.bowers:
            return (-1, -1)  # no-trump, or jacks ranked plainly (DECK-A5)
        tables = self.variant.deck.tables(trump)
        jacks = [c for c in self.variant.deck.cards if c < C.COPY
                 and C.rank_of(c) == C.RANK_J and tables.effective[c] == trump]
        right = next((c for c in jacks if C.suit_of(c) == trump), -1)
        left = next((c for c in jacks if C.suit_of(c) != trump), -1)
        return (right, left)

    def trump_words(self, trump: int) -> str:
        """A trump in words (``hearts ♥``)."""
        return trump_text(trump)

    def side(self, seats: Sequence[int]) -> str:
        """A side's name: ``North-South``, or one seat's name."""
        return "-".join(self.names[s] for s in seats)

    def score_line(self, scores: Sequence[int]) -> str:
        """``North-South 4, East-West 6 (game to 10)``: one score per fixed side (``game of 8
        hands``, ``game to 500, lost at -500``: GAME-A1, GAME-A2)."""
        parts = [f"{self.side(team)} {scores[team[0]]}" for team in self.variant.sides.teams]
        game = self.variant.game
        aim = f"game of {game.hands} hands" if game.hands is not None else \
            f"game to {game.target}"
        if game.lose_at is not None:
            aim += f", lost at {game.lose_at}"
        return f"{', '.join(parts)} ({aim})"

    def end_reason(self, winners: Sequence[int], scores: Sequence[int], *, played: int
                   ) -> str:
        """Why the game ended, when not by the target: `` after 8 hands`` (``game.hands``,
        ``played`` the hands scored), ``: East-West went down to -520 ...`` (``lose_at``);
        empty for a game won at the target (GAME-A1, GAME-A2)."""
        game = self.variant.game
        if game.hands is not None and played >= game.hands:
            return f" after {played} hands"
        if game.hands is None and winners and game.reached(scores[winners[0]]):
            return ""
        down = [team for team in self.variant.sides.teams if game.lost(scores[team[0]])]
        if not down:
            return ""
        fallen = " and ".join(f"{self.side(t)} went down to {scores[t[0]]}" for t in down)
        return f": {fallen} (at {game.lose_at} or below the game is lost)"

    def tricks_line(self, tricks: Sequence[int]) -> str:
        """Tricks won so far, per fixed side."""
        teams = self.variant.sides.teams
        return ", ".join(f"{self.side(t)} {sum(tricks[s] for s in t)}" for t in teams)

    def winners_line(self, winners: Sequence[int], scores: Sequence[int], *, played: int = 0
                     ) -> str:
        """``North-South win the game, 10 to 8`` (sides named whole where they win whole),
        with why when not at the target (:meth:`end_reason`; ``played``: hands scored)."""
        teams = [t for t in self.variant.sides.teams if set(t) <= set(winners)]
        who = " and ".join(self.side(t) for t in teams) or "nobody"
        verb = "wins" if len(teams) == 1 and len(teams[0]) == 1 else "win"
        why = self.end_reason(winners, scores, played=played)
        return f"{who} {verb} the game{why}. Final score: {self.score_line(scores)}"

    def points(self, deltas: Sequence[int], *, every_side: bool = False) -> str:
        """``North-South +2``: the points per fixed side, those that scored nothing left out
        unless ``every_side``."""
        parts = [f"{self.side(t)} {signed(deltas[t[0]])}" for t in self.variant.sides.teams
                 if deltas[t[0]] or every_side]
        return ", ".join(parts) if parts else "no points"

    def renege_cost(self, offender: int, *, maker_alone: bool) -> str:
        """What a renege by ``offender`` would cost, from the variant's penalty
        (``the hand is void; East-West +2``; STD-A8, GH-A11, `euchre rules cutthroat`)."""
        rules = self.variant.renege
        points = rules.points(offenders=self.variant.sides.side_of(offender),
                              players=self.variant.players, maker_alone=maker_alone)
        parts = ["the hand is void"] if rules.void_hand else []
        if any(points):
            parts.append(self.points(points))
        return "; ".join(parts) or "no penalty"

    # -- actions -----------------------------------------------------------------------------

    def action(self, seat: int, name: str, *, phase: str = "", viewer: int | None = None,
               reveal: bool = False, owner: int = -1, dealer: int = -1) -> str:
        """One line for an action: ``East orders up``; by the hand's ``dealer`` in the words a
        mechanic gives the dealer (``West picks it up``). A discarded card is shown only to its
        owner (``viewer``) or when ``reveal`` (a record shows everything). ``owner``: the
        exposed lone hand whose card ``seat`` chooses (STD-A17)."""
        if owner >= 0 and owner != seat and name.startswith("play:"):
            card = C.pretty(C.card(name.partition(":")[2]))
            return f"{self.seat(seat)} plays {card} from {self.seat(owner)}'s exposed hand"
        shown = reveal or viewer == seat
        return f"{self.seat(seat)} {self._verb(seat, name, phase, shown, dealer=dealer)}"

    def option(self, seat: int, name: str, *, phase: str = "", dealer: int = -1) -> str:
        """An action offered to ``seat``, in a player's words: ``order up`` (``pick it up`` to
        the ``dealer``), ``name clubs ♣ as trump``, ``pass your partner 9♠``; a card to play
        is the card itself (``K♠``)."""
        kind, _, arg = name.partition(":")
        if kind == "play" and arg:
            return C.pretty(C.card(arg))
        return imperative(self._verb(seat, name, phase, True, dealer=dealer))

    def _verb(self, seat: int, name: str, phase: str, shown: bool, *, dealer: int = -1) -> str:
        """The running mechanic's verb for the action's kind (the first mechanic that names
        the kind when the phase is not known; its dealer's verb when ``seat`` deals), its
        argument filled in."""
        kind, _, arg = name.partition(":")
        if kind == "call" and arg in ("N", "L"):
            return f"calls {trump_text(arg)}"
        for verb in self._verbs:
            said = verb(self.variant, kind, arg)
            if said is not None:
                return said
        template = verb_for(kind, phase, dealer=seat == dealer >= 0)
        if template is None:
            return name
        declared = A.kind_named(kind)
        if "{card}" in template and (not arg or (not shown and declared and declared.private)):
            return template.replace(" {card}", "")
        return template.format(
            card=C.pretty(C.card(arg)) if "{card}" in template else "",
            card_words=card_words(C.card(arg)) if "{card_words}" in template else "",
            suit=trump_text(arg) if "{suit}" in template else "", arg=arg, **self.terms)

    def bid_text(self, bid: int | str) -> str:
        """A winning or high bid as a noun: ``4``, or a special bid's label (``shoot the
        moon``)."""
        return self._bid_noun(self.variant, bid) if self._bid_noun else str(bid)

    def on_bid(self, bid: int | str) -> str:
        """How a contract was bid: ``on a bid of 4``; a special bid whose label is what the
        bidder does (``shoot the moon``, said ``shoots the moon``) as ``on a bid to shoot the
        moon``, any other by its name as a noun (``on a bid of little pepper``)."""
        return self._on_bid(self.variant, bid) if self._on_bid else f"on a bid of {bid}"

    def trick_text(self, trick: Sequence[tuple[int, int]]) -> str:
        """``North J♥, East 9♥`` (in play order)."""
        return ", ".join(f"{self.seat(s)} {C.pretty(c)}" for s, c in trick)

    def dummy_fate(self, maker: int, *, alone: bool, merged: bool) -> str:
        """What became of the dummy (CTD-A3, CTD-A13): merged, given up or set aside."""
        if merged:
            return f"the dummy merged by {self.seat(maker)}"
        return "the dummy given up unseen" if alone else "the dummy set aside unseen"

