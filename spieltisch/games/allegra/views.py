"""What leaves ALLEGRA, as types: its view, its reference data and its moves as data.

`AllegraGame` names them (view_type, reference_type, move_type). The types
live in a module of their own, kept out of the compiled build: the server
publishes them as JSON schemas (pydantic reads their annotations), and a
TypedDict compiled with mypyc keeps no usable annotations.
"""

from typing import Literal

from typing_extensions import TypeAliasType, TypedDict

Cell = int | Literal["?"] | None
"""A layout slot as everyone sees it: its value, "?" face down, None for a gap."""


class AllegraView(TypedDict):
    """What every seat sees of ALLEGRA: nothing is private (`seat` is None for a spectator)."""

    seat: int | None
    players: int
    game: int
    games: int
    target: int
    knocking: bool
    dealer: int
    phase: str
    to_move: int
    active: int
    turns: int
    turn_cap: int
    setup: list[int] | None
    """[seat, flips left] while the layouts are set up."""
    layouts: list[list[Cell]]
    """Per seat its 15 places row by row over [left shared, own x 3, right shared]."""
    draw_size: int
    draw_known: list[int] | None
    discard: list[int]
    drawn: int | None
    drawn_from: Literal["pile", "discard"] | None
    knock_queue: list[int]
    knock_index: int
    knockers: list[int]
    knocker: int
    held: int | None
    taken: int | None
    freed: int
    replaced: int | None
    clear_seat: int | None
    trigger: int
    final_round: bool
    final_queue: list[int]
    had_final: list[bool]
    totals: list[int]
    results: list[list[int]]
    triggers: list[int]
    capped: list[bool]


class AllegraReference(TypedDict):
    position_names: list[str]
    """Each layout position's name ("B2"), by position, as the moves name it."""


# --- moves as data (moves.py): one type per kind --------------------------------------------
class AllegraPositionMove(TypedDict):
    """A position of a seat's layout: flip the card there, place the card in hand there, or
    take the knocker's card from there."""

    kind: Literal["flip", "place", "take"]
    seat: int
    position: int


class AllegraClearMove(TypedDict):
    """Clear the triple in a column or row of a seat's layout."""

    kind: Literal["clear"]
    seat: int
    line: Literal["column", "row"]
    positions: list[int]


class AllegraDrawMove(TypedDict):
    """Draw from the draw pile or take the discard."""

    kind: Literal["draw"]
    source: Literal["pile", "discard"]


class AllegraChoiceMove(TypedDict):
    """A choice that is just its kind: discard the drawn card, knock or not, decline every knock."""

    kind: Literal["discard", "knock", "no_knock", "decline"]


class AllegraAcceptMove(TypedDict):
    """Accept the knock of a seat."""

    kind: Literal["accept"]
    seat: int


class AllegraCardMove(TypedDict):
    """A chance outcome: the card value dealt, turned up as the first discard, or drawn."""

    kind: Literal["deal", "start_discard", "draw_card"]
    card: int


AllegraMove = TypeAliasType(
    "AllegraMove",
    AllegraPositionMove
    | AllegraClearMove
    | AllegraDrawMove
    | AllegraChoiceMove
    | AllegraAcceptMove
    | AllegraCardMove,
)
"""Any ALLEGRA move as data."""
