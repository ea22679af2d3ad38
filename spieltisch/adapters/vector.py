"""Many tables at once for learning: Gymnasium's vector API over NumPy arrays.

    from spieltisch.adapters.vector import make_vector
    tables = make_vector("souvenirs", num_envs=64, players=2)
    observations, infos = tables.reset(seed=0)
    actions = tables.sample_actions()                  # or a policy's choice under the mask
    observations, rewards, terminations, truncations, infos = tables.step(actions)

Each sub-environment is one table. Without `opponents` every seat is the
learner (self-play): the observation is that of the seat to move, named in
`infos["seat"]`. With `opponents` the learner plays `seat` and bots play the
others, as in the single-seat Gymnasium adapter. Chance, and the bots, move
inside `step`, so every observation is a decision of the learner.

A finished table starts its next game in the same step (Gymnasium's
same-step autoreset): the returned row is the new game's first decision, and
`infos["final_obs"]` holds the finished game's last observation where
`infos["_final_obs"]` is True. The buffers are written in place and, unless
`copy=False`, copied out on return.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from spieltisch.adapters._games import GameLike, game_type, resolve_game
from spieltisch.adapters._spaces import action_space, episode_seed, observation_space
from spieltisch.bots import Bot, make_bot
from spieltisch.core.contract import CHANCE, AnyGame, Game, IllegalActionError, State
from spieltisch.core.options import OptionError

Observations = dict[str, np.ndarray]  # "observation" (N, *shape) float32, "action_mask" (N, A) int8


def make_vector(
    game: GameLike,
    num_envs: int = 16,
    players: int | None = None,
    opponents: str | Sequence[str] | None = None,
    seat: int = 0,
    copy: bool = True,
    **options: Any,
) -> BatchEnv:
    """`num_envs` tables of `game`; `opponents` (bot specs) play every seat but `seat`, or None: self-play."""
    if players is None and not isinstance(game, Game):
        # As in the Gymnasium adapter: a list of opponents sets the table size.
        if opponents is None or isinstance(opponents, str):
            players = game_type(game).min_players
        else:
            players = len(opponents) + 1
    return BatchEnv(resolve_game(game, players, **options), num_envs, opponents, seat, copy)


class BatchEnv(VectorEnv[Observations, np.ndarray, np.ndarray]):
    def __init__(
        self,
        game: AnyGame,
        num_envs: int,
        opponents: str | Sequence[str] | None = None,
        seat: int = 0,
        copy: bool = True,
    ) -> None:
        if num_envs < 1:
            raise OptionError(f"num_envs must be at least 1, not {num_envs}")
        if not 0 <= seat < game.num_players:
            raise OptionError(f"seat must be 0..{game.num_players - 1}, not {seat}")
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        self.game = game
        self.num_envs = num_envs
        self.seat = seat
        self.copy = copy
        self.opponents = _opponent_specs(opponents, game.num_players)
        self.single_observation_space = observation_space(game)
        self.single_action_space = action_space(game)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        shape = game.observation_shape()
        size = int(np.prod(shape))
        self._tensor = np.zeros((num_envs, size), dtype=np.float32)
        self._mask = np.zeros((num_envs, game.num_distinct_actions()), dtype=np.int8)
        self._rows = _Rows(self._tensor, self._mask)
        self._final_rows = _Rows(np.zeros_like(self._tensor), np.zeros_like(self._mask))
        self._obs: Observations = {
            "observation": self._tensor.reshape((num_envs, *shape)),
            "action_mask": self._mask,
        }
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._returns = np.zeros((num_envs, game.num_players), dtype=np.float32)
        self._rngs = [random.Random(i) for i in range(num_envs)]
        self._bots = [self._make_bots() for _ in range(num_envs)]  # bot specs are checked now
        self._watching = any(bot.watches_table for bot in self._bots[0].values())
        self.states: list[State] = [game.new_initial_state() for _ in range(num_envs)]
        """The tables as they stand; read them, do not change them."""
        self._started = False

    def _make_bots(self) -> dict[int, Bot]:
        if self.opponents is None:
            return {}
        others = [seat for seat in range(self.game.num_players) if seat != self.seat]
        return {
            seat: make_bot(spec, self.game, seat) for seat, spec in zip(others, self.opponents, strict=True)
        }

    # --- Gymnasium's vector API ---------------------------------------------
    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Start a game on every table; one seed gives every table its own generator, reproducibly."""
        if isinstance(seed, list):
            if len(seed) != self.num_envs:
                raise ValueError(f"{len(seed)} seeds for {self.num_envs} tables")
            generators = [np.random.default_rng(s) for s in seed]
        else:
            self._np_random, _ = gymnasium.utils.seeding.np_random(seed)
            generators = [self._np_random] * self.num_envs
        self._rngs = [random.Random(episode_seed(generator)) for generator in generators]
        self._rows.clear()
        for index in range(self.num_envs):
            self._rows.add(index, self._start(index))
        self._rows.write()
        self._seats[:] = self._rows.seats
        self._started = True
        return self._out(self._obs), self._infos(None)

    def step(self, actions: Any) -> tuple[Observations, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Apply one action per table; IllegalActionError (nothing changed) if any is not legal there."""
        chosen = self._checked(actions)
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        rows, finals = self._rows, self._final_rows
        rows.clear()
        for index, action in enumerate(chosen.tolist()):
            state = self.states[index]
            mover = state.current_player()
            self._apply(index, action)  # checked against the mask made from this state's legal actions
            self._advance(index)
            if state.is_terminal():
                seat = mover if self.opponents is None else self.seat
                returns = state.returns()
                rewards[index] = returns[seat]
                self._returns[index] = returns
                if not terminations.any():
                    finals.clear()
                terminations[index] = True
                finals.add(index, state, seat)
                state = self._start(index)
            rows.add(index, state)
        rows.write()
        if terminations.any():
            finals.write()
        self._seats[:] = rows.seats
        infos = self._infos(terminations)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        return self._out(self._obs), rewards, terminations, truncations, infos

    def sample_actions(self, rng: np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action per table (for baselines and benchmarks)."""
        rng = rng or np.random.default_rng()
        noise = rng.random(self._mask.shape) * self._mask
        return np.asarray(noise.argmax(axis=1), dtype=np.int64)

    # --- the tables -----------------------------------------------------------
    def _checked(self, actions: Any) -> np.ndarray:
        if not self._started:
            raise IllegalActionError("call reset before the first step")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise IllegalActionError(
                f"step needs {self.num_envs} integer action ids, got shape {chosen.shape} of {chosen.dtype}"
            )
        size = self._mask.shape[1]
        inside = (chosen >= 0) & (chosen < size)
        legal = inside & (self._mask[np.arange(self.num_envs), np.where(inside, chosen, 0)] == 1)
        if not legal.all():
            index = int(np.flatnonzero(~legal)[0])
            state = self.states[index]
            raise IllegalActionError(
                f"table {index}: action {int(chosen[index])} is not legal now for seat "
                f"{state.current_player() + 1}; nothing was changed"
            )
        return chosen

    def _start(self, index: int) -> State:
        """A new game on table `index`, played on to the learner's first decision."""
        state: State = self.game.new_initial_state()
        self.states[index] = state
        if self.opponents is not None:
            self._bots[index] = self._make_bots()  # bots may remember the last game
        self._advance(index)
        if state.is_terminal():
            raise RuntimeError(f"a game of {self.game.name} ended before the learner's first move")
        return state

    def _advance(self, index: int) -> None:
        """Chance and the bots move until the learner is to move or the game is over."""
        state = self.states[index]
        rng = self._rngs[index]
        bots = self._bots[index]
        while True:
            player = state.current_player()
            if player == CHANCE:
                self._apply(index, _sample(state.chance_outcomes(), rng.random()))
            elif player in bots:
                self._apply(index, bots[player].choose(state, rng))
            else:
                return  # the learner's turn, or the end

    def _apply(self, index: int, action: int) -> None:
        state = self.states[index]
        state.apply_legal_action(action)
        if self._watching:  # bots with a memory model watch every step, as at the lab's table
            for bot in self._bots[index].values():
                if bot.watches_table:
                    bot.observe(state)

    def _infos(self, finished: np.ndarray | None) -> dict[str, Any]:
        infos: dict[str, Any] = {"seat": self._seats.copy()}
        if finished is not None and finished.any():
            shape = (self.num_envs, *self.game.observation_shape())
            infos["final_obs"] = {
                "observation": self._final_rows.tensor.reshape(shape).copy(),
                "action_mask": self._final_rows.mask.copy(),
            }
            infos["_final_obs"] = finished.copy()
            infos["returns"] = self._returns.copy()
            infos["_returns"] = finished.copy()
        return infos

    def _out(self, observations: Observations) -> Observations:
        if not self.copy:
            return observations
        return {key: value.copy() for key, value in observations.items()}


class _Rows:
    """Observations and masks of many tables, gathered as lists and written into the arrays at once.

    One NumPy call per batch instead of one per table and piece: where a game
    lists only its tensor's non-zero entries (`State.observation_entries`),
    a table costs a few list extensions.
    """

    def __init__(self, tensor: np.ndarray, mask: np.ndarray) -> None:
        self.tensor = tensor  # (tables, size), rows written in place
        self.mask = mask
        self.seats = [0] * len(tensor)
        self.clear()

    def clear(self) -> None:
        self.tensor.fill(0)
        self.mask.fill(0)
        self.entry_rows: list[int] = []
        self.entry_counts: list[int] = []
        self.indices: list[int] = []
        self.values: list[float] = []
        self.legal_rows: list[int] = []
        self.legal_counts: list[int] = []
        self.legal: list[int] = []

    def add(self, row: int, state: State, seat: int | None = None) -> None:
        """Row `row` shows `state` to `seat` (default: the seat to move) with that seat's legal actions."""
        player = state.current_player()
        seat = player if seat is None else seat
        self.seats[row] = seat
        indices, values = state.observation_entries(seat)
        if indices is None:
            self.tensor[row] = values
        else:
            self.entry_rows.append(row)
            self.entry_counts.append(len(indices))
            self.indices += indices
            self.values += values
        if player == seat:
            legal = state.legal_actions()
            self.legal_rows.append(row)
            self.legal_counts.append(len(legal))
            self.legal += legal

    def write(self) -> None:
        if self.indices:
            where = _flat(self.indices, self.entry_rows, self.entry_counts, self.tensor.shape[1])
            self.tensor.reshape(-1)[where] = self.values
        if self.legal:
            self.mask.reshape(-1)[
                _flat(self.legal, self.legal_rows, self.legal_counts, self.mask.shape[1])
            ] = 1


def _flat(indices: list[int], rows: list[int], counts: list[int], width: int) -> np.ndarray:
    """Positions in a flattened (rows, width) array: each row's indices plus that row's offset."""
    offsets = np.repeat(np.asarray(rows, dtype=np.int64) * width, counts)
    return np.asarray(indices, dtype=np.int64) + offsets


def _sample(outcomes: list[tuple[int, float]], pick: float) -> int:
    """The chance outcome that `pick` (uniform in [0, 1)) falls on."""
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if pick < total:
            return outcome
    return outcomes[-1][0]


def _opponent_specs(opponents: str | Sequence[str] | None, players: int) -> list[str] | None:
    if opponents is None:
        return None
    specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(specs) != players - 1:
        raise OptionError(f"a {players}-player table needs {players - 1} opponents, got {len(specs)}")
    return specs
