"""The JSON the server makes at every game step, made with orjson.

A state message goes out at every step of every table, to each audience
(a seat or the spectators, in a language): with pydantic's serialiser its
JSON cost more than the rest of the message. Here the message is plain
data (the shape of messages.StateMessage, which publishes it), and what
stays the same from step to step (each entry of the log) is encoded once
and spliced in as a `Fragment`. Each stored move's detail (store.py) is
encoded here too.
"""

from __future__ import annotations

from typing import Any

import orjson

Fragment = orjson.Fragment
"""JSON encoded already, inserted as it is."""


def encode(data: Any) -> str:
    """The JSON text of plain data (dicts, lists, str, numbers, enums, Fragments)."""
    return orjson.dumps(data).decode()
