"""What Der Graf von Lucandor's view holds, as types.

The types live in a module of their own, kept out of the compiled build: the
server publishes them as JSON schemas (pydantic reads their annotations), and a
TypedDict compiled with mypyc keeps no usable annotations.
"""

from typing import NotRequired

from typing_extensions import TypedDict


class StepView(TypedDict):
    """The step being decided: its name (STEP_NAMES), its card and the step's own fields;
    a luck check also names its attempt (`luck`, ATTEMPT_NAMES) with the attempt's fields."""

    step: str
    card: int
    luck: NotRequired[str]
    slot: NotRequired[int]
    section: NotRequired[int]
    second: NotRequired[int]
    cell: NotRequired[int]
    place: NotRequired[int]
    level: NotRequired[int]
    task: NotRequired[int]
    source: NotRequired[int]
    piece: NotRequired[int]
    drawer: NotRequired[int]


class LucandorPlayerView(TypedDict):
    points: int
    hand_size: int
    known_in_hand: list[int]
    """The cards in the player's hand that every seat has seen."""
    pile: list[int]
    end_colours: list[int]
    end_cards: list[int] | None
    """The player's end-scoring cards: for that seat, and for everyone once the game is over."""
    end_points: int


class LucandorView(TypedDict):
    """What a seat (or, with `hand` None, a spectator) sees of Der Graf von Lucandor."""

    phase: int
    """0 morning, 1 afternoon."""
    stage: str
    turn: int
    to_move: int
    leftover: int
    draw_seat: int
    door: int
    """The section the sliding door covers."""
    slots: list[int]
    """Per scoring slot its card: a card id, or the number of cards + i for start card i."""
    lock_owner: list[int]
    """Per scoring slot, then the door (reference `door_lock`), who locked it (-1: nobody)."""
    lock_level: list[int]
    content: list[list[list[int]]]
    """Per cell its floor places (compartments) or its one list (rods), bottom first."""
    drawers: list[tuple[int, list[int]]]
    """Per drawer: the cell it stands in and its contents."""
    discard: list[int]
    start_pile: list[int]
    placed: list[int]
    """Every card put away so far."""
    pending: StepView | None
    corner: int
    players: list[LucandorPlayerView]
    hand: list[int] | None
