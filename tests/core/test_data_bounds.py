"""Every data-file loader checks a user's file against its bounds before it builds anything.

A few hundred bytes used to make a game of millions of cards (and hundreds of
MB), and a file nested thousands deep raised RecursionError in the parser.
"""

from __future__ import annotations

import time
from importlib import resources
from pathlib import Path

import pytest

import spieltisch
from spieltisch.core.data import DataFileError, parse_toml
from spieltisch.core.options import OptionError
from spieltisch.core.registry import game_class
from spieltisch.core.userinput import read_options_file
from tests.core.oversized import FILE_OPTIONS, NESTED, NESTED_TABLES, OVERSIZED, Oversized


def load(game: str, option: str, text: str, tmp_path: Path) -> None:
    path = tmp_path / "data.toml"
    path.write_text(text, encoding="utf-8")
    spieltisch.load_game(game, game_class(game).min_players, **{option: str(path)})


@pytest.mark.parametrize("case", OVERSIZED, ids=str)
def test_an_oversized_file_is_refused_naming_the_bound_in_both_languages(
    case: Oversized, tmp_path: Path
) -> None:
    spieltisch.load_game(case.game, case.players)  # imports the game: not what is timed
    started = time.perf_counter()
    with pytest.raises(DataFileError) as refused:
        load(case.game, case.option, case.text, tmp_path)
    assert time.perf_counter() - started < 5.0  # refused before anything large was built
    english, german = refused.value.words("en"), refused.value.words("de")
    assert f"{case.entry}: at most {case.limit} " in english, english
    assert f"{case.entry}: höchstens {case.limit} " in german, german
    assert str(tmp_path) in english and "\n" not in english + german


@pytest.mark.parametrize(("game", "option"), FILE_OPTIONS)
@pytest.mark.parametrize("text", [NESTED, NESTED_TABLES], ids=["lists", "tables"])
def test_a_deeply_nested_file_is_refused_in_one_line(
    game: str, option: str, text: str, tmp_path: Path
) -> None:
    with pytest.raises(DataFileError) as refused:
        load(game, option, text, tmp_path)
    assert "nested too deeply" in str(refused.value) and "verschachtelt" in refused.value.words("de")


def test_a_file_at_the_bounds_still_makes_a_game(tmp_path: Path) -> None:
    """The bounds leave room: a Calcory layout of 240 cards and an ALLEGRA deck of 468 load."""
    load(
        "calcory", "deck_file", f"[layout]\nrows = 6\ncolumns = 40\n[cards]\ncounts = {[24] * 10}\n", tmp_path
    )
    load("allegra", "deck_file", f"[deck]\ncounts = {[36] * 13}\n", tmp_path)


def test_numbers_too_long_to_read_are_refused_like_any_toml_error() -> None:
    with pytest.raises(DataFileError, match="not valid TOML"):
        parse_toml("x = " + "9" * 5000, "deck")


def test_a_nested_options_file_is_refused_in_one_line(tmp_path: Path) -> None:
    for name, text in (
        ("options.toml", NESTED),
        ("options.json", '{"x": ' + "[" * 30_000 + "]" * 30_000 + "}"),
    ):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(OptionError, match="nested too deeply"):
            read_options_file(path)


def test_entries_of_the_wrong_kind_are_refused_in_one_line_not_a_type_error(tmp_path: Path) -> None:
    """A list or table where a word belongs raised TypeError (unhashable), a 500 on the server."""
    wardrobe = (resources.files("spieltisch.games.lucandor") / "data" / "wardrobe.toml").read_text("utf-8")
    cards = (resources.files("spieltisch.games.lucandor") / "data" / "cards.toml").read_text("utf-8")
    colours = cards.replace('a = ["rot", "orange"]', 'a = [["rot"], "orange"]')
    slots = wardrobe.replace("start_slots = [[1, 3], [3, 3], [2, 4]]", "start_slots = 5")
    assert colours != cards and slots != wardrobe
    cases = [
        ("souvenirs", "score_table", "[fuenfling]\nfirst = 5\nsecond = 1\nverified = [{}]\n", "verified"),
        ("lucandor", "cards", colours, "unknown colour"),
        ("lucandor", "wardrobe", slots, "start_slots: must be a list"),
    ]
    for game, option, text, message in cases:
        with pytest.raises(OptionError, match=message):
            load(game, option, text, tmp_path)
