"""The games and bots the lobby offers, read from the registry and the bot factory."""

from __future__ import annotations

import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from spieltisch.bots import Bot, make_bot
from spieltisch.bots.levels import levels
from spieltisch.core.contract import AnyGame
from spieltisch.core.options import OptionError, OptionSpec
from spieltisch.core.registry import game_class, game_names
from spieltisch.server.datasets import DataSets
from spieltisch.server.errors import LANGS
from spieltisch.server.messages import BotChoice, GameSummary, LevelInfo, OptionInfo

# The bots offered beside the levels, each at the player counts the bot factory can seat it:
# the learned bot only where the package has a network for the game and count.
BOT_CHOICES = (
    ("random", "Random"),
    ("heuristic", "Heuristic"),
    ("ismcts:200", "ISMCTS 200 (easy)"),
    ("ismcts:1000", "ISMCTS 1000"),
    ("ismcts:3000", "ISMCTS 3000 (strong)"),
    ("learned:t=0.25", "Learned (network-guided search)"),
)
FAST_BOTS = frozenset({"random", "heuristic"})
MAX_CACHED_GAMES = 256


class Catalog:
    """The games and bots on offer, and the data sets for their data-file options."""

    def __init__(
        self, extra_games: dict[str, type[AnyGame]] | None = None, data_sets: DataSets | None = None
    ) -> None:
        self.extra_games = dict(extra_games or {})
        self.data_sets = data_sets or DataSets(None, Path(tempfile.gettempdir()) / "spieltisch-data-sets")
        self._games: dict[tuple[str, int, str], AnyGame] = {}

    def names(self) -> list[str]:
        return sorted(set(game_names()) | set(self.extra_games))

    def game_class(self, name: str) -> type[AnyGame]:
        if name in self.extra_games:
            return self.extra_games[name]
        try:
            return game_class(name)
        except OptionError:
            raise OptionError(f"unknown game {name!r}; choose one of: {', '.join(self.names())}") from None

    def load(self, name: str, players: int, options: dict[str, Any]) -> AnyGame:
        """A game with these options; made once and shared, since a Game is immutable once made."""
        key = (name, players, json.dumps(options, sort_keys=True, default=str))
        if key not in self._games:
            if len(self._games) >= MAX_CACHED_GAMES:
                self._games.clear()
            self._games[key] = self.game_class(name)(players, options)
        return self._games[key]

    def bots_for(self, name: str) -> list[BotChoice]:
        """The bots on offer beside the levels, each with the player counts it plays at."""
        cls = self.game_class(name)
        counts = range(cls.min_players, cls.max_players + 1)
        choices = [
            BotChoice(id=spec, label=label, players=[n for n in counts if _bot_available(cls, spec, n)])
            for spec, label in BOT_CHOICES
        ]
        return [choice for choice in choices if choice.players]

    def bot_players(self, name: str, bot: str) -> list[int] | None:
        """The player counts a bot on offer plays at; None for a level (every count) or another bot."""
        return next((choice.players for choice in self.bots_for(name) if choice.id == bot), None)

    def levels_for(self, name: str) -> list[LevelInfo]:
        """The game's levels, from its level file (none for a game without one)."""
        return [
            LevelInfo(id=lv.id, spec=lv.spec, name=lv.names, rating=lv.rating, low=lv.low, high=lv.high)
            for lv in levels(self.game_class(name).name)
        ]

    def seat_bots(self, name: str) -> list[str]:
        """What a seat may be given: the bots on offer, and the levels by id or spec."""
        offered = [b.id for b in self.bots_for(name)]
        return offered + [key for lv in self.levels_for(name) for key in (lv.id, lv.spec)]

    def describe(self, name: str) -> GameSummary:
        cls = self.game_class(name)
        return GameSummary(
            name=cls.name,
            title=cls.title,
            min_players=cls.min_players,
            max_players=cls.max_players,
            options=[
                describe_option(spec, self.data_sets.offered(cls.name, spec.name))
                for spec in cls.option_specs
            ],
            bots=self.bots_for(name),
            levels=self.levels_for(name),
        )


def describe_option(spec: OptionSpec, data_sets: list[str]) -> OptionInfo:
    return OptionInfo(
        name=spec.name,
        kind=spec.kind,  # type: ignore[arg-type]
        default=spec.default,
        label={lang: spec.label_in(lang) for lang in LANGS},
        help={lang: spec.help_in(lang) for lang in LANGS},
        choices=list(spec.choices),
        choice_labels={lang: spec.choice_labels_in(lang) for lang in LANGS},
        minimum=spec.minimum,
        maximum=spec.maximum,
        per_player=spec.per_player,
        data_sets=data_sets if spec.kind == "str" else [],
    )


@cache
def _bot_available(cls: type[AnyGame], spec: str, players: int) -> bool:
    try:
        make_bot(spec, cls(players, {}), 0)
    except (OptionError, ValueError):
        return False
    return True


def new_bot(spec: str, game: AnyGame, seat: int) -> Bot:
    return make_bot(spec, game, seat)
