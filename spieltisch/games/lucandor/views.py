"""What leaves Der Graf von Lucandor, as types: its view, its reference data and its moves.

`LucandorGame` names them (view_type, reference_type, move_type); reference.py
builds the reference data and moves.py the moves as data. The types live in a
module of their own, kept out of the compiled build: the server publishes them
as JSON schemas (pydantic reads their annotations), and a TypedDict compiled
with mypyc keeps no usable annotations.
"""

from typing import Literal, NotRequired

from typing_extensions import TypeAliasType, TypedDict


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

    phase: Literal["morning", "afternoon"]
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


# --- reference data (reference.py) -----------------------------------------------------
class LucandorNamed(TypedDict):
    key: str
    de: str
    en: str
    short_de: NotRequired[str]
    short_en: NotRequired[str]


class LucandorGarment(LucandorNamed):
    container: str
    """"rod", "drawer" or "compartment"."""
    units: int
    rest: str | None
    """How a compartment garment rests ("stand", "stack", "shoes"); None for the others."""


class LucandorCard(TypedDict):
    id: int
    garment: int
    colour: int
    function: str
    """A key of `functions`."""
    thumb: int
    dot_colour: NotRequired[int]
    points: NotRequired[int]
    storey: NotRequired[int]


class LucandorStartCard(TypedDict):
    a: list[int]
    b: list[int]
    points: int


class LucandorFunction(TypedDict):
    key: str
    de: str
    en: str


class LucandorSection(TypedDict):
    de: str
    en: str


class LucandorStorey(TypedDict):
    kind: str
    """"rod" or "compartment"."""
    shoes: bool


class LucandorWardrobe(TypedDict):
    sections: list[LucandorSection]
    door_start: int
    storeys: list[LucandorStorey]
    rod_units: int
    drawer_units: int
    floor_places: int
    stack_height: int
    drawer_start: list[int]
    drawer_slots: list[int]
    slots: list[list[int]]
    door_lock: int
    """The door's index in the view's lock lists: after one entry per scoring slot."""


class LucandorReference(TypedDict):
    """Everything public a display needs to draw a Lucandor table."""

    colours: list[LucandorNamed]
    garments: list[LucandorGarment]
    corners: list[LucandorNamed]
    cards: list[LucandorCard]
    start_cards: list[LucandorStartCard]
    start_side: int
    functions: list[LucandorFunction]
    words: dict[str, dict[str, str]]
    """The terms of the table, per language."""
    markers: int
    """Stones per player."""
    hand_size: int
    wardrobe: LucandorWardrobe


# --- moves as data (moves.py): one type per kind --------------------------------------------
# Cards are named by id, cells by number, as in the view and the reference data.
class LucandorCardMove(TypedDict):
    """A chance outcome: the card that comes."""

    kind: Literal["card"]
    card: int


class LucandorPlayMove(TypedDict):
    """Play a hand card for a use; a task also names its chip's colour, and the other seats
    do not learn a task's card."""

    kind: Literal["play"]
    card: NotRequired[int]
    use: Literal["put_away", "function", "door", "clean", "task"]
    colour: NotRequired[int]


class LucandorPutMove(TypedDict):
    """Put the garment (`card`) into a cell, on a floor place (0 on rods and in drawers)."""

    kind: Literal["put"]
    card: int
    cell: int
    place: int


class LucandorTakeMove(TypedDict):
    """Take a garment (`card`) out with the iron, from a cell, floor place and level."""

    kind: Literal["take"]
    card: int
    cell: int
    place: int
    level: int


class LucandorCellMove(TypedDict):
    """A drawer standing in a cell, or the free drawer slot it moves to."""

    kind: Literal["drawer", "drawer_slot"]
    cell: int


class LucandorSlotMove(TypedDict):
    """A scoring slot for a scoring dot."""

    kind: Literal["slot"]
    slot: int


class LucandorDoorMove(TypedDict):
    """The section the sliding door goes to."""

    kind: Literal["door"]
    section: int


class LucandorSecondMove(TypedDict):
    """A second hand card discarded to move the door by two sections."""

    kind: Literal["second"]
    card: int


class LucandorTaskMove(TypedDict):
    """One of the mover's own end-scoring tasks; the other seats see only its chip."""

    kind: Literal["task"]
    task: int
    colour: int
    card: NotRequired[int]


class LucandorColourMove(TypedDict):
    """A colour for needle & thread."""

    kind: Literal["colour"]
    colour: int


class LucandorCornerMove(TypedDict):
    """A corner named in a luck check."""

    kind: Literal["corner"]
    corner: int


class LucandorSecureMove(TypedDict):
    """Whether to secure the scoring slot won by luck with a stone."""

    kind: Literal["secure"]
    slot: int
    secure: bool


LucandorMove = TypeAliasType(
    "LucandorMove",
    LucandorCardMove
    | LucandorPlayMove
    | LucandorPutMove
    | LucandorTakeMove
    | LucandorCellMove
    | LucandorSlotMove
    | LucandorDoorMove
    | LucandorSecondMove
    | LucandorTaskMove
    | LucandorColourMove
    | LucandorCornerMove
    | LucandorSecureMove,
)
"""Any Lucandor move as data."""
