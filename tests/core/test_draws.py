"""The compiled draws give exactly what `random.Random` gives from the same state."""

from __future__ import annotations

import random

import pytest

from spieltisch.core import draws


@pytest.mark.parametrize("seed", range(20))
def test_choice_and_shuffle_draw_what_the_library_draws(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in [1, 2, 3, 5, 8, 13, 52, 108, 1000]:
        items = list(range(size))
        assert draws.choice(ours, items) == theirs.choice(items)
        mine, library = list(items), list(items)
        draws.shuffle(ours, mine)
        theirs.shuffle(library)
        assert mine == library
        assert draws.below(ours, size) == theirs._randbelow(size)
    assert ours.getstate() == theirs.getstate()


def test_choosing_from_nothing_is_an_index_error() -> None:
    with pytest.raises(IndexError):
        draws.choice(random.Random(1), [])
