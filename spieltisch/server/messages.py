"""Messages and requests from clients, validated by pydantic before anything acts on them."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator
from pydantic_core import PydanticCustomError

MAX_MESSAGE_BYTES = 4096
MAX_CHAT_CHARS = 300
MAX_NAME_CHARS = 24
TOKEN_CHARS = 64

# Letters and digits of any script, spaces and a little punctuation: no markup,
# no control characters, so a name is safe anywhere it is shown.
NAME_PATTERN = re.compile(r"^[\w][\w .'\-]*$", re.UNICODE)
Lang = Literal["en", "de"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


def check_name(value: str) -> str:
    value = " ".join(value.split())
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


class Chat(Strict):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT_CHARS)]

    @field_validator("text")
    @classmethod
    def _printable(cls, value: str) -> str:
        return "".join(ch for ch in value if ch.isprintable())


class Ping(Strict):
    type: Literal["ping"]


ClientMessage = Annotated[Hello | Act | Chat | Ping, Field(discriminator="type")]
client_message: TypeAdapter[Hello | Act | Chat | Ping] = TypeAdapter(ClientMessage)


# --- REST requests -------------------------------------------------------------
class CreateTable(Strict):
    game: Annotated[str, Field(max_length=40)]
    players: Annotated[int, Field(ge=1, le=16)]
    options: Annotated[dict[str, Any], Field(max_length=32)] = {}
    seats: Annotated[list[str], Field(max_length=16)] = []
    """Per seat: "open" for a person, or a bot id such as "heuristic"; open by default."""
    name: Annotated[str, Field(max_length=64)] | None = None
    """Take the first open seat under this name."""

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
    seat: Annotated[int, Field(ge=0, le=15)] | None = None
    """One seat, or every open seat when omitted."""


class Rematch(Strict):
    token: Annotated[str, Field(max_length=TOKEN_CHARS)]
    """The caller's seat token (or the host token) at the finished table."""
