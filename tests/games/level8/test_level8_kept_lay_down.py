"""The lay-down question is answered once per hand: the kept answer is always the fresh one."""

from __future__ import annotations

import random

from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.games.level8.rules import Level8State


def fresh_answer(state: Level8State, seat: int) -> bool:
    other = state.clone()
    other._kept_lay_down = None
    return other.can_lay_down(seat)


def test_the_kept_lay_down_answer_is_the_fresh_one() -> None:
    rng = random.Random(8)
    asked = yes = 0
    for players in (2, 3):
        game = load_game("level8", players)
        for _ in range(3):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                    continue
                for seat in range(players):
                    answer = state.can_lay_down(seat)
                    assert answer == fresh_answer(state, seat)
                    asked += 1
                    yes += answer
                state.apply_action(rng.choice(state.legal_actions()))
    assert asked > 500 and yes > 0
