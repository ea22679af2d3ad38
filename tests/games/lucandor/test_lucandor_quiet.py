"""Which Lucandor moves a front may make for a player: steps of a card already played."""

from __future__ import annotations

import random

from spieltisch import load_game
from spieltisch.games.lucandor.actions import Block


def test_quiet_moves_are_follow_up_steps_with_no_draw_after() -> None:
    rng = random.Random(3)
    state = load_game("lucandor", 3).new_initial_state()
    sole_quiet = plays = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
            continue
        for action in legal:
            block = state.settings.codec.decode(action).block
            if not state.quiet_action(action):
                continue
            assert block not in (Block.PLAY, Block.SECOND), "a card from the hand is shown"
            after = state.clone()
            after.apply_action(action)
            assert not after.is_chance_node(), "no card is drawn or turned after a quiet move"
            assert not after.is_terminal(), "the end shows the hidden tasks"
        plays += any(state.settings.codec.decode(a).block == Block.PLAY for a in legal)
        sole_quiet += len(legal) == 1 and state.quiet_action(legal[0])
        state.apply_action(rng.choice(legal))
    assert plays and sole_quiet, "the game has plays and quiet only moves (a single place to put away)"
