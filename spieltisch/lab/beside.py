"""Real play in figures, and beside bot play of the same rules (`spieltisch report --beside`).

The figures are a sweep's measures (sweep.py): seat win shares, the
first-player advantage, game length, score spread, safety caps and the game's
own measures, each with its 95% interval. Beside a study of bots, each figure
that can differ is compared between the two sets of games (as in a sweep,
seat 2's share with two players and the first-player advantage mirror seat
1's share and get no row of their own): these are different games, not
paired ones, so the difference gets Welch's t interval and test on the
per-game values, and the rows' p-values are adjusted together
(Benjamini-Hochberg).
"""

from __future__ import annotations

import math
import statistics
from typing import Any

from spieltisch.lab.simulation import make_game
from spieltisch.lab.stats import adjust_p_values, scipy_stats
from spieltisch.lab.study import StudyOutcome
from spieltisch.lab.sweep import Measure, estimate, measures

Results = list[dict[str, Any]]


class NotTheSameRules(ValueError):
    """The two studies play different games, player counts or rules."""


def with_measures(outcome: StudyOutcome) -> Results:
    """The study's games, each with its safety cap and the game's own measures (replayed where missing)."""
    spec = outcome.spec
    game = make_game(spec.game, spec.players, spec.options)
    found = []
    for result in outcome.results:
        if "capped" not in result or "measures" not in result:
            state = game.new_initial_state()
            for action in result["actions"]:
                state.apply_action(action)
            reason = state.end_reason("en")
            result = {
                **result,
                "capped": bool(reason and reason.capped),
                "measures": game.lab_measures(state),
            }
        found.append(result)
    return found


def figure_rows(results: Results, players: int) -> list[dict[str, Any]]:
    """Each measure of the games: its estimate, 95% interval and the games it rests on."""
    rows = []
    for measure in measures(results, players):
        value, low, high, n = estimate(measure, results, players)
        if n:
            rows.append({"measure": measure.name, "kind": measure.interval, "estimate": value,
                         "low": low, "high": high, "games": n})  # fmt: skip
    return rows


def rules_of(outcome: StudyOutcome) -> tuple[str, int, dict[str, Any]]:
    spec = outcome.spec
    return spec.game, spec.players, make_game(spec.game, spec.players, spec.options).options


def beside_rows(real: StudyOutcome, bots: StudyOutcome) -> list[dict[str, Any]]:
    """Each measure both studies have, for people and for bots, and the difference (people - bots)."""
    if rules_of(real) != rules_of(bots):
        raise NotTheSameRules(
            f"the studies play different rules: {_rules_text(real)} beside {_rules_text(bots)}"
        )
    players = real.spec.players
    ours, theirs = with_measures(real), with_measures(bots)
    rows = []
    for measure in measures(ours, players):
        if measure.interval == "bot" or not measure.tested:  # people against bots; mirrors of a row
            continue
        first, second = _values(measure, ours), _values(measure, theirs)
        if len(first) < 2 or len(second) < 2 or len(set(first) | set(second)) < 2:
            continue  # nothing to compare, or a figure that cannot change
        row: dict[str, Any] = {"measure": measure.name, "kind": measure.interval}
        for side, group in (("people", ours), ("bots", theirs)):
            value, low, high, n = estimate(measure, group, players)
            row |= {side: value, f"{side}_low": low, f"{side}_high": high, f"{side}_games": n}
        rows.append(row | welch(first, second))
    for row, adjusted in zip(rows, adjust_p_values([row["p_value"] for row in rows]), strict=True):
        row["adjusted_p_value"] = adjusted
    return rows


def _values(measure: Measure, results: Results) -> list[float]:
    return [v for v in (measure.pick(r) for r in results) if not math.isnan(v)]


def welch(first: list[float], second: list[float]) -> dict[str, float]:
    """Mean of `first` minus mean of `second`, Welch's 95% interval and two-sided p-value."""
    difference = statistics.fmean(first) - statistics.fmean(second)
    a, b = statistics.variance(first) / len(first), statistics.variance(second) / len(second)
    if a + b == 0:
        return {"difference": difference, "low": difference, "high": difference,
                "p_value": 1.0 if difference == 0 else 0.0}  # fmt: skip
    freedom = (a + b) ** 2 / (a**2 / (len(first) - 1) + b**2 / (len(second) - 1))
    t = scipy_stats().t
    half = float(t.ppf(0.975, freedom)) * math.sqrt(a + b)
    p_value = float(2 * t.sf(abs(difference) / math.sqrt(a + b), freedom))
    return {"difference": difference, "low": difference - half, "high": difference + half, "p_value": p_value}


def _rules_text(outcome: StudyOutcome) -> str:
    spec = outcome.spec
    options = ", ".join(f"{k}={v}" for k, v in spec.options.items()) or "defaults"
    return f"{spec.game} with {spec.players} players ({options})"
