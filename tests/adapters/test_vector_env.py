"""The vector environment: many tables at once, as NumPy arrays, in Gymnasium's vector conventions."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.spaces import Discrete
from typer.testing import CliRunner

from spieltisch.adapters._spaces import observe
from spieltisch.adapters.vector import BatchEnv, make_vector
from spieltisch.cli import app
from spieltisch.core.contract import IllegalActionError
from spieltisch.core.options import OptionError
from spieltisch.core.registry import game_class, game_names
from spieltisch.lab.bench import RL_TARGET
from tests.core.toy_game import ToyGame

# Every game at its smallest and its largest table.
EDGE_TABLES = [
    (name, players)
    for name in game_names()
    for players in sorted({game_class(name).min_players, game_class(name).max_players})
]
EDGE_IDS = [f"{name}-{players}p" for name, players in EDGE_TABLES]


def assert_rows_match_the_tables(
    tables: BatchEnv, observations: dict[str, np.ndarray], infos: dict[str, Any]
) -> None:
    """Each row is the single-seat adapter's observation of that table for the seat to move."""
    for index, state in enumerate(tables.states):
        seat = int(infos["seat"][index])
        assert state.current_player() == seat
        single = observe(state, seat)
        assert np.array_equal(observations["observation"][index], single["observation"])
        assert np.array_equal(observations["action_mask"][index], single["action_mask"])
        assert np.flatnonzero(observations["action_mask"][index]).tolist() == state.legal_actions()


@pytest.mark.parametrize(("game", "players"), EDGE_TABLES, ids=EDGE_IDS)
@pytest.mark.parametrize("opponents", [None, "random"], ids=["self-play", "random"])
def test_every_game_steps_with_arrays_of_fixed_shape(game: str, players: int, opponents: str | None) -> None:
    tables = make_vector(game, num_envs=3, players=players, opponents=opponents, seat=players - 1)
    observations, infos = tables.reset(seed=5)
    made = tables.game
    assert observations["observation"].shape == (3, *made.observation_shape())
    assert observations["observation"].dtype == np.float32
    assert observations["action_mask"].shape == (3, made.num_distinct_actions())
    assert observations["action_mask"].dtype == np.int8
    assert tables.observation_space.contains(observations)
    assert tables.single_action_space == Discrete(made.num_distinct_actions())
    rng = np.random.default_rng(0)
    for _ in range(4):
        assert_rows_match_the_tables(tables, observations, infos)
        if opponents is not None:
            assert (infos["seat"] == players - 1).all()
        actions = tables.sample_actions(rng)
        assert tables.action_space.contains(actions)
        observations, rewards, terminations, truncations, infos = tables.step(actions)
        assert rewards.shape == terminations.shape == truncations.shape == (3,)
        assert rewards.dtype == np.float32 and terminations.dtype == truncations.dtype == np.bool_
    assert_rows_match_the_tables(tables, observations, infos)


@pytest.mark.parametrize(
    ("game", "players"), [(ToyGame, 3), ("souvenirs", 2)], ids=["toy-3p", "souvenirs-2p"]
)
@pytest.mark.parametrize("opponents", [None, "random"], ids=["self-play", "random"])
def test_whole_games_reward_the_returns_and_start_again(
    game: str | type[ToyGame], players: int, opponents: str | None
) -> None:
    tables = make_vector(game, num_envs=4, players=players, opponents=opponents, seat=1)
    observations, infos = tables.reset(seed=3)
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(200):
        if finished >= 6:
            break
        before = list(tables.states)
        movers = infos["seat"].copy()
        observations, rewards, terminations, _, infos = tables.step(tables.sample_actions(rng))
        assert_rows_match_the_tables(tables, observations, infos)
        for index, old in enumerate(before):
            if not terminations[index]:
                assert rewards[index] == 0.0 and tables.states[index] is old
                continue
            finished += 1
            seat = int(movers[index])
            assert old.is_terminal() and tables.states[index] is not old  # started again
            assert rewards[index] == old.returns()[seat]
            assert infos["returns"][index].tolist() == old.returns()
            assert infos["_final_obs"][index] and infos["_returns"][index]
            final = infos["final_obs"]["observation"][index]
            assert np.array_equal(final, observe(old, seat)["observation"])
            assert not infos["final_obs"]["action_mask"][index].any()
    assert finished >= 6


