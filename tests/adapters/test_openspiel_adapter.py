"""Every variant as an OpenSpiel game, checked by OpenSpiel's own tests and against its euchre.

``pyspiel.random_sim_test`` (OpenSpiel's API checks: chance outcomes, legal actions, strings
and tensors for every seat, returns within the game's bounds, serialisation round trips) runs
on every shipped variant; the ``openspiel`` variant and OpenSpiel's C++ ``euchre`` give the
same seat to act, the same legal actions and the same returns on the same deals (OpenSpiel is
the independent source); OpenSpiel's information-set MCTS plays ``two-handed`` against a
random player. Skipped, saying why, where open-spiel cannot be installed.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed on this platform: pip install open-spiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from engine import VariantErrors  # noqa: E402
from engine.adapters.openspiel import load_game  # noqa: E402
from engine.core import cards as C  # noqa: E402
from engine.core.seats import dealing_order  # noqa: E402
from engine.testing.adapters import ENCODED  # noqa: E402
from engine.testing.openspiel_differential import (  # noqa: E402
    PASS_LEAN,
    SETTINGS,
    _deal,
    _our_name,
)


@pytest.mark.parametrize("name", ENCODED)
def test_openspiels_random_simulation_checks_pass_with_serialisation(name: str) -> None:
    game = pyspiel.load_game(f"python_euchrekit(variant={name})")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiels_checks_pass_on_a_whole_game() -> None:
    pyspiel.random_sim_test(load_game("two-handed", hands=0), num_sims=1, serialize=False,
                            verbose=False)


def test_the_game_loads_by_its_registered_name_with_openspiels_parameters() -> None:
    game = pyspiel.load_game("python_euchrekit(variant=cutthroat)")
    assert game.num_players() == 3  # seed 001: three players
    assert game.get_parameters() == {"variant": "cutthroat", "hands": 1}
    assert pyspiel.load_game("python_euchrekit").num_players() == 4  # standard by default


def test_a_bad_number_of_hands_is_refused_with_a_message() -> None:
    with pytest.raises(ValueError, match="whole number of deals"):
        load_game("standard", hands=-1)


def test_an_unknown_variant_is_refused_with_the_loaders_message() -> None:
    with pytest.raises(VariantErrors, match="no variant named 'no-such-variant'"):
        load_game("no-such-variant")


def test_a_user_written_variant_serialises_and_comes_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: stick-the-dealer\ndescription: Stick the dealer, to 11.\n"
                    "game:\n  target: 11\n", encoding="utf-8")
    game = pyspiel.load_game(f"python_euchrekit(variant={path},hands=2)")
    rng = random.Random(2)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.history() == state.history()
    assert [state2.information_state_string(p) for p in range(4)] == \
        [state.information_state_string(p) for p in range(4)]
    assert state2.legal_actions() == state.legal_actions()


def _random_playout(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_count_down_game_returns_points_lost_as_gains() -> None:
    """Buck Euchre counts down from 25 (BUCK-A1): a seat whose score fell did well."""
    rng = random.Random(3)
    for _ in range(5):
        state = _random_playout(load_game("buck-euchre"), rng)
        engine = state.core.engine
        start = engine.variant.game.start
        assert state.returns() == [float(start - s) for s in engine.scores]


def test_a_whole_game_returns_each_seats_final_score_and_someone_reached_the_target() -> None:
    state = _random_playout(load_game("two-handed", hands=0), random.Random(11))
    engine = state.core.engine
    assert state.returns() == [float(s) for s in engine.scores]
    assert max(engine.scores) >= 10  # two-handed plays to 10 (TWO-A1)


def test_two_deals_deal_twice_at_chance_nodes(tmp_path: Path) -> None:
    """Each deal's cards are chance outcomes: one dealer, then 21 cards per deal."""
    path = tmp_path / "nostick.yaml"
    path.write_text(SETTINGS["nostick"].overlay, encoding="utf-8")
    state = _random_playout(load_game(str(path), hands=2), random.Random(5))
    chance = [step for step in state.full_history() if step.player == pyspiel.PlayerId.CHANCE]
    assert len(chance) == 1 + 2 * 21


def test_the_two_copies_of_a_card_are_one_outcome_twice_as_likely() -> None:
    state = load_game("bid-euchre-double").new_initial_state()
    state.apply_action(0)
    first = dict(state.chance_outcomes())
    assert len(first) == 24 and first[C.card("9C")] == pytest.approx(2 / 48)
    state.apply_action(C.card("9C"))
    after = dict(state.chance_outcomes())
    assert after[C.card("9C")] == pytest.approx(1 / 47)
    assert after[C.card("TC")] == pytest.approx(2 / 47)


