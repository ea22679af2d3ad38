"""Search settings of Calcory: ISMCTS remembers the turned cards and plays out with the cheap policy."""

from __future__ import annotations

import random

from spieltisch import load_game
from spieltisch.bots import make_bot
from spieltisch.bots.memory import MemoryIsmctsBot
from spieltisch.core.play import sample_chance


def test_the_default_search_remembers_and_plays_legal_moves() -> None:
    game = load_game("calcory", 2)
    bots = [make_bot("ismcts:20", game, seat) for seat in range(2)]
    for bot in bots:
        assert isinstance(bot, MemoryIsmctsBot)
        assert bot.settings.rollout == "fast"
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        for bot in bots:
            bot.observe(state)
        action = bots[state.current_player()].choose(state, rng)
        assert action in state.legal_actions()
        state.apply_action(action)