def test_the_same_seed_replays_the_same_games() -> None:
    def trajectories(seed: int) -> tuple[list[list[int]], list[np.ndarray]]:
        tables = make_vector("souvenirs", num_envs=4, players=2, opponents="random")
        observations, _ = tables.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = [observations["observation"]]
        for _ in range(20):
            observations, rewards, *_ = tables.step(tables.sample_actions(rng))
            seen += [observations["observation"], rewards]
        return [state.history() for state in tables.states], seen

    histories, seen = trajectories(7)
    again, seen_again = trajectories(7)
    assert histories == again
    assert all(np.array_equal(a, b) for a, b in zip(seen, seen_again, strict=True))
    assert trajectories(8)[0] != histories
    assert len({tuple(history) for history in histories}) == 4  # each table its own deal


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    tables = make_vector("souvenirs", num_envs=3, players=2, copy=False)
    observations, _ = tables.reset(seed=1)
    actions = tables.sample_actions(np.random.default_rng(1))
    actions[1] = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    histories = [state.history() for state in tables.states]
    buffers = {key: value.copy() for key, value in observations.items()}
    with pytest.raises(IllegalActionError, match=f"table 1: action {actions[1]} is not legal"):
        tables.step(actions)
    for bad in ([0, 0], [0.5, 1.0, 2.0], [0, 0, 10_000], [0, -1, 0]):
        with pytest.raises(IllegalActionError):
            tables.step(np.array(bad))
    assert [state.history() for state in tables.states] == histories
    assert all(np.array_equal(observations[key], buffers[key]) for key in buffers)


@pytest.mark.parametrize(("game", "players"), EDGE_TABLES, ids=EDGE_IDS)
def test_no_hidden_card_in_any_row(game: str, players: int) -> None:
    """A seat's row stays the same when every card it cannot see is dealt anew."""
    tables = make_vector(game, num_envs=2, players=players)
    observations, infos = tables.reset(seed=2)
    rng = random.Random(2)
    for _ in range(5):
        for index, state in enumerate(tables.states):
            seat = int(infos["seat"][index])
            other = state.resample_from_infostate(seat, rng)
            assert np.array_equal(observations["observation"][index], observe(other, seat)["observation"])
        observations, *_, infos = tables.step(tables.sample_actions())


def test_a_seed_per_table_replays_that_table() -> None:
    def histories(seeds: list[int]) -> list[list[int]]:
        tables = make_vector("souvenirs", num_envs=2, players=2)
        tables.reset(seed=seeds)
        for _ in range(10):
            tables.step(tables.sample_actions(np.random.default_rng(0)))
        return [state.history() for state in tables.states]

    assert histories([4, 9]) == histories([4, 9])
    twins = make_vector("souvenirs", num_envs=2, players=2)
    twins.reset(seed=[4, 4])
    assert twins.states[0].history() == twins.states[1].history()  # the same deal
    with pytest.raises(ValueError, match="3 seeds for 2 tables"):
        make_vector("souvenirs", num_envs=2).reset(seed=[1, 2, 3])


def test_a_step_before_reset_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="reset"):
        make_vector(ToyGame, num_envs=2).step(np.zeros(2, dtype=np.int64))


def test_opponents_list_sets_the_table_size() -> None:
    assert make_vector(ToyGame, opponents=["random", "heuristic"]).game.num_players == 3


def test_bad_settings_are_refused() -> None:
    with pytest.raises(OptionError, match="num_envs"):
        make_vector(ToyGame, num_envs=0)
    with pytest.raises(OptionError, match="needs 2 opponents"):
        make_vector(ToyGame, players=3, opponents=["random"])
    with pytest.raises(OptionError, match="unknown bot"):
        make_vector(ToyGame, opponents="oracle")
    with pytest.raises(OptionError, match="seat"):
        make_vector(ToyGame, seat=5)


def test_bench_rl_prints_env_steps_per_second() -> None:
    result = CliRunner().invoke(app, ["bench", "souvenirs", "--players", "2", "--rl", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    figure = re.search(r"souvenirs 2 players: ([\d,]+) env steps/s ([✓✗])", result.output)
    assert figure is not None, result.output
    assert (figure[2] == "✓") == (int(figure[1].replace(",", "")) >= RL_TARGET)
