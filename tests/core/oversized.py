"""Data files that would make a giant game, one per bound, and one nested thousands deep.

Each case is small (a few hundred bytes to a few KiB) and names the bound its
refusal must name: the entry in the file and the limit. Before the bounds, the
Calcory deck made a game of 26 million cards and the nested file raised
RecursionError in the TOML parser.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from spieltisch.core.registry import game_class


@dataclass(frozen=True)
class Oversized:
    game: str
    option: str
    text: str
    entry: str
    """The place in the file the refusal names."""
    limit: int

    @property
    def players(self) -> int:
        return game_class(self.game).min_players

    def __str__(self) -> str:
        return f"{self.game}-{self.option}-{self.entry}-{self.limit}"


def _lucandor(filename: str, old: str, new: str) -> str:
    text = resources.files("spieltisch.games.lucandor").joinpath("data", filename).read_text("utf-8")
    assert text.count(old) == 1
    return text.replace(old, new)


def _calcory(rows: int, columns: int, counts: list[int]) -> str:
    return f"[layout]\nrows = {rows}\ncolumns = {columns}\n[cards]\ncounts = {counts}\n"


def _level(parts: int) -> str:
    return "[[level]]\nparts = [" + ", ".join(['{ kind = "set", size = 2 }'] * parts) + "]\n"


OVERSIZED = [
    # The deck that grew the server by 600 MB a request: columns come first.
    Oversized("calcory", "deck_file", _calcory(26, 1_000_000, [2_600_000] * 10), "layout.columns", 40),
    Oversized("calcory", "deck_file", _calcory(26, 40, [104] * 10), "layout", 240),  # rows x columns
    Oversized("calcory", "deck_file", _calcory(6, 20, [111] + [1] * 9), "cards.counts", 60),
    Oversized("allegra", "deck_file", f"[deck]\ncounts = {[2_000_000] * 13}\n", "deck.counts", 50),
    Oversized("allegra", "deck_file", f"[deck]\ncounts = {[40] * 13}\n", "deck.counts", 480),  # in all
    Oversized("souvenirs", "score_table", "[fuenfling]\nfirst = 1000000\nsecond = 1\n", "first", 100),
    Oversized("level8", "levels_file", "[[level]]\n" * 5000, "level", 8),
    Oversized("level8", "levels_file", _level(5) * 8, "parts", 4),
    Oversized(
        "lucandor",
        "wardrobe",
        _lucandor("wardrobe.toml", "storeys = [\n", "storeys = [\n" + '{ kind = "rod" },\n' * 500),
        "storeys",
        12,
    ),
    Oversized(
        "lucandor",
        "wardrobe",
        _lucandor("wardrobe.toml", "sections = [\n", "sections = [\n" + '{ de = "x", en = "x" },\n' * 300),
        "sections",
        8,
    ),
    Oversized("lucandor", "cards", _lucandor("cards.toml", 'en = "red"', f'en = "{"r" * 5000}"'), "en", 40),
    Oversized(
        "lucandor",
        "cards",
        _lucandor(
            "cards.toml",
            "colours = [\n",
            "colours = [\n"
            + "".join(
                f'{{ key = "c{n}", de = "c", en = "c", short_de = "c", short_en = "c" }},\n'
                for n in range(99)
            ),
        ),
        "colours",
        12,
    ),
]

FILE_OPTIONS = sorted({(case.game, case.option) for case in OVERSIZED})
"""Every data-file option of every game."""

NESTED = "x = " + "[" * 30_000 + "]" * 30_000 + "\n"
"""Under 64 KiB; deep enough to exhaust the parser's recursion."""
NESTED_TABLES = "x = " + "{a=" * 10_000 + "1" + "}" * 10_000 + "\n"
