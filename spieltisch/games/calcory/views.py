"""What Calcory's view holds, as types.

The types live in a module of their own, kept out of the compiled build: the
server publishes them as JSON schemas (pydantic reads their annotations), and a
TypedDict compiled with mypyc keeps no usable annotations.
"""

from typing import Literal

from typing_extensions import TypedDict


class CalcoryOffer(TypedDict):
    owner: int
    cells: list[str]
    """The offer's places by name ("B7")."""
    sum: int
    cards: int


class CalcoryTurn(TypedDict):
    seat: int
    result: str
    cards: int


class CalcoryView(TypedDict):
    """What a seat (or a spectator) sees of Calcory: only face-up cards and the cards it put back."""

    rows: int
    columns: int
    phase: str
    player: int
    dealt: int
    cells: list[int | Literal["?"] | None]
    """Row by row: a digit face up, "?" face down, None an empty place."""
    known: dict[str, int]
    """The digits of the cards this seat put back, by place name."""
    turned: list[str]
    turn_sum: int
    offer: CalcoryOffer | None
    collected: list[int]
    pile: list[int] | None
    """The seat's collected digits (None for a spectator)."""
    return_choices: list[int]
    holding: int | None
    """The digit being put back, for its player; -1 or None otherwise."""
    idle_turns: int
    idle_turn_limit: int
    recent: list[CalcoryTurn]
    """The turns of the last two rounds, newest last."""
    end: str
    winners: list[int]
