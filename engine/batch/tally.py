"""Counting batch hands and games into the scalar :class:`~engine.sim.stats.Tally`.

The counters are the ones :meth:`Tally.add_game` fills from a scalar game, filled here from
arrays with one row per game (``bincount`` and sums): the report, its intervals and its JSON
keys are the scalar engine's. A counter is only touched when it counts something, so that
labels and qualifiers appear exactly when a scalar run would show them.

Sums of points and their squares are exact. Where a variant's scores are small (every square
times the rows below 2**53, :func:`wide_sums`), ``int64`` sums and float ``bincount`` weights
hold them exactly and fast; otherwise (``wide``) they are added as Python ints, slower and
never wrapped or rounded.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.mechanics.batch.hand import BatchHand, Ints
from engine.sim.stats import Count, Tally, Total

__all__ = ["EXACT_FLOAT_SUM", "add_games", "add_hands", "wide_sums"]

EXACT_FLOAT_SUM = 2**53
"""Sums below this are exact in float64 (``bincount`` weights) and in int64."""

_SPECIAL_CODE = 64
"""Bids above every number of tricks (a hand has at most 64 cards): the special bids."""


def _count(tally: Tally, key: tuple[Count, object], value: object) -> None:
    number = int(value)  # type: ignore[call-overload]
    if number:
        tally.n[key] += number  # type: ignore[index]


def wide_sums(bound: int, rows: int) -> bool:
    """Whether sums of ``rows`` squares of numbers up to ``bound`` could pass
    :data:`EXACT_FLOAT_SUM`: they must then be added as Python ints."""
    return bound * bound * max(1, rows) >= EXACT_FLOAT_SUM


def _sum(tally: Tally, key: tuple[Total, object], values: Ints, *, wide: bool = False) -> None:
    if wide:  # Python ints: a square of 3.1e9 already wraps int64
        exact = values.astype(object)
        tally.s[key] += int(exact.sum())  # type: ignore[index]
        tally.sq[key] += int((exact * exact).sum())  # type: ignore[index]
        return
    tally.s[key] += int(values.sum())  # type: ignore[index]
    tally.sq[key] += int((values * values).sum())  # type: ignore[index]


def _add_thrown_in(tally: Tally, bh: BatchHand, thrown: npt.NDArray[np.bool_]) -> None:
    """The deals thrown in, all and per dealer, and per cause: the one the form that threw them
    in gave (:attr:`BatchHand.thrown_in_why`; a redeal's rows :attr:`BatchHand.redealt_why`)."""
    if not thrown.any():
        return
    causes = [(thrown, bh.thrown_in_why)]
    if bh.redealt is not None and bh.redealt.any():
        causes = [(thrown & ~bh.redealt, bh.thrown_in_why), (bh.redealt, bh.redealt_why)]
    for rows, why in causes:
        if not rows.any():
            continue
        assert why, "a batch form threw a hand in without saying why"
        _count(tally, (Count.REDEALS, None), rows.sum())
        _count(tally, (Count.THROWN_IN, why), rows.sum())
        for seat, k in enumerate(np.bincount(bh.dealer[rows], minlength=bh.players)):
            _count(tally, (Count.REDEALS, seat), k)
            _count(tally, (Count.THROWN_IN, (why, seat)), k)


def _sums_by_hand(number: Ints, score: Ints, present: list[int], *, wide: bool
                  ) -> tuple[list[int], list[int]]:
    """The sums of ``score`` and of its squares over the rows of each hand number in
    ``present``, exactly."""
    if not wide:  # float weights are exact below EXACT_FLOAT_SUM
        sums = np.bincount(number, weights=score)
        squares = np.bincount(number, weights=score * score)
        return [int(sums[k]) for k in present], [int(squares[k]) for k in present]
    order = np.argsort(number, kind="stable")
    exact = score[order].astype(object)
    starts = np.searchsorted(number[order], present)
    return (np.add.reduceat(exact, starts).tolist(),
            np.add.reduceat(exact * exact, starts).tolist())


def add_hands(tally: Tally, bh: BatchHand, scores: Ints, scored_index: Ints,
              labels: tuple[str, ...], *, wide: bool = False) -> None:
    """Count one hand of every row: ``scores`` after it, ``scored_index`` its number among
    the game's scored hands (thrown-in hands have none). ``wide``: the points may be too
    large for ``int64`` squares (:func:`wide_sums`); they are then added as Python ints."""
    p = bh.players
    thrown = bh.thrown_in
    _add_thrown_in(tally, bh, thrown)
    for name, k in bh.figures.items():
        _count(tally, (Count.FIGURE, (name, None)), k)
    for name, by_seat in bh.seat_figures.items():  # a per-seat figure (a seat dropped out)
        for seat, k in enumerate(by_seat.tolist()):
            _count(tally, (Count.FIGURE, (name, seat)), k)
    ok = ~thrown
    if not ok.any():
        return
    deltas, dealer, maker = bh.deltas[ok], bh.dealer[ok], bh.maker[ok]
    for side in tally.sides:
        _sum(tally, (Total.POINTS, side), deltas[:, side[0]], wide=wide)
    made, tricks, alone = bh.made[ok], bh.tricks[ok], bh.maker_alone[ok]
    partners = len(tally.sides[0]) > 1
    if partners:  # sides in alternate seats (0+2 and 1+3, or of three): a seat's parity
        odd = (dealer & 1).astype(bool)
        dealers = np.where(odd, deltas[:, 1], deltas[:, 0])
        others = np.where(odd, deltas[:, 0], deltas[:, 1])
        even_side, odd_side = tricks[:, 0] + tricks[:, 2], tricks[:, 1] + tricks[:, 3]
        if p == 6:
            even_side, odd_side = even_side + tricks[:, 4], odd_side + tricks[:, 5]
        makers = np.where((maker & 1).astype(bool), odd_side, even_side)
        march = makers == even_side + odd_side
    else:  # every seat its own fixed side, and the maker's called partner with him
        rows = np.arange(dealer.size)
        dealers = deltas[rows, dealer]
        others = deltas.sum(axis=1) - dealers
        march = bh.makers_tricks(bh.maker)[ok] == tricks.sum(axis=1)
    _sum(tally, (Total.DEALER_POINTS, None), dealers, wide=wide)
    _sum(tally, (Total.NON_DEALER_POINTS, None), others, wide=wide)
    for index, k in enumerate(np.bincount(bh.label[ok], minlength=len(labels))):
        _count(tally, (Count.LABEL, labels[index] or "unlabelled"), k)
    tally.n[Count.RENEGES, None] += 0
    made_ok = ok
    if bh.no_maker is not None:  # a hand without a maker counts as one, no maker's figures
        unmade = bh.no_maker[ok]
        _count(tally, (Count.NO_MAKER, None), unmade.sum())
        made, maker, march, alone = made[~unmade], maker[~unmade], march[~unmade], \
            alone[~unmade]
        made_ok = ok & ~bh.no_maker
    _makers(tally, p, made=made, maker=maker, march=march, alone=alone)
    _lone_defenders(tally, bh, made_ok, made)
    _merges_swaps_and_bids(tally, bh, made_ok, made)  # none but the bids beside partners
    number, after = scored_index[ok], scores[ok]
    at_hand = np.bincount(number)
    present = np.flatnonzero(at_hand).tolist()
    for k in present:
        tally.n[Count.AT_HAND, k] += int(at_hand[k])
    for side in tally.sides:
        sums, squares = _sums_by_hand(number, after[:, side[0]], present, wide=wide)
        for k, total, total_sq in zip(present, sums, squares, strict=True):
            tally.s[Total.SCORE, (k, side)] += total
            tally.sq[Total.SCORE, (k, side)] += total_sq


def _makers(tally: Tally, p: int, *, made: npt.NDArray[np.bool_], maker: Ints,
            march: npt.NDArray[np.bool_], alone: npt.NDArray[np.bool_]) -> None:
    """The makers' figures of the hands made (overall and by the maker's seat)."""
    for what, which in ((Count.MADE, made), (Count.EUCHRED, ~made)):
        _count(tally, (what, None), which.sum())
        _by_seat(tally, what, maker[which], p)
    _by_seat(tally, Count.MAKER, maker, p)
    _count(tally, (Count.MARCH, None), march.sum())
    _by_seat(tally, Count.MARCH, maker[march], p)
    _count(tally, (Count.ALONE, None), alone.sum())
    _by_seat(tally, Count.ALONE, maker[alone], p)
    for what, which in ((Count.ALONE_MADE, alone & made), (Count.ALONE_EUCHRED, alone & ~made)):
        _by_seat(tally, what, maker[which], p)
        _count(tally, (what, None), which.sum())
    if alone.any():
        tally.n[Count.ALONE_MARCH, None] += int((alone & march).sum())


def _lone_defenders(tally: Tally, bh: BatchHand, ok: npt.NDArray[np.bool_],
                    made: npt.NDArray[np.bool_]) -> None:
    """Lone defenders, and how often they set the maker."""
    loner = bh.defender_alone[ok]
    lone = loner >= 0
    if lone.any():
        _count(tally, (Count.DEFENDER_ALONE, None), lone.sum())
        _by_seat(tally, Count.DEFENDER_ALONE, loner[lone], bh.players)
        tally.n[Count.DEFENDER_ALONE_WON, None] += int((lone & ~made).sum())


def _merges_swaps_and_bids(tally: Tally, bh: BatchHand, ok: npt.NDArray[np.bool_],
                           made: npt.NDArray[np.bool_]) -> None:
    """Merged dummies, swaps of the extra hand and the auction's bids."""
    _count(tally, (Count.FIGURE, ("dummy_merges", None)), bh.merged[ok].sum())
    swapped = bh.swapped[ok]
    if (swapped >= 0).any():
        _count(tally, (Count.FIGURE, ("swaps", None)), (swapped >= 0).sum())
        for seat, k in enumerate(np.bincount(swapped[swapped >= 0], minlength=bh.players)):
            _count(tally, (Count.FIGURE, ("swaps", seat)), k)
    if bh.bid.any():  # an auction: the bids by name (a number, or the special bid's name)
        # one code a bid: its number, or _SPECIAL_CODE + the special bid's index
        special, names = bh.special[ok], bh.special_names
        code = np.where(special >= 0, _SPECIAL_CODE + special, bh.bid[ok])
        size = _SPECIAL_CODE + len(names)
        counts = np.bincount(code, minlength=size)
        made_counts = np.bincount(code[made], minlength=size)
        for key in np.flatnonzero(counts).tolist():
            name = names[key - _SPECIAL_CODE] if key >= _SPECIAL_CODE else key
            tally.n[Count.BID, name] += int(counts[key])
            tally.n[Count.BID_MADE, name] += int(made_counts[key])


def _by_seat(tally: Tally, what: Count, seats: Ints, players: int) -> None:
    for seat, k in enumerate(np.bincount(seats, minlength=players)):
        _count(tally, (what, seat), k)


def add_games(tally: Tally, *, winners: npt.NDArray[np.bool_], scored: Ints,
              stopped: npt.NDArray[np.bool_]) -> None:
    """Count finished games: ``winners[g, seat]``, scored hands, stopped at the hand limit."""
    tally.n[Count.GAMES, None] += int(scored.shape[0])
    _count(tally, (Count.STOPPED_AT_HAND_LIMIT, None), stopped.sum())
    for side in tally.sides:
        _count(tally, (Count.WINS, side), winners[:, side[0]].sum())
    tally.n[Count.HANDS, None] += int(scored.sum())
    _sum(tally, (Total.HANDS_PER_GAME, None), scored)
