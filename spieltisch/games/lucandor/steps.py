"""The sub-steps of a turn: what the player to move still decides after playing a card.

`state.pending` holds one of these records, or None while the player chooses
the card to play and what for. Each record keeps what its step needs (`card`
is always the card being played); the rules dispatch on its type with
`match`. A luck check (`Corner`) carries the attempt it decides: replacing a
scoring slot's card, moving the door, or pulling a garment from under a stack.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, cast

from spieltisch.games.lucandor.views import StepView

# --- what a luck check decides ---------------------------------------------------------


class SlotSwap(NamedTuple):
    """The scoring dot replaces the card in scoring slot `slot`."""

    slot: int


class DoorMove(NamedTuple):
    """The door moves before `section`; `second` is the second card discarded (-1: none)."""

    section: int
    second: int


class IronPull(NamedTuple):
    """The iron pulls the garment at `level` of floor place `place` in `cell` from under others."""

    cell: int
    place: int
    level: int


Attempt = SlotSwap | DoorMove | IronPull

# --- the steps ----------------------------------------------------------------------------


class PutAway(NamedTuple):
    """Where the garment of the played card goes (a TARGET id)."""

    card: int


class DotSlot(NamedTuple):
    """Which scoring slot the scoring dot goes into (SLOT)."""

    card: int


class DoorSection(NamedTuple):
    """Where the door moves (SECTION); two sections away asks for a second card."""

    card: int


class DoorSecond(NamedTuple):
    """Which hand card is discarded too, to move the door to `section` (SECOND)."""

    card: int
    section: int


class HangerTask(NamedTuple):
    """Which own end-scoring task the hanger discards (TASK)."""

    card: int


class NeedleTask(NamedTuple):
    """Which own end-scoring task needle & thread recolours (TASK)."""

    card: int


class NeedleColour(NamedTuple):
    """The new chip colour of own task `task` (COLOUR)."""

    card: int
    task: int


class IronSource(NamedTuple):
    """Which garment the iron takes out of the wardrobe (SOURCE)."""

    card: int


class IronTarget(NamedTuple):
    """Where the ironed garment `piece`, taken from `source` (a cell), goes (TARGET, not `source`)."""

    card: int
    source: int
    piece: int


class DrawerPick(NamedTuple):
    """Which drawer moves (CELL: the cell it stands in)."""

    card: int


class DrawerTarget(NamedTuple):
    """Which free drawer slot drawer `drawer` moves to (CELL)."""

    card: int
    drawer: int


class Corner(NamedTuple):
    """Which corner the luck check names (CORNER); success carries out `attempt`."""

    card: int
    attempt: Attempt


class Secure(NamedTuple):
    """Whether to secure the scoring dot `card`, just put into `slot` after a successful luck
    check, with a stone on the 2 (SECURE): the player's choice (RULINGS.md, Lucandor)."""

    card: int
    slot: int


Step = (
    PutAway
    | DotSlot
    | DoorSection
    | DoorSecond
    | HangerTask
    | NeedleTask
    | NeedleColour
    | IronSource
    | IronTarget
    | DrawerPick
    | DrawerTarget
    | Corner
    | Secure
)

STEP_NAMES: Final[dict[type[Any], str]] = {
    PutAway: "put_away",
    DotSlot: "dot_slot",
    DoorSection: "door_section",
    DoorSecond: "door_second",
    HangerTask: "hanger_task",
    NeedleTask: "needle_task",
    NeedleColour: "needle_colour",
    IronSource: "iron_source",
    IronTarget: "iron_target",
    DrawerPick: "drawer_pick",
    DrawerTarget: "drawer_target",
    Corner: "corner",
    Secure: "secure",
}
"""Each step's name in the view; the observation tensor numbers them 1.. in this order (0: none)."""

ATTEMPT_NAMES: Final[dict[type[Any], str]] = {SlotSwap: "slot", DoorMove: "door", IronPull: "iron"}
"""What a luck check decides, as the view names it."""


def step_view(step: Step | None) -> StepView | None:
    """The step as the view shows it: {"step": "corner", "card": 12, "luck": "slot", "slot": 0}."""
    if step is None:
        return None
    if isinstance(step, Corner):
        attempt = step.attempt
        fields = {"card": step.card, "luck": ATTEMPT_NAMES[type(attempt)], **attempt._asdict()}
    else:
        fields = step._asdict()
    # The fields are the NamedTuples' own, each one StepView declares.
    return cast(StepView, {"step": STEP_NAMES[type(step)], **fields})


def cards_in(step: Step | None) -> list[int]:
    """The cards a step holds out of hand and piles while it is decided."""
    if step is None or isinstance(step, Secure):
        return []  # a scoring dot waiting to be secured already lies in its slot
    if isinstance(step, Corner) and isinstance(step.attempt, DoorMove) and step.attempt.second >= 0:
        return [step.card, step.attempt.second]
    return [step.card]
