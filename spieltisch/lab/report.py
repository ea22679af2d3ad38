"""The study report: summary.json, games.json, plots and report.md in the output folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spieltisch.lab.plots import plot_all
from spieltisch.lab.study import StudyOutcome, save_results, study_json
from spieltisch.lab.summary import by_variant, compare, summarize


def build_summary(outcome: StudyOutcome) -> dict[str, Any]:
    players = outcome.spec.players
    variants = {name: summarize(group, players) for name, group in by_variant(outcome.results).items()}
    return {
        "study": study_json(outcome),
        "variants": variants,
        "comparison": compare(outcome.results, players),
    }


def write_report(
    outcome: StudyOutcome, out_dir: Path, command: str = "", plots: bool = True
) -> dict[str, Any]:
    """Write games.json, summary.json, the plots and report.md; returns the summary."""
    out_dir.mkdir(parents=True, exist_ok=True)
    save_results(outcome, out_dir)
    summary = build_summary(outcome)
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    drawn = plot_all(outcome.results, summary["variants"], outcome.spec.players, out_dir) if plots else []
    (out_dir / "report.md").write_text(markdown(summary, drawn, command), encoding="utf-8")
    return summary


def markdown(summary: dict[str, Any], plots: list[str], command: str) -> str:
    study = summary["study"]
    lines = [f"# Study: {study['game']}, {study['players']} players", ""]
    if command:
        lines += ["```", command, "```", ""]
    lines += _study_facts(study)
    for variant, part in summary["variants"].items():
        lines += _variant_section(variant, part, study)
    if summary["comparison"]:
        lines += _comparison_section(summary["comparison"], study)
    if plots:
        lines += ["## Plots", ""] + [f"![{name}]({name})" for name in plots] + [""]
    lines += _files_section()
    return "\n".join(lines)


def _study_facts(study: dict[str, Any]) -> list[str]:
    done = f"{study['finished_games']} of {study['planned_games']} planned games"
    if study["interrupted"]:
        done += " (**interrupted**: the figures cover the finished games only)"
    lines = [
        f"- bots by seat in game 0: {', '.join(study['bots'])}"
        + (" (rotated by one seat each game)" if study["rotate"] else ""),
        f"- options: {_options(study['options'])}",
        f"- seed: {study['seed']}; {done}; {study['seconds']:.1f} s",
    ]
    if study["variant_options"] is not None:
        lines.append(f"- variant: {_options(study['variant_options'])} (same seeds and seating)")
    return [*lines, ""]


def _options(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"


def _variant_section(variant: str, part: dict[str, Any], study: dict[str, Any]) -> list[str]:
    title = "Results" if study["variant_options"] is None else f"Results: {variant}"
    fair = 1 / study["players"]
    lines = [f"## {title} ({part['games']} games)", ""]
    lines += [f"Fair share: {fair:.3f}. A shared win counts 1/k.", ""]
    lines += _table(["seat", "win share", "95% interval", "mean score", "median score"])
    for row in part["seats"]:
        lines.append(_cells([row["seat"], *_share_cells(row)]))
    lines += ["", *_table(["bot", "seats played", "win share", "95% interval", "mean score", "median score",
                           "max s/move"])]  # fmt: skip
    for row in part["bots"]:
        thinking = f"{row['seconds_per_move']:.3f}"
        lines.append(_cells([row["bot"], row["played"], *_share_cells(row), thinking]))
    length = part["length"]
    lines += ["", f"Game length: mean {length['mean']:.1f}, median {length['median']:.1f} decisions "
              f"(min {length['min']:.0f}, max {length['max']:.0f}).", ""]  # fmt: skip
    lines += _seat_advantage_lines(part["seat_advantage"])
    return lines


def _seat_advantage_lines(advantage: dict[str, Any]) -> list[str]:
    verdict = "no evidence of" if advantage["chi_square_p_value"] >= 0.05 else "evidence of"
    return [
        f"First-player advantage: seat 0 wins {advantage['first_share']:.3f} against a fair "
        f"{advantage['fair_share']:.3f} (exact binomial test p = {advantage['first_p_value']:.3g}); "
        f"all seats: chi-square {advantage['chi_square']:.2f}, p = {advantage['chi_square_p_value']:.3g} "
        f"({verdict} a seat effect at the 5% level).",
        "",
    ]


def _comparison_section(rows: list[dict[str, Any]], study: dict[str, Any]) -> list[str]:
    lines = [
        f"## Variant against base ({_options(study['variant_options'] or {})})",
        "",
        "Paired over the games both played (same seeds and seating). Difference = variant - base.",
        "",
        *_table(["metric", "base", "variant", "difference", "95% interval", "p", "test"]),
    ]
    for row in rows:
        mark = "**" if row["p_value"] < 0.05 else ""
        difference = f"{mark}{row['difference']:+.3f}{mark}"
        interval = f"{row['low']:+.3f} to {row['high']:+.3f}"
        cells = [row["metric"], _num(row["base"]), _num(row["variant"]), difference, interval]
        lines.append(_cells([*cells, f"{row['p_value']:.3g}", row["test"]]))
    return [*lines, "", "Bold: significant at the 5% level (not corrected for the number of rows).", ""]


def _files_section() -> list[str]:
    return [
        "## Files",
        "",
        "- games.csv, games.jsonl: one row per game, written as each game finished "
        "(games.jsonl holds every action, for replay)",
        "- games.json: all games in order; summary.json: the figures above",
        "",
    ]


def _table(header: list[str]) -> list[str]:
    return [_cells(header), _cells(["---"] * len(header))]


def _cells(values: list[Any]) -> str:
    return "| " + " | ".join(str(v) for v in values) + " |"


def _share_cells(row: dict[str, Any]) -> list[str]:
    interval = f"{row['low']:.3f}-{row['high']:.3f}"
    return [f"{row['share']:.3f}", interval, _num(row["mean_score"]), _num(row["median_score"])]


def _num(value: float) -> str:
    return f"{value:.2f}"
