"""The Calcory heuristic bot (strength, sensible choices) and the terminal text."""

from __future__ import annotations

import random

from calcory_helpers import cover, deal, give_back, place, pos, stop, turn

from spieltisch.games.calcory.game import CalcoryGame
from spieltisch.games.calcory.rules import CalcoryState
from spieltisch.lab.arena import play_match


def test_heuristic_beats_random_with_two_players() -> None:
    match = play_match("calcory", ["heuristic", "random"], 150, seed=11)
    low, _ = match.wilson_interval("heuristic")
    assert low > 1 / 2


def test_heuristic_beats_random_with_four_players() -> None:
    match = play_match("calcory", ["heuristic", "random", "random", "random"], 60, seed=12)
    low, _ = match.wilson_interval("heuristic")
    assert low > 1 / 4


def choice(state: CalcoryState) -> str:
    return state.action_to_string(state.game.heuristic_action(state, random.Random(0)))


def test_heuristic_turns_its_own_put_back_card_for_a_hit() -> None:
    state = deal(2, [4, 9, 8, 8, 4])
    turn(state, "A1", "A2")  # seat 0 hits and keeps the 9 hidden at A2
    assert choice(state) == "return a 9 face down"
    give_back(state, 9)
    place(state, "A2")
    turn(state, "A3", "A4")  # seat 1 busts
    cover(state)
    turn(state, "A5")  # seat 0: 4, and knows the 9 lies at A2
    assert choice(state) == "turn A2"


def lead_position(leader: int) -> CalcoryState:
    """Seat 0 holds 3 cards, seat 1 one card; `leader` is to move with a 9 turned."""
    state = deal(2, [4, 0, 1, 8, 5, 8, 7, 7, 9, 9])
    turn(state, "A1", "A2", "A3", "A4")  # seat 0 hits with four cards
    give_back(state, 1)
    place(state, "A3")
    turn(state, "A5", "A6")  # seat 1 hits with two
    give_back(state, 8)
    place(state, "A6")
    if leader == 1:
        turn(state, "A7", "A8")  # seat 0 busts
        cover(state)
    turn(state, "A9")
    return state


def test_heuristic_ends_the_game_with_a_single_card_when_leading() -> None:
    state = lead_position(0)
    assert state.scores() == [3.0, 1.0] and state.turn_sum == 9
    assert choice(state) == "stop (leave the cards lying)"


def test_heuristic_does_not_end_the_game_when_behind() -> None:
    state = lead_position(1)
    assert state.current_player() == 1 and state.turn_sum == 9
    assert choice(state) != "stop"


def test_heuristic_stops_on_twelve() -> None:
    state = deal(2, [5, 7])
    turn(state, "A1", "A2")
    assert choice(state) == "stop (leave the cards lying)"


def test_render_text_hides_cards_and_speaks_german() -> None:
    state = deal(2, [4, 9, 5, 4])
    turn(state, "A1", "A2")
    give_back(state, 9)
    place(state, "A1")
    turn(state, "A3", "A4")
    stop(state)
    own = state.render_text(0, "de")
    other = state.render_text(1, "de")
    assert "(9)" in own and "(9)" not in other  # only seat 0 knows its returned card
    assert "<5>" in own and "<4>" in own and "Vorgelegt von Platz 2" in own
    assert "Deine Karten: 4" in own
    assert "Deine Karten: -" in other
    english = state.render_text(None, "en")
    assert "Standing offer of seat 2: 5 + 4 = 9 (2 cards)" in english
    assert english.splitlines()[1].startswith(" A   #   .  <5> <4>  # ")
    assert state.view(None)["cells"][pos(state, "A1")] == "?"


def test_rollout_policy_plays_legal_moves_and_beats_random() -> None:
    from spieltisch.core.play import sample_chance
    from spieltisch.core.registry import load_game

    game = load_game("calcory", 2)
    assert isinstance(game, CalcoryGame)
    wins = 0.0
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            elif state.current_player() == seed % 2:
                action = game.rollout_action(state, rng)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        winners = state.winners()
        wins += 1 / len(winners) if seed % 2 in winners else 0.0
    assert wins / 60 > 0.7
