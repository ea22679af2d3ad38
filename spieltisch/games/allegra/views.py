"""What ALLEGRA's view holds, as types.

The types live in a module of their own, kept out of the compiled build: the
server publishes them as JSON schemas (pydantic reads their annotations), and a
TypedDict compiled with mypyc keeps no usable annotations.
"""

from typing import Literal

from typing_extensions import TypedDict

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
