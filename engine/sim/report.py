"""The simulation report as typed records: :func:`report_of` reads a
:class:`~engine.sim.stats.Tally` into a :class:`Report`, whose :meth:`Report.to_json` is the one
serialiser of ``simulate --json`` (the JSON's shape and order are those it always had).

>>> from engine import load_variant
>>> from engine.sim.stats import Tally
>>> empty = report_of(Tally.for_variant(load_variant("standard")))
>>> empty.games, empty.win_rate["0+2"].to_json()
(0, {'count': 0, 'of': 0, 'rate': 0.0, 'ci95': [0.0, 1.0]})
>>> list(empty.to_json())[:4]
['games', 'hands', 'thrown_in', 'thrown_in_by_cause']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.mechanics.registry import mechanics
from engine.rules.results import REDEAL_WHY
from engine.sim.confidence import Number, mean_ci, wilson
from engine.sim.stats import Count, Qualifier, SumKey, Tally, Total, side_name

__all__ = [
    "AloneRates",
    "BidReport",
    "MatchReport",
    "Mean",
    "Rate",
    "Report",
    "SeatReport",
    "report_of",
]


def _r(x: float) -> float:
    return round(x, 4)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rate:
    """``count`` of ``of``, with its Wilson 95% interval (rounded to 4 decimals)."""

    count: int
    of: int
    rate: float
    ci95: tuple[float, float]

    @classmethod
    def of_counts(cls, count: int, total: int) -> Rate:
        low, high = wilson(count, total)
        return cls(count=count, of=total, rate=_r(count / total) if total else 0.0,
                   ci95=(_r(low), _r(high)))

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "of": self.of, "rate": self.rate, "ci95": list(self.ci95)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Mean:
    """A mean with its normal 95% interval (exact: a float below 10^11, an int above)."""

    mean: Number
    ci95: tuple[Number, Number]

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "ci95": list(self.ci95)}


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatReport:
    """One seat's figures: trump made, and how it went; lone hands; deals as dealer; the
    mechanics' figures counted per seat (``dropped``), where the run counted some."""

    made_trump: Rate
    made: Rate
    march: Rate
    euchred: Rate
    alone_attempts: int
    alone_made: Rate
    defender_alone: int
    thrown_in_as_dealer: int
    redeals_as_dealer: int
    figures: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"made_trump": self.made_trump.to_json(), "made": self.made.to_json(),
                "march": self.march.to_json(), "euchred": self.euchred.to_json(),
                "alone": {"attempts": self.alone_attempts, "made": self.alone_made.to_json()},
                "defender_alone": self.defender_alone,
                "thrown_in_as_dealer": self.thrown_in_as_dealer,
                "redeals_as_dealer": self.redeals_as_dealer, **self.figures}


@dataclass(frozen=True, slots=True, kw_only=True)
class AloneRates:
    """Lone hands: ``attempts`` over all hands; made, march and euchred over the attempts."""

    attempts: Rate
    made: Rate
    march: Rate
    euchred: Rate

    def to_json(self) -> dict[str, Any]:
        return {"attempts": self.attempts.to_json(), "made": self.made.to_json(),
                "march": self.march.to_json(), "euchred": self.euchred.to_json()}


