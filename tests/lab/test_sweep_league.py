"""`spieltisch sweep` and `spieltisch league`: common random numbers, corrections, ratings, files, errors."""

from __future__ import annotations

import csv
import math
import sys
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.core.options import OptionError
from spieltisch.lab import league, sweep
from spieltisch.lab.simulation import InlineExecutor
from spieltisch.lab.stats import adjust_p_values

COIN = "tests.lab.coin_game:CoinGame"
runner = CliRunner()


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as file:
        return list(csv.DictReader(file))


def test_a_value_that_changes_nothing_gives_the_same_games_in_every_arm(tmp_path: Path) -> None:
    spec = sweep.make_sweep("allegra", 2, ("heuristic", "random"), 4, ["turn_cap=2000,3000"])
    results, interrupted = sweep.run_games(sweep.plan(spec), tmp_path, InlineExecutor())
    assert not interrupted and len(results) == 8
    arms = {label: [r for r in results if r["arm"] == label] for label in ("turn_cap=2000", "turn_cap=3000")}
    assert [r["actions"] for r in arms["turn_cap=2000"]] == [r["actions"] for r in arms["turn_cap=3000"]]
    assert len({tuple(r["actions"]) for r in arms["turn_cap=2000"]}) == 4  # four different deals
    rows = sweep.summarize(spec, results)
    assert all(row["p_value"] is None for row in rows)  # every game agrees with the base: nothing to test
    by_measure = {(row["value"], row["measure"]): row["estimate"] for row in rows}
    for measure in ("game length (decisions)", "seat 1 win share", "games in the match"):
        assert by_measure[("turn_cap=2000", measure)] == by_measure[("turn_cap=3000", measure)]


