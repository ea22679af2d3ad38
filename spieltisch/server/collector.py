"""The garbage collector, tuned for a server whose pauses every table feels.

CPython frees most objects at once, by reference counting; what its
collector is for is reference cycles, and a full collection looks at every
container object the process holds. With 200 busy tables, their players,
500 spectators and the server's own modules that is about 300,000 objects
and a pause of 100-250 ms on this project's reference machine, in which no
table moves. Under connect/close churn the default thresholds ran one every
few seconds, and those pauses were the players' slowest moves (docs/server.md,
Load). Closed connections and requests no longer leave reference cycles
(app.py, connection.py); besides, two changes, the standard ones for a
long-running server:

- After start-up, everything alive (modules, classes, the game and schema
  tables) is frozen: never looked at again, which takes over a third of the
  objects out of every full collection. The running tables load after it,
  while the server answers (hub.py), and stay collectable.
- The youngest generation is collected after YOUNG_THRESHOLD new objects
  instead of 700. A connection that lives a moment is then usually gone
  before a collection would have moved it to an older generation, so far
  fewer objects reach the oldest one, and full collections, which CPython
  runs only once that generation has grown by a quarter, become rare. A
  young collection of that size took 10-25 ms under that load.
"""

from __future__ import annotations

import ctypes
import gc

YOUNG_THRESHOLD = 10_000
"""New container objects between young collections (CPython's default: 700)."""


def tune_for_serving() -> None:
    """Freeze what start-up made and collect the young generation less often."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)


def _trim_function() -> ctypes._NamedFuncPointer | None:
    """glibc's malloc_trim, which returns freed heap pages to the system (None elsewhere)."""
    try:
        return ctypes.CDLL(None).malloc_trim  # the symbols the process has loaded, the C library's among them
    except (OSError, AttributeError):
        return None


_malloc_trim = _trim_function()


def give_back_memory() -> None:
    """Return the allocator's free pages to the system, where the C library can (glibc)."""
    if _malloc_trim is not None:
        _malloc_trim(0)
