"""Tallying simulated games into integer counters, and reporting them with 95% intervals.

Every counter is an int (sums of points and of their squares included), so tallies merge
exactly and in any order: a report does not depend on how the games were split between
workers. Rates get Wilson intervals; means get normal intervals from sums of squares.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.sim.confidence import mean_ci, wilson

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.results import HandResult
    from engine.rules.variant import Variant

__all__ = ["Tally", "side_name", "stopped_at_hand_limit"]


def side_name(side: tuple[int, ...]) -> str:
    """``"0+2"`` for a team, ``"1"`` for a seat."""
    return "+".join(str(s) for s in side)


def stopped_at_hand_limit(state: State) -> bool:
    """The game ended because it reached ``game.max_hands``, not because a side won it (the
    side ahead is then named the winner)."""
    over, _ = state.variant.game_result(state.scores)
    return not over


def _r(x: float) -> float:
    return round(x, 4)


@dataclass(slots=True)
class Tally:
    """Counters over many games of one variant: ``n`` counts events, ``s`` sums values."""

    sides: tuple[tuple[int, ...], ...]
    players: int
    n: Counter[str] = field(default_factory=Counter)
    s: Counter[str] = field(default_factory=Counter)

    @classmethod
    def for_variant(cls, variant: Variant) -> Tally:
        """An empty tally for ``variant``."""
        return cls(sides=variant.sides.teams, players=variant.players)

    @property
    def games(self) -> int:
        """Games counted."""
        return self.n["games"]

    @property
    def hands(self) -> int:
        """Hands scored (thrown-in deals excluded)."""
        return self.n["hands"]

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The fixed side of a seat."""
        return next(side for side in self.sides if seat in side)

    def add(self, key: str, value: int) -> None:
        """Add ``value`` to the sum ``key`` and its square to ``key^2``."""
        self.s[key] += value
        self.s[key + "^2"] += value * value

    def add_game(self, state: State) -> None:
        """Count one finished game."""
        n = self.n
        n["games"] += 1
        if stopped_at_hand_limit(state):
            n["stopped_at_hand_limit"] += 1
        for side in self.sides:
            if side[0] in state.winners:
                n[f"wins@{side_name(side)}"] += 1
        scored = 0
        for record in state.hands_played:
            if record.thrown_in is not None:
                n["redeals"] += 1
                n[f"redeals@{record.dealer}"] += 1
                continue
            scored += 1
            self._add_hand(record)
            n[f"at_hand:{scored}"] += 1
            for side in self.sides:
                self.add(f"score:{scored}@{side_name(side)}", record.scores[side[0]])
        n["hands"] += scored
        self.add("hands_per_game", scored)

    def _add_hand(self, record: HandResult) -> None:
        n = self.n
        deltas = record.deltas
        for side in self.sides:
            self.add(f"points@{side_name(side)}", deltas[side[0]])
        dealer_side = self.side_of(record.dealer)
        self.add("dealer_points", deltas[dealer_side[0]])
        others = [side for side in self.sides if side != dealer_side]
        self.add("non_dealer_points", sum(deltas[side[0]] for side in others))
        maker = record.maker
        makers = self.side_of(maker)
        tricks = record.tricks
        made = deltas[maker] > 0
        march = sum(tricks[s] for s in makers) == sum(tricks)
        outcome = "made" if made else "euchred"
        n[f"label:{record.label or 'unlabelled'}"] += 1
        for key in (outcome, f"{outcome}@{maker}", f"maker@{maker}"):
            n[key] += 1
        if march:
            n["march"] += 1
            n[f"march@{maker}"] += 1
        if maker in record.alone:
            n["alone"] += 1
            n[f"alone@{maker}"] += 1
            n[f"alone_{outcome}@{maker}"] += 1
            n[f"alone_{outcome}"] += 1
            n["alone_march"] += march
        for seat in record.alone:
            if seat != maker and seat not in makers:
                n["defender_alone"] += 1
                n[f"defender_alone@{seat}"] += 1
                n["defender_alone_won"] += not made
        if record.swapped is not None:
            n["swaps"] += 1
            n[f"swaps@{record.swapped}"] += 1
        if record.merged:
            n["merges"] += 1
        n["reneges"] += len(record.reneges)
        if record.bid is not None:
            n[f"bid:{record.bid}"] += 1
            n[f"bid_made:{record.bid}"] += made

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        self.n.update(other.n)
        self.s.update(other.s)

    # -- reporting -----------------------------------------------------------------------------

    def score_curves(self) -> dict[str, list[tuple[int, float, float]]]:
        """Per side: (hand number, mean score, standard deviation) over the games still going
        at that hand (for plots)."""
        curves: dict[str, list[tuple[int, float, float]]] = {}
        last = max((int(k[8:]) for k in self.n if k.startswith("at_hand:")), default=0)
        for side in self.sides:
            name = side_name(side)
            points = []
            for k in range(1, last + 1):
                count = self.n[f"at_hand:{k}"]
                total, sq = self.s[f"score:{k}@{name}"], self.s[f"score:{k}@{name}^2"]
                mean = total / count
                var = max(0.0, sq / count - mean * mean)
                points.append((k, mean, var ** 0.5))
            curves[name] = points
        return curves

    def rate(self, count: int, total: int) -> dict[str, Any]:
        """A rate with its Wilson interval."""
        low, high = wilson(count, total)
        return {"count": count, "of": total, "rate": _r(count / total) if total else 0.0,
                "ci95": [_r(low), _r(high)]}

    def mean(self, key: str, count: int) -> dict[str, Any]:
        """A mean of the sum ``key`` over ``count`` items, with its normal interval."""
        value, low, high = mean_ci(total=self.s[key], total_sq=self.s[key + "^2"], n=count)
        return {"mean": value, "ci95": [low, high]}

    def report(self) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        n = self.n
        games, hands = self.games, self.hands
        sides = [side_name(side) for side in self.sides]
        seats = [str(seat) for seat in range(self.players)]
        per_seat = {
            seat: {
                "made_trump": self.rate(n[f"maker@{seat}"], hands),
                "made": self.rate(n[f"made@{seat}"], n[f"maker@{seat}"]),
                "march": self.rate(n[f"march@{seat}"], n[f"maker@{seat}"]),
                "euchred": self.rate(n[f"euchred@{seat}"], n[f"maker@{seat}"]),
                "alone": {"attempts": n[f"alone@{seat}"],
                          "made": self.rate(n[f"alone_made@{seat}"], n[f"alone@{seat}"])},
                "defender_alone": n[f"defender_alone@{seat}"],
                "redeals_as_dealer": n[f"redeals@{seat}"],
            }
            for seat in seats
        }
        report: dict[str, Any] = {
            "games": games,
            "hands": hands,
            "redeals": n["redeals"],
            # Games that game.max_hands stopped; the side ahead won them, and the wins and
            # win rates below include them.
            "stopped_at_hand_limit": n["stopped_at_hand_limit"],
            "hands_per_game": self.mean("hands_per_game", games),
            "wins": {side: n[f"wins@{side}"] for side in sides},
            "win_rate": {side: self.rate(n[f"wins@{side}"], games) for side in sides},
            "points_per_hand": {side: self.mean(f"points@{side}", hands) for side in sides},
            "dealer_side_points_per_hand": self.mean("dealer_points", hands),
            "makers": {
                "made": self.rate(n["made"], hands),
                "march": self.rate(n["march"], hands),
                "euchred": self.rate(n["euchred"], hands),
            },
            "outcomes": {key[6:]: n[key] for key in sorted(n) if key.startswith("label:")},
            "alone": {
                "attempts": self.rate(n["alone"], hands),
                "made": self.rate(n["alone_made"], n["alone"]),
                "march": self.rate(n["alone_march"], n["alone"]),
                "euchred": self.rate(n["alone_euchred"], n["alone"]),
            },
            "defender_alone": {
                "attempts": self.rate(n["defender_alone"], hands),
                "won": self.rate(n["defender_alone_won"], n["defender_alone"]),
            },
            "per_seat": per_seat,
        }
        bids = sorted({key[4:] for key in n if key.startswith("bid:")},
                      key=lambda b: (not b.isdigit(), b.zfill(3)))
        if bids:
            report["bids"] = {b: {"count": n[f"bid:{b}"],
                                  "made": self.rate(n[f"bid_made:{b}"], n[f"bid:{b}"])}
                              for b in bids}
        if n["swaps"]:
            report["swaps"] = self.rate(n["swaps"], hands)
        if n["merges"]:
            report["dummy_merges"] = self.rate(n["merges"], hands)
        if n["reneges"]:
            report["reneges"] = n["reneges"]
        return report
