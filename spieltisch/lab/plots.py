"""PNG plots of a study (matplotlib, Agg backend: no display needed).

Every figure is laid out by matplotlib's constrained layout and saved with a
tight bounding box, so no label or legend is cut off, however long.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from spieltisch.lab.summary import Results, by_variant, seat_label


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


COLOURS = (
    "tab:blue",
    "tab:orange",
    "tab:green",
    "tab:red",
    "tab:purple",
    "tab:brown",
    "tab:pink",
    "tab:olive",
)
LABEL_WIDTH = 40
"""Characters per line of an axis label; a longer label wraps."""
BOX_EXPLAINED = "median; box: middle half\nof the games; whiskers:\nat most 1.5 boxes out"


def plot_all(
    results: Results,
    summaries: dict[str, dict[str, Any]],
    players: int,
    out_dir: Path,
    names: dict[str, str] | None = None,
    score_label: str = "final score",
) -> list[str]:
    """Write every plot; returns the file names written. `names` name the variants in legends."""
    if not results:
        return []
    named = {variant: (names or {}).get(variant, variant) for variant in by_variant(results)}
    return [
        plot_scores_by_bot(results, out_dir / "scores_by_bot.png", named, score_label),
        plot_win_share_by_seat(summaries, players, out_dir / "win_share_by_seat.png", named),
        plot_game_length(results, out_dir / "game_length.png", named),
    ]


def plot_scores_by_bot(
    results: Results, path: Path, names: dict[str, str] | None = None, score_label: str = "final score"
) -> str:
    """Box plots of final scores, one box per bot, coloured by variant, with a legend."""
    plt = _pyplot()
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    groups = by_variant(results)
    bots = list(dict.fromkeys(bot for result in results for bot in result["bots"]))
    width = 0.8 / len(groups)
    fig, ax = plt.subplots(
        figsize=(max(5, 0.8 * len(bots) * (len(groups) + 1)) + 3, 4.5), layout="constrained"
    )
    handles: list[Any] = []
    for offset, (variant, group) in enumerate(groups.items()):
        scores: dict[str, list[float]] = {bot: [] for bot in bots}
        for result in group:
            for seat, bot in enumerate(result["bots"]):
                scores[bot].append(result["scores"][seat])
        colour = COLOURS[offset % len(COLOURS)]
        positions = [i + 1 + (offset - (len(groups) - 1) / 2) * width for i in range(len(bots))]
        ax.boxplot(
            [scores[bot] or [float("nan")] for bot in bots], positions=positions, widths=width * 0.9,
            showmeans=True, patch_artist=True, boxprops={"facecolor": colour, "alpha": 0.5},
            medianprops={"color": "black"},
            meanprops={"marker": "^", "markerfacecolor": "white", "markeredgecolor": "black"},
        )  # fmt: skip
        handles.append(Patch(facecolor=colour, alpha=0.5, label=(names or {}).get(variant, variant)))
    handles += [
        Line2D([], [], color="black", label=BOX_EXPLAINED),
        Line2D(
            [], [], marker="^", linestyle="", markerfacecolor="white", markeredgecolor="black", label="mean"
        ),
    ]
    ax.set_xticks(range(1, len(bots) + 1), bots)
    ax.set_ylabel(textwrap.fill(score_label, LABEL_WIDTH))
    ax.set_title("Score distribution per bot")
    ax.legend(handles=handles, fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1.0))
    return _save(fig, path)


def plot_win_share_by_seat(
    summaries: dict[str, dict[str, Any]], players: int, path: Path, names: dict[str, str] | None = None
) -> str:
    """Win share of each seat with its 95% Wilson interval; the dashed line is the fair share."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(5, 1.2 * players * len(summaries)) + 2, 4), layout="constrained")
    width = 0.8 / len(summaries)
    for offset, (variant, summary) in enumerate(summaries.items()):
        rows = summary["seats"]
        xs = [row["seat"] + offset * width for row in rows]
        shares = [row["share"] for row in rows]
        errors = [[s - row["low"] for s, row in zip(shares, rows, strict=True)],
                  [row["high"] - s for s, row in zip(shares, rows, strict=True)]]  # fmt: skip
        colour = COLOURS[offset % len(COLOURS)]
        label = (names or {}).get(variant, variant)
        ax.bar(xs, shares, width=width, yerr=errors, capsize=4, color=colour, label=label)
    ax.axhline(1 / players, linestyle="--", color="grey", label="fair share")
    centres = [s + width * (len(summaries) - 1) / 2 for s in range(players)]
    ax.set_xticks(centres, [seat_label(s) for s in range(players)])
    ax.set_ylabel("win share (95% interval)")
    ax.set_title("Win share by seat")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1.0))
    return _save(fig, path)


def plot_game_length(results: Results, path: Path, names: dict[str, str] | None = None) -> str:
    """Histograms of decisions per game, one per variant, on the same bins so their shapes compare."""
    plt = _pyplot()
    import numpy as np

    fig, ax = plt.subplots(figsize=(8, 4), layout="constrained")
    lengths = [r["decisions"] for r in results]
    edges = np.histogram_bin_edges(
        lengths, bins=min(30, max(1, len(set(lengths))))
    )  # one set of bins for all
    for offset, (variant, group) in enumerate(by_variant(results).items()):
        label = (names or {}).get(variant, variant)
        colour = COLOURS[offset % len(COLOURS)]
        ax.hist([r["decisions"] for r in group], bins=edges, histtype="step", color=colour, label=label)
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1.0))
    return _save(fig, path)


def _save(fig: Any, path: Path) -> str:
    fig.savefig(path, dpi=100, bbox_inches="tight")
    _pyplot().close(fig)
    return path.name
