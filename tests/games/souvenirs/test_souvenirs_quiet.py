"""Which Souvenirs moves a front may make for a player: only placing the last card."""

from __future__ import annotations

import random

from spieltisch.games.souvenirs.phases import CARD, CELL, END
from tests.games.souvenirs.souvenirs_positions import new_state


def test_only_the_last_card_on_the_last_cell_is_quiet() -> None:
    rng = random.Random(5)
    state = new_state(2)
    quiet_phases, card_choices = set(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        legal = state.legal_actions()
        for action in legal:
            if state.quiet_action(action):
                quiet_phases.add(state.phase)
        if state.phase == CARD:
            card_choices += 1
            assert not any(state.quiet_action(a) for a in legal), "choosing a card shows it"
        if len(legal) == 1 and state.quiet_action(legal[0]):
            last = state.clone()
            last.apply_action(legal[0])
            assert last.phase == END, "a quiet placement ends the game: no draw follows it"
        state.apply_action(rng.choice(legal))
    assert card_choices and quiet_phases == {CELL}, "the 25th card, placed, is the one quiet move"
