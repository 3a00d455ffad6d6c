"""One hand of B games at once: the arrays every batch kernel reads and writes.

A :class:`BatchHand` holds, per game in the batch (one row each), what the scalar
:class:`~engine.mechanics.hand.Hand` holds for one: the dealer, the hands as ``uint64`` card masks,
the upcard, the maker, trump, who sits out, the tricks taken. Kernels
(each mechanic's batch form, :class:`BatchForm`) run one phase for every row at once; a row a
phase does not concern is masked, never branched on.

The ``logged`` rows keep the scalar action id of every decision, in order (:meth:`act`):
``--verify`` replays them through the scalar interpreter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from engine.mechanics.batch.heuristic import HeuristicSeats
    from engine.rules.variant import Variant

__all__ = ["NONE", "BatchForm", "BatchHand", "GreedySeats", "Ints", "Kernel", "rules_of"]

_T = TypeVar("_T")

Ints = npt.NDArray[np.int64]
NONE = -1
"""No seat, no card, no action (in a row a step does not concern)."""


def rules_of(variant: Variant, record: type[_T]) -> _T:
    """The variant's config record of a mechanic its flow has."""
    return variant.rules_of(record)


@dataclass(frozen=True, slots=True, kw_only=True)
class GreedySeats:
    """The seats the ``greedy`` bot plays, and the bot's numbers (the batch engine passes
    those of :mod:`engine.bots.greedy`, a layer above the mechanics)."""

    seats: npt.NDArray[np.bool_]
    """Per seat: it is played by the ``greedy`` bot."""
    order_at: int
    """Trumps held to order up or name a suit."""
    alone_at: int
    """Trumps held to go alone."""


