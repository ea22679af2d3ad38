"""The registry of games.

Every package under `spieltisch/games/` whose `__init__` names a `GAME` class
is a game, registered under the package's name. Conformance tests, the command
line and every front find a new game with no other change.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from spieltisch.core.contract import AnyGame, Game
from spieltisch.core.options import OptionError


@cache
def _registry() -> dict[str, type[AnyGame]]:
    games_package = importlib.import_module("spieltisch.games")
    found: dict[str, type[AnyGame]] = {}
    for module in pkgutil.iter_modules(games_package.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"spieltisch.games.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, type) and issubclass(game, Game):
            found[game.name] = game
    return found


def game_names() -> list[str]:
    return sorted(_registry())


def game_class(name: str) -> type[AnyGame]:
    games = _registry()
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in games:
        raise OptionError(f"unknown game {name!r}; choose one of: {', '.join(sorted(games))}")
    return games[key]


def load_game(name: str, players: int | None = None, **options: Any) -> AnyGame:
    """Make a game with validated options; raises OptionError naming what is allowed."""
    cls = game_class(name)
    return cls(cls.min_players if players is None else players, options)
