"""A PettingZoo AEC environment for any spieltisch game.

    from spieltisch.adapters.pettingzoo import env
    table = env("calcory", players=3)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        action = None if terminated or truncated else policy(observation)
        table.step(action)

Agents are "player_0" .. "player_{n-1}" for the seats. Chance (shuffles, draws)
is resolved inside the environment from the seed given to `reset`, so agents
only ever see their own decisions. Rewards come from `State.returns()` when the
game ends (1 for each winner, 0 otherwise) and are 0 before.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from spieltisch.adapters._games import GameLike, resolve_game
from spieltisch.adapters._spaces import Observation, action_space, episode_seed, observation_space, observe
from spieltisch.core.contract import AnyGame, IllegalActionError, State
from spieltisch.core.play import resolve_chance

RENDER_MODES = ("ansi", "human")


def env(game: GameLike, players: int | None = None, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The game as an AEC environment, checked for call order like PettingZoo's own classics."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, render_mode, **options))


def raw_env(
    game: GameLike, players: int | None = None, render_mode: str | None = None, **options: Any
) -> SpieltischAECEnv:
    return SpieltischAECEnv(resolve_game(game, players, **options), render_mode)


class SpieltischAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    def __init__(self, game: AnyGame, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"spieltisch_{game.name}_{game.num_players}p_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # One space object per agent, so seeding one agent's space leaves the others alone.
        self.observation_spaces = {agent: observation_space(game) for agent in self.possible_agents}
        self.action_spaces = {agent: action_space(game) for agent in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game_state: State = game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self._rng = random.Random(episode_seed(self._seeds))
        self.game_state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._advance()
        self._accumulate_rewards()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} is to move; None is only for an agent whose game is over")
        # An illegal id raises IllegalActionError and leaves the game as it was.
        self.game_state.apply_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _advance(self) -> None:
        """Resolve chance, then hand the move to the seat to play or end the episode."""
        resolve_chance(self.game_state, self._rng)
        if not self.game_state.is_terminal():
            self.agent_selection = self.possible_agents[self.game_state.current_player()]
            return
        returns = self.game_state.returns()
        scores = self.game_state.scores()
        winners = self.game_state.winners()
        for agent in self.agents:
            seat = self.seat_of[agent]
            self.rewards[agent] = float(returns[seat])
            self.terminations[agent] = True
            self.infos[agent] = {"score": float(scores[seat]), "winner": seat in winners}

    def observe(self, agent: str) -> Observation:
        return observe(self.game_state, self.seat_of[agent])

    def render(self) -> str | None:
        """The table as a spectator sees it (no hidden cards)."""
        text = self.game_state.render_text(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
