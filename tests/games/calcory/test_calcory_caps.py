"""The idle-turn cap: a digital safety cap that scales with the players and can be switched off."""

from __future__ import annotations

from calcory_helpers import cover, deal, turn

from spieltisch import load_game
from spieltisch.core.contract import UNBOUNDED, SafetyCap
from spieltisch.games.calcory.game import IDLE_TURNS_PER_PLAYER


def test_the_default_scales_with_the_players() -> None:
    for players in (2, 3, 4):
        game = load_game("calcory", players)
        limit = IDLE_TURNS_PER_PLAYER * players
        assert game.options["idle_turn_limit"] == limit
        counts = "played turns in a row in which nobody took cards"
        assert game.safety_caps() == [SafetyCap("idle_turn_limit", limit, counts)]
        assert game.new_initial_state().view(None)["idle_turn_limit"] == limit


def test_zero_switches_the_cap_off() -> None:
    assert load_game("calcory", 2, idle_turn_limit=0).max_game_length() == UNBOUNDED
    state = deal(2, [9, 5, 8, 6, 9, 7], idle_turn_limit=0)
    for first, second in (("A1", "A2"), ("A3", "A4"), ("A5", "A6")):
        turn(state, first, second)  # every turn busts: nobody takes
        cover(state)
    assert not state.is_terminal() and state.cap_counters() == {"idle_turn_limit": 3}
    state.check_invariants()
    assert "Turns without taking" not in state.render_text(0)


def test_the_counter_counts_idle_turns_up_to_the_cap() -> None:
    state = deal(2, [9, 5, 8, 6], idle_turn_limit=2)
    assert state.cap_counters() == {"idle_turn_limit": 0}
    turn(state, "A1", "A2")
    cover(state)
    assert state.cap_counters() == {"idle_turn_limit": 1}
    assert "Turns without taking: 1 of 2" in state.render_text(0)
    turn(state, "A3", "A4")
    cover(state)
    assert state.is_terminal() and state.cap_counters() == {"idle_turn_limit": 2}
    assert state.end_reason().capped  # type: ignore[union-attr]
