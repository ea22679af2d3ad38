"""Memory models: bots that remember hidden cards they once saw face up.

In some games a card is shown and then turned face down again (Calcory). The
game's own `resample_from_infostate` forgets it, as the observation rules
say: what a player remembers is their business. A memory model watches the
table through its seat's `view` after every step, keeps the facts it saw, and
determinizes with those facts fixed.

A game opts in through its `Game.memory_hooks()` (see core.contract.MemoryHooks).

Memory may be perfect, or fading: "fade0.2" forgets each fact with chance p
at each of the bot's own turns, a simple model of a human player.
"""

from __future__ import annotations

import random

from spieltisch.bots.ismcts import IsmctsBot, SearchSettings
from spieltisch.core.contract import AnyGame, Facts, MemoryHooks, State
from spieltisch.core.options import OptionError


class Memory:
    """What one seat remembers; `fade` is the chance to forget a fact at each own turn."""

    def __init__(self, hooks: MemoryHooks, seat: int, fade: float = 0.0) -> None:
        self.hooks = hooks
        self.seat = seat
        self.fade = fade
        self.facts: Facts = {}

    def observe(self, state: State) -> None:
        for key, value in self.hooks.remember_facts(state.view(self.seat), self.seat).items():
            if value is None:
                self.facts.pop(key, None)
            else:
                self.facts[key] = value

    def forget_some(self, rng: random.Random) -> None:
        if self.fade > 0:
            self.facts = {k: v for k, v in self.facts.items() if rng.random() >= self.fade}

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        determinized: State = self.hooks.resample_with_memory(state, seat, self.facts, rng)
        return determinized


def parse_fade(text: str, spec: str) -> float:
    """ "perfect" is 0; "fade0.2" forgets a fact with chance 0.2 per own turn."""
    if text == "perfect":
        return 0.0
    value = text.removeprefix("fade")
    try:
        fade = float(value)
    except ValueError:
        fade = -1.0
    if not 0.0 <= fade <= 1.0:
        raise OptionError(f"bad memory in bot spec {spec!r}: use memory=perfect or memory=fade0.2 (0..1)")
    return fade


def make_memory(game: AnyGame, seat: int, text: str, spec: str) -> Memory:
    hooks = game.memory_hooks()
    if hooks is None:
        raise OptionError(f"{game.name} has no memory model; bot spec {spec!r} cannot use memory=")
    return Memory(hooks, seat, parse_fade(text, spec))


class MemoryIsmctsBot(IsmctsBot):
    """ISMCTS whose determinizations keep what its seat remembers."""

    def __init__(
        self, game: AnyGame, seat: int, settings: SearchSettings, memory: Memory, name: str = "ismcts"
    ) -> None:
        super().__init__(game, seat, settings, memory.resample, name)
        self.memory = memory

    watches_table = True

    def observe(self, state: State) -> None:
        self.memory.observe(state)

    def choose(self, state: State, rng: random.Random) -> int:
        self.memory.observe(state)
        self.memory.forget_some(rng)
        return super().choose(state, rng)
