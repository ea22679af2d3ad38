"""What leaves LEVEL 8, as types: its view, its reference data and its moves as data.

`Level8Game` names them (view_type, reference_type, move_type). The types live
in a module of their own, kept out of the compiled build: the server publishes
them as JSON schemas (pydantic reads their annotations), and a TypedDict
compiled with mypyc keeps no usable annotations.
"""

from typing import Literal, NotRequired

from typing_extensions import TypeAliasType, TypedDict


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


class SpecialCards(TypedDict):
    joker: str
    skip: str


class Level8Reference(TypedDict):
    """LEVEL 8's reference data; what has a language is by language ("de", "en")."""

    levels: list[list[PartStruct]]
    level_names: dict[str, list[str]]
    """Each level's name, by level - 1."""
    part_names: dict[str, list[list[str]]]
    """Each level's parts' names, by level - 1 and part."""
    colours: dict[str, list[str]]
    colour_codes: list[str]
    values: int
    joker: int
    skip: int
    card_words: dict[str, SpecialCards]
    """The joker's and the skip card's full names ("Joker", "Aussetzen")."""
    card_codes: dict[str, SpecialCards]
    """The letters the moves name them by ("J", "A")."""
    keep_limit: int
    stall_rounds: int
    """The safety cap: this many stalled rounds in a row end the game (0: never)."""


# --- moves as data (moves.py): one type per kind --------------------------------------------
# Cards are named by their kind (cards.py), piles and laid groups by their `owner` seat.
class Level8BareMove(TypedDict):
    """A move that is just its kind: draw from the draw pile, take a skip, end keeping cards."""

    kind: Literal["draw_stock", "take_skip", "keep_done"]


class Level8DrawPileMove(TypedDict):
    """Take the top card of a seat's discard pile."""

    kind: Literal["draw_pile"]
    owner: int
    card: int


class Level8DiscardMove(TypedDict):
    """Discard a hand card onto the mover's own pile (`owner`)."""

    kind: Literal["discard"]
    card: int
    owner: int


class Level8SkipMove(TypedDict):
    """Put the skip card before a seat."""

    kind: Literal["skip"]
    card: int
    seat: int


class Level8StartLayDownMove(TypedDict):
    """Begin laying down the mover's level."""

    kind: Literal["start_lay_down"]
    level: int


class Level8CancelMove(TypedDict):
    """Give up the lay-down or the lay-off under way (a lay-off names its card)."""

    kind: Literal["cancel"]
    what: Literal["lay_down", "lay_off"]
    card: NotRequired[int]


class Level8PickMove(TypedDict):
    """Put a hand card into the part being laid, as the number or colour it stands for
    (`colour` in a colour part, else `number`; a joker's is chosen)."""

    kind: Literal["pick"]
    card: int
    part: int
    number: NotRequired[int]
    colour: NotRequired[int]


class Level8GroupRef(TypedDict):
    """A laid group: its owner and its index among that seat's groups."""

    owner: int
    group: int


class Level8LayOffMove(TypedDict):
    """Choose a hand card to lay off; `onto` lists the groups it fits."""

    kind: Literal["lay_off"]
    card: int
    onto: list[Level8GroupRef]


class Level8LayOffOntoMove(TypedDict):
    """Lay the held card onto a group: at a run's `end`, as the number or colour it stands for."""

    kind: Literal["lay_off_onto"]
    card: int
    owner: int
    group: int
    end: NotRequired[Literal["low", "high"]]
    number: NotRequired[int]
    colour: NotRequired[int]


class Level8KeepMove(TypedDict):
    """Back side: keep a hand card for the next round (the others do not learn which)."""

    kind: Literal["keep"]
    card: NotRequired[int]


class Level8PlacedCard(TypedDict):
    """A card of a part being laid down: a joker says what it stands for (`colour` in a colour
    group, else `number`); a number card stands for itself and needs neither."""

    card: int
    number: NotRequired[int]
    colour: NotRequired[int]


class Level8LayDownMove(TypedDict):
    """A whole level laid down in one move: every part's cards, parts in the level's order.

    Not among the legal moves (those are its steps: `start_lay_down`, then one `pick` per
    card); a front sends it as data, and it is legal when `start_lay_down` is and its cards
    make the level (the game turns it into its steps)."""

    kind: Literal["lay_down"]
    parts: list[list[Level8PlacedCard]]


class Level8SeatCardMove(TypedDict):
    """A chance outcome: a card dealt to a seat, or drawn from the draw pile by it."""

    kind: Literal["deal", "draw_card"]
    card: int
    seat: int


class Level8TurnUpMove(TypedDict):
    """A chance outcome: the card turned up on the dealer's pile."""

    kind: Literal["turn_up"]
    card: int
    owner: int


Level8Move = TypeAliasType(
    "Level8Move",
    Level8BareMove
    | Level8DrawPileMove
    | Level8DiscardMove
    | Level8SkipMove
    | Level8StartLayDownMove
    | Level8CancelMove
    | Level8PickMove
    | Level8LayOffMove
    | Level8LayOffOntoMove
    | Level8KeepMove
    | Level8LayDownMove
    | Level8SeatCardMove
    | Level8TurnUpMove,
)
"""Any LEVEL 8 move as data."""
