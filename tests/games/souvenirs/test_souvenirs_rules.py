"""Souvenirs rules: set-up, the turn, the grid, the cubes, the end and the rulebook's examples."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from souvenirs_positions import card, deal, grid_from_rows, new_state, play_grid, turn

import spieltisch
from spieltisch.core.play import sample_chance
from spieltisch.core.snapshot import snapshot
from spieltisch.games.souvenirs.cards import JOKER, NUM_KINDS, colour_of, load_deck, number_of
from spieltisch.games.souvenirs.grid import EMPTY, cell_of, col_line, row_line
from spieltisch.games.souvenirs.phases import CARD, CUBE, DRAW
from spieltisch.games.souvenirs.rules import CARD_BASE, CELL_BASE, LINE_BASE, PASS, SouvenirsState

# The rulebook's scoring examples on one 5x5 grid (rows -2..2, columns -2..2):
#   row -2     Full House 3-3-3-4-4: Clara (seat 0) first, Mika (seat 1) second
#   column -2  lone Straße 3-1-2-4-5 (not a Regenbogen): Anastasia (seat 2)
#   column -1  Pärchen 6-6: Samuel (seat 3)
#   column +1  4-1-1-joker-1: the joker is a 1, a Vierling: Clara
#   row +1     lila 4, gelb 5, rot 2, joker, grün 1: the joker is turquoise,
#              a Regenbogen (a 3 would give the lesser Straße): Mika
EXAMPLE_ROWS = [
    ["rot 3", "gelb 3", "grün 3", "rot 4", "gelb 4"],
    ["rot 1", "türkis 6", "rot 5", "türkis 1", "grün 6"],
    ["türkis 2", "lila 6", "gelb 2", "lila 1", "türkis 4"],
    ["lila 4", "gelb 5", "rot 2", "joker", "grün 1"],
    ["grün 5", "lila 2", "rot 6", "gelb 1", "grün 2"],
]
CLARA, MIKA, ANASTASIA, SAMUEL = range(4)


def example_game() -> SouvenirsState:
    cells = grid_from_rows(EXAMPLE_ROWS, top=-2, left=-2)
    cubes = {
        row_line(-2): [CLARA, MIKA],
        col_line(-2): [ANASTASIA],
        col_line(-1): [SAMUEL],
        col_line(1): [CLARA],
        row_line(1): [MIKA],
    }
    return play_grid(4, cells, cubes)


def points_of(state: SouvenirsState) -> dict[tuple[int, int], tuple[int, str]]:
    return {(line, seat): (points, name) for line, seat, points, name in state.line_scores()}


# --- the rulebook's worked examples ----------------------------------------
def test_clara_11_and_mika_7_for_the_full_house() -> None:
    """Clara reserved the top row first: 11 for the Full House; Mika's cube on top: 7."""
    state = example_game()
    assert state.is_terminal()
    assert state.cubes[row_line(-2)] == (CLARA, MIKA)
    scored = points_of(state)
    assert scored[(row_line(-2), CLARA)] == (11, "full_house")
    assert scored[(row_line(-2), MIKA)] == (7, "full_house")


def test_anastasia_lone_straight_scores_6() -> None:
    """In the left column Anastasia gets 6, as the only one to reserve the Straße."""
    scored = points_of(example_game())
    assert scored[(col_line(-2), ANASTASIA)] == (6, "strasse")


def test_samuel_pair_scores_2() -> None:
    """Samuel gets 2 points for the Pärchen in his reserved column."""
    scored = points_of(example_game())
    assert scored[(col_line(-1), SAMUEL)] == (2, "paerchen")


