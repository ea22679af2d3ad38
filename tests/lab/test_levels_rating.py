"""Rating levels: win shares to rating differences, the chain from the anchor, the level file."""

from __future__ import annotations

import importlib
import math
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.bots.levels import Level, data_path, levels, read_levels
from spieltisch.cli import app
from spieltisch.core.options import OptionError
from spieltisch.lab.arena import GameResult, play_match
from spieltisch.lab.levels import (
    ANCHOR,
    PairResult,
    elo_difference,
    level_file,
    markdown_table,
    rate,
    ratings,
    seating,
    side_wins,
)
from spieltisch.lab.simulation import make_executor
from spieltisch.lab.stats import wilson


def test_a_win_share_gives_400_log10_of_the_odds() -> None:
    assert elo_difference(0.5) == 0
    assert elo_difference(0.75) == pytest.approx(400 * math.log10(3))  # 190.8
    assert elo_difference(10 / 11) == pytest.approx(400)
    assert elo_difference(0.25) == pytest.approx(-elo_difference(0.75))


def test_with_more_seats_the_per_seat_shares_are_compared() -> None:
    """Two seats of A against one of B: A's side winning 2/3 of the games is an even match."""
    assert elo_difference(2 / 3, (2, 1)) == pytest.approx(0)
    assert elo_difference(0.8, (2, 1)) == pytest.approx(400 * math.log10(0.4 / 0.2))
    assert seating("a", "b", 3) == ["a", "b", "a"]


def test_a_shared_victory_counts_for_each_side_by_its_winners() -> None:
    result = GameResult(seed=1, bots=["a", "b", "a"], scores=[1, 1, 1], winners=[0, 1], decisions=9)
    assert side_wins(result, "a") == 0.5 and side_wins(result, "b") == 0.5


def level(id_: str) -> Level:
    return Level(id_, f"spec-{id_}", {"en": id_.title(), "de": id_.upper()})


def test_ratings_climb_the_chain_from_the_anchor_with_growing_intervals() -> None:
    chain = [level("beginner"), level("casual"), level("strong")]
    pairs = [PairResult("casual", "beginner", (1, 1), 40, 30), PairResult("strong", "casual", (1, 1), 40, 20)]
    rated = ratings(chain, pairs)
    assert rated[0].rating == rated[0].low == rated[0].high == ANCHOR
    assert rated[1].rating == pytest.approx(ANCHOR + 400 * math.log10(3))
    assert rated[2].rating == pytest.approx(rated[1].rating)  # an even match adds nothing
    low, high = wilson(30, 40)
    first = 400 * math.log10(high / (1 - high)) - 400 * math.log10(low / (1 - low))
    assert rated[1].high - rated[1].low == pytest.approx(first)  # type: ignore[operator]
    assert rated[2].high - rated[2].low > rated[1].high - rated[1].low  # type: ignore[operator]
    assert pairs[0].apart() and not pairs[1].apart()


def test_a_clean_sweep_has_a_finite_rating() -> None:
    difference, low, high = PairResult("b", "a", (1, 1), 10, 10).difference()
    assert math.isfinite(difference) and 0 < low < difference <= high and math.isfinite(high)


def test_the_level_file_reads_back() -> None:
    chain = [level("beginner"), level("casual")]
    pairs = [PairResult("casual", "beginner", (1, 1), 20, 15)]
    text = level_file("toy", ratings(chain, pairs), pairs, {"command": 'spieltisch levels rate "toy"'})
    data = tomllib.loads(text)
    assert data["command"] == 'spieltisch levels rate "toy"'
    assert [entry["id"] for entry in data["level"]] == ["beginner", "casual"]
    assert data["level"][1]["rating"] == round(ANCHOR + 400 * math.log10(3))
    assert data["pair"][0] | {"share": 0.75, "games": 20, "apart": True} == data["pair"][0]


def test_the_markdown_table_shows_every_level_of_the_game() -> None:
    table = markdown_table(["allegra"]).splitlines()
    assert len(table) == 2 + len(levels("allegra"))
    for row, level in zip(table[2:], levels("allegra"), strict=True):
        assert f"`{level.spec}`" in row and level.names["de"] in row


