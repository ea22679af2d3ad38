"""Summaries of a study: win shares per seat and per bot, scores, game length, seat advantage.

A variant study is also compared game by game over the same seeds: each row
(game length, each seat's win share and score, each bot's win share) gets an
exact sign-flip test, and the rows' p-values are adjusted together
(Benjamini-Hochberg; with several variants, the rows of all of them), so a
study with no real effect shows a significant row in about 5% of studies, not
in one row of every twenty. Rows that cannot
change are left out: a bot in every seat always has the fair share, and with
two players the second seat's win share mirrors the first's.

Labels people read name seats from 1 ("seat 1 win share", `seat_label`); the
data (`seat` fields, lists by seat) counts from 0, as everywhere.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict
from typing import Any

from spieltisch.core.wording import seat_number
from spieltisch.lab.simulation import BASE
from spieltisch.lab.stats import (
    adjust_p_values,
    clustered_share,
    describe,
    paired_difference,
    seat_advantage,
    wilson,
)

Results = list[dict[str, Any]]


def seat_label(seat: int) -> str:
    """A seat as a report names it: "seat 1" is seat 0 of the data."""
    return f"seat {seat_number(seat)}"


def by_variant(results: Results) -> dict[str, Results]:
    groups: dict[str, Results] = defaultdict(list)
    for result in results:
        groups[result["variant"]].append(result)
    return dict(groups)


def summarize(results: Results, players: int) -> dict[str, Any]:
    """The summary of one variant's games."""
    return {
        "games": len(results),
        "seats": seat_rows(results, players),
        "bots": bot_rows(results, players),
        "length": describe([r["decisions"] for r in results]),
        "seat_advantage": asdict(seat_advantage(seat_wins(results, players), len(results))),
    }


def seat_wins(results: Results, players: int) -> list[float]:
    return [sum(r["shares"][seat] for r in results) for seat in range(players)]


def seat_rows(results: Results, players: int) -> list[dict[str, Any]]:
    rows = []
    games = len(results)
    for seat, wins in enumerate(seat_wins(results, players)):
        low, high = wilson(wins, games)
        scores = [r["scores"][seat] for r in results]
        rows.append(_row(seat=seat, games=games, wins=wins, low=low, high=high, scores=scores))
    return rows


def bot_rows(results: Results, players: int = 0) -> list[dict[str, Any]]:
    """One row per bot spec; a bot in several seats of a game counts them together (clustered by game)."""
    wins: dict[str, list[float]] = defaultdict(list)
    seats: dict[str, list[int]] = defaultdict(list)
    scores: dict[str, list[float]] = defaultdict(list)
    thinking: dict[str, list[float]] = defaultdict(list)
    for result in results:
        for bot in dict.fromkeys(result["bots"]):
            taken = [s for s, b in enumerate(result["bots"]) if b == bot]
            wins[bot].append(sum(result["shares"][s] for s in taken))
            seats[bot].append(len(taken))
            scores[bot] += [result["scores"][s] for s in taken]
            thinking[bot] += [result["seconds_per_move"][s] for s in taken]
    rows = []
    for bot, bot_scores in scores.items():
        _, low, high = clustered_share(wins[bot], seats[bot], players)
        row = _row(bot=bot, games=len(bot_scores), wins=sum(wins[bot]), low=low, high=high, scores=bot_scores)
        row["seconds_per_move"] = max(thinking[bot]) if thinking[bot] else 0.0
        rows.append(row)
    return rows


def _row(games: int, wins: float, low: float, high: float, scores: list[float], **key: Any) -> dict[str, Any]:
    stats = describe(scores)
    return {
        **key,
        "played": games,
        "wins": wins,
        "share": wins / games if games else 0.0,
        "low": low,
        "high": high,
        "mean_score": stats["mean"],
        "median_score": stats["median"],
    }


def compare(results: Results, players: int) -> list[dict[str, Any]]:
    """Each variant minus the base over the games both finished, paired by game index.

    Each row names its `metric` for people ("seat 1 win share") and the variant
    it compares (`variant_name`; `base` and `variant` are the two means), and
    keeps the seat it is about as data (`seat`, from 0; None for rows not about
    a seat). The p-values are adjusted together over the rows of every
    variant: a study of several variants asks all their questions at once.
    """
    groups = by_variant(results)
    base = {r["index"]: r for r in groups.get(BASE, [])}
    rows = []
    for name, group in groups.items():
        if name != BASE:
            variant = {r["index"]: r for r in group}
            pairs = [(base[i], variant[i]) for i in sorted(set(base) & set(variant))]
            rows += [{**row, "variant_name": name} for row in _compared(pairs, players)]
    for row, adjusted in zip(rows, adjust_p_values([row["p_value"] for row in rows]), strict=True):
        row["adjusted_p_value"] = adjusted
    return rows


def _compared(pairs: list[tuple[dict[str, Any], dict[str, Any]]], players: int) -> list[dict[str, Any]]:
    """The rows of one variant against the base (unadjusted); rows that cannot change are left out."""
    if not pairs:
        return []
    metrics: list[tuple[str, str, int | None, Any]] = [
        ("game length (decisions)", "count", None, lambda r: r["decisions"])
    ]
    for seat in range(players):
        if not (players == 2 and seat == 1):  # with two players it mirrors the first seat's
            metrics.append((f"{seat_label(seat)} win share", "share", seat, lambda r, s=seat: r["shares"][s]))
        metrics.append((f"{seat_label(seat)} score", "score", seat, lambda r, s=seat: r["scores"][s]))
    for bot in dict.fromkeys(b for r, _ in pairs for b in r["bots"]):
        metrics.append((f"{bot} win share", "share", None, lambda r, b=bot: _bot_share(r, b)))
    rows = []
    for metric, kind, about, pick in metrics:
        before, after = _values(pairs, pick)
        if len(set(before) | set(after)) > 1:
            difference = asdict(paired_difference(before, after))
            rows.append({"metric": metric, "kind": kind, "seat": about, **difference})
    return rows


def _values(pairs: list[tuple[dict[str, Any], dict[str, Any]]], pick: Any) -> tuple[list[Any], list[Any]]:
    return [pick(b) for b, _ in pairs], [pick(v) for _, v in pairs]


def _bot_share(result: dict[str, Any], bot: str) -> float:
    seats = [s for s, b in enumerate(result["bots"]) if b == bot]
    return float(sum(result["shares"][s] for s in seats) / len(seats))