def test_joker_is_a_1_in_its_column_and_turquoise_in_its_row() -> None:
    """Joker example: Vierling in the column (as a 1), Regenbogen in the row (as turquoise),
    worth more than the Straße the row would give with the joker as a 3."""
    state = example_game()
    assert state.grid[cell_of(1, 1)] == JOKER
    scored = points_of(state)
    assert scored[(col_line(1), CLARA)] == (13, "vierling")
    assert scored[(row_line(1), MIKA)] == (8, "regenbogen")
    assert state.settings.table.value("strasse", 0) < 8


def test_example_totals_and_single_winner() -> None:
    state = example_game()
    assert state.scores() == [24.0, 15.0, 6.0, 2.0]
    assert state.winners() == [CLARA]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]


# --- set-up --------------------------------------------------------------------
def test_deck_is_30_number_cards_and_4_jokers() -> None:
    """Das ist drin: 30 Zahlenkarten (in 5 Farben), 4 Jokerkarten."""
    deck = load_deck()
    counts = deck.counts()
    assert sum(counts) == 34 and counts[JOKER] == 4
    pairs = {(number_of(kind), colour_of(kind)) for kind in range(NUM_KINDS - 1) if counts[kind]}
    assert len(pairs) == 30 and {n for n, _ in pairs} == set(range(1, 7))
    assert deck.colours[3].de == "türkis"


@pytest.mark.parametrize(("players", "cubes"), [(2, 4), (3, 3), (4, 3)])
def test_cubes_three_each_four_with_two_players(players: int, cubes: int) -> None:
    """Je 3 Holzwürfel; zu zweit jeweils 4."""
    assert new_state(players).cubes_left == [cubes] * players


def test_setup_deals_two_cards_each_then_the_start_card() -> None:
    """Je 2 Karten auf die Hand, dann eine Karte offen in die Tischmitte; the first seat draws."""
    state = new_state(3)
    hands = [
        [card("rot 1"), card("joker")],
        [card("gelb 2"), card("gelb 3")],
        [card("lila 6"), card("joker")],
    ]
    deal(state, hands, card("türkis 5"))
    assert [sorted(h) for h in hands] == state.hands
    assert state.grid[cell_of(0, 0)] == card("türkis 5")
    assert state.placed == 1 and sum(state.deck) == 34 - 7
    assert state.phase == DRAW and state.is_chance_node() and state.turn == 0


def test_draw_one_then_play_one_keeps_a_hand_of_two() -> None:
    """Schritt 1: 1 Karte ziehen; Schritt 2: 1 Karte ausspielen."""
    state = new_state(2)
    deal(state, [[card("rot 1"), card("rot 2")], [card("gelb 1"), card("gelb 2")]], card("lila 3"))
    state.apply_action(card("joker"))
    assert state.hands[0] == sorted([card("rot 1"), card("rot 2"), JOKER])
    assert state.legal_actions() == sorted(CARD_BASE + k for k in state.hands[0])
    state.apply_action(CARD_BASE + card("rot 2"))
    assert state.hands[0] == sorted([card("rot 1"), JOKER])
    state.apply_action(CELL_BASE + cell_of(0, 1))
    assert state.grid[cell_of(0, 1)] == card("rot 2")
    assert state.phase == CUBE
    state.apply_action(PASS)
    assert state.turn == 1 and state.phase == DRAW and len(state.hands[0]) == 2


def test_draw_probabilities_follow_the_cards_left() -> None:
    state = new_state(2)
    outcomes = dict(state.chance_outcomes())
    assert outcomes[JOKER] == pytest.approx(4 / 34)
    assert outcomes[card("rot 1")] == pytest.approx(1 / 34)
    state.apply_action(card("rot 1"))
    assert card("rot 1") not in dict(state.chance_outcomes())


# --- the grid ------------------------------------------------------------------
def started(players: int = 2) -> SouvenirsState:
    state = new_state(players)
    hands = [[card("joker"), card("joker")] for _ in range(min(players, 2))]
    hands += [[card("lila 5"), card("lila 6")] for _ in range(players - 2)]
    deal(state, hands, card("rot 3"))
    return state


