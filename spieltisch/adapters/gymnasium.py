"""A single-seat Gymnasium environment: one learner against spieltisch bots.

    from spieltisch.adapters.gymnasium import make
    seat_env = make("souvenirs", seat=0, opponents="heuristic", players=3)
    observation, info = seat_env.reset(seed=1)
    action = int(np.flatnonzero(observation["action_mask"])[0])
    observation, reward, terminated, truncated, info = seat_env.step(action)

The learner plays `seat`; every other seat is a bot from `spieltisch.bots`
("heuristic", "random", ...). Chance and the bots' moves run inside `step`
until the learner is to move again or the game ends. The reward is the seat's
`State.returns()` at the end (1 for a win, 0 otherwise). An illegal action id
ends the episode with `illegal_reward`; the observation's "action_mask" (also
`info["action_mask"]` and `action_masks()`) tells which ids are legal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from spieltisch.adapters._games import GameLike, game_type, resolve_game
from spieltisch.adapters._spaces import (
    Observation,
    action_mask,
    action_space,
    episode_seed,
    observation_space,
    observe,
)
from spieltisch.bots import Bot, make_bot
from spieltisch.core.contract import AnyGame, Game, State
from spieltisch.core.options import OptionError
from spieltisch.core.play import sample_chance

RENDER_MODES = ("ansi", "human")


def make(
    game: GameLike,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    players: int | None = None,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    **options: Any,
) -> SeatEnv:
    """The game seen from `seat`; `opponents` is one bot spec for every other seat or one per seat.

    Without `players`, a list of opponents sets the table size; a single spec
    takes the game's smallest table.
    """
    if players is None and not isinstance(game, Game):
        players = game_type(game).min_players if isinstance(opponents, str) else len(opponents) + 1
    made = resolve_game(game, players, **options)
    return SeatEnv(made, seat, _opponent_specs(opponents, made.num_players), render_mode, illegal_reward)


def _opponent_specs(opponents: str | Sequence[str], players: int) -> list[str]:
    specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(specs) != players - 1:
        raise OptionError(f"a {players}-player table needs {players - 1} opponents, got {len(specs)}")
    return specs


class SeatEnv(gymnasium.Env[Observation, np.int64]):
    def __init__(
        self,
        game: AnyGame,
        seat: int,
        opponents: list[str],
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        if not 0 <= seat < game.num_players:
            raise OptionError(f"seat must be 0..{game.num_players - 1}, not {seat}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        self.metadata = {"render_modes": list(RENDER_MODES)}
        self.game = game
        self.seat = seat
        self.opponents = opponents
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.observation_space = observation_space(game)
        self.action_space = action_space(game)
        # Bot specs are checked now, not at the first reset.
        self._bots = self._make_bots()
        self._rng = random.Random()
        self.game_state: State = game.new_initial_state()

    def _make_bots(self) -> dict[int, Bot]:
        others = [seat for seat in range(self.game.num_players) if seat != self.seat]
        return {
            seat: make_bot(spec, self.game, seat) for seat, spec in zip(others, self.opponents, strict=True)
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = random.Random(episode_seed(self.np_random))
        self._bots = self._make_bots()  # bots may remember the last game
        self.game_state = self.game.new_initial_state()
        self._play_until_our_turn()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        action_id = int(action)
        if not self.game_state.is_legal(action_id):
            info = {**self._info(), "illegal_action": action_id}
            return self._observation(), self.illegal_reward, True, False, info
        self._apply(action_id)
        self._play_until_our_turn()
        terminated = self.game_state.is_terminal()
        reward = float(self.game_state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, self._info()

    def _play_until_our_turn(self) -> None:
        state = self.game_state
        while not state.is_terminal() and state.current_player() != self.seat:
            if state.is_chance_node():
                self._apply(sample_chance(state, self._rng))
            else:
                self._apply(self._bots[state.current_player()].choose(state, self._rng))

    def _apply(self, action: int) -> None:
        self.game_state.apply_action(action)
        # Bots with a memory model watch every step, as at the lab's table.
        for bot in self._bots.values():
            if bot.watches_table:
                bot.observe(self.game_state)

    def _observation(self) -> Observation:
        return observe(self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": action_mask(self.game_state, self.seat)}
        if self.game_state.is_terminal():
            info["score"] = float(self.game_state.scores()[self.seat])
            info["winner"] = self.seat in self.game_state.winners()
        return info

    def action_masks(self) -> np.ndarray:
        """Legal ids as booleans, the form action-masking learners ask for."""
        return action_mask(self.game_state, self.seat).astype(bool)

    def render(self) -> str | None:
        """The table as the learner's seat sees it."""
        text = self.game_state.render_text(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text
