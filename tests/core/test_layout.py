"""Tables as text: blocks side by side as the width allows, long lines broken to fit, counts in number."""

from __future__ import annotations

from spieltisch.core.layout import beside, side_by_side, wrap
from spieltisch.core.wording import counted

BLOCKS = [["one", "1"], ["two", "22", "222"], ["three"]]


def test_blocks_go_side_by_side_as_far_as_the_width_allows() -> None:
    assert side_by_side(BLOCKS, 80) == ["one    two    three", "1      22", "       222"]
    assert side_by_side(BLOCKS, 12) == ["one    two", "1      22", "       222", "", "three"]
    assert side_by_side(BLOCKS, 3) == ["one", "1", "", "two", "22", "222", "", "three"]
    assert side_by_side([], 80) == []


def test_a_panel_goes_beside_when_both_fit_else_under() -> None:
    grid, facts = ["+--+", "|  |", "+--+"], ["Seat 0: 3", "Seat 1: 5"]
    assert beside(grid, facts, 16) == ["+--+   Seat 0: 3", "|  |   Seat 1: 5", "+--+"]
    assert beside(grid, facts, 15) == [*grid, "", *facts]


def test_long_lines_break_at_spaces_and_keep_their_indent() -> None:
    assert wrap(["short", "  a bb ccc dddd eeeee"], 10) == ["short", "  a bb ccc", "    dddd", "    eeeee"]


def test_a_count_takes_the_singular_only_for_one() -> None:
    forms = "{n} card|{n} cards"
    assert [counted(forms, n) for n in (0, 1, 2, 1.0, 2.5)] == [
        "0 cards",
        "1 card",
        "2 cards",
        "1 card",
        "2.5 cards",
    ]
    assert counted("noch {n} Karte|noch {n} Karten", 1) == "noch 1 Karte"
