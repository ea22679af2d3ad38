"""Souvenirs scoring: combinations, jokers, the score table (rulebook "Die Wertung im Detail")."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.games.souvenirs import scoring
from spieltisch.games.souvenirs.cards import CARD_OF, NUM_COLOURS, NUMBERS, Card
from spieltisch.games.souvenirs.scoring import (
    COMBINATIONS,
    FIRST,
    SECOND,
    default_table,
    held_combinations,
    load_table,
    possible_combinations,
)

ROT, GELB, GRUEN, TUERKIS, LILA = range(5)
TABLE = default_table()


def line(*numbers: int, colours: tuple[int, ...] = (ROT, GELB, ROT, GELB, ROT)) -> list[tuple[int, int]]:
    return [(number, colour) for number, colour in zip(numbers, colours, strict=False)]


def best(cards: list[Card], rank: int = FIRST) -> str:
    return TABLE.best(cards, rank)[0]


# --- every combination of the rulebook, with its own example -----------------
@pytest.mark.parametrize(
    ("numbers", "expected"),
    [
        ((5, 5, 5, 5, 5), "fuenfling"),  # "z. B. 5-5-5-5-5"
        ((4, 4, 4, 2, 4), "vierling"),  # "z. B. 4-4-4-2-4"
        ((3, 3, 3, 4, 4), "full_house"),  # "z. B. 3-3-3-4-4"
        ((3, 2, 4, 1, 5), "strasse"),  # "z. B. 3-2-4-1-5"
        ((3, 3, 1, 5, 3), "drilling"),  # "z. B. 3-3-1-5-3"
        ((2, 2, 5, 6, 5), "zwei_paare"),  # "z. B. 2-2-5-6-5"
        ((1, 1, 3, 6, 5), "paerchen"),  # "z. B. 1-1-3-6-5"
        ((1, 2, 3, 4, 6), "nichts"),
    ],
)
def test_rulebook_combination_examples_are_recognised(numbers: tuple[int, ...], expected: str) -> None:
    """Kartenkombinationen im Detail: each example scores as its combination, in any order."""
    cards = line(*numbers)
    assert best(cards) == expected
    assert expected in held_combinations(cards)
    for order in itertools.permutations(cards):
        assert best(list(order)) == expected


def test_flush_is_five_of_one_colour() -> None:
    """Flush: 5 Karten mit derselben Farbe, die Zahlen spielen keine Rolle."""
    cards = line(1, 3, 6, 2, 2, colours=(LILA,) * 5)
    assert "flush" in held_combinations(cards)
    assert best(cards) == "flush"
    assert "flush" not in held_combinations(line(1, 3, 6, 2, 2, colours=(LILA,) * 4 + (ROT,)))


def test_regenbogen_is_five_different_colours() -> None:
    """Regenbogen: 5 Karten mit unterschiedlichen Farben."""
    cards = line(1, 1, 6, 2, 4, colours=(ROT, GELB, GRUEN, TUERKIS, LILA))
    assert best(cards) == "regenbogen"
    assert "regenbogen" not in held_combinations(
        line(1, 1, 6, 2, 4, colours=(ROT, GELB, GRUEN, TUERKIS, ROT))
    )


def test_regenbogen_outranks_strasse_and_flush_outranks_both() -> None:
    """A line holding several combinations scores only the most valuable one."""
    rainbow_straight = line(2, 3, 4, 5, 6, colours=(ROT, GELB, GRUEN, TUERKIS, LILA))
    assert {"regenbogen", "strasse"} <= held_combinations(rainbow_straight)
    assert TABLE.best(rainbow_straight, FIRST) == ("regenbogen", 8)
    flush_straight = line(2, 3, 4, 5, 6, colours=(GRUEN,) * 5)
    assert TABLE.best(flush_straight, FIRST) == ("flush", 10)


def test_strasse_is_1_to_5_or_2_to_6_in_any_order_without_wrapping() -> None:
    """Straße: 5 aufeinanderfolgende Zahlen, in beliebiger Reihenfolge (RULINGS.md Souvenirs 5)."""
    assert "strasse" in held_combinations(line(6, 2, 5, 3, 4))
    assert "strasse" in held_combinations(line(5, 1, 4, 2, 3))
    assert "strasse" not in held_combinations(line(6, 1, 2, 3, 4))
    assert "strasse" not in held_combinations(line(1, 2, 3, 4, 4))


def test_zwei_paare_needs_two_different_numbers() -> None:
    """Zwei Paare needs two different numbers: four equal cards are a Vierling only (RULINGS.md 5)."""
    four = line(4, 4, 4, 4, 2)
    assert "zwei_paare" not in held_combinations(four)
    assert "zwei_paare" not in possible_combinations(four)
    assert "zwei_paare" in held_combinations(line(4, 4, 2, 2, 6))


def test_full_house_needs_two_different_numbers() -> None:
    assert "full_house" not in held_combinations(line(5, 5, 5, 5, 5))
    assert "full_house" not in possible_combinations([*line(5, 5, 5, 5), None])


def test_fuenfling_in_five_colours_is_not_a_regenbogen() -> None:
    """Five of a number in five colours: only the Fünfling counts (RULINGS.md Souvenirs 5)."""
    cards = line(5, 5, 5, 5, 5, colours=(ROT, GELB, GRUEN, TUERKIS, LILA))
    assert "regenbogen" not in held_combinations(cards)
    assert "regenbogen" not in possible_combinations(cards)
    assert TABLE.best(cards, FIRST) == ("fuenfling", 16)


def test_combinations_contain_their_smaller_parts() -> None:
    held = held_combinations(line(3, 3, 3, 4, 4))
    assert {"full_house", "drilling", "zwei_paare", "paerchen"} <= held
    assert "vierling" not in held


def test_short_lines_score_what_their_cards_hold() -> None:
    """Scoring is a pure function of a line's cards, also of fewer than five."""
    assert best([]) == "nichts"
    assert best(line(2)) == "nichts"
    assert best(line(2, 2)) == "paerchen"
    assert best(line(6, 6, 6, 6)) == "vierling"
    assert best(line(1, 2, 3, 4)) == "nichts"  # a Straße needs five cards
    assert best(line(1, 2, 3, 4, colours=(ROT,) * 4)) == "nichts"  # so does a Flush
    assert best([None, None]) == "paerchen"
    assert best([None, None, None, None]) == "vierling"


