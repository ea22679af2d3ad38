"""Observation tensors from named pieces: the sizes are stated once and checked."""

from __future__ import annotations

import pytest

from spieltisch.core.observation import concatenate, total_size

PIECES = (("cards", 3), ("phase", 2))


def test_pieces_are_joined_in_their_order() -> None:
    parts = {"phase": [0.0, 1.0], "cards": [0.5, 0.25, 0.0]}
    assert concatenate(PIECES, parts) == [0.5, 0.25, 0.0, 0.0, 1.0]
    assert total_size(PIECES) == 5


def test_a_piece_of_another_size_than_stated_fails() -> None:
    with pytest.raises(AssertionError, match="'phase' has 3 values, not 2"):
        concatenate(PIECES, {"cards": [0.0] * 3, "phase": [0.0] * 3})
