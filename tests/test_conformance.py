"""Every registered game, at every allowed player count, passes the conformance checks."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core.conformance import check_game
from spieltisch.core.registry import game_class, game_names
from tests.options import quick_options

EXAMPLES = int(os.environ.get("SPIELTISCH_CONFORMANCE_EXAMPLES", "4"))


CASES = [
    (name, players)
    for name in game_names()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_conform(name: str, players: int, seed: int) -> None:
    report = check_game(name, players, seed, quick_options(name, players), resample_every=3)
    assert report.decisions > 0