# --- jokers (Was machen die Joker-Karten?) ----------------------------------
def test_rulebook_joker_example_column_vierling_row_regenbogen() -> None:
    """The joker is a 1 in its column (Vierling) and turquoise in its row (Regenbogen).

    In the row a 3 would make a Straße, which is worth less than the Regenbogen.
    """
    column = [*line(1, 1, 1, 4, colours=(ROT, GELB, LILA, GRUEN)), None]
    assert TABLE.best(column, FIRST) == ("vierling", 13)
    row = [(4, LILA), (5, GELB), (2, ROT), None, (1, GRUEN)]
    assert "strasse" in possible_combinations(row)
    assert "strasse" in held_combinations([card or (3, ROT) for card in row])
    assert "regenbogen" in held_combinations([card or (6, TUERKIS) for card in row])
    assert TABLE.best(row, FIRST) == ("regenbogen", 8)
    assert TABLE.value("regenbogen", FIRST) > TABLE.value("strasse", FIRST)


def test_all_jokers_make_a_fuenfling() -> None:
    assert TABLE.best([None] * 5, FIRST) == ("fuenfling", 16)
    assert TABLE.best([(2, ROT), None, None, None, None], SECOND) == ("fuenfling", 11)


ALL_CARDS = [(number, colour) for number in NUMBERS for colour in range(NUM_COLOURS)]


def brute_force(cards: list[Card]) -> set[str]:
    """Union of the held combinations over every joker assignment."""
    slots = [i for i, card in enumerate(cards) if card is None]
    found: set[str] = set()
    for choice in itertools.product(ALL_CARDS, repeat=len(slots)):
        concrete = [card for card in cards if card is not None] + list(choice)
        found |= held_combinations(concrete)
    return found


def card_strategy() -> st.SearchStrategy[Card]:
    return st.tuples(st.integers(1, 6), st.integers(0, NUM_COLOURS - 1))


@settings(max_examples=300, deadline=None)
@given(
    fixed=st.lists(card_strategy(), min_size=0, max_size=5),
    jokers=st.integers(0, 2),
    rank=st.sampled_from([FIRST, SECOND]),
)
def test_best_combination_equals_brute_force_over_joker_assignments(
    fixed: list[tuple[int, int]], jokers: int, rank: int
) -> None:
    """Property: the direct joker reasoning equals trying every number and colour for each joker."""
    cards: list[Card] = [*fixed[: 5 - jokers], *([None] * jokers)]
    expected = brute_force(cards)
    assert possible_combinations(cards) == expected
    best_points = max(TABLE.value(name, rank) for name in expected)
    assert TABLE.best(cards, rank)[1] == best_points


@settings(max_examples=12, deadline=None)
@given(fixed=st.lists(card_strategy(), min_size=0, max_size=2))
def test_three_jokers_equal_brute_force(fixed: list[tuple[int, int]]) -> None:
    cards: list[Card] = [*fixed, None, None, None]
    assert possible_combinations(cards) == brute_force(cards)


