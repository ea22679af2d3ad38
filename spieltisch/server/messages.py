"""Messages and requests from clients, validated by pydantic before anything acts on them."""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator
from pydantic.json_schema import JsonSchemaMode, models_json_schema
from pydantic_core import PydanticCustomError

from spieltisch.core.contract import Move
from spieltisch.core.data import MAX_DATA_FILE_BYTES
from spieltisch.server.errors import close_codes_json_schema
from spieltisch.server.store import SeatKind, TableStatus

MAX_MESSAGE_BYTES = 4096
MAX_CHAT_CHARS = 300
MAX_NAME_CHARS = 24
TOKEN_CHARS = 64

# Letters and digits of any script, spaces and a little punctuation: no markup,
# no control characters, so a name is safe anywhere it is shown.
NAME_PATTERN = re.compile(r"^[\w][\w .'\-]*$", re.UNICODE)
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")
"""Hangul fillers: letters to Unicode, yet they show nothing."""
Lang = Literal["en", "de"]
StrictCount = Annotated[int, Field(strict=True)]
"""A JSON integer: 2.0, "2" and true are refused, as in the websocket messages."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


def is_blank(char: str) -> bool:
    """White space of any kind: spaces (NBSP too), zero-width and other invisible format characters."""
    return char.isspace() or unicodedata.category(char) == "Cf" or char in BLANK_LETTERS


def trim_blanks(value: str) -> str:
    """`value` without blanks at either end, each run of white space inside one space."""
    start, end = 0, len(value)
    while start < end and is_blank(value[start]):
        start += 1
    while end > start and is_blank(value[end - 1]):
        end -= 1
    return " ".join(value[start:end].split())


def check_name(value: str) -> str:
    """A player's name, trimmed; it must keep a visible character and fit NAME_PATTERN."""
    value = trim_blanks(value)
    if not value or len(value) > MAX_NAME_CHARS or not NAME_PATTERN.match(value):
        raise PydanticCustomError(
            "bad_name",
            f"a name has 1-{MAX_NAME_CHARS} letters, digits, spaces or . ' -, "
            "starting with a letter or digit",
        )
    return value


# --- websocket messages ------------------------------------------------------
class Hello(Strict):
    type: Literal["hello"]
    token: Annotated[str, Field(max_length=TOKEN_CHARS)] | None = None
    lang: Lang = "en"


class Act(Strict):
    type: Literal["action"]
    action: Annotated[int, Field(ge=0, le=10_000_000, strict=True)]
    version: Annotated[int, Field(ge=0, le=10_000_000, strict=True)]


class ActMove(Strict):
    """A move of several steps given as data (a LEVEL 8 lay-down: every part's cards); the
    game turns it into its steps, which are made together or not at all."""

    type: Literal["move"]
    move: Annotated[dict[str, Any], Field(max_length=8)]
    version: Annotated[int, Field(ge=0, le=10_000_000, strict=True)]


class Chat(Strict):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT_CHARS)]

    @field_validator("text")
    @classmethod
    def _printable(cls, value: str) -> str:
        printable = "".join(ch for ch in value if ch.isprintable()).strip()
        if not printable:
            raise PydanticCustomError("only_control_characters", "the text has nothing printable")
        return printable


class TakeBack(Strict):
    """Take back your own last move (see docs/server.md, Undo); `version` is the table's as you saw it."""

    type: Literal["take_back"]
    version: Annotated[int, Field(ge=0, le=10_000_000, strict=True)]


class Ping(Strict):
    type: Literal["ping"]


ClientMessage = Annotated[Hello | Act | ActMove | TakeBack | Chat | Ping, Field(discriminator="type")]
client_message: TypeAdapter[Hello | Act | ActMove | TakeBack | Chat | Ping] = TypeAdapter(ClientMessage)


# --- REST requests -------------------------------------------------------------
class Clock(Strict):
    """Time per turn: none; per move (live play, 10 s to 1 h); or per day (turn-based, 1 to 14 days).

    When a player's time runs out, or they stay away on their turn, a bot
    plays their seat until they come back.
    """

    kind: Literal["none", "move", "day"] = "none"
    seconds: Annotated[StrictCount, Field(ge=0, le=14 * 86400)] = 0
    """Per turn; for "day" a whole number of days in seconds."""

    @model_validator(mode="after")
    def _in_range(self) -> Clock:
        low, high, step = {"none": (0, 0, 1), "move": (10, 3600, 1), "day": (86400, 14 * 86400, 86400)}[
            self.kind
        ]
        if not low <= self.seconds <= high or self.seconds % step:
            raise PydanticCustomError(
                "bad_clock", "a clock per move has 10-3600 seconds, per day 1-14 whole days, none has 0"
            )
        return self


