"""ALLEGRA: a Golf-style card game with shared columns, clearing chains and knocking."""

from spieltisch.games.allegra.game import AllegraGame

GAME = AllegraGame

__all__ = ["GAME", "AllegraGame"]
