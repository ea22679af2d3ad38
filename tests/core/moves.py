"""Moves as data, as a front reads them: each legal move's struct leads back to its id alone."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from spieltisch.core.contract import State
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game


def structs_by_id(state: State) -> dict[int, dict[str, Any]]:
    """The struct of every legal move, as it arrives at a front (through JSON)."""
    return {action: json.loads(json.dumps(state.action_struct(action))) for action in state.legal_actions()}


def find_move(state: State, move: dict[str, Any]) -> list[int]:
    """The legal ids whose struct is `move`: what a front does with a click."""
    return [action for action, struct in structs_by_id(state).items() if struct == move]


def decisions(name: str, players: int, seed: int, **options: Any) -> Iterator[State]:
    """Every decision of a seeded game, seats alternating between the heuristic and random play."""
    game = load_game(name, players, **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        yield state
        heuristic = (state.current_player() + seed) % 2 == 0
        legal = state.legal_actions()
        state.apply_action(game.heuristic_action(state, rng) if heuristic else rng.choice(legal))


def assert_each_struct_maps_back(state: State) -> dict[int, dict[str, Any]]:
    """Every legal move's struct finds exactly that move; returns the structs by id."""
    structs = structs_by_id(state)
    for action, move in structs.items():
        assert isinstance(move.get("kind"), str), f"{move} has no kind"
        found = [other for other, struct in structs.items() if struct == move]
        assert found == [action], f"{move} finds {found}, not [{action}]"
    return structs
