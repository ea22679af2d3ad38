"""Lucandor's moves as data: a front finds the move a click means by its struct alone."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from lucandor_helpers import card, cards_with, cell, codec, colour, new_state, play, set_hand

from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.games.lucandor.actions import Mode
from spieltisch.games.lucandor.rules import LucandorState


def move_for(state: LucandorState, **fields: Any) -> int:
    """The one legal move whose struct has these fields, as a browser finds it for a click."""
    found = [a for a in state.legal_actions() if fields.items() <= state.action_struct(a).items()]
    assert len(found) == 1, f"{len(found)} legal moves match {fields}"
    return found[0]


def check_structs(state: LucandorState) -> set[str]:
    """Every legal move's struct leads back to exactly that move; returns the kinds seen."""
    by_struct: dict[str, list[int]] = {}
    for action in state.legal_actions():
        struct = state.action_struct(action)
        assert isinstance(struct["kind"], str)
        by_struct.setdefault(json.dumps(struct, sort_keys=True), []).append(action)
        public = state.public_action_struct(action)
        assert public is not None and public["kind"] == struct["kind"]
        if struct["kind"] == "task" or struct.get("use") == "task":
            assert "card" not in public, "a face-down task must not be named in public"
            assert public == {k: v for k, v in struct.items() if k != "card"}
        else:
            assert public == struct
    for text, actions in by_struct.items():
        assert len(actions) == 1, f"{actions} share the struct {text}"
        assert move_for(state, **json.loads(text)) == actions[0]
    return {json.loads(text)["kind"] for text in by_struct}


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 5), family=st.booleans())
def test_every_legal_move_maps_back_to_its_id_through_its_struct(
    seed: int, players: int, family: bool
) -> None:
    game = load_game("lucandor", players, family=family)
    rng = random.Random(seed)
    state = game.new_initial_state()
    kinds: set[str] = set()
    while not state.is_terminal():
        if state.is_chance_node():
            assert state.public_action_struct(state.legal_actions()[0]) is None  # a hidden card
            state.apply_action(sample_chance(state, rng))
            continue
        assert isinstance(state, LucandorState)
        kinds |= check_structs(state)
        legal = state.legal_actions()
        state.apply_action(rng.choice(legal) if rng.random() < 0.5 else game.heuristic_action(state, rng))
    assert {"play", "put", "door"} <= kinds


def test_a_hand_card_is_played_by_its_card_and_use() -> None:
    state = new_state()
    hat = card(state, "zylinder", "rot")
    set_hand(state, 0, [hat])
    assert state.action_struct(codec(state).encode_play(Mode.CLEAN, hat)) == {
        "kind": "play",
        "card": hat,
        "use": "clean",
    }
    state.apply_action(move_for(state, kind="play", card=hat, use="put_away"))
    spot = cell(state, 1, 1)
    action = move_for(state, kind="put", cell=spot, place=0)
    assert state.action_struct(action) == {"kind": "put", "card": hat, "cell": spot, "place": 0}
    state.apply_action(action)
    assert state.content[spot][0] == [hat]


def test_a_task_is_public_only_by_its_chip() -> None:
    state = new_state()
    task = cards_with(state, "end")[0]
    set_hand(state, 0, [task])
    blue = colour(state, "blau")
    action = move_for(state, kind="play", use="task", colour=blue)
    assert state.action_struct(action) == {"kind": "play", "card": task, "use": "task", "colour": blue}
    assert state.public_action_struct(action) == {"kind": "play", "use": "task", "colour": blue}


def test_door_sections_and_the_second_card_are_clicked_by_section_and_card() -> None:
    state = new_state()
    a, b = card(state, "zylinder", "rot"), card(state, "hemd", "rot")
    set_hand(state, 0, [a, b])
    state.door = 0
    play(state, Mode.DOOR, a)
    assert [state.action_struct(x) for x in state.legal_actions()] == [
        {"kind": "door", "section": 1},
        {"kind": "door", "section": 2},
    ]
    state.apply_action(move_for(state, kind="door", section=2))
    state.apply_action(move_for(state, kind="second", card=b))
    assert state.door == 2


def test_the_door_lock_sits_where_the_reference_data_says() -> None:
    state = new_state()
    reference = state.game.reference_data()
    hat = card(state, "zylinder", "rot")
    set_hand(state, 0, [hat])
    play(state, Mode.DOOR, hat)
    state.apply_action(move_for(state, kind="door", section=0))
    view = state.view(None)
    assert view["lock_owner"][reference["wardrobe"]["door_lock"]] == 0
    assert reference["markers"] == 2 and len(view["lock_owner"]) == len(reference["wardrobe"]["slots"]) + 1
