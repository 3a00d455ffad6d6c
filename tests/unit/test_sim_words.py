"""Simulation reports in a card player's words (issue 25): sides named as at the table, the
same words in ``simulate`` and ``compare``, and ``compare --plot`` drawing each difference with
its interval. The JSON reports keep their words (a program's interface).

The names come from the rule book's "Players" (``euchre rules standard``: North, East, South,
West, partners across, so the sides are North-South and East-West; ``euchre rules
three-handed``: A, B, C, each for himself).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import load_variant
from engine.cli import main
from engine.core.bot_spec import BotSpec
from engine.sim.compare import compare, plain_line, report_json


def _out(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main([*args, "--quiet"]) == 0
    return capsys.readouterr().out


def test_simulate_names_the_sides_and_seats_as_at_the_table(
        capsys: pytest.CaptureFixture[str]) -> None:
    out = _out(capsys, "simulate", "standard", "--games", "6", "--seed", "2")
    lines = out.splitlines()
    wins = lines[lines.index("game wins:") + 1:lines.index("game wins:") + 3]
    assert [line.split()[0] for line in wins] == ["North-South", "East-West"]
    points = lines[lines.index("points per hand:") + 1:lines.index("points per hand:") + 3]
    assert [line.split()[0] for line in points] == ["North-South", "East-West"]
    seats = [line.split()[0] for line in lines if line.startswith("  ") and "/" in line]
    assert seats == ["North:", "East:", "South:", "West:"]
    assert "seat 0" not in out and "seats 0+2" not in out and "1+3" not in out


def test_simulate_of_three_players_names_a_b_c(capsys: pytest.CaptureFixture[str]) -> None:
    out = _out(capsys, "simulate", "three-handed", "--games", "3", "--seed", "1")
    lines = out.splitlines()
    wins = lines[lines.index("game wins:") + 1:lines.index("game wins:") + 4]
    assert [line.split()[0] for line in wins] == ["A", "B", "C"]
    assert "seat " not in out


def test_simulate_says_scoring_rows_with_spaces_and_thrown_in_deals(
        capsys: pytest.CaptureFixture[str]) -> None:
    # 40 heuristic games of standard: some deal is passed round twice (thrown in), and a
    # lone march happens (the row label lone_march, said "lone march" as in the hand summary)
    out = _out(capsys, "simulate", "standard", "--games", "40", "--seed", "7")
    first, outcomes = out.splitlines()[0], next(
        line for line in out.splitlines() if line.startswith("outcomes:"))
    assert " thrown-in deals (" in first and "all passed" in first
    assert "lone march" in outcomes and "_" not in outcomes
    assert "thrown-in deals as dealer" in out
    assert "redeal" not in out and "deals thrown in" not in out


def test_compare_names_sides_as_at_the_table_and_keeps_the_json_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    out = _out(capsys, "compare", "standard", "stick-the-dealer", "--games", "12", "--seed", "3")
    rows = [line.split("  ")[0] for line in out.splitlines()[2:13]]
    assert rows[-4:] == ["North-South game wins per 100 games", "North-South points per 100 hands",
                         "East-West game wins per 100 games", "East-West points per 100 hands"]
    assert "thrown-in deals per game" in rows
    assert "seats 0+2" not in out and "redeal" not in out
    data = json.loads(_out(capsys, "compare", "standard", "stick-the-dealer", "--games", "12",
                           "--seed", "3", "--json"))
    labels = {f["metric"]: f["label"] for f in data["figures"]}  # the interface, unchanged
    assert labels["wins@0+2"] == "seats 0+2 game wins per 100 games"
    assert labels["redeals"] == "thrown-in deals per game"
    assert "said" not in data["figures"][0] and "phrase" not in data["figures"][0]


def test_a_significant_side_sentence_names_the_side() -> None:
    standard, stick = load_variant("standard"), load_variant("stick-the-dealer")
    report = compare(standard, stick, seed=1, games=80, bots_a=[BotSpec.parse("heuristic")] * 4,
                     bots_b=[BotSpec.parse("heuristic")] * 4)
    wins = next(f for f in report.figures if f.metric == "wins@1+3")
    thrown = next(f for f in report.figures if f.metric == "redeals")
    assert plain_line(wins, "B").startswith("East-West win ")
    assert plain_line(thrown, "B").startswith("there are ")
    assert " fewer thrown-in deals per game under B (95% CI " in plain_line(thrown, "B")


def test_compare_plot_draws_one_error_bar_per_figure_with_the_json_interval() -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    from engine.sim.plot import comparison_figure  # noqa: PLC0415

    a, b = load_variant("standard"), load_variant("stick-the-dealer")
    report = compare(a, b, seed=5, games=20, bots_a=[BotSpec.parse("random")] * 4,
                     bots_b=[BotSpec.parse("random")] * 4)
    given = json.loads(report_json(report))["figures"]
    fig = comparison_figure(report, "t")
    try:
        drawn = []
        for ax in fig.axes:
            bars = [c for c in ax.containers if type(c).__name__ == "ErrorbarContainer"]
            assert len(bars) == 1  # one error bar a row
            data_line, _caps, (bar_line,) = bars[0].lines
            (point,) = data_line.get_xdata()
            ((low, _), (high, _)) = bar_line.get_segments()[0]
            drawn.append((ax.get_ylabel(), float(point), float(low), float(high)))
        assert len(drawn) == len(given) == 11  # 7 figures and wins, points for 2 sides
        for (label, point, low, high), f, said in zip(drawn, given, report.figures,
                                                      strict=True):
            assert label == said.said
            assert point == pytest.approx(f["difference"])
            assert (low, high) == pytest.approx(tuple(f["ci95"]))
        assert drawn[-1][0] == "East-West points per 100 hands"
    finally:
        import matplotlib.pyplot as plt  # noqa: PLC0415
        plt.close(fig)


def test_compare_plot_writes_a_png_of_ours_and_refuses_a_file_not_ours_before_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    from engine.sim.plot import is_own_plot  # noqa: PLC0415

    target = tmp_path / "diff.png"
    out = _out(capsys, "compare", "standard", "stick-the-dealer", "--games", "4", "--plot",
               str(target))
    assert "difference (95% CI)" in out and is_own_plot(target)
    mine = tmp_path / "mine.png"
    mine.write_bytes(b"my notes")

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a game was played before the plot path was checked")

    monkeypatch.setattr("engine.cli.compare_command.compare", refuse)
    assert main(["compare", "standard", "stick-the-dealer", "--games", "4", "--quiet",
                 "--plot", str(mine)]) == 1
    assert "not a plot euchrekit drew" in capsys.readouterr().err
    assert mine.read_bytes() == b"my notes"
