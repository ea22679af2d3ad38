"""Der Graf von Lucandor: fill the count's wardrobe, garment by garment.

The wardrobe and the cards are a digital model kept in data files
(data/wardrobe.toml, data/cards.toml); docs/rules/lucandor.md explains it.
"""

from spieltisch.games.lucandor.game import GAME, LucandorGame

__all__ = ["GAME", "LucandorGame"]
