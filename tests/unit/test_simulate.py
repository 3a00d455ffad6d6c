"""Simulation: determinism across runs, workers and a Dask cluster; statistics; compare."""

from __future__ import annotations

import csv
import io
import json
import tracemalloc
from pathlib import Path

import pytest

from engine import load_variant
from engine.cli import main
from engine.cli.progress import ProgressBar
from engine.core.bot_spec import BotSpec
from engine.sim.compare import compare, paired_possible, plain_line
from engine.sim.confidence import Z95, mean_ci, wilson
from engine.sim.simulate import derive_seed, play_game, simulate


def _run_json(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["simulate", *args, "--json", "--quiet"]) == 0
    return capsys.readouterr().out


def test_same_seed_gives_byte_identical_json(capsys: pytest.CaptureFixture[str]) -> None:
    first = _run_json(capsys, "standard", "--games", "25", "--seed", "4")
    second = _run_json(capsys, "standard", "--games", "25", "--seed", "4")
    assert first == second
    report = json.loads(first)
    assert {"variant", "games", "hands", "wins"} <= set(report)
    assert report["games"] == 25 and sum(report["wins"].values()) == 25


def test_another_seed_gives_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    first = json.loads(_run_json(capsys, "standard", "--games", "10", "--seed", "1"))
    second = json.loads(_run_json(capsys, "standard", "--games", "10", "--seed", "2"))
    assert first["hands"] != second["hands"] or first["outcomes"] != second["outcomes"]


@pytest.mark.parametrize("name", ["standard", "cutthroat", "ghost-hand"])
def test_two_workers_give_the_report_of_one(name: str) -> None:
    variant = load_variant(name)
    bots = [BotSpec.parse("random")] * variant.players
    one = simulate(variant, seed=9, games=24, bots=bots, workers=1).report().to_json()
    two = simulate(variant, seed=9, games=24, bots=bots, workers=2).report().to_json()
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


def test_cli_workers_output_is_byte_identical(capsys: pytest.CaptureFixture[str]) -> None:
    one = _run_json(capsys, "two-handed", "--games", "20", "--seed", "3", "--bots", "random")
    two = _run_json(capsys, "two-handed", "--games", "20", "--seed", "3", "--bots", "random",
                    "--workers", "2")
    assert one == two


def test_a_dask_cluster_gives_the_report_of_a_local_run() -> None:
    distributed = pytest.importorskip("dask.distributed",
                                      reason="the dask extra is not installed")
    variant = load_variant("standard")
    bots = [BotSpec.parse("random")] * 4
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = simulate(variant, seed=5, games=12, bots=bots,
                          scheduler=cluster.scheduler_address).report().to_json()
    local = simulate(variant, seed=5, games=12, bots=bots).report().to_json()
    assert json.dumps(remote, sort_keys=True) == json.dumps(local, sort_keys=True)


def test_game_seeds_depend_on_run_seed_and_index_only() -> None:
    # (the same parts give the same seed in every process: tests/conformance/test_determinism.py)
    assert all(0 <= derive_seed(1, i) < 2**63 for i in range(100))  # 63 bits, as documented
    assert len({derive_seed(1, i) for i in range(100)}) == 100
    assert derive_seed(1, 0) != derive_seed(2, 0)


def test_a_game_replays_from_its_seed() -> None:
    variant = load_variant("cutthroat")
    first = play_game(variant, 77, [BotSpec.parse(b) for b in ("heuristic", "random", "heuristic")])
    second = play_game(variant, 77, [BotSpec.parse(b) for b in ("heuristic", "random",
                                                                "heuristic")])
    assert first.history == second.history and first.scores == second.scores


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson(90, 100)
    assert (round(low, 4), round(high, 4)) == (0.8256, 0.9448)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 50)
    assert low == pytest.approx(0.0, abs=1e-12) and 0.05 < high < 0.08


def test_mean_interval_from_sums() -> None:
    values = [1, 2, 3, 4, 5, 6]
    mean, low, high = mean_ci(total=sum(values), total_sq=sum(v * v for v in values), n=6)
    assert mean == 3.5 and low < 3.5 < high
    assert round(high - mean, 3) == round(1.96 * (3.5 / 6) ** 0.5, 3)


def test_report_has_intervals_and_per_seat_figures() -> None:
    variant = load_variant("ghost-hand")
    report = simulate(variant, seed=2, games=6,
                      bots=[BotSpec.parse("heuristic")] * 3).report().to_json()
    assert report["makers"]["made"]["ci95"][0] <= report["makers"]["made"]["rate"]
    assert set(report["per_seat"]) == {"0", "1", "2"}
    assert sum(b["count"] for b in report["bids"].values()) == report["hands"]
    assert "swaps" in report  # the ghost-hand swap is counted