def test_a_sweep_corrects_every_value_and_measure_together(tmp_path: Path) -> None:
    out = tmp_path / "coin"
    args = ["sweep", COIN, "bias=50,60,90", "--bots", "random", "--games", "60", "--workers", "1"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = read_csv(out / "sweep.csv")
    assert {row["value"] for row in rows} == {"bias=50", "bias=60", "bias=90"}
    assert {row["bias"] for row in rows} == {"50", "60", "90"}
    tested = [row for row in rows if row["p_value"]]
    assert {row["value"] for row in tested} == {"bias=60", "bias=90"}  # bias=50 is the base (the default)
    together = adjust_p_values([float(row["p_value"]) for row in tested])  # both values' rows at once
    for row, adjusted in zip(tested, together, strict=True):
        assert float(row["adjusted_p_value"]) == pytest.approx(adjusted, rel=1e-4)
    share = {row["value"]: row for row in rows if row["measure"] == "seat 1 win share"}
    assert float(share["bias=90"]["estimate"]) > float(share["bias=50"]["estimate"])
    assert float(share["bias=90"]["adjusted_p_value"]) < 0.05


def test_the_html_report_is_one_file_with_its_chart_and_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "grid"
    args = ["sweep", COIN, "bias=40,60", "mirror=false,true", "--bots", "random", "--games", "10"]
    args += ["--workers", "1", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", ["spieltisch", *args])  # the command line the report repeats
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert {row["value"] for row in read_csv(out / "sweep.csv")} == {
        f"bias={b}, mirror={m}" for b in (40, 60) for m in (False, True)
    }
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 1 and 'src="sweep.png"' not in page
    assert "spieltisch sweep" in page and "matplotlib" in page
    assert "![each measure against the value](sweep.png)" in (out / "report.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("axes", "message"),
    [
        (["target=150..50"], "LO <= HI"),
        (["target=50..2000:500"], "out of range"),
        (["rounds=1,2"], "no option 'rounds'"),
        (["target"], "KEY=LO..HI"),
        (["target=a..b"], "whole numbers"),
        (["target=5,5"], "twice"),
        (["target=5,6", "target=7,8"], "swept twice"),
        (["target=5", "games=2", "knocking=true"], "two keys"),
    ],
)
def test_bad_sweeps_are_refused_before_any_game(tmp_path: Path, axes: list[str], message: str) -> None:
    out = tmp_path / "never"
    result = runner.invoke(app, ["sweep", "allegra", *axes, "--games", "2", "--out", str(out)])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert not out.exists()


def test_a_swept_key_cannot_also_be_fixed() -> None:
    with pytest.raises(OptionError, match="both swept and set"):
        sweep.make_sweep("allegra", 2, ("random", "random"), 2, ["target=50,60"], options={"target": 5})


def tally(bots: list[str], wins: dict[tuple[int, int], float], games: int) -> league.Tally:
    k = len(bots)
    counts = [
        [float(games) if i != j and ((i, j) in wins or (j, i) in wins) else 0.0 for j in range(k)]
        for i in range(k)
    ]
    table = [[0.0] * k for _ in range(k)]
    for (i, j), won in wins.items():
        table[i][j], table[j][i] = won, games - won
    return league.Tally(bots, table, counts)


def test_two_bots_are_rated_by_the_odds_of_their_games() -> None:
    ratings, prior = league.rate(tally(["a", "b"], {(0, 1): 30.0}, 40))
    best, worst = ratings
    assert not prior and best.bot == "a"
    assert best.rating - worst.rating == pytest.approx(400 * math.log10(30 / 10), abs=1e-6)
    assert (best.rating + worst.rating) / 2 == pytest.approx(1500)
    # Fisher information of one pair: the gap's standard error is 1 / sqrt(n q (1 - q)) in log strength
    half_gap = 1.96 * 400 / math.log(10) / math.sqrt(40 * 0.75 * 0.25) / 2
    assert best.high - best.rating == pytest.approx(half_gap, rel=1e-6)


def test_a_transitive_league_is_ordered_and_a_clean_sweep_uses_the_prior() -> None:
    ratings, prior = league.rate(tally(["c", "a", "b"], {(1, 2): 7.0, (2, 0): 7.0, (1, 0): 9.0}, 10))
    assert [r.bot for r in ratings] == ["a", "b", "c"] and not prior
    ratings, prior = league.rate(tally(["x", "y"], {(0, 1): 10.0}, 10))
    assert prior and ratings[0].rating - ratings[1].rating == pytest.approx(400 * math.log10(10.5 / 0.5))


def test_every_bot_of_a_pair_meets_every_seat_equally_often() -> None:
    for players in (2, 3, 4):
        seats = Counter(
            (seat, bot)
            for i in range(2 * players)
            for seat, bot in enumerate(league.seating(("a", "b"), players, i))
        )
        assert set(seats.values()) == {players}, players


def test_a_league_writes_ratings_with_heuristic_above_random(tmp_path: Path) -> None:
    out = tmp_path / "league"
    args = ["league", "souvenirs", "--bots", "random,heuristic", "--players", "2", "--games", "8"]
    result = runner.invoke(app, [*args, "--workers", "1", "--no-plots", "--out", str(out)])
    assert result.exit_code == 0, result.output
    ratings = read_csv(out / "ratings.csv")
    assert [row["bot"] for row in ratings] == ["heuristic", "random"]
    assert [row["games"] for row in ratings] == ["8", "8"]
    assert float(ratings[0]["low"]) < float(ratings[0]["rating"]) < float(ratings[0]["high"])
    assert (out / "report.html").exists() and (out / "pairs.csv").exists()


@pytest.mark.parametrize(
    ("bots", "message"),
    [("random", "at least two bots"), ("random,random", "named twice"), ("random,nobody", "nobody")],
)
def test_bad_leagues_are_refused_before_any_game(tmp_path: Path, bots: str, message: str) -> None:
    out = tmp_path / "never"
    result = runner.invoke(app, ["league", "souvenirs", "--bots", bots, "--games", "2", "--out", str(out)])
    assert result.exit_code == 2
    assert message in result.output
    assert not out.exists()


def sweep_table(out: Path, *where: str) -> list[dict[str, str]]:
    args = ["sweep", "allegra", "turn_cap=20,300", "--players", "2", "--bots", "heuristic,random"]
    result = runner.invoke(app, [*args, "--games", "4", "--no-plots", *where, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return read_csv(out / "sweep.csv")


def test_a_pool_and_a_dask_cluster_give_the_sweep_of_one_process(tmp_path: Path) -> None:
    alone = sweep_table(tmp_path / "one", "--workers", "1")
    assert any(row["measure"] == "games ended by a safety cap" and row["estimate"] != "0.0" for row in alone)
    assert sweep_table(tmp_path / "pool", "--workers", "2") == alone
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        assert sweep_table(tmp_path / "dask", "--dask", cluster.scheduler_address) == alone


def test_ctrl_c_keeps_the_games_already_finished(tmp_path: Path) -> None:
    spec = sweep.make_sweep(COIN, 2, ("random", "random"), 5, ["bias=40,60"])
    finished: list[int] = []

    def stop_after_three(result: dict[str, object]) -> None:
        finished.append(1)
        if len(finished) == 3:
            raise KeyboardInterrupt

    results, interrupted = sweep.run_games(sweep.plan(spec), tmp_path, InlineExecutor(), stop_after_three)
    assert interrupted and len(results) == 3
    assert len((tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()) == 3
    rows = sweep.summarize(spec, results)
    assert {row["n"] for row in rows if row["measure"] == "seat 1 win share"} == {2, 1}
