"""The tables every adapter test runs on: each registered game at each player count, and the toy game."""

from __future__ import annotations

from spieltisch.core.contract import Game
from spieltisch.core.registry import game_class, game_names
from tests.core.toy_game import ToyGame

GameSpec = str | type[Game]

TABLES: list[tuple[GameSpec, int]] = [
    (game, players)
    for game in [ToyGame, *game_names()]
    for players in range(
        (game if isinstance(game, type) else game_class(game)).min_players,
        (game if isinstance(game, type) else game_class(game)).max_players + 1,
    )
]


def table_id(table: tuple[GameSpec, int]) -> str:
    game, players = table
    name = game.name if isinstance(game, type) else game
    return f"{name}-{players}p"


TABLE_IDS = [table_id(table) for table in TABLES]
