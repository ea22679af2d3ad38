"""LEVEL 8's safety caps (RULINGS.md, "Safety caps"): round_turns stalls a round, which is
dealt again with levels unchanged; only stall_rounds stalled rounds in a row end the game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_level8_rules import never_out

from spieltisch.core.contract import UNBOUNDED, SafetyCap
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.games.level8.game import ROUND_TURNS_PER_PLAYER, Level8Game
from spieltisch.games.level8.phases import DEAL
from spieltisch.games.level8.rules import Ending, Level8State


def test_round_turns_default_scales_with_the_players() -> None:
    for players in range(2, 7):
        game = Level8Game(players)
        assert game.options["round_turns"] == ROUND_TURNS_PER_PLAYER * players
        assert game.options["stall_rounds"] == 3
        assert [(cap.option, cap.limit) for cap in game.safety_caps()] == [
            ("round_turns", ROUND_TURNS_PER_PLAYER * players),
            ("stall_rounds", 3),
        ]
    given_caps = load_game("level8", 4, round_turns=40, stall_rounds="0").safety_caps()
    assert [cap.limit for cap in given_caps] == [40, 0]
    assert all(isinstance(cap, SafetyCap) and cap.counts for cap in given_caps)


def test_a_cap_at_zero_leaves_the_game_unbounded() -> None:
    assert Level8Game(3, {"round_turns": 0}).max_game_length() == UNBOUNDED
    assert Level8Game(3, {"stall_rounds": 0}).max_game_length() == UNBOUNDED
    assert Level8Game(3).max_game_length() < UNBOUNDED


def mixed_policy(state: Level8State, rng: random.Random) -> int:
    """Mostly the heuristic (rounds someone goes out in), sometimes a player who never does."""
    if rng.random() < 0.5:
        return never_out(state, rng)
    return state.game.heuristic_action(state, rng)


def step(state: Level8State, rng: random.Random) -> int:
    action = sample_chance(state, rng) if state.is_chance_node() else mixed_policy(state, rng)
    state.apply_action(action)
    return action


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    round_turns=st.integers(1, 30),
    stall_rounds=st.integers(1, 4),
    side=st.sampled_from(["front", "back"]),
)
def test_caps_decide_only_what_they_say(
    seed: int, players: int, round_turns: int, stall_rounds: int, side: str
) -> None:
    """Every round ends by someone going out or after exactly round_turns turns; a stalled round
    changes no level and is dealt again by the next dealer; the game ends by the caps exactly
    when stall_rounds stalled rounds come in a row, and then says so everywhere."""
    game = Level8Game(players, {"round_turns": round_turns, "stall_rounds": stall_rounds, "side": side})
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        dealer, rounds = state.dealer, state.rounds
        action = step(state, rng)
        counters = state.cap_counters()
        assert 0 <= counters["round_turns"] <= round_turns and 0 <= counters["stall_rounds"] <= stall_rounds
        if state.rounds == rounds:
            result = state.public_result(action)
            assert result is None or state.is_terminal() or set(result) == {"text", "laid"}
            continue
        end = state.round_log[-1]
        result = state.public_result(action)
        view = state.view(None)
        assert result is not None and view["last_round"] == end.to_json()
        assert result["capped"] == view["last_round"]["capped"] == (end.went_out < 0)
        if end.went_out >= 0:
            assert end.stalled == 0 and end.turns <= round_turns
            continue
        assert end.turns == counters["round_turns"] == round_turns
        assert end.levels == end.levels_before, "a stalled round moves nobody up"
        assert end.stalled == state.stalled == counters["stall_rounds"]
        previous = state.round_log[-2] if len(state.round_log) > 1 else None
        assert end.stalled == (previous.stalled + 1 if previous and previous.went_out < 0 else 1)
        if end.stalled < stall_rounds:
            assert state.phase == DEAL and state.dealer == (dealer + 1) % players
            assert not any(state.laid) and state.groups == [[]] * players and state.turns == 0
    reason = state.end_reason()
    assert reason is not None
    capped = state.ending is Ending.STALLED
    assert reason.capped == capped == state.view(0)["end"]["capped"]
    assert capped == (state.stalled == stall_rounds)
    if capped:
        top = max(state.level)
        assert state.winners() == [s for s in range(players) if state.level[s] == top]
        assert f"{stall_rounds} rounds in a row" in reason.text or stall_rounds == 1


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    levels=st.lists(st.integers(1, 8), min_size=6, max_size=6),
)
def test_a_stalled_round_is_dealt_again_with_levels_unchanged(
    seed: int, players: int, levels: list[int]
) -> None:
    """Whatever the levels and whoever laid down, a round of round_turns turns leaves every
    level as it was, and the next round deals full hands (nobody keeps cards)."""
    game = Level8Game(players, {"round_turns": 3 * players, "side": "back"})
    state, rng = game.new_initial_state(), random.Random(seed)
    state.level = levels[:players]
    while state.rounds == 0:
        action = sample_chance(state, rng) if state.is_chance_node() else game.heuristic_action(state, rng)
        state.apply_action(action)
        if state.is_terminal():
            return  # level 8 laid down at once: the round never stalled
    end = state.round_log[0]
    if end.went_out >= 0:
        return  # somebody went out within the cap
    assert state.level == levels[:players] and end.levels == end.levels_before == tuple(levels[:players])
    assert state.phase == DEAL and not any(state.laid) and not any(state.kept)
    while state.phase == DEAL:
        state.apply_action(sample_chance(state, rng))
    assert all(len(hand) == 10 for hand in state.hands)
    assert state.level == levels[:players]


def test_the_table_tells_of_stalled_rounds() -> None:
    game = Level8Game(2, {"round_turns": 4})
    state, rng = game.new_initial_state(), random.Random(1)
    while state.stalled == 0:
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else never_out(state, rng))
    assert "Stalled rounds in a row (safety cap): 1 of 3" in state.render_text(0)
    assert "Festgefahrene Runden in Folge (Sicherheitsgrenze): 1 von 3" in state.render_text(0, "de")
    while not state.is_terminal():
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else never_out(state, rng))
    reason = state.end_reason()
    assert reason is not None and reason.capped and reason.kind == "stalled_rounds"
