"""Charts of sweeps and leagues (matplotlib, Agg backend), laid out so that no label is cut."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Any

from spieltisch.lab.plots import _pyplot

SHARE_KINDS = ("win share", "safety cap")


def _numeric(values: list[Any]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def plot_sweep(rows: list[dict[str, Any]], keys: tuple[str, ...], players: int, path: Path) -> str:
    """One panel per measure against the first key (a line per value of the second), intervals drawn.

    The panels share the x axis; win shares share the 0..1 scale. A star marks
    a value whose difference from the base is significant after the correction.
    """
    plt = _pyplot()
    panels = list(dict.fromkeys(row["measure"] for row in rows))
    columns = 2
    lines = math.ceil(len(panels) / columns)
    fig, axes = plt.subplots(lines, columns, figsize=(12, 3.4 * lines), sharex=True, layout="constrained",
                             squeeze=False)  # fmt: skip
    xs_all = list(dict.fromkeys(row[keys[0]] for row in rows))
    numeric = _numeric(xs_all)
    position = {value: (value if numeric else number) for number, value in enumerate(xs_all)}
    spacing = (max(xs_all) - min(xs_all)) / max(1, len(xs_all) - 1) if numeric and len(xs_all) > 1 else 1
    series_values = list(dict.fromkeys(row[keys[1]] for row in rows)) if len(keys) > 1 else [None]
    for ax, measure in zip(axes.flat, panels, strict=False):
        for number, second in enumerate(series_values):
            part = [r for r in rows if r["measure"] == measure and (second is None or r[keys[1]] == second)]
            offset = (number - (len(series_values) - 1) / 2) * 0.06 * spacing
            xs = [position[r[keys[0]]] + offset for r in part]
            ys = [r["estimate"] for r in part]
            errors = [[y - r["low"] for y, r in zip(ys, part, strict=True)],
                      [r["high"] - y for y, r in zip(ys, part, strict=True)]]  # fmt: skip
            label = None if second is None else f"{keys[1]}={second}"
            ax.errorbar(xs, ys, yerr=errors, marker="o", capsize=4, label=label)
            for x, r in zip(xs, part, strict=True):
                if r["adjusted_p_value"] is not None and r["adjusted_p_value"] < 0.05:
                    ax.annotate("*", (x, r["high"]), ha="center", va="bottom", fontsize=14)
        if "win share" in measure:
            ax.axhline(1 / players, linestyle="--", color="grey", linewidth=1)
        if "win share" in measure or "safety cap" in measure:
            ax.set_ylim(-0.03, 1.08)  # shares on one scale, with room for a point at 0 or 1 and its star
        elif "advantage" in measure:
            ax.axhline(0, linestyle="--", color="grey", linewidth=1)
        ax.set_title(measure, fontsize="medium")
        ax.margins(y=0.15)
        ax.set_xlabel(keys[0])
        ax.tick_params(labelbottom=True)
    for ax in list(axes.flat)[len(panels) :]:
        ax.set_visible(False)
    ticks = range(len(xs_all)) if not numeric else xs_all if len(xs_all) <= 12 else None
    if ticks is not None:
        for ax in axes.flat:
            ax.set_xticks(list(ticks), [str(v) for v in xs_all])
    if len(series_values) > 1:
        handles, labels = axes.flat[0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="outside lower center", ncols=min(6, len(labels)))
    fig.suptitle(
        "Each measure against the value (95% intervals; *: differs from the base, adjusted p < 0.05)"
    )
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path.name


def plot_league_matrix(bots: list[str], pairs: list[dict[str, Any]], path: Path) -> str:
    """Win share of each row bot against each column bot (best-rated first), with its 95% interval."""
    plt = _pyplot()
    share = {(row["bot"], row["opponent"]): row for row in pairs}
    k = len(bots)
    size = max(4.5, 1.5 * k + 2.5)
    fig, ax = plt.subplots(figsize=(size, size * 0.85), layout="constrained")
    grid = [[share[(a, b)]["win_share"] if (a, b) in share else math.nan for b in bots] for a in bots]
    colours = plt.get_cmap("RdBu").copy()
    colours.set_bad("#eeeeee")  # a bot does not play itself
    image = ax.imshow(grid, cmap=colours, vmin=0, vmax=1)
    for i, a in enumerate(bots):
        for j, b in enumerate(bots):
            row = share.get((a, b))
            if row:
                text = f"{row['win_share']:.2f}\n({row['low']:.2f}-{row['high']:.2f})"
                dark = abs(row["win_share"] - 0.5) > 0.3
                ax.text(
                    j, i, text, ha="center", va="center", fontsize="small", color="white" if dark else "black"
                )
    ax.set_xticks(range(k), bots, rotation=30, ha="right")
    ax.set_yticks(range(k), bots)
    ax.set_xlabel("opponent")
    ax.set_ylabel("bot")
    ax.set_title("Win share of the row's bot against the column's (95% interval)")
    fig.colorbar(image, ax=ax, label="win share", shrink=0.8)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path.name


def plot_beside(rows: list[dict[str, Any]], people: str, bots: str, path: Path) -> str:
    """One panel per measure: the people's figure and the bots' side by side, each with its 95% interval.

    Shares share the 0..1 scale; a star marks a difference that stays significant after the correction.
    """
    plt = _pyplot()
    columns = 3
    lines = math.ceil(len(rows) / columns)
    fig, axes = plt.subplots(lines, columns, figsize=(12, 3 * lines), layout="constrained", squeeze=False)
    for ax, row in zip(axes.flat, rows, strict=False):
        for x, side, colour in ((0, "people", "tab:blue"), (1, "bots", "tab:orange")):
            value = row[side]
            errors = [[value - row[side + "_low"]], [row[side + "_high"] - value]]
            ax.errorbar([x], [value], yerr=errors, marker="o", capsize=5, color=colour)
        if row["adjusted_p_value"] < 0.05:
            ax.annotate("*", (0.5, 0.92), xycoords="axes fraction", ha="center", fontsize=14)
        if row["kind"] != "mean":
            ax.set_ylim(-0.03, 1.08)
        if "advantage" in row["measure"]:
            ax.axhline(0, linestyle="--", color="grey", linewidth=1)
        ax.set_xlim(-0.6, 1.6)
        ax.set_xticks([0, 1], [textwrap.fill(people, 20), textwrap.fill(bots, 20)])
        ax.set_title(textwrap.fill(row["measure"], 40), fontsize="medium")
        ax.margins(y=0.15)
    for ax in list(axes.flat)[len(rows) :]:
        ax.set_visible(False)
    fig.suptitle("People beside bots (95% intervals; *: differs, adjusted p < 0.05)")
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path.name