@dataclass(slots=True, kw_only=True)
class BatchHand:
    """One hand of ``n`` games; ``rng`` is the batch's generator (every choice flows from it)."""

    rng: np.random.Generator
    dealer: Ints
    players: int = 4
    extras: int = 0
    """Extra hands (a dummy, the ghost): columns ``players ..`` of :attr:`hands`."""
    logged: Ints | None = None
    """Rows whose actions are kept for ``--verify`` (None: none)."""
    greedy: GreedySeats | None = None
    """The seats the ``greedy`` bot plays (None: every seat is ``random``)."""
    heuristic: HeuristicSeats | None = None
    """The seats the ``heuristic`` bot plays, and its tables (None: no seat)."""
    deal_keys: npt.NDArray[np.uint64] | None = None
    """Per row, the key its shuffle is drawn from (``compare``'s paired deals: the same game
    and hand deal the same cards under both variants); None: the shuffle draws from
    :attr:`rng`."""
    hands: npt.NDArray[np.uint64] = field(init=False)
    upcard: Ints = field(init=False)
    maker: Ints = field(init=False)
    trump: Ints = field(init=False)
    ordered: npt.NDArray[np.bool_] = field(init=False)
    """Trump is the upcard's suit, ordered up in round 1: the dealer takes the upcard."""
    out: Ints = field(init=False)
    """The seat sitting out (a lone player's partner), or :data:`NONE`."""
    out2: Ints | None = field(init=False, default=None)
    """A second seat sitting out (a lone defender's partner in partnerships), or
    :data:`NONE`; None where no variant's hand can have one (every kernel may skip it)."""
    alone: npt.NDArray[np.bool_] = field(init=False)
    """The makers' side plays alone (the maker, or his partner in his place: :attr:`taken`)."""
    taken: npt.NDArray[np.bool_] | None = field(init=False, default=None)
    """Rows whose maker's partner took the hand over and plays alone in his place, the maker
    sitting out (``go_alone.partner``, ALONE-A1); None: no row."""
    partner: Ints | None = field(init=False, default=None)
    """The maker's called partner (``call_partner``): the holder of the called card, or
    :data:`NONE` (alone, the card not dealt to another player); None where no variant's hand
    has one (sides fixed by the variant)."""
    called: Ints | None = field(init=False, default=None)
    """The card the maker called (``call_partner``), or :data:`NONE`; its holder knows he is
    the partner at once, every seat once it is played (CALL-A6)."""
    defender_alone: Ints = field(init=False)
    """The seat of a defender who plays alone, or :data:`NONE`."""
    merged: npt.NDArray[np.bool_] = field(init=False)
    """The maker took the dummy into his hand (``dummy_merge``)."""
    bid: Ints = field(init=False)
    """The tricks the winning bid contracts for (``auction``; 0: no auction)."""
    special: Ints = field(init=False)
    """The winning special bid's index (``moon``), or :data:`NONE` for a number."""
    contract: Ints | None = field(init=False, default=None)
    """The winning bid's row of the bid table (``auction.table``, C500-A1), or :data:`NONE`
    (all passed); None where the variant has no table."""
    swapped: Ints = field(init=False)
    """The seat that took the extra hand (``auction.swap``), or :data:`NONE`."""
    named: npt.NDArray[np.bool_] | None = field(init=False, default=None)
    """Rows whose winning bid named trump (``auction.trump_in_bid``): ``name_trump`` asks
    nothing there; None: no row."""
    special_names: tuple[str, ...] = field(init=False, default=())
    """The names of the special bids (``moon``), by :attr:`special` index."""
    tricks: Ints = field(init=False)
    deltas: Ints = field(init=False)
    label: Ints = field(init=False)
    """The index of the scoring row that applied (:data:`NONE` for a thrown-in hand)."""
    made: npt.NDArray[np.bool_] = field(init=False)
    contract_made: npt.NDArray[np.bool_] = field(init=False)
    """The makers took the tricks they contracted for (set with ``game.win:
    contract_result``)."""
    thrown_in_why: str = field(init=False, default="")
    """Why a row nobody made is thrown in (``HandResult.thrown_in``), set by the form that
    throws it in (the bidding's: all passed); a redeal's rows have their own
    (:attr:`redealt_why`)."""
    redealt: npt.NDArray[np.bool_] | None = field(init=False, default=None)
    """Rows thrown in before the bidding for a redeal by the same dealer (``redeal``,
    STD-A15): no later phase acts in them, and the deal does not pass; None: no row (no
    variant's hand without a redeal phase has one, every kernel may skip it)."""
    redealt_why: str = field(init=False, default="")
    """Why the :attr:`redealt` rows were thrown in (``HandResult.thrown_in``)."""
    no_maker: npt.NDArray[np.bool_] | None = field(init=False, default=None)
    """Rows played with trump fixed and no maker (trump by the upcard, ``upcard_trump``; or
    no-trump after all passed, BUCK-A5): not thrown in, every seat plays and scores as a
    defender (the table's ``no_maker`` row); None: no row."""
    dropped: Ints | None = field(init=False, default=None)
    """Per row, the seats that dropped out (``stay_or_drop``) as a bitmask: they sit the hand
    out and score as ``out``; None where no variant's hand can have one."""
    covered: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]] | None = field(
        init=False, default=None)
    """The tableaux's covered columns (``piles``, PILE-A3): per column of every seat, one row
    each, the bit of the face-up card on it and of the face-down card under it, which joins
    the owner's hand when the card on it is played; None: no variant's hand has one."""
    seat_figures: dict[str, Ints] = field(init=False, default_factory=dict)
    """Report figures counted per seat this hand, over all rows (a seat that dropped out:
    the name of a per-seat :class:`~engine.mechanics.base.Figure`, its count by seat)."""
    ended: npt.NDArray[np.bool_] | None = field(init=False, default=None)
    """Rows a show ended before the play (``declare``, ``then: end``, DECL-A3): no trick is
    played in them; None: no row."""
    rescore: list[Callable[[BatchHand], None]] = field(init=False, default_factory=list)
    """What the ``score`` form calls once the table has scored every row, before the
    contracts made are read: a show's points in place of the table's award (``declare``)."""
    figures: dict[str, int] = field(init=False, default_factory=dict)
    """The mechanics' report figures counted this hand, over all rows (``farmer_exchanges``:
    the name of a :class:`~engine.mechanics.base.Figure`)."""
    log: list[Ints] = field(init=False, default_factory=list)
    deals: list[tuple[int, tuple[int, ...], int, int]] = field(init=False, default_factory=list)
    """The logged rows' deals: (dealer, hand masks, upcard, kitty mask)."""

    def __post_init__(self) -> None:
        n, p = self.n, self.players
        self.hands = np.zeros((n, p + self.extras), dtype=np.uint64)
        self.upcard = np.full(n, NONE, dtype=np.int64)
        self.maker = np.full(n, NONE, dtype=np.int64)
        self.trump = np.zeros(n, dtype=np.int64)
        self.ordered = np.zeros(n, dtype=bool)
        self.out = np.full(n, NONE, dtype=np.int64)
        self.alone = np.zeros(n, dtype=bool)
        self.defender_alone = np.full(n, NONE, dtype=np.int64)
        self.merged = np.zeros(n, dtype=bool)
        self.bid = np.zeros(n, dtype=np.int64)
        self.special = np.full(n, NONE, dtype=np.int64)
        self.swapped = np.full(n, NONE, dtype=np.int64)
        self.tricks = np.zeros((n, p), dtype=np.int64)
        self.deltas = np.zeros((n, p), dtype=np.int64)
        self.label = np.full(n, NONE, dtype=np.int64)
        self.made = np.zeros(n, dtype=bool)
        self.contract_made = np.zeros(n, dtype=bool)

    @property
    def n(self) -> int:
        """Games in the batch (rows)."""
        return int(self.dealer.shape[0])

    def makers_tricks(self, maker: Ints) -> Ints:
        """Per row, the tricks of ``maker`` and of his called partner (:attr:`partner`)."""
        rows = np.arange(self.n)
        tricks: Ints = self.tricks[rows, maker]
        if self.partner is not None:
            called = self.partner >= 0
            tricks = tricks + np.where(called, self.tricks[rows, np.maximum(self.partner, 0)], 0)
        return tricks

    def loner(self) -> Ints:
        """Per row, the seat of the makers' side that plays alone where it does (:attr:`alone`):
        the maker, or his partner across who took the hand over (:attr:`taken`)."""
        maker: Ints = self.maker
        if self.taken is None:
            return maker
        partner: Ints = np.where(self.taken, (maker + self.players // 2) % self.players, maker)
        return partner

    @property
    def maker_alone(self) -> npt.NDArray[np.bool_]:
        """Rows whose maker himself plays alone: the report's lone hands, which count a hand
        taken over by his partner (:attr:`taken`) as the scalar tally does, as none."""
        if self.taken is None:
            return self.alone
        alone: npt.NDArray[np.bool_] = self.alone & ~self.taken
        return alone

    @property
    def thrown_in(self) -> npt.NDArray[np.bool_]:
        """Rows whose hand nobody made (and not played without a maker, :attr:`no_maker`):
        thrown in, the deal passes left."""
        if self.no_maker is None:
            return self.maker < 0
        thrown: npt.NDArray[np.bool_] = (self.maker < 0) & ~self.no_maker
        return thrown

    def still_open(self, undecided: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """``undecided`` less the rows a redeal has already thrown in (:attr:`redealt`) and
        those whose trump is fixed without a maker (:attr:`no_maker`)."""
        if self.redealt is not None:
            undecided = undecided & ~self.redealt
        if self.no_maker is not None:
            undecided = undecided & ~self.no_maker
        return undecided

    def sits_out(self, seat: Ints | int) -> npt.NDArray[np.bool_]:
        """Per row, ``seat`` sits the hand out: a lone player's partner (:attr:`out`,
        :attr:`out2`) or a seat that dropped out (:attr:`dropped`)."""
        out: npt.NDArray[np.bool_] = np.equal(self.out, seat)
        if self.out2 is not None:
            out = out | np.equal(self.out2, seat)
        if self.dropped is not None:
            out = out | ((self.dropped >> seat) & 1).astype(bool)
        return out

    def act(self, acting: npt.NDArray[np.bool_], actions: Ints | int) -> None:
        """Keep one decision step's action ids, :data:`NONE` where a row did not act (only
        when rows are logged: the step costs nothing otherwise)."""
        rows = self.logged
        if rows is not None:
            chosen = actions[rows] if isinstance(actions, np.ndarray) else actions
            self.log.append(np.where(acting[rows], chosen, NONE))

    def uniform(self, options: Ints | int) -> Ints:
        """A uniform choice among ``options`` (per row, at least 1) alternatives: 0, 1, ..."""
        return (self.rng.random(self.n) * options).astype(np.int64)

    def greedy_at(self, seat: Ints) -> npt.NDArray[np.bool_] | None:
        """Per row: whether ``seat[row]`` is greedy (None: no seat is)."""
        if self.greedy is None:
            return None
        at: npt.NDArray[np.bool_] = self.greedy.seats[seat]
        return at

    def heuristic_at(self, seat: Ints) -> npt.NDArray[np.bool_] | None:
        """Per row: whether ``seat[row]`` is played by the heuristic (None: no seat is)."""
        if self.heuristic is None:
            return None
        at: npt.NDArray[np.bool_] = self.heuristic.seats[seat]
        return at

    @property
    def order_at(self) -> int:
        """The greedy bot's trumps to order up or name a suit (asked where a seat is greedy)."""
        assert self.greedy is not None
        return self.greedy.order_at

    @property
    def alone_at(self) -> int:
        """The greedy bot's trumps to go alone (asked where a seat is greedy)."""
        assert self.greedy is not None
        return self.greedy.alone_at

    def hand_of(self, seat: Ints) -> npt.NDArray[np.uint64]:
        """Per row, the cards of ``seat[row]``."""
        held: npt.NDArray[np.uint64] = self.hands[np.arange(self.n), seat]
        return held

    def seat(self, offset: int) -> Ints:
        """The seat ``offset`` places to the dealer's left, per row."""
        return (self.dealer + offset) % self.players


class Kernel(Protocol):
    """A mechanic's batch form, built from the compiled variant: it plays its phase of one
    hand for every row."""

    def run(self, bh: BatchHand, /) -> None: ...


class BatchForm(Protocol):
    """The class a mechanic's ``batch`` hook names: ``check`` says why a configuration has no
    batch form (None: it has one), before the kernel is built."""

    @staticmethod
    def check(variant: Variant) -> str | None: ...

    def __call__(self, variant: Variant) -> Kernel: ...