def test_cards_go_orthogonally_next_to_a_card() -> None:
    """Waagrecht oder senkrecht angrenzend: the four neighbours of the start card, no diagonal."""
    state = started()
    state.apply_action(card("gelb 1"))
    state.apply_action(CARD_BASE + card("gelb 1"))
    cells = {a - CELL_BASE for a in state.legal_actions()}
    assert cells == {cell_of(-1, 0), cell_of(1, 0), cell_of(0, -1), cell_of(0, 1)}
    before = snapshot(state)
    for bad in (cell_of(1, 1), cell_of(0, 2), cell_of(0, 0)):
        with pytest.raises(spieltisch.IllegalActionError):
            state.apply_action(CELL_BASE + bad)
        assert snapshot(state) == before


def test_grid_never_grows_beyond_5x5() -> None:
    """Das Raster darf niemals größer als 5x5 Karten sein: a sixth card in a row is illegal."""
    state = started()
    for col, name in zip((1, 2, 3, 4), ("gelb 1", "gelb 2", "gelb 4", "gelb 5"), strict=True):
        turn(state, card(name), card(name), 0, col)
    state.apply_action(card("grün 1"))
    state.apply_action(CARD_BASE + card("grün 1"))
    legal = {a - CELL_BASE for a in state.legal_actions()}
    assert cell_of(0, -1) not in legal  # would make the grid 6 wide
    assert state.grid[cell_of(0, -1)] == EMPTY
    assert {cell_of(1, c) for c in range(5)} <= legal
    assert {cell_of(-1, c) for c in range(5)} <= legal
    before = snapshot(state)
    with pytest.raises(spieltisch.IllegalActionError):
        state.apply_action(CELL_BASE + cell_of(0, -1))
    assert snapshot(state) == before


def test_grid_of_5_tall_blocks_a_sixth_row() -> None:
    state = started()
    for row, name in zip((-1, -2, 1, 2), ("gelb 1", "gelb 2", "gelb 4", "gelb 5"), strict=True):
        turn(state, card(name), card(name), row, 0)
    state.apply_action(card("grün 1"))
    state.apply_action(CARD_BASE + card("grün 1"))
    legal = {a - CELL_BASE for a in state.legal_actions()}
    assert cell_of(3, 0) not in legal and cell_of(-3, 0) not in legal
    assert cell_of(2, 1) in legal and cell_of(-2, -1) in legal


def test_rows_and_columns_keep_their_identity_as_the_grid_grows() -> None:
    """The grid is not anchored (RULINGS.md Souvenirs 1): a cube stays with its column."""
    state = started()
    turn(state, card("gelb 1"), card("gelb 1"), 0, -1, line=col_line(-1))
    turn(state, card("gelb 2"), card("gelb 2"), 0, -2)
    turn(state, card("gelb 3"), card("gelb 3"), 1, -1)
    assert state.cubes[col_line(-1)] == (0,)
    column = state.line_kinds(col_line(-1))
    assert sorted(column) == sorted([card("gelb 1"), card("gelb 3")])
    assert state.bounds == [0, 1, -2, 0]


# --- the cubes (RULINGS.md Souvenirs 2) ----------------------------------------------
def cube_lines(state: SouvenirsState) -> set[int]:
    return {a - LINE_BASE for a in state.legal_actions() if LINE_BASE <= a < PASS}


def test_cube_only_on_lines_that_hold_a_card() -> None:
    state = started()
    state.apply_action(card("gelb 1"))
    state.apply_action(CARD_BASE + card("gelb 1"))
    state.apply_action(CELL_BASE + cell_of(0, 1))
    assert cube_lines(state) == {row_line(0), col_line(0), col_line(1)}
    assert PASS in state.legal_actions()
    with pytest.raises(spieltisch.IllegalActionError):
        state.apply_action(LINE_BASE + row_line(1))


