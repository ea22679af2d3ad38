"""Summaries of a study: win shares per seat and per bot, scores, game length, seat advantage.

A variant study is also compared game by game over the same seeds.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict
from typing import Any

from spieltisch.lab.simulation import BASE, VARIANT
from spieltisch.lab.stats import describe, paired_t, seat_advantage, wilson

Results = list[dict[str, Any]]


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
        "bots": bot_rows(results),
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


def bot_rows(results: Results) -> list[dict[str, Any]]:
    """One row per bot spec; a bot in several seats counts each seat it played."""
    wins: dict[str, float] = defaultdict(float)
    scores: dict[str, list[float]] = defaultdict(list)
    thinking: dict[str, list[float]] = defaultdict(list)
    for result in results:
        for seat, bot in enumerate(result["bots"]):
            wins[bot] += result["shares"][seat]
            scores[bot].append(result["scores"][seat])
            thinking[bot].append(result["seconds_per_move"][seat])
    rows = []
    for bot, bot_scores in scores.items():
        low, high = wilson(wins[bot], len(bot_scores))
        row = _row(bot=bot, games=len(bot_scores), wins=wins[bot], low=low, high=high, scores=bot_scores)
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
    """Variant minus base over the games both finished, paired by game index."""
    groups = by_variant(results)
    base = {r["index"]: r for r in groups.get(BASE, [])}
    variant = {r["index"]: r for r in groups.get(VARIANT, [])}
    indices = sorted(set(base) & set(variant))
    pairs = [(base[i], variant[i]) for i in indices]
    if not pairs:
        return []
    rows = [_compared("game length (decisions)", paired_t(*_values(pairs, lambda r: r["decisions"])))]
    for seat in range(players):
        won = _values(pairs, lambda r, s=seat: r["shares"][s])
        rows.append(_compared(f"seat {seat} win share", paired_t(*won)))
        scores = _values(pairs, lambda r, s=seat: r["scores"][s])
        rows.append(_compared(f"seat {seat} score", paired_t(*scores)))
    for bot in dict.fromkeys(b for r, _ in pairs for b in r["bots"]):
        share = _values(pairs, lambda r, b=bot: _bot_share(r, b))
        rows.append(_compared(f"{bot} win share", paired_t(*share)))
    return rows


def _values(pairs: list[tuple[dict[str, Any], dict[str, Any]]], pick: Any) -> tuple[list[Any], list[Any]]:
    return [pick(b) for b, _ in pairs], [pick(v) for _, v in pairs]


def _bot_share(result: dict[str, Any], bot: str) -> float:
    seats = [s for s, b in enumerate(result["bots"]) if b == bot]
    return float(sum(result["shares"][s] for s in seats) / len(seats))


def _compared(metric: str, difference: Any) -> dict[str, Any]:
    return {"metric": metric, **asdict(difference)}
