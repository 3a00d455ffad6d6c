"""Tallying simulated games into integer counters, and reporting them with 95% intervals.

Every counter is an int (sums of points and of their squares included), so tallies merge
exactly and in any order: a report does not depend on how the games were split between
workers. Rates get Wilson intervals; means get normal intervals from sums of squares,
computed exactly however large the points (:func:`~engine.sim.confidence.mean_ci`: a float
below 10^11, an exact int above, never a float overflow).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from engine.mechanics.registry import mechanics

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.play.state import State
    from engine.rules.results import HandResult
    from engine.rules.variant import Variant
    from engine.sim.report import Report

__all__ = ["Count", "CountKey", "Tally", "Total", "side_name", "stopped_at_hand_limit"]


def side_name(side: tuple[int, ...]) -> str:
    """``"0+2"`` for a team, ``"1"`` for a seat."""
    return "+".join(str(s) for s in side)


def stopped_at_hand_limit(state: State) -> bool:
    """The game ended because it reached ``game.max_hands``, not because a side won it (the
    side ahead is then named the winner)."""
    variant = state.variant
    last = next((r for r in reversed(state.hands_played) if r.scored), None)
    if last is None:
        return bool(state.hands_played)
    has_maker = last.maker >= 0  # a hand without a maker: nobody's contract (BUCK-A5)
    # the makers' side as the hand decided it (a called partner), else the fixed side
    makers = variant.hand_sides(last.maker, last.makers)[0] if has_maker else ()
    made = has_maker and variant.contract_made(maker=last.maker, tricks=last.tricks,
                                               bid=last.bid, makers=last.makers)
    scored = sum(1 for r in state.hands_played if r.scored)
    over, _ = variant.game_result(state.scores, makers=makers, made=made, hands=scored)
    return not over


class Count(Enum):
    """What a counter of a :class:`Tally` counts; its key pairs it with a qualifier: None
    (all), a seat, a side (a tuple of seats), a label, a bid or a hand number."""

    GAMES = "games"
    STOPPED_AT_HAND_LIMIT = "stopped_at_hand_limit"
    WINS = "wins"
    """Per side."""
    HANDS = "hands"
    """Hands scored (thrown-in deals excluded)."""
    AT_HAND = "at_hand"
    """Games that scored a ``k``-th hand (per ``k``)."""
    REDEALS = "redeals"  # deals thrown in unplayed, whatever the cause: all, per dealer
    THROWN_IN = "thrown_in"  # per cause (HandResult.thrown_in), and per (cause, dealer)
    LABEL = "label"
    """Hands per scoring row (per label)."""
    MAKER = "maker"
    MADE = "made"
    EUCHRED = "euchred"
    MARCH = "march"
    ALONE = "alone"
    ALONE_MADE = "alone_made"
    ALONE_EUCHRED = "alone_euchred"
    ALONE_MARCH = "alone_march"
    DEFENDER_ALONE = "defender_alone"
    DEFENDER_ALONE_WON = "defender_alone_won"
    FIGURE = "figure"
    """A mechanic's :class:`~engine.mechanics.base.Figure`, per ``(figure, seat or None)``."""
    RENEGES = "reneges"
    BID = "bid"
    """Per winning bid."""
    BID_MADE = "bid_made"
    NO_MAKER = "no_maker"
    """Hands nobody made (trump by the upcard, no-trump after all passed): neither made nor
    euchred."""
    MATCHES = "matches"
    """Matches finished (``game.match``): all their games played."""
    UNFINISHED_MATCHES = "unfinished_matches"
    """Matches the run's end cut short (``--games`` not a multiple of the match's games):
    neither won nor tied, counted apart."""
    UNFINISHED_MATCH_GAMES = "unfinished_match_games"
    """The games those matches had played."""
    CREDITED = "credited"
    """Games credited per side in matches (a slam counts two)."""
    SLAMS = "slams"
    """Games won before the losers scored, counted double (``game.match.slam``)."""
    MATCH_WINS = "match_wins"
    """Matches won, per side (the most games credited; a best-of match: the most games
    won); None: matches tied."""
    RUBBER_POINTS = "rubber_points"
    """Match points per side: games credited plus the rubber bonus to the match's winners
    (counted only with ``best_of`` or ``rubber_bonus``, MATCH-A2)."""


