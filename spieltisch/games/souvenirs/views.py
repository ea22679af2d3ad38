"""What leaves Souvenirs, as types: its view, its reference data and its moves as data.

`SouvenirsGame` names them (view_type, reference_type, move_type). The types
live in a module of their own, kept out of the compiled build: the server
publishes them as JSON schemas (pydantic reads their annotations), and a
TypedDict compiled with mypyc keeps no usable annotations.
"""

from typing import Literal, NotRequired

from typing_extensions import TypeAliasType, TypedDict


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


class SouvenirsReference(TypedDict):
    """Souvenirs' reference data: names per language ("de", "en")."""

    colours: dict[str, list[str]]
    """The colours' names, by colour index."""
    card_names: dict[str, list[str]]
    """Every card kind's name, by kind."""
    joker: int
    combinations: list[str]
    """The combinations from the most valuable down, as the score table orders them."""
    combination_names: dict[str, list[str]]
    """Each combination's name, in the order of `combinations`."""
    points: dict[str, list[int]]
    """This table's points per combination: [first cube, second cube]."""


# --- moves as data (moves.py): one type per kind --------------------------------------------
class SouvenirsPlayMove(TypedDict):
    """Choose the hand card to lay (a card kind, as the view's `hand` names it)."""

    kind: Literal["play"]
    card: int


class SouvenirsPlaceMove(TypedDict):
    """Lay the chosen card on a cell, by row and column from the start card (-4..4)."""

    kind: Literal["place"]
    card: int
    row: int
    col: int


class SouvenirsCubeRowMove(TypedDict):
    """Reserve a row with a cube."""

    kind: Literal["cube"]
    line: Literal["row"]
    row: int


class SouvenirsCubeColumnMove(TypedDict):
    """Reserve a column with a cube."""

    kind: Literal["cube"]
    line: Literal["col"]
    col: int


class SouvenirsPassMove(TypedDict):
    """No cube this turn."""

    kind: Literal["pass"]


class SouvenirsCardMove(TypedDict):
    """A chance outcome: a card dealt into a hand, the start card, or the card drawn."""

    kind: Literal["deal", "start", "draw"]
    card: int


SouvenirsMove = TypeAliasType(
    "SouvenirsMove",
    SouvenirsPlayMove
    | SouvenirsPlaceMove
    | SouvenirsCubeRowMove
    | SouvenirsCubeColumnMove
    | SouvenirsPassMove
    | SouvenirsCardMove,
)
"""Any Souvenirs move as data."""