def test_csv_output_has_a_row_per_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "standard", "--games", "5", "--csv", "--quiet"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["metric", "group", "value", "ci_low", "ci_high"]
    win_rows = [r for r in rows if r[0] == "win_rate"]
    assert [r[1] for r in win_rows] == ["0+2", "1+3"]
    assert all(float(r[3]) <= float(r[2]) <= float(r[4]) for r in win_rows)


def test_plot_writes_a_png(tmp_path: pytest.TempPathFactory) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    target = tmp_path / "run.png"  # type: ignore[operator]
    assert main(["simulate", "two-handed", "--games", "5", "--plot", str(target),
                 "--quiet"]) == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_progress_bar_stays_quiet_when_not_a_terminal() -> None:
    stream = io.StringIO()
    bar = ProgressBar(10, stream=stream)
    bar(5)
    bar.close()
    assert stream.getvalue() == ""


def test_progress_bar_shows_time_left_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    clock = iter([0.0, 2.0, 2.0])
    monkeypatch.setattr("engine.cli.progress.time.monotonic", lambda: next(clock))
    stream = Tty()
    bar = ProgressBar(10, stream=stream)
    bar(5)
    assert "50.0%" in stream.getvalue() and "left" in stream.getvalue()


def test_bad_bot_names_are_usage_mistakes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "standard", "--games", "1", "--bots", "clever"]) == 1
    assert "no bot named 'clever'" in capsys.readouterr().err
    assert main(["simulate", "standard", "--games", "1", "--bots", "random,random"]) == 1
    assert main(["simulate", "standard", "--games", "0"]) == 2


def test_compare_is_paired_when_both_variants_deal_alike() -> None:
    standard, stick = load_variant("standard"), load_variant("stick-the-dealer")
    assert paired_possible(standard, stick)
    assert not paired_possible(standard, load_variant("standard-28"))


def test_compare_sees_that_stick_the_dealer_removes_redeals() -> None:
    standard, stick = load_variant("standard"), load_variant("stick-the-dealer")
    report = compare(standard, stick, seed=1, games=80, bots_a=[BotSpec.parse("heuristic")] * 4,
                     bots_b=[BotSpec.parse("heuristic")] * 4)
    redeals = next(f for f in report.figures if f.metric == "redeals")
    assert redeals.b == 0.0 and redeals.a > 0
    assert redeals.significant and redeals.ci95[1] < 0
    assert "fewer thrown-in deals per game under stick-the-dealer" in plain_line(
        redeals, "stick-the-dealer")


def test_compare_cli_prints_a_readable_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "standard", "stick-the-dealer", "--games", "30", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "paired" in out and "difference (95% CI)" in out
    assert "dealer's side points per 100 hands" in out


def test_a_run_keeps_a_bounded_number_of_jobs_in_flight() -> None:
    from concurrent.futures import Future  # noqa: PLC0415

    from engine.sim.dispatch import run_windowed  # noqa: PLC0415
    from engine.sim.simulate import iter_jobs  # noqa: PLC0415

    variant = load_variant("standard")
    jobs = iter_jobs(variant, 1, 10**9, [BotSpec.parse("random")] * 4,
                     16)  # lazy: nothing is built yet
    in_flight: list[int] = []
    pending: set[Future[int]] = set()
    seen = 0

    def submit(job: object) -> Future[int]:
        future: Future[int] = Future()
        future.set_result(0)
        pending.add(future)
        in_flight.append(len(pending))
        return future

    def wait_one(futures: set[Future[int]]) -> Future[int]:
        future = next(iter(futures))
        pending.discard(future)
        return future

    def done(job: object, result: int) -> None:
        nonlocal seen
        seen += 1
        if seen == 50:
            raise StopIteration  # enough: the window held

    with pytest.raises(StopIteration):
        run_windowed(submit, wait_one, jobs, 8, done)
    assert max(in_flight) <= 8


# --- games stopped by game.max_hands (issue 9, item 16) ----------------------------------------

TWO_DEALS = ("extends: standard\ndescription: Standard, stopped after two deals.\n"
             "game:\n  max_hands: 2\n")
"""No side reaches 10 in two deals (a hand scores at most 4): every game stops at the limit."""


@pytest.fixture
def two_deals(tmp_path: Path) -> str:
    path = tmp_path / "two-deals.yaml"
    path.write_text(TWO_DEALS, encoding="utf-8")
    return str(path)


