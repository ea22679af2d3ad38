"""History: copies share sealed blocks yet never see each other's later actions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from spieltisch.core.history import BLOCK, History

# Each step appends an action to one of the histories so far, or copies one of them.
STEPS = st.lists(st.tuples(st.booleans(), st.integers(0, 50), st.integers(0, 1000)), max_size=3 * BLOCK * 4)


@given(STEPS)
def test_copies_and_appends_match_plain_lists(steps: list[tuple[bool, int, int]]) -> None:
    histories, lists = [History()], [list[int]()]
    for copy, which, action in steps:
        index = which % len(histories)
        if copy:
            histories.append(histories[index].copy())
            lists.append(lists[index][:])
        else:
            histories[index].append(action)
            lists[index].append(action)
    for history, expected in zip(histories, lists, strict=True):
        assert history.to_list() == expected
        assert len(history) == len(expected)


def test_a_copy_of_a_long_history_shares_its_sealed_blocks() -> None:
    history = History()
    for action in range(10 * BLOCK + 3):
        history.append(action)
    copy = history.copy()
    copy.append(-1)
    history.append(-2)
    assert copy.to_list() == [*range(10 * BLOCK + 3), -1]
    assert history.to_list() == [*range(10 * BLOCK + 3), -2]
    assert copy._blocks is history._blocks  # shared, not copied
