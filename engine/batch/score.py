"""``score`` in batch form: the variant's scoring table, its expressions vectorised.

For each row of the table the ``when`` condition is evaluated over all games at once
(:func:`engine.batch.scoring.vectorise`); the table's compiler already proved that exactly one
row applies to every outcome, so the first true row is the row. The awards are evaluated per
seat, as the scalar ``score`` phase does: the makers' expression for the makers' side (with
``tricks`` their tricks, ``is_alone`` for the lone maker, ``out`` for his partner), the
defenders' expression for each of the others (``"defenders: 2"``: 2 to each defender). A hand
without a maker (trump fixed by the upcard, or no-trump after all passed: ``no_maker``) gives
every seat the defenders' award, ``tricks`` those of its fixed side, ``out`` a seat that sat
out or dropped out.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.batch.scoring import NotVectorisable, vectorise
from engine.mechanics.batch.hand import NONE, BatchHand, Ints
from engine.rules.game_end import Goal, Win
from engine.rules.scoring_names import DENOMINATION_NAMES
from engine.rules.variant import SidesKind, Variant

__all__ = ["Score"]

_SEAT_NAMES = frozenset({"tricks", "is_alone", "out"})
"""The names of an award that differ from seat to seat."""


class Score:
    """The scoring table (two sides in alternate seats of four or six, the maker against the
    rest, or every player for himself), for B games at once.

    When no award differs from seat to seat (no ``tricks``, ``is_alone`` or ``out``) and there
    are no bids, the table is evaluated once over every outcome and each hand looks its
    outcome up."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        p = variant.players
        if variant.sides.kind is SidesKind.TEAMS and (
                p not in (4, 6) or variant.sides.teams != (tuple(range(0, p, 2)),
                                                           tuple(range(1, p, 2)))):
            return ("only two sides in alternate seats of four or six players (0+2 against "
                    "1+3, 0+2+4 against 1+3+5), the maker against the rest and every player "
                    "for himself have a batch form yet")
        try:
            Score(variant)
        except NotVectorisable as error:
            return str(error)
        return None

    def __init__(self, variant: Variant) -> None:
        rows = variant.scoring.rows
        self.when = [vectorise(row.when) for row in rows]
        self.makers = [vectorise(row.makers) for row in rows]
        self.defenders = [vectorise(row.defenders) for row in rows]
        space = variant.scoring.space
        self.per_seat = [bool((row.makers.names | row.defenders.names) & _SEAT_NAMES)
                         for row in rows]
        self.hand_size = variant.deal.hand_size
        self.partners = variant.sides.kind is SidesKind.TEAMS
        """The maker's partner (across) is on his side; else the maker is alone against all."""
        self.individual = variant.sides.kind is SidesKind.INDIVIDUAL
        """Each defender is his own side: a defender's ``tricks`` are his own."""
        self.specials = tuple(name for name, _, _ in space.specials) \
            if space.bids and not space.table else ()
        self.values = np.array([value for _, _, value, _, _ in space.table], dtype=np.int64)
        self.codes = np.array([code for _, _, _, code, _ in space.table], dtype=np.int64)
        """By row of the bid table (``auction.table``): its ``value`` and ``denomination``."""
        self.bids = bool(space.bids)
        self.contract = variant.game.win is Win.CONTRACT_RESULT
        self.countdown = variant.game.goal is Goal.DOWN
        self.no_maker = space.no_maker
        """Some hands have no maker: every seat scores as a defender, its ``tricks`` those
        of its fixed side (``Variant.award_points`` with no maker)."""
        self.teams = [list(next(team for team in variant.sides.teams if seat in team))
                      for seat in range(variant.players)]
        self.exposed = space.exposed
        """The name ``exposed``: a lone maker played exposed (``go_alone.exposed``), that is
        every lone hand of the makers."""
        self.taken = space.partner_alone
        """The name ``partner_alone``: the maker's partner took the hand over (ALONE-A1)."""
        self.table = None if any(self.per_seat) or self.bids or self.no_maker or self.taken \
            else self._table()

    def _table(self) -> tuple[Ints, Ints, Ints]:
        """The row and both awards of every outcome (makers' tricks, alone, a lone defender),
        the vectorised expressions evaluated once over all of them: index ``4 tricks + 2 alone
        + defender_alone`` (an outcome outside the variant's space has no row: never read)."""
        tricks = np.repeat(np.arange(self.hand_size + 1), 4)
        alone = np.tile(np.array([False, False, True, True]), self.hand_size + 1)
        defender_alone = np.tile(np.array([False, True]), 2 * (self.hand_size + 1))
        env = self._env(tricks, alone, defender_alone)
        label = self._label(env, tricks.size)
        makers = np.zeros(tricks.size, dtype=np.int64)
        defenders = np.zeros(tricks.size, dtype=np.int64)
        for index in range(len(self.when)):
            chosen = label == index
            makers += np.where(chosen, self.makers[index](env), 0)
            defenders += np.where(chosen, self.defenders[index](env), 0)
        return label, makers, defenders

    def _env(self, makers_tricks: Ints, alone: npt.NDArray[np.bool_],
             defender_alone: npt.NDArray[np.bool_]) -> dict[str, object]:
        env: dict[str, object] = {
            "makers.tricks": makers_tricks,
            "defenders.tricks": self.hand_size - makers_tricks,
            "alone": alone,
            "defender_alone": defender_alone,
        }
        if self.exposed:
            env["exposed"] = alone
        return env

    def _label(self, env: dict[str, object], n: int) -> Ints:
        """The first row whose ``when`` holds (the compiler proved there is exactly one)."""
        label = np.full(n, NONE, dtype=np.int64)
        for index, when in reversed(list(enumerate(self.when))):
            label = np.where(np.broadcast_to(when(env), (n,)), index, label)
        return label

    def run(self, bh: BatchHand) -> None:
        n, p = bh.n, bh.players
        rows = np.arange(n)
        scored = ~bh.thrown_in
        maker = np.maximum(bh.maker, 0)
        partner = (maker + 2) % p if self.partners else maker
        makers_tricks = bh.tricks[rows, maker]
        if bh.partner is not None:  # a called partner (never beside partnerships)
            partner = np.where(bh.partner >= 0, bh.partner, maker)
            makers_tricks = bh.makers_tricks(maker)
        if self.partners:
            makers_tricks = makers_tricks + bh.tricks[rows, partner]
            for k in range(4, p, 2):  # six players: the third of the side
                makers_tricks = makers_tricks + bh.tricks[rows, (maker + k) % p]
        if bh.no_maker is not None:  # the outcome of a hand without a maker: no tricks
            makers_tricks = np.where(bh.no_maker, 0, makers_tricks)
        alone, defender_alone = bh.alone, bh.defender_alone >= 0
        if self.table is not None:
            outcome = makers_tricks * 4 + alone * 2 + defender_alone
            label, makers, defenders = (column[outcome] for column in self.table)
            makers, defenders = makers * scored, defenders * scored
            bh.label = np.where(scored, label, NONE)
            bh.deltas = np.stack([np.where(self._on_makers(seat, maker, partner, p), makers,
                                           defenders) for seat in range(p)], axis=1)
        else:
            self._per_seat(bh, makers_tricks, maker, partner)
        for rescore in bh.rescore:  # a show's points in place of the table's (declare)
            rescore(bh)
        # made: the maker gained points (lost points, in a countdown), as a hand record's
        # ``made``
        gained = bh.deltas[rows, maker]
        bh.made = (bh.maker >= 0) & ((gained < 0) if self.countdown else (gained > 0))
        if self.contract:  # `Variant.contract_made`: the bid's tricks (none for a misère),
            # else a majority; read by `game.win: contract_result` (BID-A7)
            needed = bh.bid if self.bids else np.full(n, self.hand_size // 2 + 1)
            bh.contract_made = (bh.maker >= 0) & np.where(needed == 0, makers_tricks == 0,
                                                 makers_tricks >= needed)

    @staticmethod
    def _on_makers(seat: int, maker: Ints, partner: Ints, p: int) -> npt.NDArray[np.bool_]:
        """Per row: ``seat`` is on the maker's side (``partner``: the seat across; six
        players: the seats of the maker's parity)."""
        on: npt.NDArray[np.bool_] = np.equal(maker & 1, seat & 1) if p == 6 else \
            np.logical_or(np.equal(maker, seat), np.equal(partner, seat))
        return on

    def _per_seat(self, bh: BatchHand, makers_tricks: Ints, maker: Ints, partner: Ints) -> None:
        """The awards seat by seat (an award that reads ``tricks``, ``is_alone`` or ``out``)."""
        n, p = bh.n, bh.players
        scored = ~bh.thrown_in
        env = self._env(makers_tricks, bh.alone, bh.defender_alone >= 0)
        unmade = bh.no_maker if bh.no_maker is not None else np.zeros(n, dtype=bool)
        if self.no_maker:
            env["no_maker"] = unmade
        loner = bh.loner()
        if self.taken:
            env["partner_alone"] = bh.taken if bh.taken is not None else False
        if self.bids:  # the names of an auction (`engine.rules.scoring.AUCTION_NAMES`)
            env["bid"] = bh.bid
            env["bidder.tricks"] = makers_tricks
            for index, name in enumerate(self.specials):
                env[name] = bh.special == index
            if bh.contract is not None:  # the bid table's names (C500-A1)
                contract = np.maximum(bh.contract, 0)
                env["value"] = self.values[contract]
                env["denomination"] = self.codes[contract]
                env.update({name: np.int64(code) for name, code in DENOMINATION_NAMES.items()})
        label = np.where(scored, self._label(env, n), NONE)
        deltas = np.zeros((n, p), dtype=np.int64)
        for index in range(len(self.when)):
            chosen = label == index
            if not chosen.any():
                continue
            for seat in range(p):
                on_makers = self._on_makers(seat, maker, partner, p) & ~unmade
                seat_env = dict(env)
                defenders_tricks = bh.tricks[:, seat] if self.individual else \
                    self.hand_size - makers_tricks
                if self.no_maker and not self.individual:  # no maker: his fixed side's
                    defenders_tricks = np.where(unmade, bh.tricks[:, self.teams[seat]].sum(
                        axis=1), defenders_tricks)
                seat_env["tricks"] = np.where(on_makers, makers_tricks, defenders_tricks)
                seat_env["is_alone"] = np.where(on_makers, bh.alone & (seat == loner),
                                                seat == bh.defender_alone)
                seat_env["out"] = bh.sits_out(seat)
                points = np.where(on_makers, self.makers[index](seat_env),
                                  self.defenders[index](seat_env))
                deltas[:, seat] += np.where(chosen, points, 0)
        bh.deltas = deltas
        bh.label = label
