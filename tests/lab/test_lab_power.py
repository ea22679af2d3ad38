"""A variant study's comparison holds its level and finds a real effect as often as it should.

Many small studies of a pure-chance game (tests/lab/coin_game.py) run
through the lab's own pipeline (plan, play, compare): in the null studies
the variant mirrors the draw, the same game in distribution but a different
game on every seed; in the effect studies the first seat's chance of winning rises
from 0.34 to 0.70. With the rows corrected together, a null study shows a
significant row in at most about 5% of studies; the effect is found about as
often as McNemar's exact test of that one row at a level between 5%/rows and
5% predicts (Benjamini-Hochberg's threshold for a row lies between them).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import pytest
from scipy import stats

from spieltisch.lab.simulation import StudySpec, plan, play_task
from spieltisch.lab.summary import compare

COIN = "tests.lab.coin_game:CoinGame"
PLAYERS, GAMES, STUDIES = 3, 60, 200
BASE_BIAS, EFFECT_BIAS = 34, 70


def study_rows(seed: int, variant: dict[str, Any]) -> list[dict[str, Any]]:
    spec = StudySpec(COIN, PLAYERS, ("random",) * PLAYERS, GAMES, seed, {"bias": BASE_BIAS}, variant)
    return compare([play_task(task) for task in plan(spec)], PLAYERS)


@cache
def null_studies() -> list[list[dict[str, Any]]]:
    return [study_rows(seed, {"mirror": True}) for seed in range(STUDIES)]


@cache
def effect_studies() -> list[list[dict[str, Any]]]:
    return [study_rows(1000 + seed, {"bias": EFFECT_BIAS, "mirror": True}) for seed in range(STUDIES)]


def row(rows: list[dict[str, Any]], metric: str) -> dict[str, Any]:
    return next(r for r in rows if r["metric"] == metric)


def test_rows_that_cannot_change_are_left_out() -> None:
    metrics = [r["metric"] for r in null_studies()[0]]
    assert "game length (decisions)" not in metrics  # always 0 decisions
    assert "random win share" not in metrics  # one bot in every seat: always 1/3
    assert [m for m in metrics if "seat" in m] == [
        f"seat {s} {what}" for s in range(1, PLAYERS + 1) for what in ("win share", "score")
    ]  # labels count seats from 1; the rows' `seat` data counts from 0
    assert [r["seat"] for r in null_studies()[0] if "seat" in r["metric"]] == [0, 0, 1, 1, 2, 2]


def test_null_studies_show_a_significant_row_in_about_5_percent() -> None:
    studies = null_studies()
    corrected = sum(any(r["adjusted_p_value"] < 0.05 for r in rows) for rows in studies) / STUDIES
    uncorrected = sum(any(r["p_value"] < 0.05 for r in rows) for rows in studies) / STUDIES
    assert 0.01 <= corrected <= 0.09, corrected
    assert uncorrected > corrected + 0.04, (uncorrected, corrected)  # the correction matters


def test_a_planted_effect_is_found_as_often_as_the_exact_test_predicts() -> None:
    base = [u < BASE_BIAS for u in range(100)]
    variant = [99 - u < EFFECT_BIAS for u in range(100)]
    up = sum(v and not b for b, v in zip(base, variant, strict=True)) / 100
    down = sum(b and not v for b, v in zip(base, variant, strict=True)) / 100
    rows = len(effect_studies()[0])
    low, high = mcnemar_power(GAMES, up, down, 0.05 / rows), mcnemar_power(GAMES, up, down, 0.05)
    found = sum(row(r, "seat 1 win share")["adjusted_p_value"] < 0.05 for r in effect_studies()) / STUDIES
    assert low - 0.07 <= found <= high + 0.07, (low, found, high)
    assert all(row(r, "seat 1 win share")["difference"] > 0 for r in effect_studies()[:20])


def mcnemar_power(games: int, up: float, down: float, alpha: float) -> float:
    """The chance that McNemar's exact test rejects at `alpha` with these discordant-pair chances."""
    power = 0.0
    for discordant in range(1, games + 1):
        weight = stats.binom.pmf(discordant, games, up + down)
        ups = np.arange(discordant + 1)
        tail = np.minimum(stats.binom.cdf(ups, discordant, 0.5), stats.binom.sf(ups - 1, discordant, 0.5))
        rejected = np.minimum(1.0, 2 * tail) <= alpha + 1e-12  # the exact two-sided p of a fair coin
        power += weight * stats.binom.pmf(ups[rejected], discordant, up / (up + down)).sum()
    return float(power)


@pytest.mark.parametrize("bias", [50, 20])
def test_a_variant_that_changes_nothing_gives_identical_paired_games(bias: int) -> None:
    """Chance has its own stream: the same seed deals the same draw in base and variant."""
    spec = StudySpec(COIN, PLAYERS, ("random",) * PLAYERS, 30, 5, {"bias": bias}, {"bias": bias})
    results = [play_task(task) for task in plan(spec)]
    base = [r["actions"] for r in results if r["variant"] == "base"]
    assert base == [r["actions"] for r in results if r["variant"] == "variant"]
    rows = compare(results, PLAYERS)
    assert rows and all(r["difference"] == 0 and r["p_value"] == 1.0 for r in rows)
