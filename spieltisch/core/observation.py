"""Observation tensors built from named pieces, so a game states their sizes once.

A game lists its pieces as (name, size) pairs in order; its observation shape
is their total, and its encoder produces each piece by name. `concatenate`
checks every piece against its stated size, so the two cannot drift apart
(as OpenSpiel's kuhn_poker builds its observer from one list of pieces).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Pieces = tuple[tuple[str, int], ...]


def total_size(pieces: Pieces) -> int:
    """The length of a tensor made of `pieces`."""
    return sum(size for _, size in pieces)


def concatenate(pieces: Pieces, parts: Mapping[str, Sequence[float]]) -> list[float]:
    """The parts in the order of `pieces`; AssertionError when one has another size than stated."""
    tensor: list[float] = []
    for name, size in pieces:
        part = parts[name]
        assert len(part) == size, f"observation piece {name!r} has {len(part)} values, not {size}"
        tensor.extend(part)
    return tensor