class Total(Enum):
    """What a sum of a :class:`Tally` adds up (its square is summed beside it)."""

    HANDS_PER_GAME = "hands_per_game"
    POINTS = "points"
    """Points per hand, per side."""
    DEALER_POINTS = "dealer_points"
    NON_DEALER_POINTS = "non_dealer_points"
    SCORE = "score"
    """A side's score after the ``k``-th scored hand, qualified by ``(k, side)``."""
    CARRIED = "carried"
    """Points a game's winner carried to the next game of the match (laps)."""


Side = tuple[int, ...]
Qualifier = int | str | Side | tuple[int, Side] | tuple[str, int | None] | None
"""Which part of an event a counter counts: see :class:`Count`."""
CountKey = tuple[Count, Qualifier]
SumKey = tuple[Total, Qualifier]

_OUTCOME = {True: (Count.MADE, Count.ALONE_MADE), False: (Count.EUCHRED, Count.ALONE_EUCHRED)}
"""Whether the makers made it -> the counters of that outcome, and of it played alone."""


@dataclass(slots=True)
class Tally:
    """Counters over many games of one variant: ``n`` counts events, ``s`` sums values and
    ``sq`` their squares. Keys are ``(what, qualifier)`` pairs (:class:`Count`, :class:`Total`).

    >>> from engine import load_variant
    >>> tally = Tally.for_variant(load_variant("standard"))
    >>> tally.add((Total.POINTS, (0, 2)), 3)
    >>> tally.s[Total.POINTS, (0, 2)], tally.sq[Total.POINTS, (0, 2)]
    (3, 9)
    """

    sides: tuple[Side, ...]
    players: int
    n: Counter[CountKey] = field(default_factory=Counter)
    s: Counter[SumKey] = field(default_factory=Counter)
    sq: Counter[SumKey] = field(default_factory=Counter)
    games_per_match: int = 0
    """Games in a match (``game.match.games``); 0: games stand alone."""

    @classmethod
    def for_variant(cls, variant: Variant) -> Tally:
        """An empty tally for ``variant``."""
        match = variant.game.match
        return cls(sides=variant.sides.teams, players=variant.players,
                   games_per_match=match.games if match is not None else 0)

    @property
    def games(self) -> int:
        """Games counted."""
        return self.n[Count.GAMES, None]

    @property
    def hands(self) -> int:
        """Hands scored (thrown-in deals excluded)."""
        return self.n[Count.HANDS, None]

    def side_of(self, seat: int) -> Side:
        """The fixed side of a seat."""
        return next(side for side in self.sides if seat in side)

    def add(self, key: SumKey, value: int) -> None:
        """Add ``value`` to the sum ``key`` and its square to the squares' ``key``."""
        self.s[key] += value
        self.sq[key] += value * value

    def add_game(self, state: State) -> None:
        """Count one finished game."""
        n = self.n
        n[Count.GAMES, None] += 1
        if stopped_at_hand_limit(state):
            n[Count.STOPPED_AT_HAND_LIMIT, None] += 1
        for side in self.sides:
            if side[0] in state.winners:
                n[Count.WINS, side] += 1
        scored = 0
        for record in state.hands_played:
            if record.thrown_in is not None:
                n[Count.REDEALS, None] += 1
                n[Count.REDEALS, record.dealer] += 1
                n.update([(Count.THROWN_IN, record.thrown_in),
                          (Count.THROWN_IN, (record.thrown_in, record.dealer))])
                continue
            scored += 1
            self._add_hand(record)
            n[Count.AT_HAND, scored] += 1
            for side in self.sides:
                self.add((Total.SCORE, (scored, side)), record.scores[side[0]])
        n[Count.HANDS, None] += scored
        for m in mechanics():  # what a game adds beyond its hands (farmer's hands exchanged)
            for name, count in m.stats.game(state) if m.stats and m.stats.game else ():
                n[Count.FIGURE, (name, None)] += count
        self.add((Total.HANDS_PER_GAME, None), scored)

    def add_match_game(self, state: State, *, credit: int, carried: int,
                       credits: Sequence[int] | None,
                       rubber: tuple[Sequence[int], int] | None = None) -> None:
        """Count one game of a match: the games its winners are credited with (``credit``,
        2 for a slam), the points carried to the next game and, at the end of a match, what
        decides it for each seat (``credits``: games credited, or won in a best-of match)
        and, with ``rubber`` (the games credited per seat, the rubber bonus), each side's
        match points."""
        n = self.n
        for side in self.sides:
            if side[0] in state.winners:
                n[Count.CREDITED, side] += credit
        n[Count.SLAMS, None] += credit == 2
        self.add((Total.CARRIED, None), carried)
        if credits is None:
            return
        n[Count.MATCHES, None] += 1
        best = max(credits)
        top = [side for side in self.sides if credits[side[0]] == best]
        n[Count.MATCH_WINS, top[0] if len(top) == 1 else None] += 1
        if rubber is not None:
            games, bonus = rubber
            for side in self.sides:
                n[Count.RUBBER_POINTS, side] += games[side[0]] + (
                    bonus if len(top) == 1 and side == top[0] else 0)

    def add_unfinished_match(self, *, games: int) -> None:
        """Count a match the run ended after ``games`` of its games (fewer than all): its
        games are counted as games, the match neither as won nor as tied."""
        self.n[Count.UNFINISHED_MATCHES, None] += 1
        self.n[Count.UNFINISHED_MATCH_GAMES, None] += games

    def _add_hand(self, record: HandResult) -> None:
        n = self.n
        deltas = record.deltas
        for side in self.sides:
            self.add((Total.POINTS, side), deltas[side[0]])
        dealer_side = self.side_of(record.dealer)
        self.add((Total.DEALER_POINTS, None), deltas[dealer_side[0]])
        others = [side for side in self.sides if side != dealer_side]
        self.add((Total.NON_DEALER_POINTS, None), sum(deltas[side[0]] for side in others))
        n[Count.LABEL, record.label or "unlabelled"] += 1
        n[Count.RENEGES, None] += len(record.reneges)
        for part in record.parts.values():
            for figure in part.counts():
                n[Count.FIGURE, figure] += 1
        maker = record.maker
        if maker < 0:
            n[Count.NO_MAKER, None] += 1
            return
        makers = record.makers or self.side_of(maker)  # a called partner, else the fixed side
        tricks = record.tricks
        made = record.made
        march = sum(tricks[s] for s in makers) == sum(tricks)
        outcome, alone_outcome = _OUTCOME[made]
        for key in ((outcome, None), (outcome, maker), (Count.MAKER, maker)):
            n[key] += 1
        if march:
            n[Count.MARCH, None] += 1
            n[Count.MARCH, maker] += 1
        if maker in record.alone:
            n[Count.ALONE, None] += 1
            n[Count.ALONE, maker] += 1
            n[alone_outcome, maker] += 1
            n[alone_outcome, None] += 1
            n[Count.ALONE_MARCH, None] += march
        for seat in record.alone:
            if seat != maker and seat not in makers:
                n[Count.DEFENDER_ALONE, None] += 1
                n[Count.DEFENDER_ALONE, seat] += 1
                n[Count.DEFENDER_ALONE_WON, None] += not made
        if record.bid is not None:
            n[Count.BID, record.bid] += 1
            n[Count.BID_MADE, record.bid] += made

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        self.n.update(other.n)
        self.s.update(other.s)
        self.sq.update(other.sq)

    def report(self) -> Report:
        """The figures with their 95% intervals, typed (``to_json`` gives the JSON)."""
        from engine.sim.report import report_of  # noqa: PLC0415 - it reads this module

        return report_of(self)
