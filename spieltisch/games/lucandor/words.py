"""The game's words in English and German: card functions and the terms of the table.

One source for every front: the text module names moves and draws the table
with them, and the reference data hands them to the browser.
"""

from __future__ import annotations

from typing import Final

FUNCTION_NAMES: Final = {
    "en": ("scoring dot", "end scoring", "hanger", "needle & thread", "iron", "drawer"),
    "de": ("Wertungspunkt", "Endwertung", "Kleiderbügel", "Nadel & Faden", "Bügeleisen", "Schublade"),
}
"""The six card functions (verified: the rulebook's names), in the order of model.FUNCTION_KEYS."""

WORDS: Final = {
    "en": {
        "morning": "morning",
        "afternoon": "afternoon",
        "over": "game over",
        "storey": "storey",
        "storeys": "storeys",
        "slot": "scoring slot",
        "place": "place",
        "rod": "rod",
        "drawer": "drawer",
        "door": "door",
        "seat": "Seat",
        "you": "you",
        "points": "points",
        "hand": "hand",
        "pile": "draw pile",
        "ends": "end scoring",
        "hidden": "face down",
        "stones": "free stones",
        "discard": "discard pile",
        "top": "top",
        "to_move": "to move",
        "playing": "being played",
        "lock": "lock",
        "start": "start card",
        "known": "seen in hand",
        "behind_door": "behind the door",
        "scores": "scores here",
        "empty": "--",
    },
    "de": {
        "morning": "Vormittag",
        "afternoon": "Nachmittag",
        "over": "Spielende",
        "storey": "Etage",
        "storeys": "Etagen",
        "slot": "Wertungsslot",
        "place": "Platz",
        "rod": "Stange",
        "drawer": "Schublade",
        "door": "Tür",
        "seat": "Platz",
        "you": "du",
        "points": "Punkte",
        "hand": "Hand",
        "pile": "Nachziehstapel",
        "ends": "Endwertung",
        "hidden": "verdeckt",
        "stones": "freie Steine",
        "discard": "Ablagestapel",
        "top": "oben",
        "to_move": "am Zug",
        "playing": "wird gespielt",
        "lock": "Sperre",
        "start": "Startkarte",
        "known": "bekannt auf der Hand",
        "behind_door": "hinter der Tür",
        "scores": "Wertung hier",
        "empty": "--",
    },
}
"""The terms of the table, by language and key."""


def words(lang: str) -> dict[str, str]:
    """The terms in `lang` (English for any language but German)."""
    return WORDS["de" if lang == "de" else "en"]


def counted(number: int, one: str, many: str) -> str:
    """A count with its noun in the right number: "1 garment", "2 garments"."""
    return f"{number} {one if number == 1 else many}"
