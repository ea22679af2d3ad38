"""Every game registers as an OpenSpiel Python game, passes OpenSpiel's random simulation test,
and OpenSpiel's own ISMCTS bot can search it through `resample_from_infostate`."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from spieltisch.adapters import openspiel
from spieltisch.adapters.openspiel_bench import bench, default_opponent, report
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import game_names, load_game
from tests.adapters.cases import TABLE_IDS, TABLES, GameSpec
from tests.core.toy_game import ToyGame
from tests.options import quick_options


def test_register_names_every_game() -> None:
    names = openspiel.register()
    assert names == [f"spieltisch_{name}" for name in game_names()]
    registered = set(pyspiel.registered_names())
    assert set(names) <= registered
    assert openspiel.register() == names  # registering again is harmless


def test_an_option_whose_default_scales_with_the_players_keeps_scaling() -> None:
    openspiel.register()
    for players in (2, 4):
        os_game = pyspiel.load_game("spieltisch_calcory", {"players": players})
        assert (
            os_game.game.options["idle_turn_limit"]
            == load_game("calcory", players).options["idle_turn_limit"]
        )
    given = pyspiel.load_game("spieltisch_calcory", {"players": 3, "idle_turn_limit": 0})
    assert given.game.options["idle_turn_limit"] == 0
    assert openspiel.load("calcory", 4).game.options == load_game("calcory", 4).options


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_openspiel_random_simulation_test_passes(game: GameSpec, players: int) -> None:
    name = game if isinstance(game, str) else game.name
    os_game = openspiel.load(game, players, **quick_options(name, players))
    assert os_game.num_players() == players
    pyspiel.random_sim_test(os_game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_game_type_is_imperfect_information_with_explicit_chance(game: GameSpec, players: int) -> None:
    game_type = openspiel.load(game, players).get_type()
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_openspiel_ismcts_moves_from_a_resampled_world(game: GameSpec, players: int) -> None:
    """ISMCTS asserts that each resampled root has the searcher's information state."""
    os_game = openspiel.load(game, players)
    state = _after_random_steps(os_game, seed=players)
    assert len(state.legal_actions()) > 1
    bot = ismcts.ISMCTSBot(
        os_game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(0),
        allow_inconsistent_action_sets=True,
    )
    assert bot.step(state) in state.legal_actions()


def test_load_by_name_equals_load_by_parameters() -> None:
    openspiel.register([ToyGame])
    by_name = pyspiel.load_game("spieltisch_toy", {"players": 3, "top": 7})
    assert by_name.num_players() == 3
    assert by_name.max_chance_outcomes() == 8


def test_clone_keeps_the_game_shared_and_the_state_apart() -> None:
    state = openspiel.load(ToyGame, 2).new_initial_state()
    state.apply_action(3)
    copy = state.clone()
    copy.apply_action(4)
    assert copy.inner.game is state.inner.game
    assert state.history() == [3] and copy.history() == [3, 4]


def test_resample_keeps_what_the_seat_sees() -> None:
    state = openspiel.load(ToyGame, 3).new_initial_state()
    for card in (2, 5, 1):
        state.apply_action(card)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = [state.resample_from_infostate(1, sampler) for _ in range(20)]
    assert all(other.information_state_string(1) == state.information_state_string(1) for other in others)
    assert any(other.inner.cards != state.inner.cards for other in others)


def test_observation_tensor_is_the_seats_own() -> None:
    state = openspiel.load(ToyGame, 2).new_initial_state()
    state.apply_action(2)
    state.apply_action(5)
    assert state.observation_tensor(0) == [2.0, 0.0]
    assert state.observation_tensor(1) == [5.0, 0.0]


@pytest.mark.parametrize("rollouts", ["engine", "openspiel"])
def test_benchmark_plays_full_games_and_reports(rollouts: str) -> None:
    result = bench(ToyGame, 2, games=4, simulations=8, opponent="heuristic", rollouts=rollouts)
    assert result.games == 4
    assert result.openspiel.seats == 4 and result.spieltisch.seats == 4
    assert result.openspiel.wins + result.spieltisch.wins == pytest.approx(4)
    assert "toy 2p, 4 games" in report(result)


def test_benchmark_prefers_spieltisch_ismcts() -> None:
    assert default_opponent(ToyGame(2), 50) in ("ismcts:50", "heuristic")


def _after_random_steps(os_game: openspiel.OpenSpielGame, seed: int) -> openspiel.OpenSpielState:
    """A position some decisions into a random game, with a choice to make."""
    rng = random.Random(seed)
    state = os_game.new_initial_state()
    decisions = 0
    while decisions < 6 or state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(sample_chance(state.inner, rng))
            continue
        candidate = state.clone()
        candidate.apply_action(rng.choice(state.legal_actions()))
        if candidate.is_terminal():
            break
        state = candidate
        decisions += 1
    return state
