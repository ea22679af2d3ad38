"""The JSON Schema of every game's view, reference data and moves.

Each game names the types of what `State.view(seat)`, `Game.reference_data()`
and `State.action_struct(action)` return (`Game.view_type`, `reference_type`
and `move_type`, held in the game's views.py); the OpenAPI document publishes
them under their names (`<Game>View`, `<Game>Reference`, `<Game>Move` and one
`<Game><Kind>Move` per kind of move), and the browser's types are generated
from it. The games come from the registry, so a newly registered game is
published without a change here. Every object is closed (no keys beyond those
declared), so a key added to a view or a move without its type fails the
schema tests.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pydantic import TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from spieltisch.core.registry import game_class, game_names


class GameTypes(NamedTuple):
    """A game's declared types, each published under its name."""

    view: Any
    reference: Any
    move: Any


def game_types() -> dict[str, GameTypes]:
    """Per registered game that declares them, the types of its view, reference data and moves."""
    found: dict[str, GameTypes] = {}
    for name in game_names():
        cls = game_class(name)
        types = GameTypes(cls.view_type, cls.reference_type, cls.move_type)
        if all(kind is not None for kind in types):
            found[name] = types
    return found


def type_name(kind: Any) -> str:
    """The name a declared type is published under: its class's or its alias's name."""
    return str(kind.__name__)


def views_json_schema(ref_template: str = "#/$defs/{model}") -> dict[str, Any]:
    """JSON Schema of every game's view, reference data and moves, each under its name."""
    mode: JsonSchemaMode = "serialization"
    kinds = [kind for types in game_types().values() for kind in types]
    inputs = [(type_name(kind), mode, TypeAdapter(kind)) for kind in kinds]
    _, top = TypeAdapter.json_schemas(inputs, ref_template=ref_template)
    defs: dict[str, Any] = top.get("$defs", {})
    for definition in defs.values():
        _close(definition)
    return {"title": "spieltisch game views", "$defs": defs}


def _close(schema: Any) -> None:
    """Refuse keys beyond the declared ones in every object of `schema`."""
    if isinstance(schema, dict):
        if schema.get("type") == "object" and "properties" in schema:
            schema.setdefault("additionalProperties", False)
        for value in schema.values():
            _close(value)
    elif isinstance(schema, list):
        for value in schema:
            _close(value)
