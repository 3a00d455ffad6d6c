"""Playing whole games in batches: B games in lockstep, one hand of every game in play at a
time; a row whose game ends starts the batch's next game, until all are over.

Batch ``i`` of a run with seed ``S`` draws everything from one generator seeded with
``derive_seed(S, "batch", i)`` and plays a fixed range of the run's games
(:mod:`engine.batch.simulate`): a run is the same for a seed and a batch size, however many
processes play its batches. Memory is that of B rows (a few arrays; ``tools/bench_batch.py``
measures the bytes per game in flight) plus a few counters per game of the batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from engine.batch.forms import Kernel, batch_form, score_bound
from engine.batch.match import MatchRows
from engine.batch.pairs import PairedRun
from engine.batch.tally import add_games, add_hands, wide_sums
from engine.bots import heuristic_numbers as N
from engine.bots.greedy import ALONE_AT, ORDER_AT
from engine.bots.heuristic import HeuristicBot
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.hand import BatchHand, GreedySeats, Ints
from engine.mechanics.batch.heuristic import HeuristicNumbers, HeuristicSeats, HeuristicTables
from engine.rules.game_end import Goal, Win
from engine.rules.results import Deal
from engine.rules.variant import Variant
from engine.sim.simulate import derive_seed
from engine.sim.stats import Tally

__all__ = ["GameLog", "compile_kernels", "heuristic_numbers", "play_batch"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLog:
    """One batch game as the scalar engine can replay it: every hand's deal (thrown-in ones
    included), every action id in order, and the final scores and winners."""

    index: int
    deals: tuple[Deal, ...]
    actions: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    begun: tuple[int, ...] | None = None
    """The scores the game began with, where a match's laps carried some (None: the start)."""


def compile_kernels(variant: Variant) -> list[Kernel]:
    """The batch form of each mechanic of the flow, in order (the variant must have them all:
    see :func:`engine.batch.forms.missing`)."""
    forms = [batch_form(name) for name in variant.flow]
    assert None not in forms, variant.flow
    return [form(variant) for form in forms if form is not None]


def heuristic_numbers(variant: Variant) -> HeuristicNumbers:
    """The scalar heuristic bot's numbers for ``variant`` (:mod:`engine.bots.heuristic`)."""
    bot = HeuristicBot(variant, 0, 0)
    return HeuristicNumbers(
        trump_values=tuple(tuple(bot.trump_values[t]) for t in range(4)),
        length_bonus=N.LENGTH_BONUS, void_bonus=N.VOID_BONUS, off_ace=N.OFF_ACE,
        off_ace_long=N.OFF_ACE_LONG, off_king_guarded=N.OFF_KING_GUARDED,
        left_power=N.LEFT_POWER, trump_base=N.TRUMP_BASE, threshold=bot.threshold,
        partner_tricks=bot.partner_tricks, opening_tricks=bot.opening_tricks,
        bid_margin=bot.bid_margin, half_tricks=bot.half_tricks,
        trumpless_orders=tuple(tuple(tuple(suit) for suit in bot.nt_order[t])
                               for t in (C.NO_TRUMP, C.LOW_NO_TRUMP)),
        nt_top=N.NT_TOP, nt_long=N.NT_LONG, nt_second=N.NT_SECOND, nt_third=N.NT_THIRD,
        nt_joker=N.NT_JOKER)