@given(st.permutations([(1, ROT), (1, GELB), (5, GRUEN), (3, TUERKIS), (3, LILA)]))
def test_scoring_ignores_the_order_of_cards(cards: list[tuple[int, int]]) -> None:
    """Die Reihenfolge der Karten in der jeweiligen Reihe oder Spalte ist beliebig."""
    assert held_combinations(cards) == held_combinations(sorted(cards))
    assert TABLE.best(list(cards), FIRST) == ("regenbogen", 8)


# --- the score table ----------------------------------------------------------
def test_default_table_has_the_verified_values() -> None:
    """Full House 11/7 (Clara/Mika), Straße 6 (Anastasia), Pärchen 2 (Samuel) are verified."""
    assert TABLE.points["full_house"] == (11, 7)
    assert TABLE.points["strasse"][FIRST] == 6
    assert TABLE.points["paerchen"][FIRST] == 2
    assert TABLE.verified["full_house"] == (True, True)
    assert TABLE.verified["strasse"] == (True, False)
    assert TABLE.verified["fuenfling"] == (False, False)
    assert set(TABLE.points) == set(COMBINATIONS)
    for first, second in TABLE.points.values():
        assert second <= first


def test_data_file_marks_every_value_verified_or_default() -> None:
    text = (Path(spieltisch.__file__).parent / "games/souvenirs/data/scores.toml").read_text("utf-8")
    values = [row for row in text.splitlines() if row.startswith(("first", "second"))]
    assert len(values) == 2 * len(COMBINATIONS)
    for row in values:
        assert "verified (rulebook" in row or "default (RULINGS.md), unverified" in row, row


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_user_score_table_overrides_the_defaults(tmp_path: Path) -> None:
    """A box owner fixes defaults with score_table=FILE; unnamed combinations keep theirs."""
    path = write(tmp_path, "[fuenfling]\nfirst = 20\nsecond = 12\n[paerchen]\nfirst = 2\nsecond = 0\n")
    table = load_table(path)
    assert table.points["fuenfling"] == (20, 12)
    assert table.points["paerchen"] == (2, 0)
    assert table.points["vierling"] == TABLE.points["vierling"]
    game = spieltisch.load_game("souvenirs", players=2, score_table=path)
    assert game.settings.table.points["fuenfling"] == (20, 12)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[fuenflinge]\nfirst = 1\nsecond = 1\n", "unknown combination fuenflinge"),
        ("[flush]\nfirst = 10\n", "needs second"),
        ("[flush]\nfirst = -1\nsecond = 0\n", "whole number >= 0"),
        ('[flush]\nfirst = "zehn"\nsecond = 0\n', "whole number >= 0"),
        ("[flush]\nfirst = 1.5\nsecond = 0\n", "whole number >= 0"),
        ("[flush]\nfirst = 5\nsecond = 6\n", "second = 6 is more than first = 5"),
        ("[flush]\nfirst = 5\nsecond = 4\nbonus = 1\n", "unknown key bonus"),
        ("flush = 5\n", "must be a table"),
        ("[flush\nfirst = 5\n", "not valid TOML"),
    ],
)
def test_bad_user_score_table_is_a_clear_option_error(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(spieltisch.OptionError, match=message):
        spieltisch.load_game("souvenirs", players=3, score_table=path)


def test_missing_score_table_file_is_an_option_error(tmp_path: Path) -> None:
    with pytest.raises(spieltisch.OptionError, match="cannot read"):
        spieltisch.load_game("souvenirs", players=3, score_table=str(tmp_path / "none.toml"))


def test_line_scores_kept_by_the_table_are_the_ones_it_works_out() -> None:
    table = default_table()
    kinds = range(len(CARD_OF))
    for line_kinds in itertools.islice(itertools.combinations(kinds, 5), 0, 3000, 7):
        for rank in (FIRST, SECOND):
            expected = table.best([CARD_OF[kind] for kind in line_kinds], rank)
            assert table.best_of_kinds(line_kinds, rank) == expected
            assert table.best_of_kinds(line_kinds, rank) == expected  # asked again: kept


def test_the_tables_memo_of_line_scores_stays_within_its_bound() -> None:
    # The real bound (a Final constant, which the compiled build writes into its code).
    table = default_table()
    lines = itertools.chain.from_iterable(itertools.combinations(range(len(CARD_OF)), n) for n in (4, 5))
    sizes = []
    for line_kinds in itertools.islice(lines, scoring.CACHE_LIMIT + 200):
        table.best_of_kinds(line_kinds, FIRST)
        sizes.append(len(table._kept_scored))
    assert max(sizes) <= scoring.CACHE_LIMIT
    assert sizes[-1] < sizes[scoring.CACHE_LIMIT - 1], "the memo started afresh at its bound"