def test_at_most_two_cubes_per_line_first_and_second() -> None:
    """Bis zu zwei von euch: the second cube lies on the first; then the line is closed."""
    state = started(3)
    turn(state, card("gelb 1"), card("gelb 1"), 0, 1, line=row_line(0))
    turn(state, card("gelb 2"), card("gelb 2"), 0, 2, line=row_line(0))
    assert state.cubes[row_line(0)] == (0, 1)
    state.apply_action(card("gelb 3"))
    state.apply_action(CARD_BASE + card("gelb 3"))
    state.apply_action(CELL_BASE + cell_of(0, 3))
    assert state.turn == 2 and state.phase == CUBE
    assert row_line(0) not in cube_lines(state)
    with pytest.raises(spieltisch.IllegalActionError):
        state.apply_action(LINE_BASE + row_line(0))


def test_one_cube_per_player_per_line() -> None:
    """In jeder Reihe und Spalte maximal einen Holzwürfel pro Person."""
    state = started()
    turn(state, card("gelb 1"), card("gelb 1"), 0, 1, line=row_line(0))
    turn(state, card("gelb 2"), card("gelb 2"), 1, 1)
    state.apply_action(card("gelb 3"))
    state.apply_action(CARD_BASE + card("gelb 3"))
    state.apply_action(CELL_BASE + cell_of(1, 0))
    assert row_line(0) not in cube_lines(state)
    assert {row_line(1), col_line(0), col_line(1)} <= cube_lines(state)


def test_cubes_run_out_and_then_the_cube_step_is_skipped() -> None:
    """3 cubes each with 3 players: after the third, turns end right after the card."""
    state = started(3)
    cells = [(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3), (-1, 0), (-1, 1)]
    names = ["gelb 1", "gelb 2", "gelb 3", "gelb 4", "gelb 5", "gelb 6", "grün 1", "grün 2", "grün 3"]
    lines = [row_line(0), None, None, col_line(0), None, None, col_line(3), None, None]
    for (row, col), name, line in zip(cells, names, lines, strict=True):
        turn(state, card(name), card(name), row, col, line=line)
    assert state.cubes_left == [0, 3, 3]
    turn(state, card("grün 4"), card("grün 4"), -1, 2)  # seat 0 again: no cube step
    assert state.turn == 1 and state.phase == DRAW
    assert sum(line.count(0) for line in state.cubes) == 3


