"""The garbage collector, tuned for a server whose pauses every table feels.

CPython frees most objects at once, by reference counting; what its
collector is for is reference cycles, and while it collects, no table moves.
A collection looks at every container object of its generation and the
younger ones. At 2,000 busy Souvenirs tables (docs/server.md, Load), with
CPython's thresholds or raised ones, that paused the server for 10-90 ms
(the youngest generation), 50-190 ms (the middle one) and 0.5 s (a full
collection, over 600,000 objects): each table's state, log and connection
live for seconds, so every collection found the tables of the last seconds
still alive, and looked at all of them again and again. (Raising the young
threshold does not bound the young generation either: CPython counts an
object when it is made and takes one off when any object is freed, old ones
included, and every step frees an old state as it makes a new one.)

Nothing the server does per connection, request or move leaves a reference
cycle (tests/server/test_server_collector.py), so there is little for the
collector to find. So, after start-up (`tune_for_serving`):

- Every FREEZE_SECONDS what is alive is frozen (`freeze_survivors_forever`):
  moved out of the collector's generations, in constant time, and never
  looked at again. Frozen objects are still freed by reference counting
  when they die. A collection then looks only at what was made since the
  last freeze: a few ms at 2,000 tables.
- What a cycle made since then and frozen would keep is freed by a full
  collection that first puts every frozen object back (`tidy`, after each
  sweep): where few tables are held (QUIET_TABLES) once the frozen
  objects have grown since the last one, which is cheap then, and under
  lasting load at least every FULL_COLLECTION_SECONDS (a pause of about
  half a second at 2,000 tables). Then freed memory is handed back, so a
  server comes back to its size once the load has gone.
- The youngest generation is collected after YOUNG_THRESHOLD new objects
  (CPython: 700), which leaves a connection that lives a moment no time to
  reach an older generation.
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import time

YOUNG_THRESHOLD = 3_000
"""New container objects between young collections (CPython's default: 700)."""
MIDDLE_THRESHOLD = 40
"""Young collections between collections of the middle generation (CPython's default: 10)."""
OLD_THRESHOLD = 100
"""Middle collections between full ones (CPython's default: 10)."""
FREEZE_SECONDS = 0.25
"""How often what is alive is frozen."""
QUIET_TABLES = 50
"""At most this many tables held: a sweep may collect fully (some ms)."""
GROWN = 1.1
"""A quiet sweep collects fully once the frozen objects have grown by a tenth since the last."""
FULL_COLLECTION_SECONDS = 600.0
"""Under lasting load, a full collection at least this often."""


class _Serving:
    tuned = False
    last_full = 0.0
    frozen_after_full = 0


def tune_for_serving() -> None:
    """Freeze what start-up made and collect the young generation less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, OLD_THRESHOLD)
    _Serving.tuned = True
    _Serving.last_full = time.monotonic()
    _Serving.frozen_after_full = gc.get_freeze_count()


async def freeze_survivors_forever() -> None:
    while True:
        await asyncio.sleep(FREEZE_SECONDS)
        gc.freeze()


def tidy(tables_held: int, now: float | None = None) -> bool:
    """After a sweep: collect fully where that is due (see above), and give freed memory back.
    True if it collected."""
    now = time.monotonic() if now is None else now
    quiet = tables_held <= QUIET_TABLES and gc.get_freeze_count() > GROWN * _Serving.frozen_after_full
    collect = _Serving.tuned and (quiet or now - _Serving.last_full >= FULL_COLLECTION_SECONDS)
    if collect:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _Serving.last_full, _Serving.frozen_after_full = now, gc.get_freeze_count()
    give_back_memory()
    return collect


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
