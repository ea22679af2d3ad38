"""Every registered game, at every allowed player count, passes the conformance checks.

A plain run plays a few seeded games per game and player count; the soak tests
(pytest --soak) play many more, and LEVEL 8 also at its full round length.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core.conformance import check_game
from spieltisch.core.registry import game_class, game_names
from tests.options import quick_options

EXAMPLES = 2
SOAK_EXAMPLES = int(os.environ.get("SPIELTISCH_CONFORMANCE_EXAMPLES", "25"))
SOAK_TIMEOUT = 3 * 3600  # seconds: long, yet a hung game still fails

CASES = [
    (name, players)
    for name in game_names()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]
CASE_IDS = [f"{n}-{p}p" for n, p in CASES]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def conforms(name: str, players: int, seed: int, options: dict[str, int]) -> None:
    report = check_game(name, players, seed, options, resample_every=3)
    assert report.decisions > 0


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_games_conform(name: str, players: int, seed: int) -> None:
    conforms(name, players, seed, quick_options(name, players))


@pytest.mark.soak
@pytest.mark.timeout(SOAK_TIMEOUT)
@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@settings(max_examples=SOAK_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_many_random_games_conform(name: str, players: int, seed: int) -> None:
    conforms(name, players, seed, quick_options(name, players))


@pytest.mark.soak
@pytest.mark.timeout(SOAK_TIMEOUT)
@pytest.mark.parametrize("players", [players for name, players in CASES if name == "level8"])
def test_level8_conforms_at_its_full_round_length(players: int) -> None:
    """Rounds as long as people play them, where random players now and then go out (minutes each)."""
    conforms("level8", players, seed=players, options={})
