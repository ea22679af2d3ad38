"""A structural snapshot of any plain-Python object, for equality checks in tests."""

from __future__ import annotations

from typing import Any, Final

from spieltisch.core.contract import KEPT, Game

PLAIN: Final = (type(None), bool, int, float, str)
"""Values that are their own snapshot (an IntEnum too)."""


def snapshot(value: Any) -> Any:
    """Nested tuples of every field reachable from `value`; Game objects by identity."""
    if isinstance(value, PLAIN):
        return value
    if isinstance(value, Game):
        return ("game", repr(value))
    if isinstance(value, list | tuple):
        # Plain values only (a history, a NamedTuple of IntEnums): the same result, faster.
        if all(issubclass(kind, PLAIN) for kind in set(map(type, value))):
            return (type(value).__name__, tuple(value))
        return (type(value).__name__, tuple(snapshot(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((snapshot(k), snapshot(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return ("set", tuple(sorted((snapshot(v) for v in value), key=repr)))
    fields: dict[str, Any] = {}
    for cls in type(value).__mro__:
        # __mypyc_attrs__: the fields of a compiled class, which has neither slots nor __dict__ for them
        for slot in (*getattr(cls, "__slots__", ()), *getattr(cls, "__mypyc_attrs__", ())):
            if slot != "__dict__" and hasattr(value, slot):  # __dict__: its fields come below
                fields[slot] = getattr(value, slot)
    fields.update(getattr(value, "__dict__", {}))
    # Kept answers (a state's legal actions) are not part of what the object is.
    items = sorted((k, v) for k, v in fields.items() if not k.startswith(KEPT))
    return (type(value).__name__, tuple((k, snapshot(v)) for k, v in items))
