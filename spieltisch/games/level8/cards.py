"""The LEVEL 8 deck: card kinds, names and the deck's composition.

A card kind is an int: number cards are ``colour * 15 + (value - 1)`` (0..89),
then the joker (90) and the skip card (Aussetzen, 91). Number cards exist once
each, so a hand is a sorted list of kinds and the draw pile a count per kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from spieltisch.core.data import package_data
from spieltisch.core.options import OptionError

VALUES: Final = 15
COLOURS: Final = 6
NUMBER_KINDS: Final = VALUES * COLOURS
JOKER: Final = NUMBER_KINDS
SKIP: Final = NUMBER_KINDS + 1
KINDS: Final = NUMBER_KINDS + 2


def kind_of(value: int, colour: int) -> int:
    return colour * VALUES + value - 1


def value_of(kind: int) -> int:
    return kind % VALUES + 1


def colour_of(kind: int) -> int:
    return kind // VALUES


@dataclass(frozen=True)
class Deck:
    """What the data file says about the cards."""

    jokers: int
    skips: int
    hand_size: int
    keep_limit: int
    colour_codes: tuple[str, ...]
    colour_names: dict[str, tuple[str, ...]]

    def counts(self) -> list[int]:
        """How many copies of each kind the full deck holds."""
        counts = [1] * NUMBER_KINDS + [self.jokers, self.skips]
        return counts

    @property
    def size(self) -> int:
        return NUMBER_KINDS + self.jokers + self.skips


LANGUAGES: Final = ("en", "de")
CODES: Final = ("R", "O", "Y", "G", "B", "P")  # the colour letters of card names (cards.toml repeats them)


@lru_cache(maxsize=1)
def _deck_data() -> dict[str, Any]:
    data: dict[str, Any] = package_data("spieltisch.games.level8", "cards.toml")
    if (data["lowest"], data["highest"]) != (1, VALUES) or len(data["colour"]) != COLOURS:
        raise OptionError("cards.toml must describe numbers 1-15 in 6 colours")
    if tuple(str(c["code"]) for c in data["colour"]) != CODES:
        raise OptionError(f"cards.toml: the colour codes are {', '.join(CODES)}, in this order")
    return data


def load_deck(jokers: int) -> Deck:
    data = _deck_data()
    return Deck(
        jokers=jokers,
        skips=int(data["skips"]),
        hand_size=int(data["hand_size"]),
        keep_limit=int(data["keep_limit"]),
        colour_codes=CODES,
        colour_names={lang: colour_names(lang) for lang in LANGUAGES},
    )


@lru_cache(maxsize=8)
def colour_names(lang: str) -> tuple[str, ...]:
    """The six colours' names in `lang` (English for another language), from cards.toml."""
    key = lang if lang in LANGUAGES else "en"
    return tuple(str(colour[key]) for colour in _deck_data()["colour"])


def card_name(kind: int, lang: str = "en") -> str:
    """Short stable name: colour letter and value ("B12"), "J" for a joker, "S" for a skip."""
    if kind == JOKER:
        return "J"
    if kind == SKIP:
        return "A" if lang == "de" else "S"
    return f"{CODES[colour_of(kind)]}{value_of(kind)}"
