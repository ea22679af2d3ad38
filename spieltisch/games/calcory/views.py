"""What leaves Calcory, as types: its view, its reference data and its moves as data.

`CalcoryGame` names them (view_type, reference_type, move_type). The types live
in a module of their own, kept out of the compiled build: the server publishes
them as JSON schemas (pydantic reads their annotations), and a TypedDict
compiled with mypyc keeps no usable annotations.
"""

from typing import Literal, NotRequired

from typing_extensions import TypeAliasType, TypedDict


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


class CalcoryReference(TypedDict):
    target: int
    """The sum a turn aims at."""
    row_names: list[str]
    column_names: list[str]
    position_names: list[str]
    """Each place's name ("B7"), by position, as the moves name it."""


# --- moves as data (moves.py): one type per kind --------------------------------------------
class CalcoryTurnMove(TypedDict):
    """Turn up the face-down card at a position (row-major, as the view's `cells`)."""

    kind: Literal["turn"]
    position: int
    row: int
    col: int


class CalcoryStopMove(TypedDict):
    """Stop and leave the turned cards lying."""

    kind: Literal["stop"]


class CalcoryTurnBackMove(TypedDict):
    """After a bust, turn the cards face down again."""

    kind: Literal["turn_back"]


class CalcoryReturnMove(TypedDict):
    """Return a taken card face down; the other seats do not learn its digit."""

    kind: Literal["return"]
    digit: NotRequired[int]
    """The digit returned, for its mover only."""


class CalcoryPutBackMove(TypedDict):
    """Put the returned card on an empty position."""

    kind: Literal["put_back"]
    position: int
    row: int
    col: int


class CalcoryDealMove(TypedDict):
    """A chance outcome: the digit dealt to the next position of the layout."""

    kind: Literal["deal"]
    digit: int
    position: int
    row: int
    col: int


CalcoryMove = TypeAliasType(
    "CalcoryMove",
    CalcoryTurnMove
    | CalcoryStopMove
    | CalcoryTurnBackMove
    | CalcoryReturnMove
    | CalcoryPutBackMove
    | CalcoryDealMove,
)
"""Any Calcory move as data."""
