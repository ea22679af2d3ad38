"""What LEVEL 8's view and moves hold, as types.

The types live in a module of their own, kept out of the compiled build: the
server publishes them as JSON schemas (pydantic reads their annotations), and a
TypedDict compiled with mypyc keeps no usable annotations.
"""

from typing_extensions import TypedDict


class PartStruct(TypedDict):
    kind: str
    """"run", "set" or "colour"."""
    size: int


GroupView = tuple[int, int, int, list[int], list[int]]
"""A laid group: [kind, low or key, high or key, cards, meanings]."""


class RoundEndView(TypedDict):
    """A round's end as the view tells it."""

    round: int
    went_out: int | None
    """Who went out; None for a stalled round."""
    levels_before: list[int]
    levels: list[int]
    turns: int
    stalled: int
    capped: bool
    """Whether the round ended at the safety cap `round_turns`."""


class EndingView(TypedDict):
    kind: str
    capped: bool


class Level8View(TypedDict):
    """What a seat (or, with `hand` and `kept` None, a spectator) sees of LEVEL 8."""

    round: int
    dealer: int
    phase: str
    player: int
    turns: int
    levels: list[int]
    requirements: list[list[PartStruct]]
    """Per seat the parts of the level it is on."""
    laid: list[bool]
    hand_sizes: list[int]
    hand: list[int] | None
    known: list[list[int]]
    kept: list[int] | None
    kept_sizes: list[int]
    piles: list[list[int]]
    groups: list[list[GroupView]]
    """Per seat its laid groups."""
    stock: int
    under: int
    skip_on: list[bool]
    cancels: int
    part: int
    """The part of the level being laid down now."""
    picks: list[tuple[int, int]]
    """The cards put into that part so far: [card, meaning]."""
    built: list[GroupView]
    """The parts already built in this lay-down."""
    layoff_card: int
    """The card being laid off, or -1."""
    carry: list[int]
    deal_left: int
    went_out: int
    last_round: RoundEndView | None
    """How the last round ended (None before the first ends)."""
    winners: list[int]
    end: EndingView | None
    rounds_played: int
    stalled: int
    """Stalled rounds in a row so far (the safety cap `stall_rounds` ends the game at its limit)."""
    seats: int
