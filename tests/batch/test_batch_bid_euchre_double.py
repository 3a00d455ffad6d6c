"""``bid-euchre-double`` in batch mode: two packs of 9 to A (48 cards, two of each: distinct
ids of equal rank, DECK-A2), twelve each, bids 6 to 11 and a lone moon of all twelve tricks.

The scalar interpreter is the independent source of legality (a card held twice is offered
once, by its first copy, DECK-A2), of the trick winner (of two identical cards the first
played wins, DECK-A3: the scores must agree), and of the greedy and heuristic seats' actions
(``--verify``). Worked by hand from the rules: a random one-each auction over pass, the six
numbers and the moon (``final_levels``, exact fractions); a seat's twelve cards of the 48
hold both copies of a given card with chance (12 x 11) / (48 x 47) = 132 / 2,256, so a deal's
four hands hold 4 x 24 x 132 / 2,256 = 5.617 doubled cards on average. Games are shortened to
12 hands: 300 games give about 3,600 deals.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.bots.heuristic import HeuristicBot
from engine.core import actions as A
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.auction_batch_sure import SureTricks
from engine.mechanics.batch.greedy import GreedyTables
from engine.rules.variant import Variant
from engine.sim.stats import Count

CHI2_3DF_0_001 = 16.27
Z_0_001 = 3.29
SEATS, TOP = 4, 7
NAMES = (6, 7, 8, 9, 10, 11, "moon")
pytestmark = pytest.mark.xdist_group("batch-bid-euchre")


def _short(tmp_path: Path) -> Variant:
    path = tmp_path / "double-short.yaml"
    path.write_text("extends: bid-euchre-double\ndescription: 12 hands at most\n"
                    "game: {target: 50, win: contract_result, tie: play_on, max_hands: 12}\n",
                    encoding="utf-8")
    return load_variant(str(path))


@cache
def final_levels(seat: int = 0, high: int = 0) -> dict[int, Fraction]:
    """The chance of each final level (0: thrown in, 1 to 6: the bids 6 to 11, 7: the moon)
    of a random one-each auction from ``seat`` with the high level ``high``."""
    if seat == SEATS or high == TOP:
        return {high: Fraction(1)}
    choices = [high, *range(high + 1, TOP + 1)]
    out: dict[int, Fraction] = {}
    for level in choices:
        for final, p in final_levels(seat + 1, level).items():
            out[final] = out.get(final, Fraction(0)) + p / len(choices)
    return out


def test_the_double_deck_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("bid-euchre-double")
    assert missing(v) is None
    for bot in ("random", "greedy", "heuristic"):
        assert missing_bot([BotSpec.parse(bot)] * 4, v) is None, bot


def test_sure_tricks_count_an_equal_copy_out_as_no_threat() -> None:
    # hearts trump, twelve cards: both JH, one JD, both AH, one KH and both aces of the
    # other suits; out: the other JD, the other KH, both QH, TH and 9H (8 trumps). The best
    # trump out, the other JD, ranks equal to the JD held, which is still sure (the first
    # played of two wins, DECK-A3; only a card above it would beat it): JH JH JD are sure,
    # the AHs and the KH are not; 3 sure trumps < 8 out, so only those 3 count
    v = load_variant("bid-euchre-double")
    sure = SureTricks(v, GreedyTables(v))
    jh, jd, ah, kh = (C.card(n) for n in ("JH", "JD", "AH", "KH"))
    cards = [jh, C.copy_of(jh), jd, ah, C.copy_of(ah), kh,
             *(C.card(n) for n in ("AS", "AC", "AD")), *(C.copy_of(C.card(n))
                                                         for n in ("AS", "AC", "AD"))]
    hand = np.array([sum(1 << c for c in cards)], dtype=np.uint64)
    assert int(sure.count(hand, C.HEARTS)[0]) == 3
    assert HeuristicBot(v, 0, 0).sure_tricks(int(hand[0]), C.HEARTS) == 3


def test_the_double_deck_replays_through_the_scalar_engine(tmp_path: Path) -> None:
    bots = "greedy,heuristic,random,heuristic"  # random bids, the heuristic's answers
    run = simulate_batch(_short(tmp_path), seed=5, games=10, batch_size=10, verify=10,
                         bots=[BotSpec.parse(b) for b in bots.split(",")])
    assert run.problems == []
    plays = [a - A.PLAY for log in run.logs for a in log.actions if A.PLAY <= a < A.BID_TRUMP]
    assert sum(1 for c in plays if C.original(c) != c) > 100  # second copies played


def test_the_random_auction_and_the_deal_are_the_hand_computation(tmp_path: Path) -> None:
    law = final_levels()
    assert sum(law.values()) == 1
    v = _short(tmp_path)
    tally, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=300, games=300,
                             logged=300)
    counts = np.array([tally.n[Count.REDEALS, None] if k == 0 else tally.n[Count.BID, NAMES[k - 1]]
                       for k in range(TOP + 1)], float)
    # thrown in and 6 to 9 pooled (each alone expected 1 to 90 times in 3,600 deals): four
    # cells, 3 degrees of freedom
    pooled = np.array([counts[:5].sum(), *counts[5:]])
    chances = np.array([float(sum(law[k] for k in range(5))),
                        *(float(law[k]) for k in range(5, TOP + 1))])
    expected = pooled.sum() * chances
    assert float(((pooled - expected) ** 2 / expected).sum()) < CHI2_3DF_0_001, counts
    deals = [deal for log in logs for deal in log.deals]
    doubled = np.array([sum(1 for hand in deal.hands[:SEATS] for c in C.cards_of(hand)
                            if C.original(c) != c and hand >> C.original(c) & 1)
                        for deal in deals], float)
    mean = 4 * 24 * 132 / 2256
    se = doubled.std(ddof=1) / np.sqrt(doubled.size)
    assert abs(doubled.mean() - mean) < Z_0_001 * se, (doubled.mean(), mean)
    assert all(sum(int(h).bit_count() for h in deal.hands[:SEATS]) == 48 for deal in deals)


def test_the_estimate_reads_second_copies_as_the_scalar_bot() -> None:
    # The scalar estimate counts a side suit's length with both copies (only the first
    # copy's ace and king score): 12 cards holding all seven second copies of hearts (a
    # suit's 9 to A and the JD's copy, hearts' left bower) beside 5 drawn cards, and 400
    # dealt hands, every suit as trump: the batch estimate is the scalar one, bit for bit.
    from engine.batch.run import heuristic_numbers  # noqa: PLC0415
    from engine.mechanics.batch.heuristic import HeuristicTables  # noqa: PLC0415
    from engine.mechanics.batch.tables import SUIT_MASK  # noqa: PLC0415

    v = load_variant("bid-euchre-double")
    tables, bot = HeuristicTables(v, heuristic_numbers(v)), HeuristicBot(v, 0, 0)
    copies = [c for c in v.deck.cards if C.original(c) != c
              and int(SUIT_MASK[C.HEARTS, C.HEARTS]) >> c & 1]
    assert len(copies) == 7
    rng = np.random.default_rng(0)
    rest = [c for c in v.deck.cards if c not in copies]
    hands = [sum(1 << c for c in copies) | sum(1 << int(c) for c in rng.choice(rest, 5, False))
             for _ in range(100)]
    hands += [sum(1 << int(c) for c in rng.choice(list(v.deck.cards), 12, False))
              for _ in range(400)]
    masks = np.array(hands, dtype=np.uint64)
    for trump in range(4):
        got = tables.strength(masks, np.full(masks.size, trump)).tolist()
        assert got == [bot.strength(h, trump) for h in hands], trump
