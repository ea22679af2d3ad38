"""The single-seat Gymnasium adapter passes Gymnasium's environment checker for every game and seat count."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env

from spieltisch.adapters.gymnasium import make
from spieltisch.core.options import OptionError
from tests.adapters.cases import TABLE_IDS, TABLES, GameSpec
from tests.core.toy_game import ToyGame


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_gymnasium_env_checker_passes(game: GameSpec, players: int) -> None:
    seat_env = make(game, seat=players - 1, players=players)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checker's advice on unbounded boxes
        check_env(seat_env, skip_render_check=True)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_masked_random_episode_ends_with_the_seat_return(game: GameSpec, players: int) -> None:
    seat_env = make(game, seat=0, opponents="random", players=players)
    observation, info = seat_env.reset(seed=11)
    terminated, reward = False, 0.0
    while not terminated:
        mask = observation["action_mask"]
        assert np.array_equal(mask.astype(bool), info["action_mask"].astype(bool))
        assert np.array_equal(mask.astype(bool), seat_env.action_masks())
        assert seat_env.game_state.current_player() == 0
        action = seat_env.action_space.sample(mask)
        observation, reward, terminated, truncated, info = seat_env.step(action)
        assert not truncated
    assert reward == seat_env.game_state.returns()[0]
    assert info["winner"] == (0 in seat_env.game_state.winners())


def test_opponents_list_sets_the_table_size() -> None:
    seat_env = make(ToyGame, seat=1, opponents=["random", "heuristic"])
    assert seat_env.game.num_players == 3
    assert [bot.name for bot in seat_env._bots.values()] == ["random", "heuristic"]


def test_wrong_number_of_opponents_is_refused() -> None:
    with pytest.raises(OptionError, match="needs 2 opponents"):
        make(ToyGame, players=3, opponents=["random"])


def test_unknown_bot_is_refused_at_once() -> None:
    with pytest.raises(OptionError, match="unknown bot"):
        make(ToyGame, opponents="oracle")


def test_illegal_action_ends_the_episode_with_the_penalty() -> None:
    seat_env = make(ToyGame, illegal_reward=-2.0)
    seat_env.reset(seed=0)
    _, reward, terminated, _, info = seat_env.step(5)
    assert (reward, terminated, info["illegal_action"]) == (-2.0, True, 5)


def test_observation_shows_own_card_only() -> None:
    seat_env = make(ToyGame, seat=1, opponents="random")
    observation, _ = seat_env.reset(seed=4)
    assert observation["observation"][0] == seat_env.game_state.cards[1]
    assert observation["observation"].dtype == np.float32
