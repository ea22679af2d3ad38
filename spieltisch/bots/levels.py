"""Levels: named bots a person can choose (Beginner to Expert), each with a measured rating.

A game's levels are data, spieltisch/bots/data/levels/GAME.toml: each maps a
level to a bot spec and carries its rating on the game's Elo-like scale
(Beginner anchored at 1000; 400 points are odds of 10 to 1) with a 95%
interval. `spieltisch levels rate GAME` (spieltisch.lab.levels) measures them
and rewrites the file. Ratings of different games are not comparable.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from spieltisch.core.options import OptionError

DATA = Path(__file__).parent / "data" / "levels"
LEVEL_IDS = ("beginner", "casual", "strong", "expert")
"""Every game's levels, weakest first."""


@dataclass(frozen=True)
class Level:
    id: str
    spec: str
    names: dict[str, str]
    """The level's name per language ("en", "de")."""
    rating: float | None = None
    low: float | None = None
    high: float | None = None

    def label(self, lang: str = "en") -> str:
        """The name with its rating, as a person chooses it: "Strong (≈1450)"."""
        name = self.names.get(lang, self.names["en"])
        return name if self.rating is None else f"{name} (≈{self.rating:.0f})"


def data_path(game: str) -> Path:
    return DATA / f"{game}.toml"


@cache
def read_levels(game: str) -> dict[str, Any]:
    """The game's level file as data; empty for a game that has none."""
    path = data_path(game)
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        return tomllib.load(handle)


def levels(game: str) -> list[Level]:
    """The game's levels, weakest first; none for a game without a level file."""
    return [
        Level(
            id=entry["id"],
            spec=entry["spec"],
            names={"en": entry["en"], "de": entry["de"]},
            rating=entry.get("rating"),
            low=entry.get("low"),
            high=entry.get("high"),
        )
        for entry in read_levels(game).get("level", [])
    ]


def find_level(game: str, name: str) -> Level | None:
    """The level a person names by its id or its name in any language (any case), else None."""
    wanted = name.strip().lower()
    for level in levels(game):
        if wanted == level.id or wanted in (n.lower() for n in level.names.values()):
            return level
    return None


def level_spec(game: str, name: str) -> str:
    """The bot spec of a level; OptionError when the game has no such level."""
    level = find_level(game, name)
    if level is None:
        offered = ", ".join(level.id for level in levels(game)) or "none"
        raise OptionError(f"{game} has no level {name!r}; its levels: {offered}")
    return level.spec


def describe_bot(game: str, spec: str, lang: str = "en") -> str:
    """A bot as a person reads it: a level's name and rating with its spec, else the spec."""
    level = find_level(game, spec) or next((lv for lv in levels(game) if lv.spec == spec), None)
    return spec if level is None else f"{level.label(lang)} [{level.spec}]"