def test_two_players_have_four_cubes() -> None:
    state = started(2)
    for index, (row, col) in enumerate([(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0)]):
        name = ["gelb", "grün"][index % 2] + f" {1 + index // 2}"
        lines = [row_line(0), col_line(0), col_line(2), col_line(3)]
        turn(state, card(name), card(name), row, col, line=lines[index // 2])
    assert state.cubes_left == [0, 0]
    assert sum(line.count(0) for line in state.cubes) == 4
    assert sum(line.count(1) for line in state.cubes) == 4


# --- the end (RULINGS.md Souvenirs 3) -----------------------------------------------
def full_grid_rows() -> list[list[str]]:
    return [
        [f"{colour} {number}" for colour in ("rot", "gelb", "grün", "türkis", "lila")]
        for number in range(1, 6)
    ]


def test_game_ends_at_the_25th_card_without_a_cube() -> None:
    """Das Spiel endet, sobald das 5x5-Raster vollständig ist; no cube after the 25th card."""
    cells = grid_from_rows(full_grid_rows())
    state = play_grid(3, cells)
    assert state.is_terminal() and state.placed == 25
    assert state.legal_actions() == []
    assert all(left > 0 for left in state.cubes_left)  # cubes were still in hand, no step came
    with pytest.raises(spieltisch.IllegalActionError):
        state.apply_action(PASS)


def test_the_24th_card_still_allows_a_cube_the_25th_does_not() -> None:
    state = new_state(2)
    rows = full_grid_rows()
    cells = grid_from_rows(rows)
    hands = [[card("lila 6"), card("türkis 6")], [card("grün 6"), card("gelb 6")]]
    deal(state, hands, cells[(0, 0)])
    order = sorted(cells, key=lambda rc: (rc[0] + rc[1], rc))[1:]
    for index, (row, col) in enumerate(order):
        kind = cells[(row, col)]
        state.apply_action(kind)
        state.apply_action(CARD_BASE + kind)
        state.apply_action(CELL_BASE + cell_of(row, col))
        if index < len(order) - 1:
            assert state.phase == CUBE
            state.apply_action(PASS)
    assert state.is_terminal()


def test_unplaced_cubes_score_nothing_and_a_tie_is_a_shared_victory() -> None:
    """Nicht platzierte Holzwürfel geben keine Punkte; bei Gleichstand teilt ihr euch den Sieg."""
    cells = grid_from_rows(full_grid_rows())  # every row a Fünfling, every column a Flush
    state = play_grid(3, cells, {row_line(0): [0], row_line(1): [1]})
    assert state.scores() == [16.0, 16.0, 0.0]
    assert state.winners() == [0, 1]
    assert state.returns() == [1.0, 1.0, 0.0]


def test_everyone_without_points_shares_the_victory() -> None:
    state = play_grid(2, grid_from_rows(full_grid_rows()))
    assert state.scores() == [0.0, 0.0] and state.winners() == [0, 1]


def test_second_cube_scores_the_lower_value() -> None:
    cells = grid_from_rows(full_grid_rows())
    state = play_grid(2, cells, {col_line(2): [1, 0]})
    assert state.scores() == [6.0, 10.0]  # Flush (also a Straße): 10 first, 6 second


def test_a_row_of_one_number_in_five_colours_is_a_fuenfling_not_a_regenbogen() -> None:
    """RULINGS.md Souvenirs 5 on the table: the row scores 16, never the Regenbogen's 8."""
    state = play_grid(2, grid_from_rows(full_grid_rows()), {row_line(3): [0]})
    assert points_of(state)[(row_line(3), 0)] == (16, "fuenfling")


# --- errors and options -----------------------------------------------------------
def test_illegal_actions_raise_and_change_nothing() -> None:
    state = started()
    state.apply_action(card("gelb 1"))
    before = snapshot(state)
    for bad in (CARD_BASE + card("lila 1"), CELL_BASE + cell_of(0, 1), PASS, -1, 10_000):
        with pytest.raises(spieltisch.IllegalActionError):
            state.apply_action(bad)
        assert snapshot(state) == before
    assert state.phase == CARD


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_is_2_to_4(players: int) -> None:
    with pytest.raises(spieltisch.OptionError, match="2-4 players"):
        spieltisch.load_game("souvenirs", players=players)


def test_unknown_option_names_the_allowed_ones() -> None:
    with pytest.raises(spieltisch.OptionError, match="score_table"):
        spieltisch.load_game("souvenirs", players=2, cubes=5)


def test_labels_in_english_and_german() -> None:
    state = started()
    state.apply_action(card("gelb 1"))
    assert state.action_to_string(CARD_BASE + card("gelb 1")) == "play yellow 1"
    assert state.action_label(CARD_BASE + card("gelb 1"), "de") == "ausspielen: gelb 1"
    state.apply_action(CARD_BASE + card("gelb 1"))
    assert state.action_to_string(CELL_BASE + cell_of(0, -1)) == "place at row 0 column -1"
    state.apply_action(CELL_BASE + cell_of(0, -1))
    assert state.action_to_string(LINE_BASE + col_line(-1)) == "cube on column -1"
    assert state.action_label(LINE_BASE + row_line(0), "de") == "Holzwürfel an Reihe 0"
    text = state.render_text(0, "de")
    assert "Joker, Joker" in text and "ge1" in text


def test_view_hides_other_hands() -> None:
    state = started()
    assert state.view(0)["hand"] == [JOKER, JOKER]
    assert "hand" not in state.view(None)
    assert state.view(1)["hand_sizes"] == [2, 2]


# --- properties ------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_random_games_fill_the_grid_and_score_every_reserved_line(seed: int, players: int) -> None:
    """Property: every game fills all 25 cells within a 5x5 box; scores are the lines' best."""
    state = new_state(players)
    rng = random.Random(seed)
    while not state.is_terminal():
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_action(action)
    state.check_invariants()
    assert state.placed == 25
    low_row, high_row, low_col, high_col = state.bounds
    assert high_row - low_row == 4 and high_col - low_col == 4
    table = state.settings.table
    totals = Counter[int]()
    for line, seats in enumerate(state.cubes):
        kinds = state.line_kinds(line)
        if seats:
            assert len(kinds) == 5
        for rank, seat in enumerate(seats):
            totals[seat] += table.best(
                [None if k == JOKER else (number_of(k), colour_of(k)) for k in kinds], rank
            )[1]
    assert state.scores() == [float(totals[seat]) for seat in range(players)]
    assert sum(state.deck) == 34 - 2 * players - 25


def test_card_phase_offers_each_kind_once() -> None:
    state = new_state(2)
    deal(state, [[JOKER, JOKER], [card("rot 1"), card("rot 2")]], card("gelb 3"))
    state.apply_action(JOKER)
    assert state.phase == CARD and state.hands[0] == [JOKER] * 3
    assert state.legal_actions() == [CARD_BASE + JOKER]


def test_resample_redeals_only_what_the_seat_cannot_see() -> None:
    """Other hands are redealt from unseen cards; the own hand, grid and cubes stay."""
    state = started(3)
    turn(state, card("gelb 1"), card("gelb 1"), 0, 1, line=row_line(0))
    state.apply_action(card("gelb 2"))
    hands_seen = set()
    for seed in range(20):
        other = state.resample_from_infostate(0, random.Random(seed))
        other.check_invariants()
        assert other.hands[0] == state.hands[0]
        assert other.grid == state.grid and other.cubes == state.cubes
        assert other.view(0) == state.view(0)
        assert other.observation_tensor(0) == state.observation_tensor(0)
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        hands_seen.add(tuple(other.hands[1]))
    assert len(hands_seen) > 1


def test_observation_shows_own_hand_not_others() -> None:
    state = new_state(2)
    deal(state, [[card("rot 1"), card("rot 2")], [card("gelb 1"), JOKER]], card("lila 3"))
    size = state.game.observation_shape()[0]
    mine, theirs = state.observation_tensor(0), state.observation_tensor(1)
    assert len(mine) == len(theirs) == size
    assert mine != theirs
    twin = state.clone()
    twin.hands[1], twin.deck[card("gelb 1")], twin.deck[card("grün 6")] = [card("grün 6"), JOKER], 1, 0
    twin.check_invariants()
    assert twin.observation_tensor(0) == mine
    assert twin.observation_tensor(1) != theirs


def test_the_draw_is_unnamed_in_public_and_a_played_card_is_named() -> None:
    """The drawn card goes into a hidden hand; the card played leaves it face up."""
    state = new_state(2)
    deal(state, [[card("rot 1"), card("gelb 2")], [card("grün 3"), card("lila 4")]], card("türkis 5"))
    drawn = card("rot 3")
    assert state.public_action_label(drawn) is None
    state.apply_action(drawn)
    play = CARD_BASE + drawn
    assert state.public_action_label(play) == state.action_label(play)
    assert state.public_action_label(play, "de") == state.action_label(play, "de")
    other = state.resample_from_infostate(1, random.Random(4))
    assert other.hands[0] != state.hands[0]  # seat 1 cannot see the mover's hand
    if play in other.legal_actions():
        assert other.public_action_label(play) == state.public_action_label(play)
