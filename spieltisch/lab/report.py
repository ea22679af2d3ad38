"""The study report: summary.json, games.json, plots and report.md in the output folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spieltisch.core.options import OptionError
from spieltisch.lab import html as page
from spieltisch.lab.plots import plot_all
from spieltisch.lab.simulation import BASE, named_variants, resolve_game_class
from spieltisch.lab.study import RUNNING, StudyOutcome, save_results, study_json
from spieltisch.lab.summary import by_variant, compare, seat_label, summarize

SCORE_NOTES = {
    "calcory": "cards collected",
    "souvenirs": "points of the lines a seat holds",
    "allegra": "penalty points, the sum of the cards laid out",
    "level8": "the level reached",
    "lucandor": "points, with the end scoring",
}
"""What each game's score counts; the direction comes from the game (`lower_score_wins`)."""
DECIMALS = {"share": 3, "score": 2, "count": 1}
"""Decimals of a comparison row by what it measures; base, variant and difference share them."""


def score_meaning(game: str) -> str:
    """What the score counts in `game` and which way is better: "the level reached (higher is better)"."""
    try:
        cls = resolve_game_class(game)
    except OptionError:
        return "the game's own points"
    what = SCORE_NOTES.get(cls.name, "the game's own points")
    if cls.lower_score_wins is None and cls.name not in SCORE_NOTES:
        return what
    return f"{what} ({'lower' if cls.lower_score_wins else 'higher'} is better)"


def variant_names(study: dict[str, Any]) -> dict[str, str]:
    """Each version's name as a reader knows it: the options that make it."""
    base = _options(study["options"])
    variants = named_variants(study["variant_options"])
    if not variants:
        return {BASE: base}
    return {BASE: f"base ({base})", **{name: _options(own) for name, own in variants.items()}}


Beside = tuple[str, StudyOutcome]
"""A study of bots to set beside imported games: its name in the report, and its games."""


def build_summary(outcome: StudyOutcome, beside: Beside | None = None) -> dict[str, Any]:
    players = outcome.spec.players
    variants = {name: summarize(group, players) for name, group in by_variant(outcome.results).items()}
    summary = {
        "study": study_json(outcome),
        "variants": variants,
        "comparison": compare(outcome.results, players),
    }
    if outcome.source is not None or beside is not None:
        from spieltisch.lab.beside import beside_rows, figure_rows, with_measures

        summary["figures"] = figure_rows(with_measures(outcome), players)
        if beside is not None:
            name, bots = beside
            kinds = sorted({bot for result in bots.results for bot in result["bots"]})
            summary["beside"] = {"study": name, "games": len(bots.results), "bots": kinds,
                                 "rows": beside_rows(outcome, bots)}  # fmt: skip
    return summary


def write_report(
    outcome: StudyOutcome, out_dir: Path, command: str = "", plots: bool = True, beside: Beside | None = None
) -> dict[str, Any]:
    """Write games.json, summary.json, the plots, report.md and report.html; returns the summary.

    `beside`: a study of bots with the same rules, compared figure by figure (beside.py).
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    summary = build_summary(outcome, beside)  # first: rules that differ change nothing
    save_results(outcome, out_dir)
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    names = variant_names(summary["study"])
    players = outcome.spec.players
    label = f"final score: {score_meaning(outcome.spec.game)}"
    drawn = plot_all(outcome.results, summary["variants"], players, out_dir, names, label) if plots else []
    if plots and summary.get("beside", {}).get("rows"):
        from spieltisch.lab.studio_plots import plot_beside

        beside_info = summary["beside"]
        drawn.append(plot_beside(beside_info["rows"], "people", beside_info["study"], out_dir / "beside.png"))
    command = command or outcome.command
    study = summary["study"]
    found = blocks(summary, drawn, command)
    title = found[0].text if isinstance(found[0], page.Heading) else study["game"]
    page.write_reports(found, title, out_dir, command)
    return summary


def markdown(summary: dict[str, Any], plots: list[str], command: str) -> str:
    """The report as Markdown (report.md)."""
    return page.markdown(blocks(summary, plots, command))


def blocks(summary: dict[str, Any], plots: list[str], command: str) -> list[page.Block]:
    """The report's headings, facts, tables and plots, written as report.md and report.html."""
    study = summary["study"]
    kind = "Imported games" if study.get("imported") else "Study"
    found: list[page.Block] = [page.Heading(f"{kind}: {study['game']}, {study['players']} players", 1)]
    if command:
        found.append(page.Code(command))
    found.append(page.Items(_imported_facts(study) if study.get("imported") else _study_facts(study)))
    names = variant_names(study)
    for variant, part in summary["variants"].items():
        found += _variant_section(names.get(variant, variant), part, study)
    if "figures" in summary:
        found += _figures_section(summary["figures"])
    if "beside" in summary:
        found += _beside_section(summary["beside"])
    for variant, rows in comparisons(summary["comparison"]).items():
        found += _comparison_section(rows, names.get(variant, variant), len(summary["comparison"]))
    if plots:
        found += [page.Heading("Plots"), *(page.Image(name, PLOT_NAMES.get(name, name)) for name in plots)]
    return [*found, *_files_section()]


