"""The game contract, options, registry, records and conformance checks."""

from spieltisch.core.contract import CHANCE, TERMINAL, Game, GameInfo, IllegalActionError, State
from spieltisch.core.options import OptionError, OptionSpec
from spieltisch.core.play import Policy, play_out, random_policy, resolve_chance, sample_chance
from spieltisch.core.record import Record, RecordError
from spieltisch.core.registry import game_class, game_names, load_game

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "OptionError",
    "OptionSpec",
    "Policy",
    "Record",
    "RecordError",
    "State",
    "game_class",
    "game_names",
    "load_game",
    "play_out",
    "random_policy",
    "resolve_chance",
    "sample_chance",
]
