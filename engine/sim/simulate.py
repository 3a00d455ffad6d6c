"""Simulating many games: seeded, deterministic, and the same for any number of workers.

Game ``i`` of a run with seed ``S`` is played from its own seed, derived from ``(S, i)``; each
bot's RNG is derived from the game's seed and its seat. Games are tallied into integer
counters (:class:`~engine.sim.stats.Tally`) that merge in any order, so a run split over K local
processes, or over a Dask cluster, gives exactly the same report as one process.

Workers receive the variant's resolved rules as JSON (not a file name), so a cluster needs
euchrekit installed but none of the user's files. Local workers are bounded and never
outlive the run (:mod:`engine.sim.workers`); a Dask cluster that cannot be reached or goes away
stops the run with a message (:mod:`engine.sim.cluster`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from engine.bots import BotSpec, make_bot
from engine.core.errors import EuchreError
from engine.core.seeds import derive_seed
from engine.mechanics.base import TERMINAL
from engine.play.state import State
from engine.rules.loader import variant_from_data
from engine.rules.variant import Variant
from engine.sim.dispatch import run_jobs
from engine.sim.stats import Tally

__all__ = ["Job", "derive_seed", "play_game", "run_games", "simulate"]

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


def play_game(variant: Variant, seed: int, bots: Sequence[BotSpec],
              scores: Sequence[int] | None = None) -> State:
    """Play one game to the end with the bots ``bots`` (one per seat), from ``scores`` (a
    match's laps) or the variant's starting scores."""
    state = State(variant, seed=seed, scores=scores)
    players = [make_bot(spec, variant, seat, derive_seed(seed, "bot", seat))
               for seat, spec in enumerate(bots)]
    while state.current != TERMINAL:
        state.apply_fast(players[state.current].act(state))  # illegal: raises the reason
    return state


def run_games(
    variant: Variant,
    *,
    seed: int,
    indices: range,
    bots: Sequence[BotSpec],
    progress: Progress | None = None,
) -> Tally:
    """Play the games numbered ``indices`` of the run ``seed`` and tally them.

    With match rules (``game.match``) the run is a series of matches of ``games`` games:
    game ``i`` is game ``i % games`` of match ``i // games``, and starts from the laps the
    previous game of its match carried. ``indices`` then starts at a match's first game
    (:func:`iter_jobs` cuts runs at match boundaries), so a match is always played whole, in
    one process, and the report is the same for any number of workers. A run whose number of
    games is not a multiple of ``games`` ends inside its last match: that match is counted
    apart (:meth:`Tally.add_unfinished_match`), neither won nor tied."""
    tally = Tally.for_variant(variant)
    match = variant.game.match
    if match is not None:
        assert indices.start % match.games == 0, "a slice must start a match"
        _run_matches(variant, seed, indices, bots, tally=tally, progress=progress)
        return tally
    for index in indices:
        tally.add_game(play_game(variant, derive_seed(seed, index), bots))
        if progress is not None:
            progress(1)
    return tally


def _run_matches(variant: Variant, seed: int, indices: range, bots: Sequence[BotSpec], *,
                 tally: Tally, progress: Progress | None) -> None:
    """Play whole matches: game ``i`` is game ``i % games`` of its match. A best-of match
    stops once decided (MATCH-A1): the games it did not need are not played (nor counted as
    games), but their numbers stay theirs, so every match starts at the same game number
    (and seed) for any number of workers."""
    match = variant.game.match
    assert match is not None
    game = variant.game
    fresh = [game.start] * variant.players
    begun = fresh
    credits = [0] * variant.players
    wins = [0] * variant.players
    decided = False
    rubbers = match.best_of is not None or match.rubber_bonus > 0  # MATCH-A2: points
    for index in indices:
        if index % match.games == 0:
            begun, credits, wins = fresh, [0] * variant.players, [0] * variant.players
            decided = False
        if decided:  # a best-of match won before this game: it is not played
            if progress is not None:
                progress(1)
            continue
        state = play_game(variant, derive_seed(seed, index), bots, scores=begun)
        credit = match.credit(begun=begun, scores=state.scores, winners=state.winners)
        nxt = match.carry(state.scores, winners=state.winners, target=game.target,
                          start=game.start)
        for seat in state.winners:
            credits[seat] += credit
            wins[seat] += 1
        played = index % match.games + 1
        decided = match.over(wins=wins, played=played)
        tally.add_game(state)
        tally.add_match_game(state, credit=credit, carried=max(nxt) - game.start,
                             credits=match.standing(wins=wins, credits=credits)
                             if decided else None, rubber=(credits, match.rubber_bonus)
                             if decided and rubbers else None)
        if not decided and index == indices.stop - 1:  # the run ends inside this match
            tally.add_unfinished_match(games=played)
        begun = nxt
        if progress is not None:
            progress(1)


@dataclass(frozen=True, slots=True)
class Job:
    """A slice of a run, as sent to a worker process or a Dask worker."""

    name: str
    rules_json: str
    rules_hash: str
    seed: int
    start: int
    stop: int
    bots: tuple[BotSpec, ...]


@cache
def _variant_of(name: str, rules_json: str, rules_hash: str) -> Variant:
    variant = variant_from_data(json.loads(rules_json), name=name, file=f"<{name}>")
    if variant.rules_hash != rules_hash:
        raise EuchreError(f"worker compiled {name} to other rules ({variant.rules_hash} != "
                          f"{rules_hash}); install the same euchrekit version everywhere")
    return variant


def run_job(job: Job) -> Tally:
    """Run one slice (in whatever process it lands)."""
    variant = _variant_of(job.name, job.rules_json, job.rules_hash)
    return run_games(variant, seed=job.seed, indices=range(job.start, job.stop), bots=job.bots)


def iter_jobs(variant: Variant, seed: int, games: int, bots: Sequence[BotSpec], parts: int,
              *, whole_matches: bool = True) -> Iterator[Job]:
    """The run cut into slices of at most 200 games (about ``parts`` of them), lazily; with
    match rules, into whole matches (unless not ``whole_matches``: games played alone)."""
    size = max(1, min(200, -(-games // max(1, parts))))
    match = variant.game.match
    if match is not None and whole_matches:
        size = -(-size // match.games) * match.games
    for start in range(0, games, size):
        yield Job(variant.name, variant.rules_json, variant.rules_hash, seed, start,
                  min(games, start + size), tuple(bots))


def simulate(
    variant: Variant,
    *,
    seed: int,
    games: int,
    bots: Sequence[BotSpec],
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> Tally:
    """Play ``games`` games and tally them: in this process (``workers=1``), in ``workers``
    local processes, or on the Dask cluster at ``scheduler``. The result is identical."""
    if scheduler is None and workers <= 1:
        return run_games(variant, seed=seed, indices=range(games), bots=bots, progress=progress)
    tally = Tally.for_variant(variant)

    def done(job: Job, result: Tally) -> None:
        tally.merge(result)
        if progress is not None:
            progress(job.stop - job.start)

    run_jobs(run_job, lambda k: iter_jobs(variant, seed, games, bots, k * 8), done,
             workers=workers, scheduler=scheduler)
    return tally