PLOT_NAMES = {
    "scores_by_bot.png": "score distribution per bot",
    "win_share_by_seat.png": "win share by seat with 95% intervals",
    "game_length.png": "game length",
    "beside.png": "people beside bots, each measure with its 95% interval",
}


def _study_facts(study: dict[str, Any]) -> list[str]:
    done = f"{study['finished_games']} of {study['planned_games']} planned games"
    if study.get("status") == RUNNING:
        done += " (**not complete**: the study stopped before its end, or is still running)"
    elif study["interrupted"]:
        done += " (**interrupted**: the figures cover the finished games only)"
    run_time = f"run time {_duration(study['seconds'])}"
    if study.get("resumed_games"):
        run_time += f" (resumed: {study['resumed_games']} games were saved by an earlier run)"
    lines = [
        f"bots in seat order (seat 1 first) in the first game: {', '.join(study['bots'])}"
        + (" (rotated by one seat each game)" if study["rotate"] else ""),
        f"options: {_options(study['options'])}",
        f"seed: {study['seed']}; {done}; {run_time}",
    ]
    for name, own in named_variants(study["variant_options"]).items():
        lines.append(f"{name}: {_options(own)} (same seeds and seating)")
    return [*lines, f"score: {score_meaning(study['game'])}"]


def _imported_facts(study: dict[str, Any]) -> list[str]:
    source = study["imported"]
    chosen = source["filters"]
    first, last = source["first_day"], source["last_day"]
    days = f"tables made {first} to {last} (UTC)" if first != last else f"tables made on {first} (UTC)"
    lines = [
        f"{source['imported']} finished games imported from a {source['database']} database "
        f"({source['finished_tables']} finished {study['game']} tables found; {days})",
        f"{source['human_only_games']} of the {source['imported']} games were human-only (no seat played "
        f"by a bot); {source['people']} people, by pseudonym",
        f"options: {_options(study['options'])}",
    ]
    wanted = [f"{key} {value}" for key, value in (("since", chosen["since"]), ("until", chosen["until"]))
              if value] + [f"{k}={v}" for k, v in chosen["options"].items()]  # fmt: skip
    if chosen["players"]:
        wanted.append(f"{chosen['players']} players")
    if chosen["humans_only"]:
        wanted.append("humans only")
    if wanted:
        lines.append(f"filters: {', '.join(wanted)}")
    for reason, count in source["left_out"].items():
        lines.append(f"left out: {count} ({reason})")
    lines.append(
        "seats: a person's seat is \"human\" (even where a bot stood in while they were away), a bot's "
        "seat its bot; names are replaced by pseudonyms"
    )
    return [*lines, f"score: {score_meaning(study['game'])}"]


def _figures_section(rows: list[dict[str, Any]]) -> list[page.Block]:
    table = []
    for row in rows:
        places = 3 if row["kind"] != "mean" else 2
        interval = f"{row['low']:.{places}f} to {row['high']:.{places}f}"
        table.append([row["measure"], f"{row['estimate']:.{places}f}", interval, str(row["games"])])
    return [
        page.Heading("Figures with intervals"),
        page.TableBlock(["measure", "estimate", "95% interval", "games"], table),
        page.Text(
            "Shares: Wilson intervals (a bot's or the people's seats: clustered by game); means: t intervals."
        ),
    ]


def _beside_section(beside: dict[str, Any]) -> list[page.Block]:
    header = ["measure", "people", "95% interval", "bots", "95% interval", "difference", "95% interval",
              "p", "adjusted p"]  # fmt: skip
    table = []
    for row in beside["rows"]:
        places = 3 if row["kind"] != "mean" else 2
        mark = "**" if row["adjusted_p_value"] < 0.05 else ""
        cells = [row["measure"]]
        for side in ("people", "bots"):
            cells += [
                f"{row[side]:.{places}f}",
                f"{row[side + '_low']:.{places}f} to {row[side + '_high']:.{places}f}",
            ]
        cells += [
            f"{mark}{row['difference']:+.{places}f}{mark}",
            f"{row['low']:+.{places}f} to {row['high']:+.{places}f}",
        ]
        table.append([*cells, f"{row['p_value']:.3g}", f"{row['adjusted_p_value']:.3g}"])
    title = f"Beside bot play ({beside['study']}: {beside['games']} games of {', '.join(beside['bots'])})"
    return [
        page.Heading(title),
        page.TableBlock(header, table),
        page.Text(
            "Difference = people - bots. Different games, not paired: Welch's t interval and test of the "
            "per-game values; adjusted p: Benjamini-Hochberg over the rows above; "
            "**bold**: adjusted p < 0.05."
        ),
    ]


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "not recorded (the study did not finish)"
    minutes, rest = divmod(round(seconds), 60)
    return f"{seconds:.1f} s" if minutes == 0 else f"{minutes} min {rest} s"


