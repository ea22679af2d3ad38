"""What the server processes tell each other over PostgreSQL NOTIFY, as one typed record.

A `Notice` names the process that sent it (`origin`), what happened (`kind`)
and the table; each kind has its own fields. `encode` and `decode` are the one
place that knows the wire form: a small JSON object whose keys every notice
has are one letter long, since a NOTIFY payload must stay under 8000 bytes:

    {"o": origin, "k": kind, "t": table id, ...the kind's own fields}

    move      "v": the version now stored, "end": whether the game ended,
              "rows": the stored moves (ActionRow.parts()), when they fit
    table     (none): the table changed, read it again
    chat      "chat": the chat line's fields
    presence  "seats": the seats connected to the sending process
    who       (none): a process loaded the table ("*": every table); say who is connected
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class NoticeKind(StrEnum):
    """What a notice says happened."""

    MOVE = "move"
    TABLE = "table"
    CHAT = "chat"
    PRESENCE = "presence"
    WHO = "who"


EVERY_TABLE = "*"
"""The table id of a WHO notice about every table."""


@dataclass(frozen=True)
class Notice:
    """One announcement between server processes; the fields a kind does not use keep their defaults."""

    origin: str
    kind: NoticeKind
    table_id: str
    version: int = 0
    """MOVE: the table's version once the moves are applied."""
    end: bool = False
    """MOVE: the moves ended the game."""
    rows: list[list[Any]] | None = None
    """MOVE: the stored moves (ActionRow.parts()), or None when they did not fit."""
    chat: dict[str, Any] | None = None
    """CHAT: the line's fields (ChatRow)."""
    seats: list[int] | None = None
    """PRESENCE: the seats connected to the sending process."""


def encode(notice: Notice) -> str:
    """The notice as its NOTIFY payload.

    >>> encode(Notice("7", NoticeKind.MOVE, "t1", version=3, end=False))
    '{"o": "7", "k": "move", "t": "t1", "v": 3, "end": false}'
    """
    fields: dict[str, Any] = {"o": notice.origin, "k": str(notice.kind), "t": notice.table_id}
    if notice.kind is NoticeKind.MOVE:
        fields.update(v=notice.version, end=notice.end)
        if notice.rows is not None:
            fields["rows"] = notice.rows
    elif notice.kind is NoticeKind.CHAT:
        fields["chat"] = notice.chat
    elif notice.kind is NoticeKind.PRESENCE:
        fields["seats"] = notice.seats
    return json.dumps(fields, ensure_ascii=False)


def decode(payload: str) -> Notice:
    """The notice a NOTIFY payload carries; ValueError for one that is not a notice of ours.

    >>> decode('{"o": "7", "k": "presence", "t": "t1", "seats": [0, 2]}').seats
    [0, 2]
    >>> decode('{"o": "7", "k": "move", "t": "t1"}')
    Traceback (most recent call last):
    ValueError: not a notice: a move notice needs "v" and "end"
    """
    try:
        fields = json.loads(payload)
        kind = NoticeKind(fields["k"])
        origin, table_id = str(fields["o"]), str(fields["t"])
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"not a notice: {error}") from None
    if kind is NoticeKind.MOVE:
        if not isinstance(fields.get("v"), int) or "end" not in fields:
            raise ValueError('not a notice: a move notice needs "v" and "end"')
        rows = fields.get("rows")
        return Notice(origin, kind, table_id, version=fields["v"], end=bool(fields["end"]), rows=rows)
    if kind is NoticeKind.CHAT:
        if not isinstance(fields.get("chat"), dict):
            raise ValueError('not a notice: a chat notice needs "chat"')
        return Notice(origin, kind, table_id, chat=fields["chat"])
    if kind is NoticeKind.PRESENCE:
        if not isinstance(fields.get("seats"), list):
            raise ValueError('not a notice: a presence notice needs "seats"')
        return Notice(origin, kind, table_id, seats=[int(seat) for seat in fields["seats"]])
    return Notice(origin, kind, table_id)