def _deal_to(game: Any, dealer: int, hands: list[list[str]], upcard: str) -> Any:
    """A state after dealing ``hands`` (one list per seat) at the chance nodes."""
    state = game.new_initial_state()
    state.apply_action(dealer)
    queues = [list(cards) for cards in hands]
    for k in range(5 * 4):
        state.apply_action(C.card(queues[dealing_order(4, 0, dealer)[k % 4]].pop(0)))
    state.apply_action(C.card(upcard))
    return state


def test_a_seats_information_never_depends_on_cards_it_cannot_see() -> None:
    game = load_game("standard")
    south = ["9C", "TC", "JC", "QC", "KC"]
    a, b = ["9D", "TD", "JD", "QD", "KD"], ["9H", "TH", "JH", "QH", "KH"]
    one = _deal_to(game, 3, [south, a, b, ["9S", "TS", "JS", "QS", "KS"]], "AC")
    two = _deal_to(game, 3, [south, b, a, ["9S", "TS", "JS", "QS", "KS"]], "AC")
    for action in ("pass", "pass", "pass"):
        for state in (one, two):
            ids = {state.action_to_string(state.current_player(), x): x
                   for x in state.legal_actions()}
            state.apply_action(ids[action])
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.observation_string(0) == two.observation_string(0)
    assert np.array_equal(one.information_state_tensor(0), two.information_state_tensor(0))
    assert np.array_equal(one.observation_tensor(0), two.observation_tensor(0))
    assert one.information_state_string(1) != two.information_state_string(1)
    assert not np.array_equal(one.observation_tensor(1), two.observation_tensor(1))


def _choose(rng: random.Random, names: list[str]) -> str:
    if "pass" in names and rng.random() < PASS_LEAN:
        return "pass"
    return rng.choice(names)


@pytest.mark.parametrize("setting", list(SETTINGS))
def test_openspiels_euchre_and_the_openspiel_variant_agree_on_the_same_deals(
        setting: str, tmp_path: Path) -> None:
    """Same seat, same legal actions and same returns as OpenSpiel's C++ euchre (the
    variant file is a user-written overlay of ``openspiel``, loaded by path)."""
    path = tmp_path / f"{setting}.yaml"
    path.write_text(SETTINGS[setting].overlay, encoding="utf-8")
    ours_game = load_game(str(path))
    theirs_game = pyspiel.load_game(SETTINGS[setting].game)
    rng = random.Random(f"adapter/{setting}")
    for _ in range(40):
        theirs = theirs_game.new_initial_state()
        while theirs.is_chance_node():
            theirs.apply_action(rng.choice([a for a, _ in theirs.chance_outcomes()]))
        deal = _deal(theirs.history())
        ours = _deal_to(ours_game, deal["dealer"], deal["hands"], deal["upcard"])
        while not theirs.is_terminal():
            assert ours.current_player() == theirs.current_player()
            their_names = {_our_name(theirs, a): a for a in theirs.legal_actions()}
            our_names = {ours.action_to_string(ours.current_player(), a): a
                         for a in ours.legal_actions()}
            assert sorted(our_names) == sorted(their_names)
            name = _choose(rng, sorted(their_names))
            theirs.apply_action(their_names[name])
            ours.apply_action(our_names[name])
        assert ours.is_terminal()
        assert ours.returns() == theirs.returns()


def test_openspiels_information_set_mcts_plays_two_handed_against_random() -> None:
    """ISMCTS (with its samples of the unseen cards from ``resample_from_infostate``) plays
    whole deals of ``two-handed``; every move it makes is legal, and against a random player
    it scores more over eight deals (20 simulations a move already win most deals: 9-10
    points to 1-5 for six other seeds of both generators)."""
    game = load_game("two-handed")
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=rs)
    # ISMCTS's default resampler draws from an unseeded C++ sampler (the test failed one run in
    # two); its resampler hook, set here, draws from ``rs``: the same searches on every run.
    bot._resampler_cb = lambda state, player: state.resample_from_infostate(player, rs.uniform)
    rng = random.Random(5)
    points = {"ismcts": 0.0, "random": 0.0}
    for deal in range(8):
        seat = deal % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            elif state.current_player() == seat:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        points["ismcts"] += returns[seat]
        points["random"] += returns[1 - seat]
        bot.reset()
    assert points["ismcts"] > points["random"]