def _options(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"


def _variant_section(name: str, part: dict[str, Any], study: dict[str, Any]) -> list[page.Block]:
    title = f"Results: {name}" if named_variants(study["variant_options"]) else "Results"
    fair = 1 / study["players"]
    seats = [[seat_label(row["seat"]), *_share_cells(row)] for row in part["seats"]]
    bots = [[row["bot"], str(row["played"]), *_share_cells(row), f"{row['seconds_per_move']:.3f}"]
            for row in part["bots"]]  # fmt: skip
    length = part["length"]
    return [
        page.Heading(f"{title} ({part['games']} games)"),
        page.Text(f"Fair share: {fair:.3f}. A shared win counts 1/k."),
        page.TableBlock(["seat", "win share", "95% interval", "mean score", "median score"], seats),
        page.TableBlock(
            ["bot", "seats played", "win share", "95% interval", "mean score", "median score", "max s/move"],
            bots,
        ),
        page.Text(
            f"Game length: mean {length['mean']:.1f}, median {length['median']:.1f} decisions "
            f"(min {length['min']:.0f}, max {length['max']:.0f})."
        ),
        page.Text(_seat_advantage_text(part["seat_advantage"])),
    ]


def _seat_advantage_text(advantage: dict[str, Any]) -> str:
    verdict = "no evidence of" if advantage["chi_square_p_value"] >= 0.05 else "evidence of"
    return (
        f"First-player advantage: {seat_label(0)} wins {advantage['first_share']:.3f} against a fair "
        f"{advantage['fair_share']:.3f} (exact binomial test p = {advantage['first_p_value']:.3g}); "
        f"all seats: chi-square {advantage['chi_square']:.2f}, p = {advantage['chi_square_p_value']:.3g} "
        f"({verdict} a seat effect at the 5% level)."
    )


def comparisons(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The comparison rows by the variant they compare with the base, in the study's order."""
    by_name: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_name.setdefault(row.get("variant_name", "variant"), []).append(row)
    return by_name


def _comparison_section(rows: list[dict[str, Any]], name: str, all_rows: int) -> list[page.Block]:
    table = []
    for row in rows:
        places = DECIMALS.get(row.get("kind", "score"), 2)
        mark = "**" if row.get("adjusted_p_value", row["p_value"]) < 0.05 else ""
        interval = f"{row['low']:+.{places}f} to {row['high']:+.{places}f}"
        table.append([
            row["metric"], f"{row['base']:.{places}f}", f"{row['variant']:.{places}f}",
            f"{mark}{row['difference']:+.{places}f}{mark}", interval,
            f"{row['p_value']:.3g}", f"{row.get('adjusted_p_value', 1.0):.3g}",
        ])  # fmt: skip
    tests = sorted({row["test"] for row in rows})
    together = "the rows above" if all_rows == len(rows) else f"all {all_rows} rows of every variant's table"
    return [
        page.Heading(f"Variant against base ({name})"),
        page.Text("Paired over the games both played (same seeds and seating). Difference = variant - base."),
        page.TableBlock(
            ["metric", "base", "variant", "difference", "95% interval", "p", "adjusted p"], table
        ),
        page.Text(
            f"p: {' / '.join(tests)} test of the per-game differences (exact for wins: McNemar's test); "
            "the interval is the t interval of the mean difference, one value per game. "
            f"Adjusted p: Benjamini-Hochberg over {together}; **bold**: adjusted p < 0.05, "
            "so a study of a variant that changes nothing shows a bold row in about one study in twenty. "
            "Rows that cannot change are left out (a bot in every seat; with two players, "
            f"{seat_label(1)}'s win share, which mirrors {seat_label(0)}'s)."
        ),
    ]


def _files_section() -> list[page.Block]:
    return [
        page.Heading("Files"),
        page.Items(
            [
                "report.html: this report as one page (plots inline), with the command and the versions",
                "games.csv, games.jsonl: one row per game, written a chunk of games at a time as they "
                "finished (games.jsonl holds every action, for replay)",
                "games.json: all games in order; summary.json: the figures above",
            ]
        ),
    ]


def _share_cells(row: dict[str, Any]) -> list[str]:
    interval = f"{row['low']:.3f}-{row['high']:.3f}"
    return [f"{row['share']:.3f}", interval, _num(row["mean_score"]), _num(row["median_score"])]


def _num(value: float) -> str:
    return f"{value:.2f}"
