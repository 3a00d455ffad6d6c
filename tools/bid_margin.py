"""The heuristic's bid margin (issue 27) measured against its previous rule and ``greedy``.

Run from the repository root::

    PYTHONPATH=. .venv/bin/python tools/bid_margin.py [--variants bid-euchre,pepper]
        [--margins 0.25,0.5,0.75] [--deals 20000] [--games 4000]

For each variant and margin a card (the bot's ``BID_MARGIN_PER_CARD`` is 1/12: 0.5 with six
cards), the batch heuristic with that margin plays one side, and the other side is either
``greedy`` or the heuristic with its rule before issue 27 (the highest bid within the estimate,
the partner's trick and 0.3; alone or nobody having bid, the lowest within the estimate, the
opening help and 0.3): points a hand on duplicate deals (``tools/bench_batch.py``'s
``duplicate``: every deal played with each side's bots at either pair of seats, seed 11, 95%
interval) and the share of whole games won (``--games`` at each seating, seed 5). The rule of a
seat is chosen row by row inside the batch auction (``Auction._bid``, replaced for the run),
so the rules meet at one table. Partnership variants of ``auction`` only.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from engine import load_variant
from engine.batch.run import compile_kernels, play_batch
from engine.bots.heuristic_numbers import BID_MARGIN_PER_CARD
from engine.core.bot_spec import BotSpec
from engine.mechanics import auction_batch
from engine.mechanics.batch.hand import BatchHand, Ints
from engine.sim.stats import Count

PREVIOUS = -1.0
"""The margin that stands for the rule before issue 27."""
_rules: dict[int, float] = {}
"""Per seat, its margin a card (or :data:`PREVIOUS`); the seats not in it play ``greedy``."""
_engine_bid = auction_batch.Auction._bid


def _bid(self: auction_batch.Auction, bh: BatchHand, seat: Ints, high: Ints, bidder: Ints,
         *, numbers_est: np.ndarray | None = None) -> Ints:
    """The engine's bid, with each seat's margin; the previous rule where it is asked for."""
    assert bh.heuristic is not None
    tables = bh.heuristic.tables
    numbers = tables.numbers
    size = 2 * numbers.half_tricks
    chosen = np.zeros(bh.n, dtype=np.int64)
    for s, margin in _rules.items():
        if margin == PREVIOUS:
            pick = _previous(self, bh, seat, high, bidder, numbers_est=numbers_est)
        else:
            object.__setattr__(numbers, "bid_margin", margin * size)
            pick = _engine_bid(self, bh, seat, high, bidder, numbers_est=numbers_est)
        chosen = np.where(seat == s, pick, chosen)
    return chosen


def _previous(self: auction_batch.Auction, bh: BatchHand, seat: Ints, high: Ints,
              bidder: Ints, *, numbers_est: np.ndarray | None) -> Ints:
    """The rule before issue 27: the engine's special bids and partner's pass, then the
    highest number within the estimate, the partner's trick and 0.3, else, nobody having
    bid, the lowest within the estimate, the opening help and 0.3."""
    assert bh.heuristic is not None
    numbers = bh.heuristic.tables.numbers
    object.__setattr__(numbers, "bid_margin", 1e9)  # the engine's rule: numbers never bid
    kept = _engine_bid(self, bh, seat, high, bidder, numbers_est=numbers_est)  # specials, or 0
    level = np.where(kept > 0, high + kept, 0)
    special = level > self.numbers
    partnered = bh.heuristic.tables.side[seat, seat].sum(axis=1) > 1
    partner_holds = partnered & (bidder >= 0) & (bidder != seat) \
        & bh.heuristic.tables.side[seat, seat, np.maximum(bidder, 0)]
    num = self._estimate(bh, seat) if numbers_est is None else numbers_est
    help_ = np.where(partnered, numbers.partner_tricks, 0.0)
    for at in range(1, 1 + self.numbers):
        within = (at > high) & (self.tricks[at] <= num + help_ + 0.3)
        level = np.where(~special & within, at, level)
    opens = ~special & (level == 0) & (high == 0) & (
        self.tricks[1] <= num + numbers.opening_tricks + 0.3)
    level = np.where(opens, 1, level)
    level = np.where(~special & partner_holds, 0, level)
    chosen: Ints = np.where(level > 0, level - high, 0)
    return chosen


def _seatings(name: str) -> list[list[int]]:
    return [list(team) for team in load_variant(name).sides.teams]


def points(name: str, mine: float, theirs: float | None, deals: int, seed: int = 11
           ) -> tuple[float, float]:
    """Points a hand of margin ``mine`` less ``theirs`` (None: ``greedy``) on duplicate deals,
    and the half-width of the 95% interval."""
    from bench_batch import _deltas  # noqa: PLC0415 - a sibling tool

    per_deal = np.zeros(deals)
    seatings = _seatings(name)
    for side in seatings:
        _seat(name, side, mine, theirs)
        seats = ["heuristic" if s in _rules else "greedy" for s in range(4)]
        deltas = _deltas(name, seats, deals, seed)
        others = [s for s in range(4) if s not in side]
        per_deal += (deltas[:, side].mean(axis=1) - deltas[:, others].mean(axis=1)) / 2
    return float(per_deal.mean()), float(1.96 * per_deal.std(ddof=1) / np.sqrt(deals))


def wins(name: str, mine: float, theirs: float | None, games: int, seed: int = 5
         ) -> tuple[float, float]:
    """The share of games won by margin ``mine``'s side, and its 95% half-width."""
    variant = load_variant(name)
    kernels = compile_kernels(variant)
    won = total = 0
    for side in _seatings(name):
        _seat(name, side, mine, theirs)
        bots = [BotSpec.parse("heuristic" if s in _rules else "greedy") for s in range(4)]
        tally, _ = play_batch(variant, kernels, seed=seed, index=0, size=min(games, 10_000),
                              games=games, bots=bots)
        others = tuple(s for s in range(4) if s not in side)
        won += tally.n[Count.WINS, tuple(side)]
        total += tally.n[Count.WINS, tuple(side)] + tally.n[Count.WINS, others]
    share = won / total
    return share, 1.96 * (share * (1 - share) / total) ** 0.5


def _seat(name: str, side: list[int], mine: float, theirs: float | None) -> None:
    _rules.clear()
    for s in range(load_variant(name).players):
        if s in side:
            _rules[s] = mine
        elif theirs is not None:
            _rules[s] = theirs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="bid-euchre,bid-euchre-stick,bid-euchre-low,"
                        "bid-euchre-trump-in-bid,bid-euchre-double,pepper")
    parser.add_argument("--margins", default=str(BID_MARGIN_PER_CARD),
                        help="margins a card of the hand, comma-separated (default 1/12)")
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=4_000)
    args = parser.parse_args(argv)
    auction_batch.Auction._bid = _bid  # type: ignore[method-assign]
    for name in args.variants.split(","):
        for margin in (float(m) for m in args.margins.split(",")):
            cells = []
            for label, theirs in (("greedy", None), ("previous", PREVIOUS)):
                p, half = points(name, margin, theirs, args.deals)
                cell = f"vs {label} {p:+.3f} (±{half:.3f}) points"
                if args.games:
                    w, wh = wins(name, margin, theirs, args.games)
                    cell += f", {w:.1%} (±{wh:.1%}) of games"
                cells.append(cell)
            print(f"{name} margin {margin:.4f} a card: " + "; ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