@dataclass(slots=True)
class _Slots:
    """The rows of a batch: the game each plays and its running state; the results of the
    batch's games by game number."""

    variant: Variant
    rng: np.random.Generator
    size: int
    games: int
    paired: PairedRun | None = None
    """A comparison's batch: first dealers from the game's number (:mod:`engine.batch.pairs`)."""
    tally: Tally | None = None
    match: MatchRows | None = field(init=False, default=None)
    """The match each row plays (``game.match``; a comparison plays each game alone)."""
    step: int = field(init=False, default=1)
    """Games a fresh row takes: a match's (a row plays the match's games in turn)."""
    slot_game: Ints = field(init=False)
    scores: Ints = field(init=False)
    dealer: Ints = field(init=False)
    hands_played: Ints = field(init=False)
    scored: Ints = field(init=False)
    going: npt.NDArray[np.bool_] = field(init=False)
    winners: npt.NDArray[np.bool_] = field(init=False)
    scored_of: Ints = field(init=False)
    stopped: npt.NDArray[np.bool_] = field(init=False)
    played: npt.NDArray[np.bool_] = field(init=False)
    """Per game of the batch: it was played (a best-of match decided early skips some)."""
    next_game: int = 0

    def __post_init__(self) -> None:
        p = self.variant.players
        if self.variant.game.match is not None and self.paired is None:
            self.match = MatchRows(self.variant)
            self.step = self.match.games
        slots = min(self.size, -(-self.games // self.step))
        self.slot_game = np.arange(slots) * self.step
        self.next_game = slots * self.step
        if self.match is not None:
            self.match.open(slots)
        self.scores = np.full((slots, p), self.variant.game.start, dtype=np.int64)
        self.dealer = self._first_dealers(self.slot_game, slots)
        self.hands_played = np.zeros(slots, dtype=np.int64)
        self.scored = np.zeros(slots, dtype=np.int64)
        self.going = np.ones(slots, dtype=bool)
        self.winners = np.zeros((self.games, p), dtype=bool)
        self.scored_of = np.zeros(self.games, dtype=np.int64)
        self.stopped = np.zeros(self.games, dtype=bool)
        self.played = np.zeros(self.games, dtype=bool)

    def _first_dealers(self, games: Ints, count: int) -> Ints:
        if self.paired is not None:
            return self.paired.first_dealer(games)
        dealers: Ints = self.rng.integers(0, self.variant.players, size=count)
        return dealers

    def count_games(self, tally: Tally) -> None:
        """Count the batch's games, once all are over (a best-of match decided early: the
        games it did not need are neither played nor counted, MATCH-A1)."""
        if self.match is not None and self.match.needed is not None:
            played = self.played
            add_games(tally, winners=self.winners[played], scored=self.scored_of[played],
                      stopped=self.stopped[played])
        else:
            add_games(tally, winners=self.winners, scored=self.scored_of, stopped=self.stopped)

    def finish(self, rows: Ints, done: npt.NDArray[np.bool_], won: npt.NDArray[np.bool_],
               limit: npt.NDArray[np.bool_]) -> None:
        """Record the games of ``rows[done]`` and start the next games in their rows."""
        free, ended = rows[done], self.slot_game[rows[done]]
        self.winners[ended], self.stopped[ended] = won[done], limit[done]
        self.scored_of[ended] = self.scored[free]
        self.played[ended] = True
        if self.match is not None and self.tally is not None:  # the match's next game
            going, begun = self.match.finish(self.tally, free, ended, scores=self.scores[free],
                                             won=won[done], last=self.games)
            on = free[going]
            self.slot_game[on] += 1
            self.scores[on] = begun[going]
            self.dealer[on] = self._first_dealers(self.slot_game[on], on.size)
            self.hands_played[on] = 0
            self.scored[on] = 0
            free = free[~going]
        step = self.step
        take = min(free.size, -(-(self.games - self.next_game) // step))
        new, idle = free[:take], free[take:]
        self.slot_game[new] = np.arange(self.next_game, self.next_game + take * step, step)
        self.next_game += take * step
        self.scores[new] = self.variant.game.start
        self.dealer[new] = self._first_dealers(self.slot_game[new], take)
        self.hands_played[new] = 0
        self.scored[new] = 0
        self.going[idle] = False


def play_batch(variant: Variant, kernels: list[Kernel], *, seed: int, index: int, size: int,
               games: int, logged: int = 0, bots: Sequence[BotSpec] = (),
               hands: int | None = None, paired: PairedRun | None = None
               ) -> tuple[Tally, list[GameLog]]:
    """Play batch ``index`` of the run ``seed``: ``games`` games on ``size`` slots (rows); a
    slot whose game ends takes the next game, so that every hand is played by full rows
    until the last games (``hands``: stop after so many hands, to measure a batch). Keep the
    logs of the first ``logged`` games. ``bots``: one name per
    seat, ``random`` (the default), ``greedy`` or ``heuristic``. ``paired``: a comparison's
    batch, dealt by game and hand and counted per game (:mod:`engine.batch.pairs`)."""
    names = [spec.name for spec in bots]
    greedy = GreedySeats(seats=np.array([name == "greedy" for name in names]),
                         order_at=ORDER_AT, alone_at=ALONE_AT) if "greedy" in names else None
    heuristic = HeuristicSeats(
        seats=np.array([name == "heuristic" for name in names]),
        tables=HeuristicTables(variant, heuristic_numbers(variant))) \
        if "heuristic" in names else None
    rng = np.random.Generator(np.random.PCG64(derive_seed(seed, "batch", index)))
    tally = Tally.for_variant(variant)
    p, game = variant.players, variant.game
    extras = len(variant.deal.extra_hands)
    labels = tuple(row.label for row in variant.scoring.rows) + tuple(
        label for kernel in kernels for label in getattr(kernel, "labels", ()))
    st = _Slots(variant, rng, size, games, paired, tally)
    wide = wide_sums(score_bound(variant), min(size, games))  # exact sums of large scores
    logs: list[tuple[list[Deal], list[int]]] = [([], []) for _ in range(logged)]
    final: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    begun: dict[int, tuple[int, ...]] = {}
    played = 0
    while st.going.any() and (hands is None or played < hands):
        played += 1
        rows = np.flatnonzero(st.going)
        # every row until the batch runs out of games: a slice, not a gather
        at: slice | Ints = slice(None) if rows.size == st.going.size else rows
        kept = np.flatnonzero(st.slot_game[at] < logged) if logged else None
        bh = BatchHand(rng=rng, dealer=st.dealer[at].copy(), players=p, extras=extras,
                       logged=kept, greedy=greedy, heuristic=heuristic,
                       deal_keys=None if paired is None else
                       paired.deal_keys(st.slot_game[at], st.hands_played[at]))
        for kernel in kernels:
            kernel.run(bh)
        after = st.scores[at] + bh.deltas
        st.scores[at] = after
        st.hands_played[at] += 1
        st.scored[at] += ~bh.thrown_in
        add_hands(tally, bh, after, st.scored[at], labels, wide=wide)
        if paired is not None:
            paired.add_hand(bh, st.slot_game[at])
        if kept is not None:
            _keep_logs(bh, [logs[g] for g in st.slot_game[rows[kept]]])
            if st.match is not None:  # where each logged game began (a match's laps)
                for r in kept.tolist():
                    start = (after[r] - bh.deltas[r]).tolist()
                    begun.setdefault(int(st.slot_game[rows[r]]), tuple(start))
        over, won = _game_over(variant, after, bh, st.scored[at])
        won[~over] = False
        limit = ~over & (st.hands_played[at] >= game.max_hands)
        for row in np.flatnonzero(limit):
            won[row, list(variant.leaders(after[row].tolist()))] = True
        passes = 1 if bh.redealt is None else ~bh.redealt  # a redeal: the same dealer
        st.dealer[at] = (st.dealer[at] + passes) % p
        done = over | limit
        if done.any():
            for r in np.flatnonzero(done & (st.slot_game[at] < logged)).tolist():
                final[int(st.slot_game[rows[r]])] = (
                    tuple(after[r].tolist()), tuple(np.flatnonzero(won[r]).tolist()))
            st.finish(rows, done, won, limit)
    st.count_games(tally)
    if paired is not None:
        paired.finish(st.winners, st.stopped)
    # the logged games played (a best-of match decided early skips the games it did not need)
    out = [GameLog(index=g, deals=tuple(deals), actions=tuple(actions), scores=final[g][0],
                   winners=final[g][1], begun=begun.get(g))
           for g, (deals, actions) in enumerate(logs) if g in final]
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


def _game_over(variant: Variant, scores: np.ndarray, bh: BatchHand,
               scored: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per row: whether a side reached the target, and the winning seats (as
    :meth:`Variant.game_result` decides, ``goal: up`` or ``down``; with ``win: contract_result``,
    BID-A7, only the makers' side if it made its contract, else the defenders, may win, and a
    hand thrown in ends no game, as the scalar ``score`` phase is not reached; with
    ``game.hands``, GAME-A1, every side once ``scored`` hands, this one included, were
    scored)."""
    game = variant.game
    teams = variant.sides.teams
    n, p = scores.shape
    lowest = np.iinfo(np.int64).min
    # column by column (a side per column): reductions across a short row are slow; a
    # countdown (``goal: down``, the lowest best, at or below the target) is the same game
    # on the negated scores
    if game.goal is Goal.DOWN:
        team_scores = [-scores[:, team[0]] for team in teams]
        reached = [score >= -game.target for score in team_scores]
    else:
        team_scores = [scores[:, team[0]] for team in teams]
        reached = [score >= game.target for score in team_scores]
    if game.hands is not None:  # GAME-A1: after that many hands scored, the best score wins
        assert scored is not None
        last = (scored >= game.hands) & ~bh.thrown_in
        reached = [last] * len(teams)
    if game.win is Win.CONTRACT_RESULT:
        scored = bh.maker >= 0
        maker = np.maximum(bh.maker, 0)
        for t, team in enumerate(teams):
            makers = np.logical_or.reduce([maker == seat for seat in team])
            reached[t] = reached[t] & scored & (makers == bh.contract_made)
    best = np.full(n, lowest, dtype=np.int64)
    for score, got in zip(team_scores, reached, strict=True):
        np.maximum(best, np.where(got, score, lowest), out=best)
    top = [got & (score == best) for score, got in zip(team_scores, reached, strict=True)]
    over: np.ndarray = np.logical_or.reduce(reached)
    if game.tie.value == "play_on":
        over = over & (np.add.reduce([t.astype(np.int64) for t in top]) <= 1)
    if game.lose_at is not None:
        over, top = _lost(game.lose_at, team_scores, over, top)
    won = np.zeros((n, p), dtype=bool)
    for t, team in enumerate(teams):
        for seat in team:
            won[:, seat] = top[t]
    return over, won


def _lost(lose_at: int, team_scores: list[np.ndarray], over: np.ndarray, top: list[np.ndarray]
          ) -> tuple[np.ndarray, list[np.ndarray]]:
    """``game.lose_at`` (GAME-A2, :meth:`GameRules.down`) where no side won by the target: a
    side at or below it loses and the game ends at once, the best score of the other sides
    winning, shared if tied (every side down: the best of all)."""
    fallen = [score <= lose_at for score in team_scores]
    down = ~over & np.logical_or.reduce(fallen)
    if not down.any():
        return over, top
    everyone = ~np.logical_or.reduce([~f for f in fallen])  # every side down: all stand
    standing = [~f | everyone for f in fallen]
    lowest = np.iinfo(np.int64).min
    best = np.maximum.reduce([np.where(s, score, lowest)
                              for s, score in zip(standing, team_scores, strict=True)])
    top = [np.where(down, s & (score == best), t)
           for s, score, t in zip(standing, team_scores, top, strict=True)]
    return over | down, top
