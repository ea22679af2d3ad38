"""Rulebook "Abräumen" (RULINGS.md ALLEGRA 3): triples, gaps, chains and choices."""

from __future__ import annotations

import pytest
from allegra_table import build, draw_from_pile, layout, position, slot

from spieltisch import IllegalActionError
from spieltisch.games.allegra import actions as A
from spieltisch.games.allegra.actions import GAP
from spieltisch.games.allegra.clearing import find_triples
from spieltisch.games.allegra.phases import CLEAR, DRAW


def test_chain_reaction_a_cleared_column_starts_a_row_triple() -> None:
    """Abräumen, Lücken: clearing column 2 closes row B's gap, so 5-5-5 clears next."""
    state = build(
        3,
        {(0, "A2"): 4, (0, "B2"): 4, (0, "BL"): 5, (0, "B1"): 5, (0, "B3"): 5, (0, "C2"): 9},
        up=[(0, "A2"), (0, "B2"), (0, "BL"), (0, "B1"), (0, "B3")],
        knocking=False,
    )
    draw_from_pile(state, 4)
    state.apply_action(position("C2"))  # exchange the 4 for the face-down 9
    mine = layout(state, 0)
    for name in ("A2", "B2", "C2", "BL", "B1", "B3"):
        assert mine[position(name)] is None, name
    # Cleared cards first (the column, then the row), the exchanged card on top.
    assert state.discard[-7:] == [4, 4, 4, 5, 5, 5, 9]
    assert state.phase == DRAW and state.active == 1


def test_row_triple_skips_gaps_between_cards() -> None:
    """Abräumen, Lücken: rows clear across gaps ("auch wenn zwischen den Karten Lücken bestehen")."""
    state = build(
        3,
        {(0, "AL"): 6, (0, "A1"): 3, (0, "A2"): 8, (0, "A3"): 3, (0, "AR"): 9},
        up=[(0, "AL"), (0, "A1"), (0, "A3")],
        gaps=[(0, "A2")],
        knocking=False,
    )
    draw_from_pile(state, 3)
    state.apply_action(position("AR"))  # row: 6 3 . 3 3
    mine = layout(state, 0)
    assert mine[position("AL")] == 6
    assert [mine[position(n)] for n in ("A1", "A3", "AR")] == [None, None, None]
    assert state.discard[-4:] == [3, 3, 3, 9]


def test_overlapping_row_and_column_the_player_chooses() -> None:
    """Überlappung: a row and a column triple share a card; the active player picks one."""
    cards = {(0, "A1"): 6, (0, "B1"): 6, (0, "C2"): 6, (0, "C3"): 6, (0, "C1"): 1}
    up = [(0, "A1"), (0, "B1"), (0, "C2"), (0, "C3")]
    for choice, kept in ((A.CLEAR_COLUMN + 1, ("C2", "C3")), (A.CLEAR_ROW + position("C1"), ("A1", "B1"))):
        state = build(3, cards, up=up, knocking=False)
        draw_from_pile(state, 6)
        state.apply_action(position("C1"))
        assert state.phase == CLEAR and state.current_player() == 0
        assert state.legal_actions() == [A.CLEAR_COLUMN + 1, A.CLEAR_ROW + position("C1")]
        state.apply_action(choice)
        mine = layout(state, 0)
        assert all(mine[position(name)] == 6 for name in kept), "the other line keeps its two cards"
        assert mine[position("C1")] is None
        assert state.discard[-4:] == [6, 6, 6, 1]
        assert state.phase == DRAW and state.active == 1


def test_four_equal_in_a_row_the_player_chooses_which_three() -> None:
    """Four equal cards in a row: two triples overlap; the active player chooses."""
    state = build(
        4,
        {(0, "AL"): 8, (0, "A1"): 8, (0, "A3"): 8, (0, "A2"): 0},
        up=[(0, "AL"), (0, "A1"), (0, "A3")],
        knocking=False,
    )
    draw_from_pile(state, 8)
    state.apply_action(position("A2"))
    assert state.legal_actions() == [A.CLEAR_ROW + position("AL"), A.CLEAR_ROW + position("A1")]
    with pytest.raises(IllegalActionError):
        state.apply_action(A.CLEAR_ROW + position("A2"))
    state.apply_action(A.CLEAR_ROW + position("A1"))
    mine = layout(state, 0)
    assert mine[position("AL")] == 8
    assert [mine[position(n)] for n in ("A1", "A2", "A3")] == [None, None, None]
    # The left shared card stays for the left neighbour too.
    assert layout(state, 1)[position("AR")] == 8


def test_row_triple_through_a_shared_column_clears_the_neighbours_card() -> None:
    """Um die Ecke: a row triple may use a shared column; the neighbour loses that card too."""
    state = build(
        4,
        {(0, "B3"): 2, (0, "BR"): 2, (0, "B2"): 10},
        up=[(0, "B3"), (0, "BR")],
        knocking=False,
    )
    shared = slot(state, 0, "BR")
    assert shared == slot(state, 3, "BL")  # seat 0's right column is seat 3's left column
    draw_from_pile(state, 2)
    state.apply_action(position("B2"))
    assert state.cards[shared] == GAP
    assert layout(state, 3)[position("BL")] is None
    assert layout(state, 0)[position("B2")] is None
    assert state.discard[-4:] == [2, 2, 2, 10]


def test_shared_column_triple_counts_as_a_column() -> None:
    """Gemeinsame Spalten: a shared column of three equal face-up cards is a triple."""
    state = build(3, {(0, "AL"): 7, (0, "BL"): 7, (0, "CL"): 1}, up=[(0, "AL"), (0, "BL")], knocking=False)
    draw_from_pile(state, 7)
    state.apply_action(position("CL"))
    assert all(layout(state, 1)[position(n)] is None for n in ("AR", "BR", "CR"))


def test_face_down_card_breaks_a_row() -> None:
    """Only face-up cards clear; a face-down card between them is not a gap."""
    cards = [5, 5, 9, 5, 1]
    up = [True, True, False, True, True]
    slots = tuple(range(15))
    full = cards + [1, 2, 3, 4, 6] * 2
    assert find_triples(full, up + [True] * 10, slots) == []
    up[2] = True
    full[2] = 5
    assert [a for a, _ in find_triples(full, up + [True] * 10, slots)] == [A.CLEAR_ROW + 0, A.CLEAR_ROW + 1]