def test_simulate_json_counts_games_stopped_at_the_hand_limit(
        two_deals: str, capsys: pytest.CaptureFixture[str]) -> None:
    stopped = json.loads(_run_json(capsys, two_deals, "--games", "6", "--bots", "random"))
    assert stopped["stopped_at_hand_limit"] == 6
    played_out = json.loads(_run_json(capsys, "standard", "--games", "6", "--bots", "random"))
    assert played_out["stopped_at_hand_limit"] == 0


def test_simulate_text_and_csv_say_the_wins_include_games_stopped_at_the_hand_limit(
        two_deals: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", two_deals, "--games", "5", "--bots", "random", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "stopped at the hand limit (game.max_hands): 5 games" in text
    assert "game wins below include them" in text
    assert main(["simulate", two_deals, "--games", "5", "--bots", "random", "--quiet",
                 "--csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert ["stopped_at_hand_limit", "", "5", "", ""] in rows


def test_compare_counts_games_stopped_at_the_hand_limit_for_each_variant(
        two_deals: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "standard", two_deals, "--games", "4", "--bots", "random",
                 "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stopped_at_hand_limit"] == {"a": 0, "b": 4}
    assert main(["compare", "standard", two_deals, "--games", "4", "--bots", "random",
                 "--quiet"]) == 0
    assert "0 games under standard, 4 under two-deals" in capsys.readouterr().out


# --- compare keeps running tallies (issue 9, item 10) ------------------------------------------


def test_compare_keeps_running_tallies_so_memory_does_not_grow_with_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = load_variant("standard"), load_variant("stick-the-dealer")
    bots = [BotSpec.parse("random")] * 4
    games = {a.name: play_game(a, 1, bots), b.name: play_game(b, 1, bots)}
    # Every game is the same finished game: what is measured is what compare keeps per game.
    monkeypatch.setattr("engine.sim.compare.play_game",
                        lambda variant, _seed, _bots: games[variant.name])

    def peak(count: int) -> int:
        tracemalloc.start()
        try:
            compare(a, b, seed=1, games=count, bots_a=[BotSpec.parse("random")] * 4,
                    bots_b=[BotSpec.parse("random")] * 4)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    small, large = peak(200), peak(2000)
    assert large < small + 100_000  # one row per game would add ~400 bytes a game


def test_compare_report_is_the_same_for_any_number_of_workers() -> None:
    a, b = load_variant("standard"), load_variant("stick-the-dealer")
    bots = [BotSpec.parse("random")] * 4
    one = compare(a, b, seed=3, games=16, bots_a=bots, bots_b=bots, workers=1)
    two = compare(a, b, seed=3, games=16, bots_a=bots, bots_b=bots, workers=2)
    assert json.dumps(one.to_json(), sort_keys=True) == json.dumps(two.to_json(), sort_keys=True)


# -- exact statistics, however large the points (issue 22, item 20) --------------------------

HUGE = 10**360  # far past a float (about 1.8e308)


def test_a_mean_of_huge_whole_numbers_is_exact_and_its_interval_finite() -> None:
    # 1, 2, 3 times 10^360: mean 2 x 10^360, sample variance 10^720, half-width
    # z sqrt(10^720 / 3); checked with 400-digit decimals, an independent computation
    from decimal import Decimal, localcontext  # noqa: PLC0415

    values = [HUGE, 2 * HUGE, 3 * HUGE]
    mean, low, high = mean_ci(total=sum(values), total_sq=sum(v * v for v in values), n=3)
    assert mean == 2 * HUGE and isinstance(mean, int)
    with localcontext() as ctx:
        ctx.prec = 400
        half = Decimal.from_float(Z95) * (Decimal(HUGE) ** 2 / 3).sqrt()
        assert abs(Decimal(low) - (2 * HUGE - half)) <= 10  # of about 10^360
        assert abs(Decimal(high) - (2 * HUGE + half)) <= 10


def test_a_mean_is_an_exact_int_past_1e11_and_a_float_below() -> None:
    # (3e20 + 1) / 3 rounds to 1e20 exactly; a float would hold 100000000000000000000.0
    mean = mean_ci(total=3 * 10**20 + 1, total_sq=(10**20) ** 2 * 3, n=3)[0]
    assert mean == 10**20 and isinstance(mean, int)
    mean = mean_ci(total=3 * 10**20 + 6, total_sq=(10**20) ** 2 * 3, n=3)[0]
    assert mean == 10**20 + 2  # a float has no 1e20 + 2: its neighbours are 16384 apart
    # 2, 2, 3: mean 7/3, sample variance 1/3, half-width 1.96 x sqrt(1/9) = 0.6533
    assert mean_ci(total=7, total_sq=17, n=3) == (2.3333, 1.68, 2.9867)


def test_a_report_of_huge_points_is_exact_and_prints_as_text_json_and_csv(
        capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli.simulate_command import csv_rows, print_text  # noqa: PLC0415
    from engine.sim.stats import Count, Tally, Total  # noqa: PLC0415

    tally = Tally.for_variant(load_variant("standard"))
    tally.n[Count.GAMES, None] = tally.n[Count.HANDS, None] = 3
    for points in (HUGE, 2 * HUGE, 3 * HUGE):
        tally.add((Total.POINTS, (0, 2)), points)
        tally.add((Total.DEALER_POINTS, None), points)
        tally.add((Total.HANDS_PER_GAME, None), 1)
    report = {"variant": "huge", "bots": ["random"] * 4, **tally.report().to_json()}
    assert report["points_per_hand"]["0+2"]["mean"] == 2 * HUGE
    assert json.loads(json.dumps(report))["points_per_hand"]["0+2"]["mean"] == 2 * HUGE
    rows = [row for row in csv_rows(report) if row[:2] == ["points_per_hand", "0+2"]]
    assert rows[0][2] == 2 * HUGE
    print_text(report)
    out = capsys.readouterr().out
    assert "North-South   2.0000e+360 (" in out


def test_score_curves_of_scores_past_a_float_say_so_instead_of_overflowing() -> None:
    from engine.core.errors import EuchreError  # noqa: PLC0415
    from engine.sim.plot import score_curves  # noqa: PLC0415
    from engine.sim.stats import Count, Tally, Total  # noqa: PLC0415

    tally = Tally.for_variant(load_variant("standard"))
    tally.n[Count.AT_HAND, 1] = 2
    tally.add((Total.SCORE, (1, (0, 2))), 10**20)
    tally.add((Total.SCORE, (1, (0, 2))), 3 * 10**20)
    tally.add((Total.SCORE, (1, (1, 3))), 0)
    tally.add((Total.SCORE, (1, (1, 3))), 0)
    curves = score_curves(tally)  # mean 2e20, spread 1e20 (population), exact in floats
    assert curves["0+2"] == [(1, 2e20, 1e20)]
    tally.add((Total.SCORE, (1, (0, 2))), HUGE)
    with pytest.raises(EuchreError, match="too large to plot"):
        score_curves(tally)


def test_compare_figures_of_huge_points_are_exact() -> None:
    from engine.sim.compare import SCALE, figure, metrics_for  # noqa: PLC0415

    variant = load_variant("standard")
    state = play_game(variant, derive_seed(1, 0), [BotSpec.parse("random")] * 4)
    scored = [r for r in state.hands_played if r.thrown_in is None]
    state.hands_played[:] = [r._replace(deltas=(HUGE, 0, HUGE, 0)) for r in scored]
    values = {m.key: m.value(state) for m in metrics_for(variant)}
    assert values["points@0+2"] == 100 * HUGE  # per 100 hands, every hand HUGE
    assert values["points@1+3"] == 0
    # two games of points 100 x HUGE (a) and 300 x HUGE (b) per 100 hands, paired
    a, b = 100 * HUGE * SCALE, 300 * HUGE * SCALE
    sums = [2 * a, 2 * a * a, 2 * b, 2 * b * b, 2 * (b - a), 2 * (b - a) ** 2]
    metric = next(m for m in metrics_for(variant) if m.key == "points@0+2")
    f = figure(metric, sums, 2, paired=True)
    assert (f.a, f.b, f.difference) == (100 * HUGE, 300 * HUGE, 200 * HUGE)
    assert f.ci95 == (200 * HUGE, 200 * HUGE) and f.significant
    assert "200 x" not in plain_line(f, "b") and "2.0000e+362" in plain_line(f, "b")


def test_a_variant_with_match_rules_compares_with_one_without(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`euchre compare standard railroad` ended in a ValueError: railroad's games were cut
    into whole matches, standard's not, and the two runs' slices no longer paired up. Compare
    plays single games under both, so each side's figures are those of that variant compared
    with itself."""
    assert main(["compare", "standard", "railroad", "--games", "5", "--seed", "2", "--bots",
                 "random", "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    bots = [BotSpec.parse("random")] * 4
    standard, railroad = load_variant("standard"), load_variant("railroad")
    alone = {name: {f.metric: f.a for f in compare(
        v, v, seed=2, games=5, bots_a=bots, bots_b=bots).figures}
        for name, v in (("standard", standard), ("railroad", railroad))}
    assert report["games"] == 5 and report["figures"]
    for f in report["figures"]:
        assert f["a"] == alone["standard"][f["metric"]]
        assert f["b"] == alone["railroad"][f["metric"]]
    two = compare(standard, railroad, seed=2, games=5, bots_a=bots, bots_b=bots, workers=2)
    assert [f.b for f in two.figures] == [f["b"] for f in report["figures"]]
