"""The JSON Schema of every game's view and reference data.

Each game declares what `State.view(seat)` and `Game.reference_data()` return as
TypedDicts next to where they are built; the OpenAPI document publishes them as
`<Game>View` and `<Game>Reference`, and the browser's types are generated from it.
Every object is closed (no keys beyond those declared), so a key added to a view
without its type fails the schema tests.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from spieltisch.games.allegra.text import AllegraReference
from spieltisch.games.allegra.views import AllegraView
from spieltisch.games.calcory.text import CalcoryReference
from spieltisch.games.calcory.views import CalcoryView
from spieltisch.games.level8.text import Level8Reference
from spieltisch.games.level8.views import Level8View
from spieltisch.games.lucandor.reference import LucandorReference
from spieltisch.games.lucandor.views import LucandorView
from spieltisch.games.souvenirs.text import SouvenirsReference
from spieltisch.games.souvenirs.views import SouvenirsView

GAME_TYPES: dict[str, tuple[Any, Any]] = {
    "allegra": (AllegraView, AllegraReference),
    "calcory": (CalcoryView, CalcoryReference),
    "level8": (Level8View, Level8Reference),
    "lucandor": (LucandorView, LucandorReference),
    "souvenirs": (SouvenirsView, SouvenirsReference),
}
"""Per game its view's and its reference data's TypedDict, each published under its class name."""


def views_json_schema(ref_template: str = "#/$defs/{model}") -> dict[str, Any]:
    """JSON Schema of every game's view and reference data, each under its class name."""
    mode: JsonSchemaMode = "serialization"
    kinds = [kind for pair in GAME_TYPES.values() for kind in pair]
    inputs = [(kind.__name__, mode, TypeAdapter(kind)) for kind in kinds]
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
