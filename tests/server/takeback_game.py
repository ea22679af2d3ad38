"""The toy game with a move that may be taken back: keeping one's card shows nobody anything.

A swap draws a new card (chance), so it stands; the last keep ends the game, so it stands too.
Its bot always keeps, so each of its moves is one a person could take back.
"""

from __future__ import annotations

import random

from tests.core.toy_game import KEEP, ToyGame, ToyState


class TakeBackGame(ToyGame):
    name = "takeback"
    title = "Take back"

    def reveals_nothing(self, state: ToyState, action: int) -> bool:
        return action == KEEP

    def heuristic_action(self, state: ToyState, rng: random.Random) -> int:
        return KEEP
