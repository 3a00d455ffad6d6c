"""Batch mode with piles (``piles``, PILE-A1..A6): a tableau played from, and widows exchanged.

tests/data/two-handed-tableau.yaml: each of 2 players holds 4 cards and a tableau of 4 face-up
cards, each on a face-down one that turns over when the card on it is played (PILE-A3): 12
tricks. tests/data/two-handed-widows.yaml: each player takes his own face-down widow of 3 into
his hand once trump is made, and discards 3 (PILE-A6).

The independent sources: the scalar interpreter (every batch game replayed action by action,
``--verify``: each action legal, a greedy or heuristic seat's action the scalar bot's, the same
scores and winners), the scalar engine's random play (outcome shares at the 0.1% level:
chi-square with 2 degrees of freedom 13.82, normal 3.29), and a law by hand:

- In the tableau file the maker leads the first trick (``play.first_lead: maker``) holding his
  4 cards and his tableau's 4 face-up cards, the 4 face-down ones not yet his: a random maker
  leads one of the 8 uniformly, so a face-up tableau card with chance 4 / (4 + 4) = 1/2. Over
  4,000 hands the share's standard error is sqrt(1/4 / 4000) = 0.0079, and 3.29 of it 0.026.
  A kernel that turns the face-down cards over at the deal gives the maker 12 cards, and the
  chance 4/12 = 1/3, 21 standard errors away: the last tests show both the law and the replay
  catch it.

Sample sizes: the scalar run of the tableau is 600 games (about 2,900 hands), the batch one
10,000 games (about 48,000 hands); a two-proportion test at 0.1% with power 90% detects a
difference of (3.29 + 1.28) * sqrt(0.07 * 0.93 * (1/2900 + 1/48000)) = 2.2 points in the
makers' share near 7%. The widows: 300 scalar games (about 3,000 hands) against 10,000
(about 100,000 hands): 2.7 points in the share of hands made near 30%.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import Kernel, missing, missing_bot
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.batch.verify import verify_games
from engine.core import actions as A
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.hand import BatchHand
from engine.mechanics.batch.tables import batch_cards
from engine.mechanics.piles_batch import Piles
from engine.mechanics.play_batch import Play
from engine.rules.variant import Variant
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally
from engine.testing.homogeneity import label_chi_square, z_rate
from engine.testing.replay import replay_problems
from engine.testing.rules import overlay

CHI2_2DF_0_001 = 13.82
Z_0_001 = 3.29
TABLEAU = "tests/data/two-handed-tableau.yaml"
WIDOWS = "tests/data/two-handed-widows.yaml"
pytestmark = pytest.mark.xdist_group("batch-piles")


@pytest.fixture(scope="module")
def tableau() -> Variant:
    return load_variant(TABLEAU)


@pytest.fixture(scope="module")
def widows() -> Variant:
    return load_variant(WIDOWS)


def test_both_files_run_in_batch_mode(tableau: Variant, widows: Variant) -> None:
    assert missing(tableau) is None
    assert missing(widows) is None
    assert missing_bot([BotSpec.parse("heuristic")] * 2, widows) is None


def test_the_heuristic_at_a_tableau_is_refused_naming_it(tableau: Variant) -> None:
    said = missing_bot([BotSpec.parse("heuristic"), BotSpec.parse("random")], tableau)
    assert said is not None and "`piles`" in said and "tableau" in said
    assert missing_bot([BotSpec.parse("greedy"), BotSpec.parse("random")], tableau) is None


@pytest.mark.parametrize("seats", ["random,random", "greedy,random", "random,greedy"])
def test_tableau_games_replay_in_the_scalar_engine(tableau: Variant, seats: str) -> None:
    assert replay_problems(tableau, seats, games=40) == []


@pytest.mark.parametrize("seats", ["random,greedy", "greedy,heuristic", "heuristic,random"])
def test_widow_games_replay_in_the_scalar_engine(widows: Variant, seats: str) -> None:
    assert replay_problems(widows, seats, games=30) == []


def _shares(variant: Variant, scalar_games: int, batch_games: int) -> tuple[Tally, Tally]:
    scalar = simulate(variant, seed=7, games=scalar_games, bots=[BotSpec.parse("random")] * 2)
    batch = simulate_batch(variant, seed=7, games=batch_games, batch_size=10_000).tally
    return scalar, batch


def test_tableau_outcome_shares_match_the_scalar_engine(tableau: Variant) -> None:
    scalar, batch = _shares(tableau, 600, 10_000)
    assert label_chi_square(scalar, batch, ("made", "slam", "euchre")) < CHI2_2DF_0_001
    for what in (Count.MADE, Count.EUCHRED):
        assert abs(z_rate((scalar.n[what, None], scalar.hands),
                          (batch.n[what, None], batch.hands))) < Z_0_001
    twelve = [(t.n[Count.BID, 12], t.hands) for t in (scalar, batch)]  # 12 tricks bid
    assert abs(z_rate(*twelve)) < Z_0_001


def test_widow_outcome_shares_match_the_scalar_engine(widows: Variant) -> None:
    scalar, batch = _shares(widows, 300, 10_000)
    assert label_chi_square(scalar, batch, ("made", "march", "euchre")) < CHI2_2DF_0_001
    made = [(t.n[Count.MADE, None], t.hands) for t in (scalar, batch)]
    assert abs(z_rate(*made)) < Z_0_001


class _TurnedAtTheDeal(Piles):
    """A wrong kernel: the face-down cards of the tableau join the hand at once, as if
    never covered (the maker then leads from 12 cards)."""

    def run(self, bh: BatchHand) -> None:
        super().run(bh)
        assert bh.covered is not None
        tops, unders = bh.covered
        for k in range(tops.shape[0]):
            owner = np.zeros(bh.n, dtype=np.int64)
            for seat in range(bh.players):
                owner = np.where((bh.hands[:, seat] & tops[k]) != 0, seat, owner)
            bh.hands[np.arange(bh.n), owner] |= unders[k]
        bh.covered = None


def _first_leads_from_tableau(variant: Variant, kernels: list[Kernel], n: int = 4000) -> float:
    """The share of hands whose maker leads a face-up tableau card to the first trick (the
    face-up cards read from the logged deals' positions of the tableau's face-up layer)."""
    assert batch_cards(variant.deck.cards) == list(variant.deck.cards)  # bits are card ids
    bh = BatchHand(rng=np.random.Generator(np.random.PCG64(11)),
                   dealer=np.arange(n, dtype=np.int64) % 2, players=2, logged=np.arange(n))
    before = 0
    for kernel in kernels:
        if isinstance(kernel, Play):
            before = len(bh.log)  # the steps of the bidding
        kernel.run(bh)
    ups = _up_positions(variant)
    face_up = np.array([sum(hands[at] for at in ups) for _, hands, _, _ in bh.deals],
                       dtype=np.uint64)
    lead = bh.log[before] - A.PLAY
    assert (lead >= 0).all()  # every row is played: the dealer is stuck with 7
    return float(((face_up >> lead.astype(np.uint64)) & np.uint64(1)).astype(bool).mean())


def _up_positions(variant: Variant) -> list[int]:
    first = variant.deal.positions - len(variant.deal.piled)
    return [at for at, place in enumerate(variant.deal.pile_places, start=first)
            if place.layer == "up"]


def test_a_random_maker_leads_from_his_tableau_half_the_time(tableau: Variant) -> None:
    share = _first_leads_from_tableau(tableau, compile_kernels(tableau))
    assert abs(share - 0.5) < Z_0_001 * (0.25 / 4000) ** 0.5


def _wrong(tableau: Variant) -> list[Kernel]:
    return [_TurnedAtTheDeal(tableau) if type(k) is Piles else k
            for k in compile_kernels(tableau)]


def test_the_law_and_the_replay_catch_cards_turned_over_at_the_deal(tableau: Variant) -> None:
    share = _first_leads_from_tableau(tableau, _wrong(tableau))
    assert abs(share - 0.5) > Z_0_001 * (0.25 / 4000) ** 0.5
    assert abs(share - 1 / 3) < Z_0_001 * (2 / 9 / 4000) ** 0.5
    _, logs = play_batch(tableau, _wrong(tableau), seed=3, index=0, size=20, games=20,
                         logged=20)
    problems = verify_games(tableau, logs)
    assert len(problems) >= 15 and "game 0" in problems[0]


MAKER_WIDOW = """\
extends: two-handed
description: two-handed, the maker takes the table's widow of 3
flow: [deal, piles, upcard_bidding, dealer_pickup, kitty_exchange, play, score]
piles: {dealt: [{name: widow, size: 3}]}
kitty_exchange: {source: widow, seat: maker}
"""


def test_the_maker_takes_the_tables_widow_in_batch() -> None:
    variant = overlay(MAKER_WIDOW)
    assert missing(variant) is None
    assert replay_problems(variant, "heuristic,greedy", games=30) == []


def test_an_exchange_with_a_pile_before_trump_is_made_is_refused() -> None:
    early = MAKER_WIDOW.replace("piles, upcard_bidding, dealer_pickup, kitty_exchange",
                                "piles, kitty_exchange, upcard_bidding, dealer_pickup")
    said = missing(overlay(early.replace("seat: maker", "seat: dealer")))
    assert said is not None and "`kitty_exchange`" in said and "before trump is made" in said
