"""Calcory rules (rules/calcory.de.txt, RULINGS.md Calcory), each in a position forced by the deal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from calcory_helpers import cell, cover, deal, give_back, place, pos, small_deck, stop, turn

from spieltisch.core.contract import CHANCE, TERMINAL, IllegalActionError
from spieltisch.core.options import OptionError
from spieltisch.core.registry import load_game
from spieltisch.core.snapshot import snapshot
from spieltisch.games.calcory.game import CalcoryGame
from spieltisch.games.calcory.phases import BUST, DOWN, EMPTY, OFFER, PLACE, RETURN, TURN


# --- Vorbereitung: 60 cards from the data file, laid 6 x 10 face down --------------------------
def test_vorbereitung_sixty_cards_six_of_each_digit_laid_six_by_ten() -> None:
    game = load_game("calcory", 2)
    assert isinstance(game, CalcoryGame)
    assert game.settings.deck.counts == (6,) * 10 and (
        game.settings.deck.rows,
        game.settings.deck.columns,
    ) == (6, 10)
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(d, 6 / 60) for d in range(10)]
    for _ in range(6):
        state.apply_action(0)
    assert 0 not in state.legal_actions()
    assert dict(state.chance_outcomes())[1] == pytest.approx(6 / 54)
    assert state.action_to_string(3) == "deal 3 at A7"


def test_after_the_deal_every_card_lies_face_down_and_seat_0_starts() -> None:
    state = deal(3)
    assert state.current_player() == 0 and state.phase == TURN
    assert state.view(None)["cells"] == ["?"] * 60
    assert state.legal_actions() == list(range(60))  # no stop before a card is turned


# --- 4a Gesprengt ----------------------------------------------------------------------------
def test_gesprengt_bust_above_13_turns_the_cards_face_down() -> None:
    state = deal(2, [9, 5])
    turn(state, "A1")
    assert cell(state, 1, "A1") == 9 and state.turn_sum == 9
    turn(state, "A2")
    # Everybody sees the card that bust; then the player turns the cards back.
    assert state.phase == BUST and state.current_player() == 0 and cell(state, 1, "A2") == 5
    assert state.legal_actions() == [state.settings.actions.cover]
    cover(state)
    assert state.current_player() == 1
    assert cell(state, 1, "A1") == "?" and cell(state, 1, "A2") == "?"
    assert state.piles == [[], []] and state.turn_sum == 0
    assert state.view(None)["recent"][-1] == {"seat": 0, "result": "bust", "cards": 2}


def test_gesprengt_bust_on_the_second_zero_even_below_13() -> None:
    state = deal(2, [0, 3, 0])
    turn(state, "A1", "A2")
    assert state.current_player() == 0 and state.turn_sum == 3  # one 0 is harmless
    turn(state, "A3")
    assert state.phase == BUST and state.view(None)["cells"][:3] == [0, 3, 0]
    cover(state)
    assert state.current_player() == 1
    assert state.view(None)["recent"][-1]["result"] == "bust"
    assert state.status[pos(state, "A3")] == DOWN


# --- 4b Treffer, Aufnehmen 1 -----------------------------------------------------------------
def test_treffer_hit_takes_the_cards_and_returns_one_face_down_known_only_to_its_owner() -> None:
    state = deal(2, [4, 0, 9])
    turn(state, "A1", "A2", "A3")
    assert state.phase == RETURN and state.current_player() == 0
    actions = state.settings.actions
    assert state.legal_actions() == [actions.encode_return(d) for d in (0, 4, 9)]
    assert state.view(1)["return_choices"] == [0, 4, 9]  # the hit was seen by all
    give_back(state, 9)
    assert state.phase == PLACE
    assert state.view(0)["holding"] == 9 and state.view(1)["holding"] is None
    places = [actions.decode(a).position for a in state.legal_actions()]
    assert places == [pos(state, label) for label in ("A1", "A2", "A3")]  # only empty positions
    place(state, "A2")
    assert state.current_player() == 1
    assert sorted(state.piles[0]) == [0, 4] and state.scores() == [2.0, 0.0]
    assert state.view(0)["known"] == {"A2": 9} and cell(state, 0, "A2") == "?"
    assert state.view(1)["known"] == {} and state.view(None)["known"] == {}
    assert state.view(1)["pile"] == [] and state.view(0)["pile"] == [0, 4]
    assert cell(state, 1, "A1") is None and cell(state, 1, "A3") is None


def test_treffer_the_returned_card_may_go_to_any_empty_position() -> None:
    state = deal(2, [4, 9])
    turn(state, "A1", "A2")
    give_back(state, 4)
    place(state, "A1")  # back where it came from is allowed too
    assert state.status[0] == DOWN and state.known[0] == 0 and state.cards[0] == 4


def test_a_returned_card_once_turned_up_is_no_longer_private() -> None:
    state = deal(2, [4, 9, 3])
    turn(state, "A1", "A2")
    give_back(state, 9)
    place(state, "A1")
    turn(state, "A1")  # seat 1 turns the returned 9: now everybody sees it
    assert cell(state, 1, "A1") == 9 and state.view(0)["known"] == {}
    turn(state, "A3")  # 12
    stop(state)  # beats nothing, so it stands as an offer; covered when beaten or taken
    assert state.known == [-1] * 60


# --- 4c Liegenlassen, 5 Überbieten ---------------------------------------------------------
def test_liegenlassen_a_stop_below_13_becomes_the_marked_offer() -> None:
    state = deal(2, [5, 4])
    turn(state, "A1", "A2")
    stop(state)
    assert state.current_player() == 1
    offer = state.view(1)["offer"]
    assert offer == {"owner": 0, "cells": ["A1", "A2"], "sum": 9, "cards": 2}
    assert cell(state, 1, "A1") == 5 and state.status[0] == OFFER
    # Marked cards cannot be turned (or used) by others.
    assert 0 not in state.legal_actions() and 1 not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply_action(0)
    assert snapshot(state) == before


def test_ueberbieten_a_higher_sum_beats_the_offer() -> None:
    state = deal(2, [5, 4, 6, 4])
    turn(state, "A1", "A2")
    stop(state)
    turn(state, "A3", "A4")
    stop(state)
    assert state.view(0)["offer"] == {"owner": 1, "cells": ["A3", "A4"], "sum": 10, "cards": 2}
    assert cell(state, 0, "A1") == "?" and cell(state, 0, "A2") == "?"  # the beaten offer is covered
    assert state.view(None)["recent"][-1]["result"] == "beat"


def test_unterbieten_a_lower_sum_is_turned_face_down() -> None:
    state = deal(2, [5, 4, 6, 2])
    turn(state, "A1", "A2")
    stop(state)
    turn(state, "A3", "A4")
    stop(state)
    assert cell(state, 0, "A3") == "?" and cell(state, 0, "A4") == "?"
    recent = state.view(None)["recent"]
    assert [e["result"] for e in recent[-2:]] == ["fail", "took"]  # seat 0's offer stood


def test_gleichziehen_an_equal_sum_with_more_cards_beats() -> None:
    state = deal(2, [5, 4, 2, 3, 4])
    turn(state, "A1", "A2")
    stop(state)
    turn(state, "A3", "A4", "A5")
    stop(state)
    assert state.offer_owner == 1 and state.offer_sum == 9 and len(state.offer) == 3


def test_gleichziehen_an_equal_sum_with_as_many_cards_does_not_beat() -> None:
    state = deal(2, [5, 4, 6, 3])
    turn(state, "A1", "A2")
    stop(state)
    turn(state, "A3", "A4")
    stop(state)
    # Seat 0's offer stood, so seat 0 takes it at once (Aufnehmen 2).
    assert state.phase == RETURN and state.current_player() == 0
    assert [e["result"] for e in state.view(None)["recent"][-2:]] == ["fail", "took"]
    assert sorted(state.taken) == [4, 5] and cell(state, 0, "A3") == "?"


def test_gleichziehen_an_equal_sum_with_fewer_cards_does_not_beat() -> None:
    state = deal(2, [2, 3, 4, 5, 4])
    turn(state, "A1", "A2", "A3")
    stop(state)
    turn(state, "A4", "A5")
    stop(state)
    assert state.view(None)["recent"][-2] == {"seat": 1, "result": "fail", "cards": 2}


def test_a_hit_beats_the_offer_too() -> None:
    state = deal(2, [5, 4, 9, 4])
    turn(state, "A1", "A2")
    stop(state)
    turn(state, "A3", "A4")
    assert state.phase == RETURN and state.current_player() == 1
    assert state.offer_owner == -1
    assert cell(state, 1, "A1") == "?" and cell(state, 1, "A2") == "?"


# --- 2 Karten -------------------------------------------------------------------------------
def test_two_cards_a_player_without_collected_cards_must_turn_two() -> None:
    state = deal(2, [5, 4, 9, 4, 7, 1, 2])
    stop_id = state.settings.actions.stop
    turn(state, "A1")
    assert stop_id not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        stop(state)
    turn(state, "A2")
    assert stop_id in state.legal_actions()
    stop(state)
    # Seat 1 hits (9 + 4) and so holds cards: from then on one card is enough.
    turn(state, "A3", "A4")
    give_back(state, 9)
    place(state, "A3")
    turn(state, "A5", "A6", "A7")  # seat 0: 7 + 1 + 2 = 10, and stops
    stop(state)
    turn(state, "A1")
    assert stop_id in state.legal_actions()


def test_two_cards_or_all_that_are_left(tmp_path: Path) -> None:
    # One row: A1=4 A2=9 A3=1 A4=2 A5=5; three players.
    state = deal(3, [4, 9, 1, 2, 5], deck_file=small_deck(tmp_path, [4, 9, 1, 2, 5]))
    turn(state, "A1", "A2")  # seat 0 hits and returns the 9 to A1
    give_back(state, 9)
    place(state, "A1")
    turn(state, "A3", "A4", "A5")  # seat 1: 8, an offer
    stop(state)
    assert state.piles[2] == [] and state.downs == [pos(state, "A1")]
    turn(state, "A1")  # seat 2 has no cards and turns the only face-down card
    assert state.legal_actions() == [state.settings.actions.stop]
    stop(state)
    assert state.offer_owner == 2 and state.offer == [pos(state, "A1")]


# --- Aufnehmen 2 ---------------------------------------------------------------------------
def test_aufnehmen_2_the_owner_takes_an_unbeaten_offer_and_returns_one() -> None:
    state = deal(2, [5, 4, 9, 6])
    turn(state, "A1", "A2")
    stop(state)
    turn(state, "A3", "A4")  # seat 1 busts
    cover(state)
    assert state.current_player() == 0 and state.phase == RETURN
    assert state.view(None)["recent"][-1] == {"seat": 0, "result": "took", "cards": 2}
    assert state.offer == [] and state.offer_owner == -1
    give_back(state, 5)
    place(state, "A2")
    assert state.piles[0] == [4] and state.known[pos(state, "A2")] == 0
    assert state.current_player() == 1 and state.phase == TURN  # seat 0 turned nothing this turn


def test_aufnehmen_2_with_equal_digits_skips_the_choice_of_the_card() -> None:
    state = deal(2, [5, 5, 9, 6])
    turn(state, "A1", "A2")
    stop(state)
    turn(state, "A3", "A4")
    cover(state)
    assert state.phase == PLACE and state.current_player() == 0 and state.holding == 5


# --- 6 Spielende ----------------------------------------------------------------------------
def test_einzelkarte_taking_a_single_card_keeps_it_and_ends_the_game() -> None:
    state = deal(2, [4, 9, 8, 8, 7, 3, 2])
    turn(state, "A1", "A2")  # seat 0 hits 13
    give_back(state, 4)
    place(state, "A2")
    turn(state, "A3", "A4")  # seat 1 busts
    cover(state)
    turn(state, "A5")  # seat 0 holds cards: turns one 7 and stops
    stop(state)
    turn(state, "A6", "A7")  # seat 1: 3 + 2 = 5 does not beat 7
    stop(state)
    assert state.current_player() == TERMINAL and state.end == "single card"
    assert sorted(state.piles[0]) == [7, 9] and state.scores() == [2.0, 0.0]
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]
    assert state.status[pos(state, "A5")] == EMPTY


def test_shared_victory_after_a_single_card_ending(tmp_path: Path) -> None:
    # One row: A1=4 A2=9 A3=1 A4=2 A5=5; three players.
    state = deal(3, [4, 9, 1, 2, 5], deck_file=small_deck(tmp_path, [4, 9, 1, 2, 5]))
    turn(state, "A1", "A2")  # seat 0 hits and returns the 9 to A1
    give_back(state, 9)
    place(state, "A1")
    turn(state, "A3", "A4", "A5")  # seat 1: 8, an offer
    stop(state)
    turn(state, "A1")  # seat 2, without cards, turns the last face-down card: 9
    assert state.settings.actions.stop in state.legal_actions()  # all that was left
    stop(state)  # 9 beats 8
    turn(state, "A3")  # seat 0: 1 does not beat 9
    stop(state)
    turn(state, "A4", "A5")  # seat 1: 7 does not beat 9
    stop(state)
    assert state.is_terminal() and state.end == "single card"
    assert state.scores() == [1.0, 0.0, 1.0]
    assert state.winners() == [0, 2] and state.returns() == [1.0, 0.0, 1.0]


def test_nothing_to_turn_while_an_offer_stands_passes_the_turn_to_the_owner(tmp_path: Path) -> None:
    # One row: A1=4 A2=9 A3=1 A4=2; three players.
    state = deal(3, [4, 9, 1, 2], deck_file=small_deck(tmp_path, [4, 9, 1, 2]))
    turn(state, "A1", "A2")
    give_back(state, 9)
    place(state, "A1")
    turn(state, "A3", "A4", "A1")  # seat 1: 1 + 2 + 9 = 12 with every card on the table
    stop(state)
    # Seats 2 and 0 cannot turn anything and are passed; seat 1 takes its offer.
    recent = state.view(None)["recent"]
    assert [(e["seat"], e["result"]) for e in recent[-4:]] == [
        (1, "offer"),
        (2, "skip"),
        (0, "skip"),
        (1, "took"),
    ]
    assert state.current_player() == 1 and state.phase == RETURN


def test_nothing_left_and_no_offer_ends_the_game() -> None:
    """RULINGS.md Calcory 5. Play cannot reach it (a card always goes back), so the position is built."""
    state = deal(2, [4, 9])
    turn(state, "A1", "A2")
    give_back(state, 9)
    place(state, "A1")
    # Build: seat 0 also holds the returned 9, the table is empty and no offer stands.
    state.cards[0], state.status[0], state.known[0] = -1, EMPTY, -1
    state.downs = [p for p in state.downs if p != 0]
    state.piles[0].append(9)
    for p in list(state.downs):
        state.piles[1].append(state.cards[p])
        state.cards[p], state.status[p] = -1, EMPTY
    state.downs = []
    state.check_invariants()
    state._begin_turn()
    assert state.is_terminal() and state.end == "nothing left"
    assert state.winners() == [1]


def test_idle_turn_limit_ends_a_game_in_which_nobody_takes_cards() -> None:
    state = deal(2, [9, 5, 8, 6], idle_turn_limit=2)
    turn(state, "A1", "A2")
    cover(state)
    assert not state.is_terminal()
    turn(state, "A3", "A4")
    cover(state)
    assert state.is_terminal() and state.end == "idle"
    assert state.winners() == [0, 1]  # nobody has cards: a shared victory


def test_taking_cards_resets_the_idle_count() -> None:
    state = deal(2, [9, 5, 4, 9, 8, 6], idle_turn_limit=2)
    turn(state, "A1", "A2")  # bust: 1
    cover(state)
    turn(state, "A3", "A4")  # seat 1 hits
    assert state.idle == 0
    give_back(state, 4)
    place(state, "A3")
    turn(state, "A5", "A6")  # bust: 1
    cover(state)
    assert not state.is_terminal() and state.idle == 1


# --- errors ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"idle_turn_limit": -1}, "out of range"),
        ({"deck_file": "/nonexistent/deck.toml"}, "cannot read"),
        ({"colours": 3}, "has no option colours"),
    ],
)
def test_bad_options_are_clear_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        load_game("calcory", 2, **options)


def test_a_deck_that_does_not_fill_the_layout_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[layout]\nrows = 6\ncolumns = 10\n[cards]\ncounts = [5,6,6,6,6,6,6,6,6,6]\n")
    with pytest.raises(OptionError, match="59 cards do not fill the 6x10 layout"):
        load_game("calcory", 2, deck_file=str(path))
    path.write_text("[layout]\nrows = 6\n")
    with pytest.raises(OptionError, match="needs \\[layout\\] rows, columns"):
        load_game("calcory", 2, deck_file=str(path))


def test_player_count_is_two_to_four() -> None:
    for players in (1, 5):
        with pytest.raises(OptionError, match="2-4 players"):
            load_game("calcory", players)


def test_illegal_moves_raise_and_change_nothing() -> None:
    state = deal(2, [4, 9])
    turn(state, "A1", "A2")
    before = snapshot(state)
    for action in (
        pos(state, "A3"),
        state.settings.actions.stop,
        state.settings.actions.encode_place(0),
        state.settings.actions.encode_return(5),
    ):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
        assert snapshot(state) == before
    give_back(state, 9)
    with pytest.raises(IllegalActionError):
        place(state, "A3")  # not empty


# --- names ----------------------------------------------------------------------------------
def test_action_names_in_english_and_german() -> None:
    state = deal(2, [4, 9])
    game = state.game
    actions = game.settings.actions
    assert state.action_to_string(pos(state, "B7")) == "turn B7"
    assert state.action_label(pos(state, "B7"), "de") == "Karte B7 aufdecken"
    assert state.action_to_string(actions.stop) == "stop (leave the cards lying)"
    assert state.action_to_string(actions.encode_return(4)) == "return a 4 face down"
    assert state.action_to_string(actions.encode_place(12)) == "put the card back at B3"
    assert state.action_label(actions.encode_place(12), "de") == "die Karte auf B3 zurücklegen"


def test_a_move_has_one_name_per_language() -> None:
    """`action_to_string` is the English label, for every legal move of a played game."""
    state = deal(2, [4, 9, 8, 8, 4])
    rng = random.Random(3)
    while not state.is_terminal():
        for action in state.legal_actions():
            assert state.action_to_string(action) == state.action_label(action, "en")
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_returned_digit_is_not_named_in_public() -> None:
    """Aufnehmen 1: the card goes back face down, so others learn where, not which digit."""
    state = deal(2, first=(6, 7, 2))
    turn(state, "A1", "A2")  # 6 + 7 = 13: a hit
    back = state.settings.actions.encode_return(6)
    assert state.action_label(back) == "return a 6 face down"
    assert state.public_action_label(back) == "return a card face down"
    assert state.public_action_label(back, "de") == "eine Karte verdeckt zurücklegen"
    give_back(state, 6)
    put = state.settings.actions.encode_place(pos(state, "A1"))
    assert state.public_action_label(put) == state.action_label(put) == "put the card back at A1"
