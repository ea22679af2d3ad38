"""spieltisch: a digital table for Souvenirs, ALLEGRA, LEVEL 8, Calcory and Der Graf von Lucandor."""

# First of all: the compiled engine or pure Python (see spieltisch/native.py).
from spieltisch import native  # noqa: F401  (chooses on import)
from spieltisch.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    IllegalActionError,
    OptionError,
    OptionSpec,
    Record,
    RecordError,
    State,
    game_names,
    load_game,
    play_out,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "OptionError",
    "OptionSpec",
    "Record",
    "RecordError",
    "State",
    "game_names",
    "load_game",
    "play_out",
]
