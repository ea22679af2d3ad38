"""How an adapter gets its game: a registered name, a Game class or a Game made already."""

from __future__ import annotations

from typing import Any

from spieltisch.core.contract import AnyGame, Game
from spieltisch.core.options import OptionError
from spieltisch.core.registry import game_class, game_names, load_game

GameLike = str | type[AnyGame] | AnyGame


def resolve_game(game: GameLike, players: int | None = None, **options: Any) -> AnyGame:
    """A Game with fixed players and options; a Game instance is taken as it is."""
    if isinstance(game, Game):
        if (players is not None and players != game.num_players) or options:
            raise OptionError(f"{game!r} is already made; pass its name to choose players or options")
        return game
    if isinstance(game, type):
        return game(game.min_players if players is None else players, options)
    return load_game(game, players, **options)


def game_type(game: GameLike) -> type[AnyGame]:
    if isinstance(game, Game):
        return type(game)
    return game if isinstance(game, type) else game_class(game)


def player_counts(game: GameLike) -> range:
    """Every player count the game allows."""
    cls = game_type(game)
    return range(cls.min_players, cls.max_players + 1)


def all_cases() -> list[tuple[str, int]]:
    """(name, players) for every registered game and every player count it allows."""
    return [(name, players) for name in game_names() for players in player_counts(name)]