class CreateTable(Strict):
    game: Annotated[str, Field(max_length=40)]
    players: Annotated[StrictCount, Field(ge=1, le=16)]
    options: Annotated[dict[str, Any], Field(max_length=32)] = {}
    seats: Annotated[list[str], Field(max_length=16)] = []
    """Per seat: "open" for a person, or a bot id such as "heuristic"; open by default."""
    name: Annotated[str, Field(max_length=64)] | None = None
    """Take the first open seat under this name."""
    # default_factory keeps the defaults out of the schema, so generated client types make these optional.
    clock: Clock = Field(default_factory=Clock)
    files: Annotated[
        dict[str, Annotated[str, Field(max_length=MAX_DATA_FILE_BYTES)]], Field(max_length=8)
    ] = Field(default_factory=dict)
    """Uploaded data files: per data-file option, the file's content (TOML, at most 64 KiB)."""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        return None if value is None else check_name(value)


class TakeSeat(Strict):
    name: Annotated[str, Field(max_length=64)]

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return check_name(value)


class HostRequest(Strict):
    host_token: Annotated[str, Field(max_length=TOKEN_CHARS)]


class AddBots(HostRequest):
    bot: Annotated[str, Field(max_length=40)] = "heuristic"
    seat: Annotated[StrictCount, Field(ge=0, le=15)] | None = None
    """One seat, or every open seat when omitted."""


class ReplaceSeat(HostRequest):
    bot: Annotated[str, Field(max_length=40)] = "heuristic"


class SeatLinkRequest(Strict):
    token: Annotated[str, Field(max_length=TOKEN_CHARS)]
    """The seat's token, to be carried to another device."""


class Rematch(Strict):
    token: Annotated[str, Field(max_length=TOKEN_CHARS)]
    """The caller's seat token (or the host token) at the finished table."""


# --- what the server sends -----------------------------------------------------
# Outbound models document every response and message (the OpenAPI schema at
# /api/openapi.json includes the websocket messages too); the browser's types
# are generated from them.
class Out(BaseModel):
    # Fields with defaults are always sent, so the schema marks them required.
    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)


MoveData = Move
"""A move as data, with a string "kind" and the game's own fields (State.action_struct); each
game's moves are published as `<Game>Move` beside its view (server/views.py)."""


class OptionInfo(Out):
    name: str
    kind: Literal["bool", "int", "choice", "str"]
    """"str" options name a data file: a data set or an upload (see data_sets)."""
    default: Any
    label: dict[str, str]
    """Per language ("de", "en") the option's name for a person, as the lobby shows it."""
    help: dict[str, str]
    """Per language what the option does (English only for a game that gives no German)."""
    choices: list[Any]
    choice_labels: dict[str, list[str]]
    """Per language the choices' names for a person, in the order of `choices`."""
    minimum: int | None
    maximum: int | None
    per_player: int | None
    """For an option whose default grows with the table (`default` null): the default per player."""
    data_sets: list[str]
    """For a data-file option, the names of the data sets offered besides the built-in one ("")."""


class BotChoice(Out):
    id: str
    label: str
    players: list[int]
    """The player counts it plays at (the learned bot: those it has a trained network for)."""


class LevelInfo(Out):
    """A named bot a person can seat: its spec (a seat's bot) and its measured rating."""

    id: str
    """beginner, casual, strong or expert; a seat takes it or `spec`."""
    spec: str
    name: dict[str, str]
    """The level's name per language."""
    rating: float | None
    """On the game's Elo-like scale, Beginner = 1000; null before the levels were rated."""
    low: float | None
    high: float | None
    """The rating's 95% interval."""


class GameSummary(Out):
    name: str
    title: str
    min_players: int
    max_players: int
    options: list[OptionInfo]
    bots: list[BotChoice]
    levels: list[LevelInfo]
    """The game's levels, weakest first."""


class SeatSummary(Out):
    seat: int
    """Counted from 0."""
    kind: SeatKind
    name: str
    bot: str | None
    """The bot's id for a bot seat."""


class SeatInfo(SeatSummary):
    online: bool
    """A connection holds this seat now."""
    standin: bool
    """A bot plays this person's seat until they come back (their time ran out, or they left)."""


class Result(Out):
    scores: list[float]
    winners: list[int]
    returns: list[float]


class EndReasonInfo(Out):
    kind: str
    """For programs: "deck_empty", "safety_cap", ..."""
    text: str
    capped: bool
    """True when a safety cap, not the rules, ended the game."""


class ScoreLineInfo(Out):
    label: str
    points: float


class FinalResult(Result):
    """A finished game's result, explained in the receiver's language."""

    end_reason: EndReasonInfo | None
    score_breakdown: list[list[ScoreLineInfo]]
    """Per seat, its score in the rulebook's parts; [] when the game gives none."""


class TableSummary(Out):
    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: TableStatus
    created_at: float
    seats: list[SeatSummary]
    result: Result | None
    rematch_of: str | None
    rematch_id: str | None


class CreatedTable(Out):
    id: str
    host_token: str
    """Keep it: it starts the table and adds bots."""
    join_url: str
    seat: int | None = None
    token: str | None = None
    """The seat token, when the creator took a seat."""


