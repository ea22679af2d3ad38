"""LEVEL 8 (Super Mario edition): collect and lay down eight levels of card combinations."""

from spieltisch.games.level8.game import Level8Game

GAME = Level8Game

__all__ = ["GAME", "Level8Game"]
