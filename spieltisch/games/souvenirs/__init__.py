"""Souvenirs (moses. Verlag): build a shared 5x5 grid of cards and reserve rows and columns."""

from spieltisch.games.souvenirs.game import SouvenirsGame

GAME = SouvenirsGame

__all__ = ["GAME", "SouvenirsGame"]
