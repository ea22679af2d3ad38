"""The deck: 30 number cards (each number in each colour once) and 4 jokers.

A card *kind* is an int: number card kinds are `colour * len(numbers) +
(number - 1)`, the joker kind comes last. Jokers are identical, so the deck is
a multiset of kinds and every draw is a chance outcome "one card of kind k".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from spieltisch.core.data import package_data
from spieltisch.core.options import OptionError

PACKAGE: Final = "spieltisch.games.souvenirs"

# The engine's action space is fixed, so the packaged deck must have this shape.
NUMBERS: Final = (1, 2, 3, 4, 5, 6)
NUM_COLOURS: Final = 5
NUM_KINDS: Final = NUM_COLOURS * len(NUMBERS) + 1
JOKER: Final = NUM_KINDS - 1

# A card as the scoring sees it: (number, colour index), or None for a joker.
Card = tuple[int, int] | None


@dataclass(frozen=True)
class Colour:
    de: str
    en: str
    short_de: str
    short_en: str


@dataclass(frozen=True)
class Deck:
    colours: tuple[Colour, ...]
    jokers: int

    def counts(self) -> list[int]:
        """Copies of each kind in a full deck."""
        return [1] * (NUM_KINDS - 1) + [self.jokers]

    @property
    def size(self) -> int:
        return NUM_KINDS - 1 + self.jokers


def load_deck() -> Deck:
    data = package_data(PACKAGE, "cards.toml")
    return deck_from_data(data)


def deck_from_data(data: dict[str, Any]) -> Deck:
    if tuple(data.get("numbers", ())) != NUMBERS:
        raise OptionError(f"cards.toml: numbers must be {list(NUMBERS)}")
    colours = tuple(Colour(c["de"], c["en"], c["short_de"], c["short_en"]) for c in data["colours"])
    if len(colours) != NUM_COLOURS:
        raise OptionError(f"cards.toml: exactly {NUM_COLOURS} colours are needed, got {len(colours)}")
    jokers = data.get("jokers")
    if not isinstance(jokers, int) or isinstance(jokers, bool) or jokers < 0:
        raise OptionError("cards.toml: jokers must be a whole number >= 0")
    return Deck(colours, jokers)


def number_of(kind: int) -> int:
    return kind % len(NUMBERS) + 1


def colour_of(kind: int) -> int:
    return kind // len(NUMBERS)


def kind_of(number: int, colour: int) -> int:
    return colour * len(NUMBERS) + number - 1


def as_card(kind: int) -> Card:
    return None if kind == JOKER else (number_of(kind), colour_of(kind))


CARD_OF: Final[tuple[Card, ...]] = tuple(as_card(kind) for kind in range(NUM_KINDS))
