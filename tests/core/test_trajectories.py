"""Seeded games play, show and score exactly as their stored fingerprints say.

The fingerprints were recorded before a refactor; a refactor (or a compiled
build) that changes how a game plays, names its moves or shows its table fails
here, part by part (see tests/core/trajectories.py).
"""

from __future__ import annotations

import pytest

from tests.core.trajectories import PARTS, case_key, cases, fingerprint, stored

CASES = cases()


@pytest.mark.parametrize(("name", "players", "seed"), CASES, ids=[case_key(*c) for c in CASES])
def test_seeded_game_matches_its_fingerprint(name: str, players: int, seed: int) -> None:
    expected = stored().get(case_key(name, players, seed))
    assert expected is not None, "no stored fingerprint: run python3 -m tests.core.trajectories --write"
    found = fingerprint(name, players, seed)
    changed = [part for part in PARTS if found[part] != expected[part]]
    assert not changed, f"{case_key(name, players, seed)} changed in: {', '.join(changed)}"


def test_fingerprints_tell_games_apart() -> None:
    """The fingerprint can fail: two seeds of one game differ in every played part."""
    first, second = fingerprint("calcory", 2, 1), fingerprint("calcory", 2, 2)
    assert first["history"] != second["history"]
    assert first["views"] != second["views"]
