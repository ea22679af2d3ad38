"""Random draws exactly as `random.Random` makes them, in compiled code.

`choice` and `shuffle` repeat the standard library's own algorithms
(`Random.choice`, `Random.shuffle` and `Random._randbelow_with_getrandbits`, the
same in Python 3.11 to 3.13) on the generator's C method `getrandbits`: a seeded
game draws the very numbers it drew with the library, while a search's many draws
no longer run the library's Python code (tests/core/test_draws.py compares them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A whole number in [0, n), n > 0: `Random._randbelow`."""
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """`rng.choice(items)`."""
    if not items:
        raise IndexError("Cannot choose from an empty sequence")
    return items[below(rng, len(items))]


def shuffle(rng: random.Random, items: list[T]) -> None:
    """`rng.shuffle(items)`: in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
