"""``five-hundred`` and ``five-hundred-3`` in batch mode: the 2 to 5 in a batch mask, the bid
table's continuous auction (C500-A1, C500-A4), the maker's kitty exchange (C500-A7), the joker
led at no-trump (BID-A8), the misère played alone (C500-A2) and ``game.lose_at`` (GAME-A2).

The scalar interpreter is the independent source for the play: ``--verify`` replays batch games
through it (every action legal: a card of the 2 to 5 ranked wrongly wins a trick the scalar
engine gives another seat, whose next lead is then refused; the same scores and winners, a
game ended at -500 included; greedy seats the scalar greedy bot's actions).

Worked by hand from the rules (the recursion below, in floating point):

- ``final_levels``: a random continuous auction over the table's bids (ranks 1 to 27), from
  eldest: at its turn a seat passes for good or makes any bid ranked above the high one, each
  of those choices equally likely; it ends when nobody is left (thrown in), when the top bid
  (ten no-trump) is made, or when all the others have passed after the last bid. The ranks
  are grouped so that each group expects at least 40 of 20,000 deals; a chi-square goodness of
  fit at the 0.1% level.
- The maker's exchange: he holds 13 cards, the 3 of the kitty among them, and discards 3, one
  uniform card at a time, so the discards are a uniform 3 of the 13 and the number of kitty
  cards among them is hypergeometric: 0, 1, 2 or 3 with chances 120, 135, 30 and 1 in 286.
  20,000 deals; chi-square with 3 degrees of freedom, 16.27 at the 0.1% level.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import compile_kernels
from engine.batch.simulate import simulate_batch
from engine.core import actions as A
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.auction_rules import AuctionRules
from engine.mechanics.batch.hand import BatchHand
from engine.mechanics.batch.tables import (
    EFFECTIVE,
    SUIT_MASK,
    SUITS,
    batch_card,
    card_actions,
    scalar_mask,
)
from engine.rules.variant import Variant

CHI2_0_001 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12,
              9: 27.88, 10: 29.59, 11: 31.26, 12: 32.91, 13: 34.53, 14: 36.12, 15: 37.70}
ROWS = 20_000
TOP = 27  # the Avondale schedule: 25 suit and no-trump bids, misère, open misère
pytestmark = pytest.mark.xdist_group("batch-five-hundred")

MISERES = """
    extends: five-hundred
    description: Five Hundred with four bids, two of them misères (a test of the lone hands)
    auction:
      table:
        - {tricks: 6, denominations: [S, NT], value: "40 + 80 * denomination_index"}
        - {rank: 2, denomination: misere, value: 250}
        - {rank: 4, denomination: open_misere, value: 500}
    """
"""Random auctions over the whole schedule end at a ten bid nearly always; with four bids
about one contract in three is a misère (the bidder alone, his partner out, at no-trump)."""


@cache
def final_levels(seats: int, state: tuple[int, int, int, int] | None = None
                 ) -> dict[int, float]:
    """The chance of each final high rank (0: all passed) of a random continuous auction of
    ``seats`` from ``state``: the seats still in (a bit mask), the high rank, its bidder, the
    seat to act (seats numbered from eldest)."""
    active, high, bidder, seat = state or ((1 << seats) - 1, 0, -1, 0)
    options = 1 + TOP - high
    out: dict[int, float] = {}
    for rank in (0, *range(high + 1, TOP + 1)):
        left, top, by = active, high, bidder
        if rank:
            top, by = rank, seat
        else:
            left &= ~(1 << seat)
        if not left:
            then = {0: 1.0}
        elif top == TOP or (by >= 0 and left == 1 << by):
            then = {top: 1.0}
        else:
            nxt = next((seat + k) % seats for k in range(1, seats + 1)
                       if left >> (seat + k) % seats & 1)
            then = final_levels(seats, (left, top, by, nxt))
        for level, p in then.items():
            out[level] = out.get(level, 0.0) + p / options
    return out


def _groups(chances: dict[int, float], rows: int, least: int = 40) -> list[list[int]]:
    """The ranks, lowest first, in runs that each expect at least ``least`` of ``rows``."""
    groups: list[list[int]] = []
    run: list[int] = []
    for level in range(TOP + 1):
        run.append(level)
        if sum(chances.get(r, 0.0) for r in run) * rows >= least:
            groups.append(run)
            run = []
    if run:
        groups[-1].extend(run)
    return groups


def _hand(variant: Variant, kernels: int, seed: int) -> BatchHand:
    """``ROWS`` random deals of ``variant`` through its first ``kernels`` phases."""
    bh = BatchHand(rng=np.random.default_rng(seed), dealer=np.zeros(ROWS, dtype=np.int64),
                   players=variant.players)
    for kernel in compile_kernels(variant)[:kernels]:
        kernel.run(bh)
    return bh


def test_the_2_to_5_sit_at_copy_bits_that_no_bower_takes() -> None:
    # By hand: a suit's six copy bits are 37 + 6 * suit + 0 .. 5, the copies of its 9, 10,
    # jack, queen, king and ace; its 2, 3, 4 and 5 take places 0, 1, 3 and 4. So the 2 of
    # clubs is bit 37, the 5 of clubs 41 (37 + 4), the 2 of hearts 49 (37 + 12), the 4 of
    # spades 58 (37 + 18 + 3): never the jack's copy (39, 45, 51, 57), and ascending with the
    # card ids (2C 3C 4C 5C 2D ..: 64, 65, ..).
    small = [C.card(f"{rank}{suit}") for suit in "CDHS" for rank in "2345"]
    bits = [batch_card(c) for c in small]
    assert bits == [37, 38, 40, 41, 43, 44, 46, 47, 49, 50, 52, 53, 55, 56, 58, 59]
    assert small == sorted(small) and bits == sorted(bits)
    jack_copies = {C.copy_of(C.card(f"J{suit}")) for suit in "CDHS"}
    assert jack_copies == {39, 45, 51, 57} and not jack_copies & set(bits)
    # Under every trump (the four suits, no-trump, low no-trump) a 2 to 5 follows its printed
    # suit, as the copy of the 9, 10, queen or king at its bit does: the shared tables hold for
    # both decks. The jack's copy of a red suit follows the other red suit under it (a bower).
    copied = [C.RANK_9, C.RANK_T, C.RANK_J, C.RANK_Q, C.RANK_K, C.RANK_A]
    for trump in range(6):
        for c, b in zip(small, bits, strict=True):
            suit = C.suit_of(c)
            rank = copied[b - 37 - 6 * suit]
            assert rank in (C.RANK_9, C.RANK_T, C.RANK_Q, C.RANK_K)
            assert C.copy_of(C.card_of_rank(suit, rank)) == b
            assert EFFECTIVE[trump, b] == SUITS[b] == suit
            assert SUIT_MASK[trump, suit] >> np.uint64(b) & np.uint64(1)
    assert EFFECTIVE[C.DIAMONDS, C.copy_of(C.card("JH"))] == C.DIAMONDS


def test_the_2_to_5_convert_at_the_edges_only_in_a_deck_that_has_them() -> None:
    # Bit 49 is the 2 of hearts in Five Hundred's deck and the copy of the 9 of hearts in a
    # double deck: the same batch mask is a different set of cards by the deck.
    two_h, nine_h = C.card("2H"), C.card("9H")
    mask = 1 << 49 | 1 << nine_h
    assert scalar_mask(mask, True) == 1 << two_h | 1 << nine_h
    assert scalar_mask(mask, False) == mask
    assert C.copy_of(nine_h) == 49
    assert card_actions(A.PLAY, True)[49] == A.card_action(A.PLAY, two_h)
    assert card_actions(A.PLAY, False)[49] == A.PLAY + C.copy_of(nine_h)
    assert card_actions(A.DISCARD, True)[nine_h] == A.DISCARD + nine_h


SMALL_STANDARD = """
    extends: standard
    description: standard on a deck from the 5, with the upcard (no batch form)
    deck:
      ranks: "5-A"
    dealer:
      draw:
        ranking: [K, Q, J, T, "9", "8", "7", "6", "5", A]
    """


def test_the_2_to_5_beside_a_phase_that_does_not_convert_them_fall_back(tmp_path: Path
                                                                         ) -> None:
    path = tmp_path / "small-standard.yaml"
    path.write_text("\n".join(line[4:] for line in SMALL_STANDARD.splitlines()[1:]),
                    encoding="utf-8")
    why = missing(load_variant(str(path)))
    assert why is not None and "2 to 5" in why and "`upcard_bidding`" in why


def test_five_hundred_runs_in_batch_with_every_batch_bot() -> None:
    for name in ("five-hundred", "five-hundred-3"):
        v = load_variant(name)
        assert missing(v) is None
        for bot in ("random", "greedy", "heuristic"):
            assert missing_bot([BotSpec.parse(bot)] * v.players, v) is None, (name, bot)


@pytest.mark.parametrize("name", ["five-hundred", "five-hundred-3"])
def test_the_random_auction_is_the_hand_computation(name: str) -> None:
    v = load_variant(name)
    chances = final_levels(v.players)
    assert abs(sum(chances.values()) - 1) < 1e-12
    bh = _hand(v, 2, seed=11)  # the deal, the auction
    assert ((bh.contract >= 0) == (bh.maker >= 0)).all()
    counts = np.bincount(bh.contract + 1, minlength=TOP + 1)  # 0: thrown in
    groups = _groups(chances, ROWS)
    seen = np.array([counts[g].sum() for g in groups], float)
    expected = np.array([float(sum(chances.get(r, 0.0) for r in g)) * ROWS
                         for g in groups])
    chi2 = float(((seen - expected) ** 2 / expected).sum())
    assert chi2 < CHI2_0_001[len(groups) - 1], (groups, seen, expected)


def test_the_maker_discards_a_uniform_three_of_his_thirteen_cards() -> None:
    v = load_variant("five-hundred")
    bh = _hand(v, 3, seed=13)  # the deal, the auction, name_trump (nothing to name)
    deck = np.uint64(sum(1 << batch_card(c) for c in v.deck.cards))
    kitty = deck ^ np.bitwise_or.reduce(bh.hands, axis=1)
    rows = np.arange(ROWS)
    maker = np.maximum(bh.maker, 0)
    before = bh.hands[rows, maker] | kitty
    compile_kernels(v)[3].run(bh)  # the kitty exchange
    after = bh.hands[rows, maker]
    made = bh.maker >= 0
    assert (np.bitwise_count(after[made]) == 10).all()
    assert ((after & ~before) == 0).all()
    gone = np.bitwise_count(kitty & ~after)[made].astype(np.int64)
    seen = np.bincount(gone, minlength=4).astype(float)
    expected = np.array([120, 135, 30, 1]) / 286 * made.sum()
    assert float(((seen - expected) ** 2 / expected).sum()) < CHI2_0_001[3], seen


@pytest.mark.parametrize(("name", "bots", "games"), [
    ("five-hundred", "greedy,random,greedy,random", 100),
    ("five-hundred-3", "random,greedy,greedy", 100),
    ("misères", "random,greedy,random,random", 120),
])
def test_batch_games_replay_through_the_scalar_engine(
        tmp_path: Path, name: str, bots: str, games: int) -> None:
    if name == "misères":
        path = tmp_path / "miseres.yaml"
        path.write_text("\n".join(line[4:] for line in MISERES.splitlines()[1:]),
                        encoding="utf-8")
        variant = load_variant(str(path))
    else:
        variant = load_variant(name)
    seats = [BotSpec.parse(b) for b in bots.split(",")]
    run = simulate_batch(variant, seed=6, games=games, batch_size=games, verify=games,
                         bots=(seats * variant.players)[:variant.players])
    assert run.problems == []
    actions = [a for log in run.logs for a in log.actions]
    small = {A.card_action(A.PLAY, c) for c in variant.deck.cards if c >= C.SMALL}
    joker_calls = sum(A.CALL <= a < A.CALL + 4 for a in actions)
    assert joker_calls > 0 or name == "five-hundred-3"  # a joker led at no-trump names a suit
    assert not small or any(a in small for a in actions)  # the 2 to 5 are played
    lost = [log for log in run.logs if min(log.scores) <= -500]
    assert lost or name == "misères"  # a game ended by a side out the back door (GAME-A2)
    if name == "misères":
        misere = {row.action for row in variant.rules_of(AuctionRules).table if row.named}
        assert sum(a in misere for a in actions) > games // 10
