"""Batch games replayed through the scalar interpreter: every action legal, the same scores
and winners, for every shipped variant the batch engine supports; the others are named.

The scalar interpreter is the independent source here: it checks each action of a batch game
against its own legal actions (``State.apply`` raises with the reason) and scores the hands
itself from the batch's deals.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing
from engine.batch.simulate import simulate_batch
from engine.core.bot_spec import BotSpec
from engine.rules.resources import variants_dir
from engine.testing.rules import overlay

RunCli = Callable[..., Any]
SHIPPED = sorted(path.stem for path in variants_dir().glob("*.yaml"))
SUPPORTED = [name for name in SHIPPED if missing(load_variant(name)) is None]


def test_the_batch_engine_supports_standard_and_its_deck_and_bidding_variants() -> None:
    assert {"standard", "stick-the-dealer", "standard-28", "standard-32"} <= set(SUPPORTED)


def test_the_batch_engine_supports_three_handed_cutthroat_and_ghost_hand() -> None:
    assert {"cutthroat", "cutthroat-stick", "three-handed", "ghost-hand"} <= set(SUPPORTED)


def test_cutthroat_batch_games_have_lone_defenders_merges_and_shared_top_scores() -> None:
    # the replay above proves them legal; this proves the rare branches were exercised
    from engine.batch.run import compile_kernels, play_batch  # noqa: PLC0415
    cutthroat = load_variant("cutthroat")
    tally, logs = play_batch(cutthroat, compile_kernels(cutthroat), seed=4, index=0, size=300,
                             games=300, logged=300)
    report = tally.report().to_json()
    # each defender asked says alone one time in two: 3 hands in 4 have a lone defender
    assert 0.7 < report["defender_alone"]["attempts"]["rate"] < 0.8
    assert 0.45 < report["dummy_merges"]["rate"] < 0.55  # a maker not alone: 1 in 2
    # CTD-A10: a game ends with one highest score at 10 or more, the sole winner
    assert all(len(log.winners) == 1 and max(log.scores) >= 10 for log in logs)
    assert all(sorted(log.scores)[-2] < log.scores[log.winners[0]] for log in logs)


@pytest.mark.parametrize(("name", "bots"), [
    ("cutthroat", ("greedy", "greedy", "greedy")), ("cutthroat", ("random", "greedy", "random")),
    ("ghost-hand", ("greedy", "random", "greedy"))])
def test_three_handed_greedy_seats_replay_as_the_scalar_greedy_bot(name: str,
                                                                  bots: tuple[str, ...]) -> None:
    # the replay asks the scalar greedy bot at each of its seats' decisions: lone defenders
    # with four trumps, the merge's discards, and in Ghost Hand a pass (no auction rule)
    games = 20 if name == "ghost-hand" else 150
    run = simulate_batch(load_variant(name), seed=8, games=games, batch_size=50, verify=games,
                         bots=[BotSpec.parse(b) for b in bots])
    assert run.problems == []


def test_an_unknown_batch_bot_is_refused_by_the_python_api() -> None:
    from engine.core.errors import InvalidArgument  # noqa: PLC0415
    with pytest.raises(InvalidArgument, match="bot `search` has no batch form"):
        simulate_batch(load_variant("ghost-hand"), seed=1, games=1,
                       bots=[BotSpec.parse("search")] * 3)


SHORT_GAME = """
    extends: {name}
    description: {name} to 8 points, stopped at 12 hands
    game: {{target: 8, tie: play_on, max_hands: 12}}
    """
"""Random Ghost Hand games are about 500 hands long (a random seat shoots the moon often and
loses by it; half the games of 32 points stop at the 1,000-hand limit): to 8 points and at
most 12 hands they last about 6 hands, and with seed 16 every end is reached (a seat alone
highest at 8 or more; a shared highest that plays on, which a batch engine ending the game
there fails; the hand limit: the test checks that some games end each way)."""


@pytest.mark.parametrize("name", SUPPORTED)
def test_every_batch_game_replays_legally_with_the_same_scores(name: str,
                                                               write: Callable[..., Any]) -> None:
    # A slot of a batch plays games one after another (so logs cross game boundaries) and
    # games end at many hands; each variant's replay holds about 2,000 to 4,000 hands: 400
    # games in batches of 150 (about 9 hands a game); OpenSpiel's zero-sum scores make games
    # of about 35 hands: 120 in batches of 50; Ghost Hand's are shortened (SHORT_GAME): 300
    # in batches of 100
    variant = load_variant(name)
    games, size = (120, 50) if name == "openspiel" else (400, 150)
    if variant.game.match is not None:  # whole matches, laps carried (railroad): 30 of them
        games, size = 90, 30
    if name == "buck-euchre":  # random countdowns last about 60 hands: 36 in batches of 12
        games, size = 36, 12
    if name.startswith("five-hundred"):
        # random games last about one hand (a ten bid set: a side out at -500, GAME-A2)
        games, size = 150, 150
    elif "auction" in variant.flow:
        variant = load_variant(str(write("short.yaml", SHORT_GAME.format(name=name))))
        games, size = 300, 100
    run = simulate_batch(variant, seed=16, games=games, batch_size=size, verify=games)
    assert len(run.logs) == games
    assert run.problems == []
    if "auction" in variant.flow and not name.startswith("five-hundred"):
        assert 0 < run.tally.report().to_json()["stopped_at_hand_limit"] < games


def test_a_tampered_log_is_caught_by_the_replay() -> None:
    from dataclasses import replace  # noqa: PLC0415

    from engine.batch.verify import verify_game  # noqa: PLC0415
    standard = load_variant("standard")
    log = simulate_batch(standard, seed=3, games=1, batch_size=1, verify=1).logs[0]
    wrong = replace(log, scores=tuple(score + 1 for score in log.scores))
    assert "the scalar engine ends" in (verify_game(standard, wrong) or "")
    cut = replace(log, actions=log.actions[:-1])
    assert "not over" in (verify_game(standard, cut) or "")


def test_every_shipped_variant_has_a_batch_form() -> None:
    assert SUPPORTED == SHIPPED


@pytest.mark.parametrize(("base", "text", "said"), [
    ("standard-joker", "deck: {size: 24, jokers: 2}", "mechanic `deal` as configured: two "
     "jokers have no batch form yet"),
    ("standard", "sides: {kind: teams, teams: [[0, 1], [2, 3]]}", "mechanic `score` as "
     "configured: only two sides in alternate seats of four or six players (0+2 against 1+3, "
     "0+2+4 against 1+3+5), the maker against the rest and every player for himself have a "
     "batch form yet")])
def test_a_users_file_without_batch_forms_is_named_with_what_it_lacks(base: str, text: str,
                                                                      said: str) -> None:
    reason = missing(overlay(f"extends: {base}\ndescription: a house rule\n{text}\n"))
    assert reason == f"overlay: {said}"


def test_cli_falls_back_to_the_scalar_engine_with_a_message(run_cli: RunCli,
                                                            write: Callable[..., Any]) -> None:
    jokers = write("two-jokers.yaml", """
        extends: standard-joker
        description: two jokers, the best of them the top trump
        deck: {size: 24, jokers: 2}
        """)
    result = run_cli("simulate", str(jokers), "--engine", "batch", "--games", "3",
                     "--quiet", "--json")
    assert result.code == 0
    assert "two-jokers: mechanic `deal` as configured: two jokers have no batch" in result.err
    assert "playing the scalar engine" in result.err
    assert json.loads(result.out)["games"] == 3


def test_cli_batch_report_has_the_scalar_keys_and_is_the_same_for_a_seed(run_cli: RunCli) -> None:
    args = ["simulate", "standard", "--games", "300", "--seed", "5", "--quiet", "--json",
            "--bots", "random"]
    scalar = json.loads(run_cli(*args).out)
    first = run_cli(*args, "--engine", "batch", "--batch-size", "64", "--verify", "50")
    second = run_cli(*args, "--engine", "batch", "--batch-size", "64", "--workers", "2")
    assert first.code == 0 and "verify: 50 batch games" in first.err
    assert first.out == second.out
    batch = json.loads(first.out)
    assert batch.keys() == scalar.keys()
    assert batch["win_rate"].keys() == scalar["win_rate"].keys()
    assert batch["games"] == 300


def test_cli_batch_options_need_the_batch_engine(run_cli: RunCli) -> None:
    assert run_cli("simulate", "standard", "--verify", "3", "--games", "2").code == 2
    assert run_cli("simulate", "standard", "--engine", "batch", "--verify", "-1").code == 2
    bad = run_cli("simulate", "standard", "--engine", "batch", "--batch-size", "0")
    assert bad.code == 2


def test_awards_that_differ_by_seat_replay_with_the_same_scores(write: Callable[..., Any]
                                                                ) -> None:
    # the lone maker's partner (`out`) scores nothing; the makers score their tricks less 2
    path = write("per-seat.yaml", """
        extends: standard
        description: awards by seat
        scoring:
          table:
            - {label: made, when: "3 <= makers.tricks <= 4", makers: "if(out, 0, tricks - 2)"}
            - {label: march, when: "makers.tricks == 5", makers: "if(out, 0, 3)"}
            - {label: euchre, when: "makers.tricks <= 2", defenders: "tricks"}
        """)
    variant = load_variant(str(path))
    assert missing(variant) is None
    run = simulate_batch(variant, seed=9, games=200, batch_size=70, verify=200)
    assert run.problems == []


def test_a_dask_cluster_and_local_workers_give_the_report_of_one_process() -> None:
    distributed = pytest.importorskip("dask.distributed",
                                      reason="the dask extra is not installed")
    standard = load_variant("standard")
    # 500 games in batches of 25 rows: 3 batches of 200 games (8 per row), the last shorter,
    # so each of the two workers gets a batch and one gets a second
    local = simulate_batch(standard, seed=5, games=500, batch_size=25).tally.report().to_json()
    pooled = simulate_batch(standard, seed=5, games=500, batch_size=25, workers=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = simulate_batch(standard, seed=5, games=500, batch_size=25,
                                scheduler=cluster.scheduler_address).tally.report().to_json()
    assert json.dumps(remote, sort_keys=True) == json.dumps(local, sort_keys=True)
    pooled_json = pooled.tally.report().to_json()
    assert json.dumps(pooled_json, sort_keys=True) == json.dumps(local, sort_keys=True)


@pytest.mark.parametrize("name", ["cutthroat", "ghost-hand"])
def test_three_handed_batch_runs_are_the_same_for_a_seed_and_a_batch_size(
        name: str, write: Callable[..., Any]) -> None:
    # Ghost Hand stopped at 40 hands: random games of it are about 500 hands long
    variant = load_variant(name if name == "cutthroat" else str(write("short.yaml", f"""
        extends: {name}
        description: stopped early
        game: {{target: 32, tie: play_on, max_hands: 40}}
        """)))
    one = simulate_batch(variant, seed=11, games=60, batch_size=20).tally.report().to_json()
    again = simulate_batch(variant, seed=11, games=60, batch_size=20,
                           workers=2).tally.report().to_json()
    other = simulate_batch(variant, seed=12, games=60, batch_size=20).tally.report().to_json()
    assert json.dumps(one, sort_keys=True) == json.dumps(again, sort_keys=True)
    assert json.dumps(one, sort_keys=True) != json.dumps(other, sort_keys=True)
