"""Several variants in one study: several values of a `--compare` option are each studied against the base."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.lab.commands import variant_options
from spieltisch.lab.stats import adjust_p_values

TOY = "tests.core.toy_game:ToyGame"
runner = CliRunner()


def test_options_of_one_variant_add_up_and_several_values_make_several_variants() -> None:
    assert variant_options({}, None) is None
    assert variant_options({"a": "0"}, None) == {"a": "0"}
    assert variant_options({}, ["a=1", "b=2"]) == {"a": "1", "b": "2"}  # one variant, as before
    assert variant_options({}, ["a=1,b=2"]) == {"a": "1", "b": "2"}
    assert variant_options({}, ["a=1", "a=2"]) == [{"a": "1"}, {"a": "2"}]
    assert variant_options({"c": "9"}, ["a=1", "a=2", "b=5"]) == [
        {"c": "9", "a": "1", "b": "5"},
        {"c": "9", "a": "2", "b": "5"},
    ]
    grid = variant_options({}, ["a=1", "a=2", "b=5", "b=6"])
    assert isinstance(grid, list) and len(grid) == 4 and {"a": "2", "b": "6"} in grid
    assert variant_options({}, ["a=1", "a=1"]) == {"a": "1"}


def test_compare_given_twice_studies_both_values_against_the_base(tmp_path: Path) -> None:
    out = tmp_path / "study"
    args = [
        "simulate",
        TOY,
        "--games",
        "12",
        "--players",
        "3",
        "--bots",
        "heuristic,random",
        "--workers",
        "1",
    ]
    result = runner.invoke(
        app, [*args, "--compare", "top=9", "--compare", "top=3", "--no-plots", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())
    assert "top=9 - base, paired by seed" in shown and "top=3 - base, paired by seed" in shown
    study = json.loads((out / "study.json").read_text())
    assert study["variant_options"] == [{"top": "9"}, {"top": "3"}]
    assert study["planned_games"] == study["finished_games"] == 36
    with (out / "games.csv").open() as games:
        variants = [row["variant"] for row in csv.DictReader(games)]
    assert {name: variants.count(name) for name in set(variants)} == {
        "base": 12,
        "variant 1": 12,
        "variant 2": 12,
    }
    rows = json.loads((out / "summary.json").read_text())["comparison"]
    assert {row["variant_name"] for row in rows} == {"variant 1", "variant 2"}
    adjusted = adjust_p_values([row["p_value"] for row in rows])  # corrected together, over every row
    assert [row["adjusted_p_value"] for row in rows] == adjusted
    report = (out / "report.md").read_text()
    assert "## Variant against base (top=9)" in report and "## Variant against base (top=3)" in report
    assert f"Benjamini-Hochberg over all {len(rows)} rows of every variant's table" in report


def test_one_variant_keeps_its_name_and_plain_options(tmp_path: Path) -> None:
    out = tmp_path / "study"
    args = [
        "simulate",
        TOY,
        "--games",
        "4",
        "--compare",
        "top=9",
        "--workers",
        "1",
        "--no-plots",
        "--out",
        str(out),
    ]
    assert runner.invoke(app, args).exit_code == 0
    assert json.loads((out / "study.json").read_text())["variant_options"] == {"top": "9"}
    rows = json.loads((out / "summary.json").read_text())["comparison"]
    assert rows and {row["variant_name"] for row in rows} == {"variant"}
