"""The lab's statistics, checked on known distributions and against scipy."""

from __future__ import annotations

import math
from itertools import product

import numpy as np
import pytest
from scipy import stats as scipy_stats

from spieltisch.lab.simulation import derive_seed
from spieltisch.lab.stats import (
    adjust_p_values,
    binomial_p_value,
    clustered_share,
    describe,
    paired_difference,
    seat_advantage,
    sign_flip_p_value,
    wilson,
)


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


def test_the_paired_difference_and_its_interval() -> None:
    rng = np.random.default_rng(5)
    base = rng.normal(10, 2, size=60).round()
    variant = base + rng.normal(0.5, 1, size=60).round()
    result = paired_difference(list(base), list(variant))
    diffs = variant - base
    assert result.difference == pytest.approx(diffs.mean())
    half = scipy_stats.t.ppf(0.975, 59) * diffs.std(ddof=1) / math.sqrt(60)
    assert (result.low, result.high) == pytest.approx((diffs.mean() - half, diffs.mean() + half))
    assert result.test == "sign-flip, exact"


def test_no_difference_gives_p_one() -> None:
    result = paired_difference([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert result.difference == 0.0 and result.p_value == 1.0


def test_a_constant_difference_is_as_significant_as_it_gets() -> None:
    """Ten games, each one point better: the chance of that by sign flips alone is 2 / 2**10."""
    p_value, exact = sign_flip_p_value([1.0] * 10)
    assert exact and p_value == pytest.approx(2 / 2**10)
    assert paired_difference([0.0] * 10, [0.5] * 10).p_value == pytest.approx(2 / 2**10)


def test_on_wins_the_sign_flip_test_is_mcnemars_exact_test() -> None:
    rng = np.random.default_rng(11)
    for _ in range(20):
        base = rng.integers(0, 2, size=40)
        variant = rng.integers(0, 2, size=40)
        ups, downs = int(((variant == 1) & (base == 0)).sum()), int(((variant == 0) & (base == 1)).sum())
        expected = scipy_stats.binomtest(ups, ups + downs).pvalue if ups + downs else 1.0
        assert sign_flip_p_value(list(variant - base))[0] == pytest.approx(expected)
    assert sign_flip_p_value([1, -1, 0, 0, 0])[0] == 1.0  # one up, one down: no evidence at all


def brute_force(diffs: list[float]) -> float:
    observed = abs(sum(diffs))
    sums = [
        sum(s * d for s, d in zip(signs, diffs, strict=True)) for signs in product((1, -1), repeat=len(diffs))
    ]
    return sum(abs(total) >= observed - 1e-9 for total in sums) / len(sums)


@pytest.mark.parametrize("seed", range(6))
def test_the_exact_sign_flip_test_matches_every_sign_pattern(seed: int) -> None:
    rng = np.random.default_rng(seed)
    diffs = [float(x) for x in rng.choice([-1, -1 / 2, -1 / 3, 0, 1 / 3, 1 / 2, 1, 2, 5], size=12)]
    p_value, exact = sign_flip_p_value(diffs)
    assert exact and p_value == pytest.approx(brute_force(diffs))


def test_off_the_lattice_the_normal_approximation_is_close() -> None:
    rng = np.random.default_rng(3)
    diffs = [float(x) for x in rng.normal(0.4, 1.0, size=14)]
    p_value, exact = sign_flip_p_value(diffs)
    assert not exact and p_value == pytest.approx(brute_force(diffs), abs=0.03)


def test_benjamini_hochberg_adjusted_p_values() -> None:
    # sorted p 0.01, 0.03, 0.04, 0.5 times 4/rank: 0.04, 0.06, 0.0533, 0.5, then made monotone
    assert adjust_p_values([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.04 * 4 / 3, 0.04 * 4 / 3, 0.5])
    assert adjust_p_values([]) == []


def test_a_bot_in_every_seat_has_a_fixed_share() -> None:
    assert clustered_share([1.0] * 50, [3] * 50, players=3) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_a_bot_that_always_wins_alone_gets_the_wilson_interval_of_its_games() -> None:
    assert clustered_share([1.0] * 20, [1] * 20, players=2) == (1.0, *wilson(20, 20))


@pytest.mark.parametrize("chances", [(0.3, 0.3, 0.2, 0.2), (0.15, 0.15, 0.35, 0.35)])
def test_the_clustered_interval_of_a_bot_in_two_seats_covers_about_95_percent(
    chances: tuple[float, ...],
) -> None:
    """A bot in seats 0 and 1 of four: its seats' wins in a game are not independent trials."""
    rng = np.random.default_rng(17)
    truth, games, repeats = chances[0], 100, 1500
    covered = 0
    for _ in range(repeats):
        winners = rng.choice(4, size=games, p=chances)
        wins = [float(w < 2) for w in winners]
        _, low, high = clustered_share(wins, [2] * games, players=4)
        covered += low <= truth <= high
    assert 0.93 <= covered / repeats <= 0.97


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