@dataclass(frozen=True, slots=True, kw_only=True)
class BidReport:
    """One winning bid: how often it won the auction, and how often it was made."""

    count: int
    made: Rate

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "made": self.made.to_json()}


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchReport:
    """Laps and slam (``game.match``): whole matches (won, tied), the match the run cut
    short (apart), and over every game: games credited, slams, points carried."""

    games_per_match: int
    matches: int
    match_wins: Mapping[str, int]
    tied_matches: int
    unfinished_matches: int
    unfinished_match_games: int
    games_credited: Mapping[str, int]
    slams: Rate
    points_carried_per_game: Mean
    rubber_points: Mapping[str, int] | None = None
    """Match points per side (games credited and the rubber bonus), with ``best_of`` or
    ``rubber_bonus`` only."""

    def to_json(self) -> dict[str, Any]:
        out = {"games_per_match": self.games_per_match, "matches": self.matches,
               "match_wins": dict(self.match_wins), "tied_matches": self.tied_matches,
               "unfinished_matches": self.unfinished_matches,
               "unfinished_match_games": self.unfinished_match_games,
               "games_credited": dict(self.games_credited), "slams": self.slams.to_json(),
               "points_carried_per_game": self.points_carried_per_game.to_json()}
        if self.rubber_points is not None:
            out["rubber_points"] = dict(self.rubber_points)
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Report:
    """What ``euchre simulate`` reports (see the README's statistics section). ``figures``:
    the figures written only when counted (reneges, hands nobody made, and the mechanics':
    swaps, farmer's hands, dummies merged, seats dropped), in the report's order."""

    games: int
    hands: int
    thrown_in: int
    thrown_in_by_cause: Mapping[str, int]
    redeals: int
    stopped_at_hand_limit: int
    """Games that game.max_hands stopped; the side ahead won them, and the wins and win
    rates include them."""
    hands_per_game: Mean
    wins: Mapping[str, int]
    win_rate: Mapping[str, Rate]
    points_per_hand: Mapping[str, Mean]
    dealer_side_points_per_hand: Mean
    makers: Mapping[str, Rate]
    """``made``, ``march``, ``euchred`` over the hands someone made."""
    outcomes: Mapping[str, int]
    alone: AloneRates
    defender_alone: Mapping[str, Rate]
    """``attempts`` over all hands, ``won`` over the attempts."""
    per_seat: tuple[SeatReport, ...]
    bids: Mapping[str, BidReport]
    figures: tuple[tuple[str, Rate | int], ...]
    match: MatchReport | None

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (``simulate --json``)."""
        out: dict[str, Any] = {
            "games": self.games, "hands": self.hands, "thrown_in": self.thrown_in,
            "thrown_in_by_cause": dict(self.thrown_in_by_cause), "redeals": self.redeals,
            "stopped_at_hand_limit": self.stopped_at_hand_limit,
            "hands_per_game": self.hands_per_game.to_json(), "wins": dict(self.wins),
            "win_rate": {k: v.to_json() for k, v in self.win_rate.items()},
            "points_per_hand": {k: v.to_json() for k, v in self.points_per_hand.items()},
            "dealer_side_points_per_hand": self.dealer_side_points_per_hand.to_json(),
            "makers": {k: v.to_json() for k, v in self.makers.items()},
            "outcomes": dict(self.outcomes), "alone": self.alone.to_json(),
            "defender_alone": {k: v.to_json() for k, v in self.defender_alone.items()},
            "per_seat": {str(seat): s.to_json() for seat, s in enumerate(self.per_seat)},
        }
        if self.bids:
            out["bids"] = {k: v.to_json() for k, v in self.bids.items()}
        for key, value in self.figures:
            out[key] = value if isinstance(value, int) else value.to_json()
        if self.match is not None:
            out["match"] = self.match.to_json()
        return out


def report_of(tally: Tally) -> Report:
    """The figures of ``tally``, with their 95% intervals."""
    n, sides = tally.n, tally.sides
    games, hands = tally.games, tally.hands

    def total(what: Count) -> int:
        return n[what, None]

    def rate(count: int, of: int) -> Rate:
        return Rate.of_counts(count, of)

    def mean(key: SumKey, count: int) -> Mean:
        value, low, high = mean_ci(total=tally.s[key], total_sq=tally.sq[key], n=count)
        return Mean(mean=value, ci95=(low, high))

    figures = [f for m in mechanics() if m.stats is not None for f in m.stats.figures]
    made = hands - total(Count.NO_MAKER)  # hands someone made: made, or euchred
    extra: list[tuple[int, str, Rate | int]] = []  # (rank, key, figure): written when not 0
    if total(Count.RENEGES):
        extra.append((40, "reneges", total(Count.RENEGES)))
    if total(Count.NO_MAKER):  # variants with hands nobody made (upcard_trump, all_pass)
        extra.append((50, "no_maker", rate(total(Count.NO_MAKER), hands)))
    for figure in figures:  # the mechanics' (swaps, dummies merged, seats dropped...)
        count = n[Count.FIGURE, (figure.name, None)]
        if count:
            extra.append((figure.rank, figure.name, rate(count, hands) if figure.rate else count))
    per_seat = [f.name for f in figures if f.per_seat and n[Count.FIGURE, (f.name, None)]]

    def seat_report(seat: int) -> SeatReport:
        trumps = n[Count.MAKER, seat]
        return SeatReport(
            made_trump=rate(trumps, hands), made=rate(n[Count.MADE, seat], trumps),
            march=rate(n[Count.MARCH, seat], trumps), euchred=rate(n[Count.EUCHRED, seat], trumps),
            alone_attempts=n[Count.ALONE, seat],
            alone_made=rate(n[Count.ALONE_MADE, seat], n[Count.ALONE, seat]),
            defender_alone=n[Count.DEFENDER_ALONE, seat],
            thrown_in_as_dealer=n[Count.REDEALS, seat],
            redeals_as_dealer=n[Count.THROWN_IN, (REDEAL_WHY, seat)],
            figures={name: n[Count.FIGURE, (name, seat)] for name in per_seat})

    bids = sorted(_qualifiers(tally, Count.BID),
                  key=lambda b: (not str(b).isdigit(), str(b).zfill(3)))
    return Report(
        games=games, hands=hands, thrown_in=total(Count.REDEALS),
        thrown_in_by_cause={str(q): n[Count.THROWN_IN, q] for q in sorted(
            _qualifiers(tally, Count.THROWN_IN), key=str) if isinstance(q, str)},
        redeals=n[Count.THROWN_IN, REDEAL_WHY],
        stopped_at_hand_limit=total(Count.STOPPED_AT_HAND_LIMIT),
        hands_per_game=mean((Total.HANDS_PER_GAME, None), games),
        wins={side_name(side): n[Count.WINS, side] for side in sides},
        win_rate={side_name(side): rate(n[Count.WINS, side], games) for side in sides},
        points_per_hand={side_name(side): mean((Total.POINTS, side), hands) for side in sides},
        dealer_side_points_per_hand=mean((Total.DEALER_POINTS, None), hands),
        makers={"made": rate(total(Count.MADE), made), "march": rate(total(Count.MARCH), made),
                "euchred": rate(total(Count.EUCHRED), made)},
        outcomes={label: n[Count.LABEL, label]
                  for label in sorted(map(str, _qualifiers(tally, Count.LABEL)))},
        alone=AloneRates(attempts=rate(total(Count.ALONE), hands),
                         made=rate(total(Count.ALONE_MADE), total(Count.ALONE)),
                         march=rate(total(Count.ALONE_MARCH), total(Count.ALONE)),
                         euchred=rate(total(Count.ALONE_EUCHRED), total(Count.ALONE))),
        defender_alone={"attempts": rate(total(Count.DEFENDER_ALONE), hands),
                        "won": rate(total(Count.DEFENDER_ALONE_WON),
                                    total(Count.DEFENDER_ALONE))},
        per_seat=tuple(seat_report(seat) for seat in range(tally.players)),
        bids={str(b): BidReport(count=n[Count.BID, b],
                                made=rate(n[Count.BID_MADE, b], n[Count.BID, b])) for b in bids},
        figures=tuple((key, value) for _, key, value in sorted(extra, key=lambda f: f[0])),
        match=_match_report(tally) if tally.games_per_match else None,
    )


def _qualifiers(tally: Tally, what: Count) -> set[Qualifier]:
    """Every qualifier counted for ``what`` (the labels, the bids...)."""
    return {q for counted, q in tally.n if counted is what}


def _match_report(tally: Tally) -> MatchReport:
    n, sides = tally.n, tally.sides
    value, low, high = mean_ci(total=tally.s[Total.CARRIED, None],
                               total_sq=tally.sq[Total.CARRIED, None], n=tally.games)
    return MatchReport(
        games_per_match=tally.games_per_match, matches=n[Count.MATCHES, None],
        match_wins={side_name(side): n[Count.MATCH_WINS, side] for side in sides},
        tied_matches=n[Count.MATCH_WINS, None],
        unfinished_matches=n[Count.UNFINISHED_MATCHES, None],
        unfinished_match_games=n[Count.UNFINISHED_MATCH_GAMES, None],
        games_credited={side_name(side): n[Count.CREDITED, side] for side in sides},
        slams=Rate.of_counts(n[Count.SLAMS, None], tally.games),
        points_carried_per_game=Mean(mean=value, ci95=(low, high)),
        rubber_points={side_name(side): n[Count.RUBBER_POINTS, side] for side in sides}
        if _qualifiers(tally, Count.RUBBER_POINTS) else None)
