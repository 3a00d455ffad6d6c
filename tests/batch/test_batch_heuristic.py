"""The ``heuristic`` bot in batch form: its estimate on a hand worked out by hand, its actions
replayed through the scalar interpreter and checked one by one against the scalar heuristic
(``--verify``), and its outcome shares against the scalar engine's heuristic play.

The scalar :class:`~engine.bots.heuristic.HeuristicBot` is the independent source: the replay
asks it, in the position the batch game reached, which action it would choose.
"""

from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

import numpy as np

from engine import load_variant
from engine.batch import run as batch_run
from engine.batch.forms import missing, missing_bot
from engine.batch.run import heuristic_numbers
from engine.batch.simulate import simulate_batch
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.heuristic import HeuristicTables
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally

Z_0_001 = 3.29
"""Two-sided normal critical value at the 0.1% level (standard tables)."""

BATCH_VARIANTS = ("standard", "standard-28", "standard-32", "stick-the-dealer", "super-euchre",
                  "renege", "openspiel", "two-handed", "three-handed", "cutthroat",
                  "cutthroat-stick", "cutthroat-lone-defender-points", "cutthroat-must-merge",
                  "ghost-hand",
                  "ghost-hand-moon-24", "canadian-loner", "defend-alone", "standard-six",
                  "no-trump", "farmers-hand", "call-ace", "standard-joker",
                  "railroad-no-laps", "ghost-hand-open-swap", "ghost-hand-continuous")


def test_the_estimate_is_the_heuristics_count_worked_by_hand() -> None:
    # hearts trump, JH JD AH AS 9C: trumps right bower 1.00 + left 0.85 + ace 0.70 = 2.55,
    # three trumps: +0.2 for the one beyond two; diamonds void with two trumps or more: +0.25;
    # the ace of spades alone in its suit: +0.7; the 9 of clubs nothing: 3.70 in all.
    v = load_variant("standard")
    tables = HeuristicTables(v, heuristic_numbers(v))
    hand = np.array([C.mask_of(["JH", "JD", "AH", "AS", "9C"])], dtype=np.uint64)
    assert tables.strength(hand, np.array([C.HEARTS]))[0] == pytest.approx(3.70)
    # spades trump: the ace of spades 0.70, one trump; no bonus for length or voids (one
    # trump); hearts AH with JH (two cards, the JD is a diamond now): +0.7; 3.70 -> 1.40
    assert tables.strength(hand, np.array([C.SPADES]))[0] == pytest.approx(1.40)


def test_every_variant_with_batch_forms_has_the_batch_heuristic() -> None:
    heuristic = [BotSpec.parse("heuristic")]
    for name in BATCH_VARIANTS:
        v = load_variant(name)
        assert missing(v) is None
        assert missing_bot(heuristic * v.players, v) is None, name


@pytest.mark.parametrize("name", BATCH_VARIANTS)
def test_batch_heuristic_chooses_what_the_scalar_heuristic_chooses(name: str) -> None:
    v = load_variant(name)
    games = 20 if name.startswith(("ghost", "openspiel")) else 60
    run = simulate_batch(v, seed=5, games=games, batch_size=25, verify=games,
                         bots=[BotSpec.parse("heuristic")] * v.players)
    assert len(run.logs) == games
    assert run.problems == []


@pytest.mark.parametrize("bots", [["heuristic", "random", "heuristic", "random"],
                                  ["greedy", "heuristic", "random", "heuristic"]])
def test_batch_heuristic_seats_beside_other_bots_replay_as_the_scalar_ones(bots: list[str]
                                                                          ) -> None:
    run = simulate_batch(load_variant("standard"), seed=9, games=80, batch_size=30, verify=80,
                         bots=[BotSpec.parse(b) for b in bots])
    assert run.problems == []


