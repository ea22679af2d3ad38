"""The lab's statistics, checked on known distributions and against scipy."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as scipy_stats

from spieltisch.lab.simulation import derive_seed
from spieltisch.lab.stats import binomial_p_value, describe, paired_t, seat_advantage, wilson


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3, 10), (50, 100), (97, 100), (400, 1000)])
def test_wilson_matches_scipy(k: int, n: int) -> None:
    expected = scipy_stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = wilson(k, n, z=float(scipy_stats.norm.ppf(0.975)))
    assert low == pytest.approx(expected.low, abs=1e-9)
    assert high == pytest.approx(expected.high, abs=1e-9)


@pytest.mark.parametrize("p", [0.1, 0.25, 0.5, 0.8])
def test_wilson_covers_the_true_rate_about_95_percent_of_the_time(p: float) -> None:
    rng = np.random.default_rng(7)
    n, repeats = 150, 4000
    draws = rng.binomial(n, p, size=repeats)
    covered = sum(1 for k in draws if (lambda lo_hi: lo_hi[0] <= p <= lo_hi[1])(wilson(int(k), n)))
    assert 0.93 <= covered / repeats <= 0.97


def test_wilson_edge_cases() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == 1.0 and 0.69 < low < 0.73


@pytest.mark.parametrize(("k", "n", "p"), [(7, 10, 0.5), (30, 100, 0.25), (0, 20, 0.5), (520, 1000, 0.5)])
def test_binomial_test_matches_scipy(k: int, n: int, p: float) -> None:
    assert binomial_p_value(k, n, p) == pytest.approx(scipy_stats.binomtest(k, n, p).pvalue)


def test_binomial_test_known_value() -> None:
    # P(X >= 7 or X <= 3) for X ~ Bin(10, 1/2) = 2 * 176 / 1024
    assert binomial_p_value(7, 10, 0.5) == pytest.approx(0.34375)
    assert binomial_p_value(0, 0, 0.5) == 1.0


def test_seat_advantage_on_a_fair_and_on_a_biased_table() -> None:
    fair = seat_advantage([25.0, 25.0, 25.0, 25.0], 100)
    assert fair.chi_square == 0.0 and fair.chi_square_p_value == pytest.approx(1.0)
    assert fair.first_share == 0.25 and fair.fair_share == 0.25
    biased = seat_advantage([70.0, 30.0], 100)
    assert biased.chi_square == pytest.approx(16.0)  # (70-50)^2/50 + (30-50)^2/50
    assert biased.chi_square_p_value == pytest.approx(scipy_stats.chi2.sf(16.0, 1))
    assert biased.first_p_value == pytest.approx(scipy_stats.binomtest(70, 100, 0.5).pvalue)


def test_seat_advantage_test_holds_its_level_on_fair_games() -> None:
    """Under a fair table about 5% of studies show a seat effect at the 5% level."""
    rng = np.random.default_rng(3)
    rejections = 0
    for _ in range(400):
        winners = rng.integers(0, 3, size=300)
        wins = [float((winners == seat).sum()) for seat in range(3)]
        rejections += seat_advantage(wins, 300).chi_square_p_value < 0.05
    assert 0.02 <= rejections / 400 <= 0.09


def test_paired_t_matches_scipy_and_its_interval() -> None:
    rng = np.random.default_rng(5)
    base = rng.normal(10, 2, size=60)
    variant = base + rng.normal(0.5, 1, size=60)
    result = paired_t(list(base), list(variant))
    diffs = variant - base
    assert result.difference == pytest.approx(diffs.mean())
    assert result.p_value == pytest.approx(scipy_stats.ttest_rel(variant, base).pvalue)
    half = scipy_stats.t.ppf(0.975, 59) * diffs.std(ddof=1) / math.sqrt(60)
    assert (result.low, result.high) == pytest.approx((diffs.mean() - half, diffs.mean() + half))


def test_paired_t_without_any_difference() -> None:
    result = paired_t([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert result.difference == 0.0 and result.p_value == 1.0


def test_describe() -> None:
    assert describe([1.0, 2.0, 3.0, 10.0]) == {
        "mean": 4.0,
        "median": 2.5,
        "stdev": pytest.approx(4.082, abs=1e-3),
        "min": 1.0,
        "max": 10.0,
    }
    assert describe([])["mean"] == 0.0


def test_game_seeds_are_stable_and_distinct() -> None:
    seeds = [derive_seed(1, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds[:2] == [derive_seed(1, 0), derive_seed(1, 1)]
    assert derive_seed(2, 0) != derive_seed(1, 0)
    assert all(0 <= s < 2**63 for s in seeds)
