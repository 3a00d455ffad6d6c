"""Games as text for the terminal: seat names, cards, hands, actions, tricks and scores.

Everything here only reads: a :class:`Narrator` is built once per variant and turns action
names, views and ``hands_played`` records into short lines. Which cards a line may show is the
caller's choice (``viewer``/``reveal``); nothing here looks at hidden cards by itself.

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

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from engine import cards as C
from engine.state import State
from engine.variant import Variant
from engine.view import View

__all__ = [
    "After",
    "Narrator",
    "hand_text",
    "seat_names",
    "signed",
    "sorted_hand",
    "third_person",
    "trump_text",
]

_FOUR = ("North", "East", "South", "West")
_THREE = ("A", "B", "C")
_TWO = ("P1", "P2")
_COLOUR_CYCLE = (C.SPADES, C.HEARTS, C.CLUBS, C.DIAMONDS)
"""Suits in an order whose colours alternate, from any starting suit."""


def seat_names(players: int) -> tuple[str, ...]:
    """The seat names of a table (RULES.md 0): ``P1 P2``; ``A B C``; ``North ... West``;
    ``Seat k`` (k as in ``--seat``) for larger tables."""
    return {2: _TWO, 3: _THREE, 4: _FOUR}.get(players) or tuple(
        f"Seat {k}" for k in range(players))


def sorted_hand(mask: int, trump: int = -1) -> list[int]:
    """The cards grouped by suit, highest first, suits alternating in colour; once trump is
    named (0..3) the trump group, bowers and joker included, comes first. Before that (or at
    no-trump) the joker leads."""
    tables = C.trump_tables(trump if 0 <= trump <= C.NO_TRUMP else C.NO_TRUMP)
    start = _COLOUR_CYCLE.index(trump) if 0 <= trump < C.NO_TRUMP else 0
    groups = [C.NO_TRUMP, *_COLOUR_CYCLE[start:], *_COLOUR_CYCLE[:start]]
    out: list[int] = []
    for suit in groups:
        group = [c for c in C.cards_of(mask) if tables.effective[c] == suit]
        out += sorted(group, key=tables.power[suit].__getitem__, reverse=True)
    return out


def hand_text(mask: int, trump: int = -1) -> str:
    """A hand as pretty cards, suits two spaces apart (see :func:`sorted_hand`)."""
    tables = C.trump_tables(trump if 0 <= trump <= C.NO_TRUMP else C.NO_TRUMP)
    parts: list[str] = []
    last = None
    for c in sorted_hand(mask, trump):
        suit = tables.effective[c]
        if last is not None and suit != last:
            parts.append("")
        parts.append(C.pretty(c))
        last = suit
    return " ".join(parts) or "(no cards)"


def trump_text(trump: int | str | None) -> str:
    """``2`` or ``"H"`` -> ``hearts ♥``; no-trump -> ``no-trump``."""
    if trump is None or trump == -1:
        return "not named yet"
    suit = trump if isinstance(trump, int) else _suit_index(trump)
    if suit == C.NO_TRUMP:
        return "no-trump"
    return f"{C.SUIT_WORDS[suit]} {C.SUIT_SYMBOLS[suit]}"


def signed(points: int) -> str:
    """Points with their sign: ``+2``, ``-2``, ``0``."""
    return f"{points:+d}" if points else "0"


def third_person(phrase: str) -> str:
    """A verb phrase said of someone: ``shoot the moon`` -> ``shoots the moon``."""
    verb, space, rest = phrase.partition(" ")
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        verb += "es"
    elif len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return f"{verb}{space}{rest}"


def _suit_index(letter: str) -> int:
    return C.NO_TRUMP if letter.upper() == "N" else C.parse_suit(letter)


def _extra_sizes(state: State) -> tuple[int, ...]:
    return tuple(h.bit_count() for h in state.hands[state.variant.players:])


def _cards_text(cards: Iterable[int]) -> str:
    return " ".join(C.pretty(c) for c in cards)


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

    @classmethod
    def before(cls, state: State, action: str) -> After:
        """Capture ``state`` before ``action`` is applied."""
        return cls(state.current_player, action, state.phase, state.hand_no, state.trump,
                   tuple(zip(state.trick_seats, state.trick, strict=True)),
                   sum(state.tricks_won), len(state.hands_played), state.inactive,
                   state.upcard, _extra_sizes(state))


class Narrator:
    """Text for one variant's games. ``you`` marks the human's seat as ``South (you)``."""

    def __init__(self, variant: Variant, *, you: int | None = None) -> None:
        self.variant = variant
        self.names = seat_names(variant.players)
        self.you = you
        swap = variant.auction.swap if variant.auction else None
        self.swap_hand = swap.hand if swap else "extra"
        self.top_bid = variant.auction.top_bid if variant.auction else None
        self.hand_size = variant.deal.hand_size

    # -- seats, sides, scores ---------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """The seat's name (``South``; ``South (you)`` for the human)."""
        name = self.names[seat]
        return f"{name} (you)" if seat == self.you else name

    def side(self, seats: Sequence[int]) -> str:
        """A side's name: ``North-South``, or one seat's name."""
        return "-".join(self.names[s] for s in seats)

    def score_line(self, scores: Sequence[int]) -> str:
        """``North-South 4, East-West 6 (game to 10)``: one score per fixed side."""
        parts = [f"{self.side(team)} {scores[team[0]]}" for team in self.variant.sides.teams]
        return f"{', '.join(parts)} (game to {self.variant.game.target})"

    def tricks_line(self, tricks: Sequence[int]) -> str:
        """Tricks won so far, per fixed side."""
        teams = self.variant.sides.teams
        return ", ".join(f"{self.side(t)} {sum(tricks[s] for s in t)}" for t in teams)

    def winners_line(self, winners: Sequence[int], scores: Sequence[int]) -> str:
        """``North-South win the game, 10 to 8`` (sides named whole where they win whole)."""
        teams = [t for t in self.variant.sides.teams if set(t) <= set(winners)]
        who = " and ".join(self.side(t) for t in teams) or "nobody"
        verb = "wins" if len(teams) == 1 and len(teams[0]) == 1 else "win"
        return f"{who} {verb} the game. Final score: {self.score_line(scores)}"

    # -- actions -----------------------------------------------------------------------------

    def action(self, seat: int, name: str, *, phase: str = "", viewer: int | None = None,
               reveal: bool = False) -> str:
        """One line for an action: ``East orders up``. A discarded card is shown only to its
        owner (``viewer``) or when ``reveal`` (a record shows everything)."""
        return f"{self.seat(seat)} {self._verb(seat, name, phase, reveal or viewer == seat)}"

    def _verb(self, seat: int, name: str, phase: str, shown: bool) -> str:
        kind, _, arg = name.partition(":")
        if kind == "pass":
            return "does not go alone" if phase == "go_alone" else "passes"
        if kind == "keep":
            return "leaves the dummy" if phase == "dummy_merge" else "leaves the upcard"
        if kind == "call":
            return "calls no-trump" if arg == "N" else f"names {trump_text(arg)} as trump"
        if kind == "bid":
            return self._bid_verb(arg)
        if kind == "discard":
            return f"discards {C.pretty(C.card(arg))}" if arg and shown else "discards"
        if kind == "play":
            return f"plays {C.pretty(C.card(arg))}"
        simple = {"order_up": "orders up", "pick_up": "picks up the upcard",
                  "alone": "goes alone", "merge": "takes the dummy into the hand",
                  "swap": f"swaps for the {self.swap_hand} hand",
                  "look": f"looks at the {self.swap_hand} hand"}
        return simple.get(kind, name)

    def _bid_verb(self, arg: str) -> str:
        """``bids 4``; the top bid in its own words (``shoots the moon``) when it has a label."""
        top = self.top_bid
        if top is not None and arg == top.name and top.label != top.name:
            return third_person(top.label)
        return f"bids {arg}"

    def bid_text(self, bid: int | str) -> str:
        """A winning or high bid as a noun: ``4``, or the top bid's label (``shoot the moon``)."""
        top = self.top_bid
        if top is not None and bid == top.name:
            return top.label
        return str(bid)

    # -- tricks and hands --------------------------------------------------------------------

    def trick_text(self, trick: Sequence[tuple[int, int]]) -> str:
        """``North J♥, East 9♥`` (in play order)."""
        return ", ".join(f"{self.seat(s)} {C.pretty(c)}" for s, c in trick)

    def after(self, was: After, state: State, *, reveal: bool = False,
              viewer: int | None = None) -> list[str]:
        """What ``was.action`` brought about, beyond the action itself: trump named, the dummy
        merged or given up, a swap's dead hand, partners sitting out, a finished trick,
        finished (or thrown-in) hands. Hidden cards (the ghost hand looked at, the hand a
        swapper gave up) are shown only to ``viewer`` when they are his, or when ``reveal``."""
        lines: list[str] = []
        same_hand = state.hand_no == was.hand_no
        shown = reveal or viewer == was.seat
        if same_hand and was.upcard >= 0 > state.upcard:
            lines.append(self._upcard_gone(was.upcard, state))
        if same_hand and was.trump < 0 <= state.trump:
            lines.append(f"Trump: {trump_text(state.trump)}, made by {self.seat(state.maker)}.")
        if same_hand and was.action == "swap":
            lines.append(self._dead_hand_line(was.seat, state.dead if shown else 0))
        elif same_hand and was.action == "look" and shown:
            ghost = state.hands[state.position(self.swap_hand)]
            lines.append(f"The {self.swap_hand} hand {self.seat(was.seat)} looks at: "
                         f"{hand_text(ghost)}")
        elif same_hand:
            lines += self._extras_gone(was, state)
        if same_hand and state.inactive != was.sitting_out:
            out = [s for s in range(self.variant.players) if state.inactive >> s & 1]
            lines.append(f"{', '.join(self.seat(s) for s in out)} sits out this hand.")
        if was.phase == "play" and was.action.startswith("play:"):
            lines += self._trick_end(was, state)
        lines += [self.hand_summary(r) for r in state.hands_played[was.hands_done:]]
        return lines

    def _dead_hand_line(self, swapper: int, known: int) -> str:
        cards = f": {hand_text(known)}" if known else ""
        return (f"The hand {self.seat(swapper)} gave up lies dead, face down "
                f"({self.hand_size} cards){cards}; no other swap this deal.")

    def _extras_gone(self, was: After, state: State) -> list[str]:
        """The dummy leaving the table: merged by the maker, or given up unseen by a lone
        maker (CTD-A13), or set aside (an optional merge declined)."""
        lines = []
        maker = self.seat(state.maker)
        for name, before, now in zip(self.variant.deal.extra_hands, was.extra_sizes,
                                     _extra_sizes(state), strict=True):
            if not before or now:
                continue
            if state.merged:
                held = state.hands[state.maker].bit_count()
                lines.append(f"The {name} hand ({before} cards) is merged by {maker}, who "
                             f"holds {held} cards and discards {held - self.hand_size}.")
            elif state.maker in state.alone:
                lines.append(f"The {name} hand ({before} cards) is given up unseen: {maker} "
                             "plays alone.")
            else:
                lines.append(f"The {name} hand ({before} cards) is set aside unseen.")
        return lines

    def _upcard_gone(self, upcard: int, state: State) -> str:
        if state.picked == upcard:
            return f"{self.seat(state.dealer)} picks up the {C.pretty(upcard)}."
        if state.trump < 0:
            return f"The {C.pretty(upcard)} is turned down."
        return f"{self.seat(state.dealer)} leaves the {C.pretty(upcard)}."

    def _trick_end(self, was: After, state: State) -> list[str]:
        if state.hand_no == was.hand_no and state.trick:
            return []
        trick = [*was.trick, (was.seat, C.card(was.action[len("play:"):]))]
        tables = C.trump_tables(was.trump)
        winner = trick[tables.winner([c for _, c in trick])][0]
        return [f"Trick {was.tricks_done + 1} to {self.seat(winner)}: {self.trick_text(trick)}"]

    def hand_header(self, state: State) -> str:
        """``-- Hand 3, dealer West, upcard 9♠ --``: what everyone sees of a new deal."""
        up = f", upcard {C.pretty(state.upcard)}" if state.upcard >= 0 else ""
        return f"-- Hand {state.hand_no}, dealer {self.seat(state.dealer)}{up} --"

    def deal_lines(self, state: State) -> list[str]:
        """Every position's cards, the upcard and the kitty: for records, which show all."""
        n = self.variant.players
        lines = [f"  {self.seat(s)}: {hand_text(state.hands[s])}" for s in range(n)]
        for k, name in enumerate(self.variant.deal.extra_hands):
            lines.append(f"  {name} hand: {hand_text(state.hands[n + k])}")
        if state.upcard >= 0:
            lines.append(f"  upcard: {C.pretty(state.upcard)}")
        if state.kitty:
            lines.append(f"  kitty: {_cards_text(sorted_hand(state.kitty))}")
        return lines

    def hand_summary(self, record: dict[str, Any]) -> str:
        """One line for a ``hands_played`` record: the contract, lone players, the dummy or
        the swap, the tricks, reneges with their penalty, the points and the score."""
        head = f"Hand {record['hand']}, dealer {self.seat(record['dealer'])}"
        if "thrown_in" in record:
            return f"{head}: thrown in ({record['thrown_in']}); no score."
        maker = record["maker"]
        makers = self.variant.sides.hand_sides(maker)[0]
        made = f"{self.seat(maker)} made {trump_text(record['trump'])} trump"
        bid = record.get("bid")
        if bid is not None:
            top = self.top_bid is not None and bid == self.top_bid.name
            made += f" on a bid to {self.bid_text(bid)}" if top else f" on a bid of {bid}"
        alone = record.get("alone", [])
        extras = [f"{self.seat(s)} alone" for s in alone]
        if "dummy" in self.variant.deal.extra_hands:
            extras.append(self._dummy_fate(maker, alone=maker in alone,
                                           merged=bool(record.get("merged"))))
        if record.get("swapped") is not None:
            extras.append(f"{self.seat(record['swapped'])} swapped for the {self.swap_hand} hand")
        extra = f" ({'; '.join(extras)})" if extras else ""
        took = sum(record["tricks"][s] for s in makers)
        who = self.seat(maker) if len(makers) == 1 else "the makers"
        reneges = "".join(f"{self.seat(s)} reneged ({code}): "
                          f"{self._renege_penalty(s, maker, maker_alone=maker in alone)}. "
                          for s, code in record.get("reneges", []))
        return (f"{head}: {made}{extra}; {who} took {took} of {sum(record['tricks'])} "
                f"tricks: {record['label']}. {reneges}{self._points(record['deltas'])}. "
                f"Score: {self.score_line(record['scores'])}")

    def _dummy_fate(self, maker: int, *, alone: bool, merged: bool) -> str:
        if merged:
            return f"the dummy merged by {self.seat(maker)}"
        return "the dummy given up unseen" if alone else "the dummy set aside unseen"

    def _renege_penalty(self, offender: int, maker: int, *, maker_alone: bool) -> str:
        """``-2``; ``the hand is void; North-South +2`` (``penalties.renege``, GH-A11, STD-A8)."""
        rules = self.variant.renege
        env = {"alone": maker_alone}
        own, others = rules.offender.evaluate(env), rules.opponents.evaluate(env)
        parts = ["the hand is void"] if rules.void_hand else []
        if own:
            parts.append(signed(int(own)))
        if others:
            sides = [side for side in self.variant.sides.hand_sides(maker) if offender not in side]
            parts.append(f"{' and '.join(self.side(side) for side in sides)} "
                         f"{signed(int(others))}")
        return "; ".join(parts) or "no penalty"

    def _points(self, deltas: Sequence[int]) -> str:
        parts = [f"{self.side(t)} {signed(deltas[t[0]])}" for t in self.variant.sides.teams
                 if deltas[t[0]]]
        return ", ".join(parts) if parts else "no points"

    # -- a seat's view -----------------------------------------------------------------------

    def view_lines(self, view: View) -> list[str]:
        """Everything ``view`` holds, for the player at that seat, one topic a line."""
        lines = [f"Hand {view.hand_number}, dealer {self.seat(view.dealer)}. "
                 f"Score: {self.score_line(view.scores)}"]
        lines += self._deal_lines(view)
        bidding = self._bidding(view.actions, view.seat)
        if bidding:
            lines.append(f"This hand so far: {'; '.join(bidding)}")
        if view.trump >= 0:
            lines.append(self._contract(view))
        lines += self._extra_hands(view)
        if view.phase == "play":
            trick_no = sum(view.tricks_won) + 1
            shown = self.trick_text(view.trick) if view.trick else "you lead" if (
                view.current_player == view.seat) else "nothing played yet"
            lines.append(f"Trick {trick_no}: {shown}. Tricks won: "
                         f"{self.tricks_line(view.tricks_won)}")
        blind = view.phase == "upcard_bidding" and not view.hand
        hand = "(unseen: you name trump first)" if blind else hand_text(view.hand, view.trump)
        lines.append(f"Your hand ({self.names[view.seat]}): {hand}")
        return lines

    def _bidding(self, actions: Sequence[tuple[int, str]], viewer: int) -> list[str]:
        """The hand's actions before the tricks; a ``pass`` once trump is made declines to go
        alone."""
        lines: list[str] = []
        made = False
        hidden = 0
        for i, (seat, name) in enumerate(actions):
            if name.startswith("play:"):
                continue
            if name == "discard" and tuple(actions[i + 1:i + 2]) == ((seat, name),):
                hidden += 1  # another discard by the same seat follows: say them together
                continue
            phase = "go_alone" if made else ""
            made = made or name == "order_up" or name.startswith("call:")
            line = self.action(seat, name, phase=phase, viewer=viewer)
            lines.append(f"{line} {hidden + 1} cards" if hidden else line)
            hidden = 0
        return lines

    def _deal_lines(self, view: View) -> list[str]:
        if view.upcard >= 0:
            return [f"Upcard: {C.pretty(view.upcard)}"]
        if view.turned_down >= 0 and view.trump < 0:
            return [f"The upcard was turned down: {trump_text(view.turned_down)} may not be "
                    "named"]
        if view.phase == "auction":
            high = [(s, a) for s, a in view.actions if a.startswith("bid:")]
            if not high:
                return ["High bid so far: none"]
            seat, bid = high[-1]
            return [f"High bid so far: {self.bid_text(bid[len('bid:'):])}, by {self.seat(seat)}"]
        return []

    def _contract(self, view: View) -> str:
        text = f"Trump: {trump_text(view.trump)}, made by {self.seat(view.maker)}"
        if view.maker >= 0 and view.bid:
            bid = self.bid_text(view.top_bid if view.bid_top else view.bid)
            text += f" (bid: {bid})"
        if view.alone:
            text += "; alone: " + ", ".join(self.seat(s) for s in view.alone)
        if view.sitting_out:
            text += "; sitting out: " + ", ".join(self.seat(s) for s in view.sitting_out)
        return text

    def _extra_hands(self, view: View) -> list[str]:
        """The dummy or ghost hand: its size face down, or what became of it; a swap's dead
        hand (its cards only to the swapper); the ghost hand a seat looked at (only to him)."""
        lines = []
        for k, name in enumerate(self.variant.deal.extra_hands):
            size = view.hand_sizes[self.variant.players + k]
            if size:
                lines.append(f"The {name} hand: {size} cards, face down")
            elif name == "dummy" and view.maker >= 0:
                fate = self._dummy_fate(view.maker, alone=view.maker in view.alone,
                                        merged=self._merged(view))
                lines.append(f"The dummy hand: {fate.removeprefix('the dummy ')}")
        looked = [seat for seat, name in view.actions if name == "look"]
        if view.extra_seen:
            lines.append(f"You looked at the {self.swap_hand} hand: "
                         f"{hand_text(view.extra_seen, view.trump)}")
        elif looked and view.swapped < 0:
            lines.append(f"{self.seat(looked[0])} looked at the {self.swap_hand} hand; nobody "
                         "else may look or swap this deal")
        if view.swapped >= 0:
            owner = "your" if view.swapped == view.seat else f"{self.seat(view.swapped)}'s"
            known = f": {hand_text(view.dead_known, view.trump)}" if view.dead_known else ""
            lines.append(f"{self.seat(view.swapped)} swapped for the {self.swap_hand} hand; "
                         f"{owner} old hand lies dead ({self.hand_size} cards){known}")
        if view.phase == "dummy_merge" and view.current_player == view.seat:
            extra = view.hand.bit_count() - self.hand_size
            if extra > 0:
                lines.append(f"You hold {view.hand.bit_count()} cards: discard {extra} to keep "
                             f"{self.hand_size}")
        return lines

    def _merged(self, view: View) -> bool:
        """Whether the maker took the dummy in (an optional merge says ``merge``)."""
        rules = self.variant.dummy_merge
        if rules is not None and rules.mode == "optional":
            return (view.maker, "merge") in view.actions
        return view.maker not in view.alone
