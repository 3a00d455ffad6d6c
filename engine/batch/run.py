"""Playing whole games in batches: B games in lockstep, one hand of every unfinished game at
a time, until every game of the batch is over.

Batch ``i`` of a run with seed ``S`` draws everything from one generator seeded with
``derive_seed(S, "batch", i)``, and holds games ``i * B`` to ``(i + 1) * B - 1``: a run is the
same for a seed and a batch size, however many processes play its batches. Memory is that of
one batch (a few arrays of B rows; :func:`bytes_per_game` measures it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.batch.forms import BATCH_FORMS, Kernel
from engine.batch.hand import BatchHand
from engine.batch.tally import add_games, add_hands
from engine.rules.results import Deal
from engine.rules.variant import Variant
from engine.sim.simulate import derive_seed
from engine.sim.stats import Tally

__all__ = ["GameLog", "compile_kernels", "play_batch"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLog:
    """One batch game as the scalar engine can replay it: every hand's deal (thrown-in ones
    included), every action id in order, and the final scores and winners."""

    index: int
    deals: tuple[Deal, ...]
    actions: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


def compile_kernels(variant: Variant) -> list[Kernel]:
    """The batch form of each mechanic of the flow, in order (the variant must have them all:
    see :func:`engine.batch.forms.missing`)."""
    return [BATCH_FORMS[name](variant) for name in variant.flow]


def play_batch(variant: Variant, kernels: list[Kernel], *, seed: int, index: int, size: int,
               games: int, logged: int = 0) -> tuple[Tally, list[GameLog]]:
    """Play batch ``index`` (``games`` games, at most ``size``) of the run ``seed``; keep the
    logs of its first ``logged`` games."""
    rng = np.random.Generator(np.random.PCG64(derive_seed(seed, "batch", index)))
    tally = Tally.for_variant(variant)
    p, game = variant.players, variant.game
    labels = tuple(row.label for row in variant.scoring.rows)
    scores = np.full((games, p), game.start, dtype=np.int64)
    dealer = rng.integers(0, p, size=games)
    hands_played = np.zeros(games, dtype=np.int64)
    scored = np.zeros(games, dtype=np.int64)
    winners = np.zeros((games, p), dtype=bool)
    stopped = np.zeros(games, dtype=bool)
    going = np.ones(games, dtype=bool)
    logs: list[tuple[list[Deal], list[int]]] = [([], []) for _ in range(logged)]
    while going.any():
        rows = np.flatnonzero(going)
        kept = int(np.searchsorted(rows, logged))
        bh = BatchHand(rng=rng, dealer=dealer[rows], players=p, logged=kept)
        for kernel in kernels:
            kernel.run(bh)
        after = scores[rows] + bh.deltas
        scores[rows] = after
        hands_played[rows] += 1
        scored[rows] += ~bh.thrown_in
        add_hands(tally, bh, after, scored[rows], labels)
        _keep_logs(bh, [logs[g] for g in rows[:kept]])
        over, won = _game_over(variant, after)
        won[~over] = False
        limit = ~over & (hands_played[rows] >= game.max_hands)
        for row in np.flatnonzero(limit):
            won[row, list(variant.leaders(after[row].tolist()))] = True
        winners[rows] = won
        stopped[rows] = limit
        going[rows] = ~(over | limit)
        dealer[rows] = (dealer[rows] + 1) % p
    add_games(tally, winners=winners, scored=scored, stopped=stopped)
    out = [GameLog(index=g, deals=tuple(deals), actions=tuple(actions),
                   scores=tuple(scores[g].tolist()),
                   winners=tuple(np.flatnonzero(winners[g]).tolist()))
           for g, (deals, actions) in enumerate(logs)]
    return tally, out


def _keep_logs(bh: BatchHand, logs: list[tuple[list[Deal], list[int]]]) -> None:
    """Add the hand of the logged rows to their games' logs (row ``r`` is ``logs[r]``)."""
    if not logs:
        return
    steps = np.stack(bh.log, axis=1) if bh.log else np.zeros((len(logs), 0), dtype=np.int64)
    for row, (dealer, hands, upcard, kitty) in enumerate(bh.deals):
        deals, actions = logs[row]
        deals.append(Deal(dealer=dealer, hands=hands, upcard=upcard, kitty=kitty))
        actions.extend(int(a) for a in steps[row] if a >= 0)


def _game_over(variant: Variant, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row: whether a side reached the target, and the winning seats (as
    :meth:`Variant.game_result` decides for ``win: reach``, ``goal: up``)."""
    game = variant.game
    teams = variant.sides.teams
    n, p = scores.shape
    team_scores = np.stack([scores[:, team[0]] for team in teams], axis=1)
    reached = team_scores >= game.target
    best = np.where(reached, team_scores, np.iinfo(np.int64).min).max(axis=1)
    top = reached & (team_scores == best[:, None])
    shared = top.sum(axis=1) > 1
    over: np.ndarray = np.asarray(reached.any(axis=1))
    if game.tie.value == "play_on":
        over = over & ~shared
    won = np.zeros((n, p), dtype=bool)
    for t, team in enumerate(teams):
        for seat in team:
            won[:, seat] = top[:, t]
    return over, won
