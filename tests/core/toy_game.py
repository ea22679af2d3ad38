"""A tiny hidden-card game to test the core without a real game.

Each player is dealt one card 1..5 face down (chance). In turn, each player
either keeps their card or swaps it with the next card of the deck (chance).
Highest card wins; ties share.
"""

from __future__ import annotations

import random
from typing import Any

from spieltisch.core.contract import CHANCE, TERMINAL, Game, Move, State
from spieltisch.core.options import OptionSpec

KEEP, SWAP = 0, 1


class ToyGame(Game["ToyState"]):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    option_specs = (OptionSpec("top", 5, "int", "highest card", minimum=2, maximum=9),)

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def num_distinct_actions(self) -> int:
        return 2

    def max_chance_outcomes(self) -> int:
        return int(self.options["top"]) + 1

    def max_game_length(self) -> int:
        return self.num_players

    def observation_shape(self) -> tuple[int, ...]:
        return (2,)

    def heuristic_action(self, state: ToyState, rng: random.Random) -> int:
        return SWAP if state.cards[state.turn] * 2 < self.options["top"] + 1 else KEEP

    def action_label(self, state: ToyState, action: int, lang: str) -> str:
        if state.is_chance_node():
            return f"card {action}"
        if lang == "de":
            return "behalten" if action == KEEP else "tauschen"
        return "keep" if action == KEEP else "swap"

    def action_struct(self, state: ToyState, action: int) -> Move:
        return {"kind": "keep" if action == KEEP else "swap"}


class ToyState(State):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.cards: list[int] = []
        self.turn = 0
        self.swapping = False

    def current_player(self) -> int:
        if len(self.cards) < self.num_players or self.swapping:
            return CHANCE
        return TERMINAL if self.turn >= self.num_players else self.turn

    def _legal_actions(self) -> list[int]:
        if self.is_chance_node():
            return [o for o, _ in self._chance_outcomes()]
        return [] if self.is_terminal() else [KEEP, SWAP]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        top = int(self.game.options["top"])
        return [(card, 1 / top) for card in range(1, top + 1)]

    def _apply(self, action: int) -> None:
        if len(self.cards) < self.num_players:
            self.cards.append(action)
        elif self.swapping:
            self.cards[self.turn] = action
            self.swapping = False
            self.turn += 1
        elif action == SWAP:
            self.swapping = True
        else:
            self.turn += 1

    def clone(self) -> ToyState:
        other = ToyState(self.game)
        other._history = self._history.copy()
        other.cards = list(self.cards)
        other.turn = self.turn
        other.swapping = self.swapping
        return other

    def scores(self) -> list[float]:
        return [float(c) for c in self.cards] + [0.0] * (self.num_players - len(self.cards))

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        best = max(self.cards)
        return [seat for seat, card in enumerate(self.cards) if card == best]

    def view(self, seat: int | None) -> dict[str, Any]:
        done = self.is_terminal()
        return {
            "turn": self.turn,
            "dealt": len(self.cards),
            "swapping": self.swapping,
            "cards": [c if done or s == seat else None for s, c in enumerate(self.cards)],
        }

    def observation_tensor(self, seat: int) -> list[float]:
        own = self.cards[seat] if seat < len(self.cards) else 0
        return [float(own), float(self.turn)]

    def resample_from_infostate(self, seat: int, rng: random.Random) -> ToyState:
        other = self.clone()
        if not self.is_terminal():
            top = int(self.game.options["top"])
            for s in range(len(other.cards)):
                if s != seat:
                    other.cards[s] = rng.randint(1, top)
        return other

    def check_invariants(self) -> None:
        assert all(1 <= c <= self.game.options["top"] for c in self.cards)
