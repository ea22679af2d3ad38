"""The PettingZoo adapter passes PettingZoo's own API and seed tests for every game and table size."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from spieltisch.adapters.pettingzoo import env, raw_env
from spieltisch.core.contract import IllegalActionError
from tests.adapters.cases import TABLE_IDS, TABLES, GameSpec
from tests.core.toy_game import ToyGame


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_pettingzoo_api_test_passes(game: GameSpec, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's style advice, e.g. on dict observations
        api_test(env(game, players=players), num_cycles=8)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_same_seed_same_episode(game: GameSpec, players: int) -> None:
    seed_test(lambda: env(game, players=players), num_cycles=8)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_full_episode_rewards_are_the_game_returns(game: GameSpec, players: int) -> None:
    table = raw_env(game, players=players)
    table.reset(seed=3)
    picker = random.Random(3)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        assert observation["observation"].shape == table.game.observation_shape()
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert list(legal) == table.game_state.legal_actions()
        table.step(int(picker.choice(legal)))
    returns = table.game_state.returns()
    assert [totals[agent] for agent in table.possible_agents] == returns
    assert not table.agents


def test_only_the_seat_to_move_gets_a_mask() -> None:
    table = raw_env(ToyGame, players=3)
    table.reset(seed=0)
    mover = table.agent_selection
    for agent in table.possible_agents:
        assert table.observe(agent)["action_mask"].any() == (agent == mover)


def test_observation_holds_own_card_only() -> None:
    table = raw_env(ToyGame, players=2)
    table.reset(seed=1)
    cards = table.game_state.cards
    for seat, agent in enumerate(table.possible_agents):
        assert table.observe(agent)["observation"][0] == cards[seat]


def test_illegal_action_raises_and_leaves_the_game() -> None:
    table = raw_env(ToyGame, players=2)
    table.reset(seed=0)
    before = table.game_state.history()
    with pytest.raises(IllegalActionError):
        table.step(7)
    assert table.game_state.history() == before


def test_chance_never_reaches_an_agent() -> None:
    table = raw_env(ToyGame, players=2)
    table.reset(seed=5)
    while table.agents:
        assert not table.game_state.is_chance_node()
        _, _, terminated, _, _ = table.last()
        table.step(None if terminated else 1)


def test_ansi_render_shows_the_spectator_view() -> None:
    table = raw_env(ToyGame, players=2, render_mode="ansi")
    table.reset(seed=0)
    assert table.render() == table.game_state.render_text(None)