def test_a_match_plays_the_same_games_in_worker_processes() -> None:
    heard: list[int] = []
    alone = play_match("souvenirs", ["random", "heuristic"], 4, seed=7)
    with make_executor(2) as executor:
        side_by_side = play_match(
            "souvenirs",
            ["random", "heuristic"],
            4,
            seed=7,
            executor=executor,
            on_game=lambda result: heard.append(result.seed),
        )
    assert side_by_side.results == alone.results
    assert heard == [7, 8, 9, 10]
    assert [result.bots for result in alone.results] == [["random", "heuristic"], ["heuristic", "random"]] * 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["allegra", "calcory", "--output", "x.toml"], "--output takes one game"),
        (["calcory", "nosuchgame"], "nosuchgame"),
        (
            ["calcory", "--pair", "grandmaster"],
            "no pair topped by grandmaster; its pairs: casual, strong, expert",
        ),
    ],
)
def test_rating_refuses_bad_arguments_before_it_plays(args: list[str], message: str) -> None:
    before = {name: data_path(name).read_text(encoding="utf-8") for name in ("allegra", "calcory")}
    result = CliRunner().invoke(app, ["levels", "rate", *args, "--games", "1"])
    assert result.exit_code == 2 and message in " ".join(result.output.split())
    assert before == {name: data_path(name).read_text(encoding="utf-8") for name in before}


@pytest.fixture
def toy_chain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Souvenirs with three cheap levels and both pairs rated, in a level directory of its own."""
    monkeypatch.setattr(importlib.import_module("spieltisch.bots.levels"), "DATA", tmp_path)
    read_levels.cache_clear()
    chain = [
        Level("beginner", "random", {"en": "Beginner", "de": "Anfänger"}),
        Level("casual", "heuristic:errs=0.5", {"en": "Casual", "de": "Freizeit"}),
        Level("strong", "heuristic", {"en": "Strong", "de": "Stark"}),
    ]
    pairs = [
        PairResult("casual", "beginner", (1, 1), 30, 24, ("heuristic:errs=0.5", "random"), "first", "then"),
        PairResult("strong", "casual", (1, 1), 10, 5),  # a pair of a file from before specs were kept
    ]
    header = {"command": "spieltisch levels rate souvenirs --games 10", "measured": "long ago"}
    data_path("souvenirs").write_text(level_file("souvenirs", ratings(chain, pairs), pairs, header))
    read_levels.cache_clear()
    yield
    read_levels.cache_clear()  # the package's level files again


@pytest.mark.usefixtures("toy_chain")
def test_one_pair_is_played_and_the_others_kept_from_the_file() -> None:
    heard: list[GameResult] = []
    text = rate(
        "souvenirs",
        4,
        5,
        None,
        "spieltisch levels rate souvenirs --pair strong",
        heard.append,
        only={"strong"},
    )
    data = tomllib.loads(text)
    kept, played = data["pair"]
    assert len(heard) == 4 and played["games"] == 4 and played["specs"] == ["heuristic", "heuristic:errs=0.5"]
    assert played["command"] == "spieltisch levels rate souvenirs --pair strong"
    assert "4 games a pair" in played["measured"] and "load average" in played["measured"]
    assert (kept["games"], kept["wins"], kept["command"], kept["measured"]) == (30, 24, "first", "then")
    assert data["measured"].endswith("played only the pairs topped by strong, the others as each pair says")
    rated = {level["id"]: level["rating"] for level in data["level"]}
    assert rated["casual"] == round(ANCHOR + 400 * math.log10(24 / 6))
    strong = PairResult("strong", "casual", (1, 1), 4, played["wins"]).difference()[0]
    assert rated["strong"] == round(ANCHOR + 400 * math.log10(24 / 6) + strong)


@pytest.mark.usefixtures("toy_chain")
def test_a_kept_pair_whose_level_changed_must_be_rated_again() -> None:
    text = (
        data_path("souvenirs")
        .read_text()
        .replace('spec = "heuristic:errs=0.5"', 'spec = "heuristic:errs=0.4"')
    )
    data_path("souvenirs").write_text(text)
    read_levels.cache_clear()
    with pytest.raises(
        OptionError, match=re.escape("casual over beginner was played by heuristic:errs=0.5 and random")
    ):
        rate("souvenirs", 2, 1, None, "rate", only={"strong"})
    with pytest.raises(OptionError, match="no pair topped by beginner"):
        rate("souvenirs", 2, 1, None, "rate", only={"beginner"})


@pytest.mark.usefixtures("toy_chain")
def test_without_pairs_named_every_pair_is_played_again() -> None:
    data = tomllib.loads(rate("souvenirs", 2, 5, None, "spieltisch levels rate souvenirs --games 2"))
    assert [(pair["games"], pair["command"]) for pair in data["pair"]] == [
        (2, "spieltisch levels rate souvenirs --games 2")
    ] * 2
    assert "played only" not in data["measured"]


def test_the_wins_behind_a_rounded_share_are_found_again() -> None:
    from spieltisch.lab.levels import _wins

    assert _wins(0.958, 24) == 23 and _wins(0.833, 24) == 20
    assert _wins(round(41.5 / 60, 3), 60) == 41.5 and _wins(round((10 + 2 / 3) / 12, 3), 12) == pytest.approx(
        32 / 3
    )
