"""PNG plots of a study (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spieltisch.lab.summary import Results, by_variant


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_all(
    results: Results, summaries: dict[str, dict[str, Any]], players: int, out_dir: Path
) -> list[str]:
    """Write every plot; returns the file names written."""
    if not results:
        return []
    return [
        plot_scores_by_bot(results, out_dir / "scores_by_bot.png"),
        plot_win_share_by_seat(summaries, players, out_dir / "win_share_by_seat.png"),
        plot_game_length(results, out_dir / "game_length.png"),
    ]


def plot_scores_by_bot(results: Results, path: Path) -> str:
    """Box plots of final scores, one box per bot (and variant)."""
    plt = _pyplot()
    labels, data = [], []
    for variant, group in by_variant(results).items():
        scores: dict[str, list[float]] = {}
        for result in group:
            for seat, bot in enumerate(result["bots"]):
                scores.setdefault(bot, []).append(result["scores"][seat])
        for bot, values in scores.items():
            labels.append(bot if len(by_variant(results)) == 1 else f"{bot}\n({variant})")
            data.append(values)
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(labels)), 4))
    ax.boxplot(data, showmeans=True)
    ax.set_xticks(range(1, len(labels) + 1), labels)
    ax.set_ylabel("final score")
    ax.set_title("Score distribution per bot")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path.name


def plot_win_share_by_seat(summaries: dict[str, dict[str, Any]], players: int, path: Path) -> str:
    """Win share of each seat with its 95% Wilson interval; the dashed line is the fair share."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(5, 1.2 * players * len(summaries)), 4))
    width = 0.8 / len(summaries)
    for offset, (variant, summary) in enumerate(summaries.items()):
        rows = summary["seats"]
        xs = [row["seat"] + offset * width for row in rows]
        shares = [row["share"] for row in rows]
        errors = [[s - row["low"] for s, row in zip(shares, rows, strict=True)],
                  [row["high"] - s for s, row in zip(shares, rows, strict=True)]]  # fmt: skip
        ax.bar(xs, shares, width=width, yerr=errors, capsize=4, label=variant)
    ax.axhline(1 / players, linestyle="--", color="grey", label="fair share")
    centres = [s + width * (len(summaries) - 1) / 2 for s in range(players)]
    ax.set_xticks(centres, [f"seat {s}" for s in range(players)])
    ax.set_ylabel("win share (95% interval)")
    ax.set_title("Win share by seat")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path.name


def plot_game_length(results: Results, path: Path) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 4))
    for variant, group in by_variant(results).items():
        ax.hist([r["decisions"] for r in group], bins=30, histtype="step", label=variant)
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path.name
