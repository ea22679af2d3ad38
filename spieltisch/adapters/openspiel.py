"""Every spieltisch game as an OpenSpiel Python game.

    from spieltisch.adapters import openspiel
    openspiel.register()
    game = pyspiel.load_game("spieltisch_calcory", {"players": 3})

`register()` registers each game under "spieltisch_<name>" with the parameter
"players" (default: the game's smallest table) and one parameter per rule
option. Chance is explicit and stochastic (OpenSpiel's chance nodes are ours),
information is imperfect, and `resample_from_infostate` is exposed so
OpenSpiel's ISMCTS searches only on what its seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

import numpy as np
import pyspiel

from spieltisch.adapters._games import GameLike, game_type, resolve_game
from spieltisch.core.contract import CHANCE, AnyGame, State
from spieltisch.core.record import Record
from spieltisch.core.registry import game_names

PREFIX = "spieltisch_"
SCALED = -1
"""The parameter value of an option whose default scales with the players: use that default."""
_registered: dict[str, type[AnyGame]] = {}


def register(games: Iterable[GameLike] | None = None) -> list[str]:
    """Register games with OpenSpiel (all registered spieltisch games by default); return their names."""
    return [_register_one(game_type(game)) for game in (game_names() if games is None else games)]


def load(game: GameLike, players: int | None = None, **options: Any) -> pyspiel.Game:
    """The OpenSpiel game for a spieltisch game, registering it first if needed."""
    made = resolve_game(game, players, **options)
    name = _register_one(type(made))
    return pyspiel.load_game(name, {"players": made.num_players, **_representable(made.options)})


def _register_one(cls: type[AnyGame]) -> str:
    name = PREFIX + cls.name
    known = _registered.get(name)
    if known is not None and known is not cls:
        raise ValueError(f"{name} is already registered for another game class")
    if known is None:
        pyspiel.register_game(_game_type(cls), _game_class(cls))
        _registered[name] = cls
    return name


def _parameters(cls: type[AnyGame]) -> dict[str, Any]:
    """OpenSpiel parameters: players and every option whose default OpenSpiel can hold
    (SCALED for one whose default scales with the players)."""
    defaults = {spec.name: SCALED if spec.per_player else spec.default for spec in cls.option_specs}
    return {"players": cls.min_players, **_representable(defaults)}


def _representable(options: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in options.items() if isinstance(value, bool | int | float | str)}


def _game_type(cls: type[AnyGame]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=PREFIX + cls.name,
        long_name=f"spieltisch {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(cls),
    )


def _game_class(cls: type[AnyGame]) -> type[OpenSpielGame]:
    # OpenSpiel keeps a class, not a closure, in its registry: a closure outlives
    # the interpreter and crashes it at exit.
    return type(f"OpenSpiel{cls.__name__}", (OpenSpielGame,), {"game_class": cls})


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A spieltisch game for OpenSpiel; `load_game` makes it from its parameters."""

    game_class: ClassVar[type[AnyGame]]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        scaled = {spec.name for spec in self.game_class.option_specs if spec.per_player}
        given = {k: v for k, v in (params or {}).items() if not (k in scaled and v == SCALED)}
        players = int(given.pop("players", self.game_class.min_players))
        self.game = self.game_class(players, given)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.game.num_distinct_actions(),
            max_chance_outcomes=self.game.max_chance_outcomes(),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=self.game.max_game_length(),
        )
        super().__init__(
            _game_type(self.game_class), info, {"players": players, **_representable(self.game.options)}
        )

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self, self.game.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> SeatObserver:
        return SeatObserver(self.game)


class _Held:
    """Holds the spieltisch state inside an OpenSpiel state.

    OpenSpiel clones a Python state by deep-copying its attributes; this
    holder turns that into the game's own cheap `clone()`, which also keeps
    the Game object shared instead of copied.
    """

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())

    def __reduce__(self) -> tuple[Callable[..., _Held], tuple[Any, ...]]:
        # A registered game's state is pickled as its record (game, options, history),
        # which replays to the same state: the compiled engine's classes do not pickle
        # field by field. Other games' states (plain Python) pickle as they are.
        if self.state.game.name not in game_names():
            return _Held, (self.state,)
        return _replayed, (Record.of(self.state).to_json(),)


def _replayed(record: dict[str, Any]) -> _Held:
    return _Held(Record.from_json(record).replay())


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: OpenSpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Held(state)

    @property
    def inner(self) -> State:
        """The spieltisch state behind this OpenSpiel state."""
        return self._held.state

    def current_player(self) -> int:
        return _player_id(self.inner.current_player())

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        # OpenSpiel needs a distinct string per legal action; the id makes it so
        # even where two actions read alike.
        return f"{self.inner.action_to_string(int(action))} #{action}"

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]) -> OpenSpielState:
        """A state `player` cannot tell from this one; `sampler()` gives uniform numbers in [0, 1)."""
        rng = random.Random(int(sampler() * 2**53))
        other: OpenSpielState = self.clone()
        other._held = _Held(self.inner.resample_from_infostate(player, rng))
        return other

    def __str__(self) -> str:
        return str(self.inner)


def _player_id(player: int) -> int:
    if player >= 0:
        return player
    return int(pyspiel.PlayerId.CHANCE if player == CHANCE else pyspiel.PlayerId.TERMINAL)


class SeatObserver:
    """What one seat may see: the game's observation tensor and its view as text."""

    def __init__(self, game: AnyGame) -> None:
        self.tensor = np.zeros(int(np.prod(game.observation_shape())), np.float32)
        self.dict = {"observation": self.tensor.reshape(game.observation_shape())}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        self.tensor[:] = state.inner.observation_tensor(player)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return state.inner.information_state_string(player)
