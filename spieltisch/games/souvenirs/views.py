"""What Souvenirs' view holds, as types.

The types live in a module of their own, kept out of the compiled build: the
server publishes them as JSON schemas (pydantic reads their annotations), and a
TypedDict compiled with mypyc keeps no usable annotations.
"""

from typing import NotRequired

from typing_extensions import TypedDict


class SouvenirsView(TypedDict):
    """What a seat (or, without `seat` and `hand`, a spectator) sees of Souvenirs."""

    phase: str
    turn: int
    placed: int
    deck_size: int
    cards: list[list[int]]
    """[row, column, card kind] of every laid card."""
    cubes: list[list[int]]
    """Per line (rows -4..4, then columns -4..4) the seats of its cubes, first cube first."""
    cubes_left: list[int]
    hand_sizes: list[int]
    chosen: int | None
    """The card being laid, public while its cell is chosen."""
    scores: list[float]
    seat: NotRequired[int]
    hand: NotRequired[list[int]]