def test_the_replay_catches_a_heuristic_that_bids_differently(monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    # a batch heuristic that needs 0.3 more tricks to make trump passes where the scalar one
    # orders up: the replay must name the action
    numbers = heuristic_numbers
    monkeypatch.setattr(batch_run, "heuristic_numbers", lambda v: dataclasses.replace(
        numbers(v), threshold=numbers(v).threshold + 0.3))
    run = simulate_batch(load_variant("standard"), seed=5, games=30, batch_size=30, verify=30,
                         bots=[BotSpec.parse("heuristic")] * 4)
    assert run.problems
    assert "the scalar heuristic bot" in run.problems[0]


def _z(a: tuple[int, int], b: tuple[int, int]) -> float:
    pooled = (a[0] + b[0]) / (a[1] + b[1])
    se = (pooled * (1 - pooled) * (1 / a[1] + 1 / b[1])) ** 0.5
    return (a[0] / a[1] - b[0] / b[1]) / se


def _shares(t: Tally) -> dict[str, tuple[int, int]]:
    hands = t.hands
    return {"euchre": (t.n[Count.LABEL, "euchre"], hands),
            "march": (t.n[Count.LABEL, "march"], hands),
            "alone": (t.n[Count.ALONE, None], hands),
            "thrown in": (t.n[Count.REDEALS, None], hands + t.n[Count.REDEALS, None])}


def test_batch_heuristic_outcome_shares_match_the_scalar_heuristic() -> None:
    # Scalar: 500 games (seed 7, about 5,800 hands, some 3 s on one core); batch: 10,000 games
    # (about 116,000 hands). Two-proportion tests at the 0.1% level: with 5,800 and 116,000
    # hands a difference of 2.7 points in the euchre share (near 14%) or 3.3 in the march
    # share (near 24%) is detected with power 90% ((3.29 + 1.28) * sqrt(p(1-p)(1/n1+1/n2))).
    v = load_variant("standard")
    bots = [BotSpec.parse("heuristic")] * 4
    scalar = simulate(v, seed=7, games=500, bots=bots)
    batch = simulate_batch(v, seed=7, games=10_000, batch_size=5000, bots=bots).tally
    for what, share in _shares(scalar).items():
        assert abs(_z(share, _shares(batch)[what])) < Z_0_001, what
    # and not random play's shares: random makers are euchred in about a third of hands
    assert batch.n[Count.LABEL, "euchre"] / batch.hands < 0.2


def test_memory_per_game_is_measured_and_a_batch_too_big_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.batch.memory import bytes_per_game, too_big  # noqa: PLC0415
    from engine.core.errors import InvalidArgument  # noqa: PLC0415

    v = load_variant("standard")
    # at least the hands (5 seats' uint64 masks: 40 bytes) and the 8 games' results (8 x 13)
    each = bytes_per_game(v)
    assert 40 + 8 * 13 < each < 16_384
    # 1,000,000 games of 2 workers at that much a game cannot fit in 100 MB: refused, with
    # the size that fits (80% of 100 MB over 2 workers' games)
    reason = too_big(v, batch_size=1_000_000, workers=2, available=100 * 2**20)
    assert reason is not None
    assert f"use --batch-size {int(100 * 2**20 * 0.8) // (each * 2):,} or less" in reason
    assert too_big(v, batch_size=1000, workers=2, available=100 * 2**20) is None
    # simulate_batch refuses before it plays a game: 100,000 games in 1 MB
    import engine.batch.simulate as simulate_module  # noqa: PLC0415
    monkeypatch.setattr(simulate_module, "too_big",
                        lambda *a, **k: too_big(*a, **k, available=10**6))
    with pytest.raises(InvalidArgument, match="needs about"):
        simulate_batch(v, seed=1, games=100_000, batch_size=100_000)


def test_the_batch_merge_keeps_a_dummy_card_where_the_variant_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # cutthroat-must-merge (dummy_merge.mode: at_least_one, CTD-A3): the maker who holds one
    # card of the dummy may not discard it. Random discards of 5 of 10 cards discard all five
    # dummy cards in 1 merge of 252 (5! 5! / 10!), so in 300 games (some 2,000 merges) a batch
    # form that forgot the rule is caught by the replay (the scalar engine refuses the
    # discard); the one that keeps it replays cleanly with every bot.
    from engine.mechanics import dummy_merge_batch  # noqa: PLC0415

    v = load_variant("cutthroat-must-merge")
    for bots in ("random", "greedy", "heuristic"):
        run = simulate_batch(v, seed=4, games=60, batch_size=30, verify=60,
                             bots=[BotSpec.parse(bots)] * 3)
        assert run.problems == [], bots
    original = dummy_merge_batch.DummyMerge.__init__

    def forgetful(self: dummy_merge_batch.DummyMerge, variant: object) -> None:
        original(self, variant)  # type: ignore[arg-type]
        self.keep_one = False

    monkeypatch.setattr(dummy_merge_batch.DummyMerge, "__init__", forgetful)
    import engine.batch.simulate as simulate_module  # noqa: PLC0415
    simulate_module._kernels.cache_clear()  # the kernels are built again, forgetful
    try:
        run = simulate_batch(v, seed=4, games=300, batch_size=100, verify=300)
    finally:
        simulate_module._kernels.cache_clear()
    assert any("at least one card of the dummy" in problem for problem in run.problems)


def test_the_canadian_loner_is_forced_alone_in_batch_mode(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    # canadian-loner (go_alone.must_when: ordered_partner, STD-A13): the player who orders up
    # his partner, the dealer, in round 1 must go alone (`alone` his only answer). A random
    # seat orders up one time in two in round 1, so the dealer's partner does it in many
    # hands: a batch form that let him pass is caught by the replay (the scalar engine refuses
    # the pass); the one that forces him replays cleanly with every bot.
    from engine.mechanics import go_alone_batch  # noqa: PLC0415

    v = load_variant("canadian-loner")
    assert missing(v) is None
    for bots in ("random", "greedy", "heuristic"):
        run = simulate_batch(v, seed=6, games=80, batch_size=40, verify=80,
                             bots=[BotSpec.parse(bots)] * 4)
        assert run.problems == [], bots
    original = go_alone_batch.GoAlone.__init__

    def lax(self: go_alone_batch.GoAlone, variant: object) -> None:
        original(self, variant)  # type: ignore[arg-type]
        self.forced = None

    monkeypatch.setattr(go_alone_batch.GoAlone, "__init__", lax)
    import engine.batch.simulate as simulate_module  # noqa: PLC0415
    simulate_module._kernels.cache_clear()
    try:
        run = simulate_batch(v, seed=6, games=80, batch_size=40, verify=80)
    finally:
        simulate_module._kernels.cache_clear()
    assert any("pass is illegal: the maker must go alone" in problem for problem in run.problems)
