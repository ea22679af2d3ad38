"""The turn cap: a digital safety cap that scales with the players, can be off and says when it decided."""

from __future__ import annotations

import random

from allegra_table import build, draw_from_pile

from spieltisch import load_game
from spieltisch.core.contract import UNBOUNDED, SafetyCap
from spieltisch.core.play import sample_chance
from spieltisch.games.allegra import actions as A
from spieltisch.games.allegra.game import TURNS_PER_PLAYER
from spieltisch.games.allegra.phases import OVER
from spieltisch.games.allegra.rules import AllegraState


def test_the_default_scales_with_the_players_and_zero_is_off() -> None:
    for players in (2, 4, 6):
        game = load_game("allegra", players)
        assert game.options["turn_cap"] == TURNS_PER_PLAYER * players
        assert game.safety_caps() == [
            SafetyCap("turn_cap", TURNS_PER_PLAYER * players, "turns of a game before its final round")
        ]
    off = load_game("allegra", 3, turn_cap=0)
    assert off.max_game_length() == UNBOUNDED and off.safety_caps()[0].limit == 0
    assert load_game("allegra", 3, turn_cap=40).max_game_length() < load_game("allegra", 3).max_game_length()


def test_a_capped_game_says_so_in_its_end_view_and_table() -> None:
    state = build(3, {}, turn_cap=2, knocking=False)
    for turn in range(2):
        assert state.cap_counters() == {"turn_cap": turn}
        draw_from_pile(state, 5)
        state.apply_action(A.DISCARD_DRAWN)
        state.apply_action(state.legal_actions()[0])
    assert state.phase == OVER and state.triggers == [-1]
    reason = state.end_reason()
    assert reason is not None and (reason.kind, reason.capped) == ("safety_cap", True)
    assert "safety cap of 2 turns" in reason.text
    assert "Sicherheitsgrenze von 2 Zügen" in state.end_reason("de").text  # type: ignore[union-attr]
    view = state.view(None)
    assert view["capped"] == [True] and view["turn_cap"] == 2
    assert "ended by the safety cap" in " ".join(state.render_text(None).split())  # wrapped to fit
    assert all(len(lines) == 1 for lines in state.score_breakdown())  # no trigger, nothing doubled


def test_with_the_cap_off_games_end_by_the_rules() -> None:
    game = load_game("allegra", 2, turn_cap=0)
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(game.heuristic_action(state, rng))
    assert state.view(None)["capped"] == [False] and state.triggers[0] >= 0


def test_the_table_says_doubled_where_the_trigger_doubles() -> None:
    state = build(4, {(0, "AL"): 4}, up=[(1, r + c) for r in "ABC" for c in "L123R" if r + c != "AR"])
    draw_from_pile(state, 5)
    for _ in range(3):
        state.apply_action(A.NO_KNOCK)
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(0)  # AL: seat 1's last face-down card, shared with seat 0
    while state.phase != OVER:
        draw_from_pile(state, 5)
        while state.current_player() != state.active:
            state.apply_action(A.NO_KNOCK)
        state.apply_action(A.DISCARD_DRAWN)
        state.apply_action(state.legal_actions()[0])
    assert isinstance(state, AllegraState)
    doubled = state.results[0][1]
    assert f"Seat 2: {doubled} (doubled)" in state.render_text(None)
    assert f"Platz 2: {doubled} (verdoppelt)" in state.render_text(None, "de")