class SeatTaken(Out):
    seat: int
    token: str


class Ok(Out):
    ok: Literal[True] = True


class RematchReply(Out):
    id: str
    seat: int | None
    """The caller's seat at the new table (None for the host without a seat)."""


class ReferenceReply(Out):
    game: str
    data: dict[str, Any]


class ErrorReply(Out):
    error: str
    """A stable code, e.g. "not_found"."""
    message: str
    """For people, in the request's language."""


class LegalMove(Out):
    id: int
    """What the client sends back as `action`."""
    label: str
    move: MoveData
    forced: bool = False
    """The only legal move, and one that shows nothing hidden with no chance event after it: a
    front may make it for the player (after a pause that shows it), as the player wishes."""


class LogEntry(Out):
    """A player's move as the receiver may know it (see docs/server.md)."""

    version: int
    """The table's version right after the move."""
    seat: int
    label: str | None
    move: MoveData | None
    result: dict[str, Any] | None
    """What the move showed everybody: {"text": ..., plus the same as data}."""
    took_back: int | None = None
    """This step took back a move: the version of that move's entry (its label says which)."""


class GameLog(Out):
    """Every player move of a table so far, oldest first, as the asking seat may know it."""

    log: list[LogEntry]


class ReplayStep(Out):
    version: int
    last_version: int
    you: int | None
    to_move: int
    view: dict[str, Any]
    steps: list[int]
    """The version after each player move (a move of several steps counts once, after its last)."""
    moves: list[LogEntry]
    """Each of those moves, to name the steps."""
    log: list[LogEntry]
    result: FinalResult | None


class Health(Out):
    ok: bool


class ClockInfo(Out):
    kind: Literal["none", "move", "day"]
    seconds: int
    """Per turn."""


class SeatLink(Out):
    url: str
    """Opens the table on another device, seated: the token rides in the address's fragment,
    which browsers never send to a server."""


class StateMessage(Out):
    type: Literal["state"] = "state"
    table: str
    game: str
    title: str
    options: dict[str, Any]
    clock: ClockInfo
    deadline: float | None
    """When the player to move runs out of time (seconds since 1970, UTC); None without a clock
    or when a bot is to move. A person who is away on their turn gets a bot even without a clock."""
    status: TableStatus
    version: int
    you: int | None
    seats: list[SeatInfo]
    to_move: int | None
    view: dict[str, Any] | None
    legal: list[LegalMove]
    log_from: int
    """The version the log follows on from: `log` holds the entries after it. 0 (the state on
    connecting and after a hello): the whole log of the last moves. Otherwise the version of
    the state before, whose log the receiver keeps and extends."""
    log: list[LogEntry]
    result: FinalResult | None
    rematch: str | None
    can_take_back: bool = False
    """You may take back your last move now (a `take_back` message)."""


class ChatLine(Out):
    seat: int | None
    name: str
    text: str
    created_at: float


class ChatMessage(ChatLine):
    type: Literal["chat"] = "chat"


class ChatHistory(Out):
    type: Literal["chat_history"] = "chat_history"
    messages: list[ChatLine]


class ErrorMessage(Out):
    type: Literal["error"] = "error"
    code: str
    message: str


class Pong(Out):
    type: Literal["pong"] = "pong"


class PresenceMessage(Out):
    """Who is at the table now; sent to the others when a seat comes online or goes offline."""

    type: Literal["presence"] = "presence"
    seats: list[SeatInfo]


ServerMessage = Annotated[
    StateMessage | PresenceMessage | ChatMessage | ChatHistory | ErrorMessage | Pong,
    Field(discriminator="type"),
]
SERVER_MESSAGES: tuple[type[Out], ...] = (
    StateMessage,
    PresenceMessage,
    ChatMessage,
    ChatHistory,
    ErrorMessage,
    Pong,
)


CLIENT_MESSAGES: tuple[type[Strict], ...] = (Hello, Act, ActMove, TakeBack, Chat, Ping)


def messages_json_schema(ref_template: str = "#/$defs/{model}") -> dict[str, Any]:
    """JSON Schema of every websocket message, with the unions ClientMessage and ServerMessage,
    and the codes a connection may close with (CloseCode)."""
    models: list[tuple[type[BaseModel], JsonSchemaMode]] = [(m, "validation") for m in CLIENT_MESSAGES]
    models += [(m, "serialization") for m in SERVER_MESSAGES]
    _, top = models_json_schema(models, ref_template=ref_template)
    defs: dict[str, Any] = top["$defs"]
    for name, members in (("ClientMessage", CLIENT_MESSAGES), ("ServerMessage", SERVER_MESSAGES)):
        mapping = {
            m.model_fields["type"].annotation.__args__[0]: ref_template.format(model=m.__name__)  # type: ignore[union-attr]
            for m in members
        }
        defs[name] = {
            "oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping},
        }
    defs["CloseCode"] = close_codes_json_schema()
    return {"title": "spieltisch table messages", "$defs": defs}
