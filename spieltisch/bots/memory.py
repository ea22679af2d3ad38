"""Memory models: bots that remember hidden cards they once saw face up.

In some games a card is shown and then turned face down again (Calcory). The
game's own `resample_from_infostate` forgets it, as the observation rules
say: what a player remembers is their business. A memory model watches the
table through its seat's `view` after every step, keeps the facts it saw, and
determinizes with those facts fixed.

A game opts in by offering two functions in its package (`spieltisch.games.<name>`):

    remember_facts(view: dict, seat: int) -> dict[Hashable, Any | None]
        facts visible in `view`; a value of None means "forget this key"
        (the card left the place the fact is about)
    resample_with_memory(state, seat, facts: dict, rng) -> State
        like state.resample_from_infostate(seat, rng), but with every fact
        in `facts` that still fits the table held true

Games that do not offer them but need memory can get an adapter here
(`ADAPTERS`), written against public fields of their state only.

Memory may be perfect, or fading: "fade0.2" forgets each fact with chance p
at each of the bot's own turns, a simple model of a human player.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from spieltisch.bots.ismcts import IsmctsBot, SearchSettings
from spieltisch.core.contract import Game, State
from spieltisch.core.options import OptionError

Facts = dict[Hashable, Any]
RememberFn = Callable[[dict[str, Any], int], dict[Hashable, Any]]
ResampleFn = Callable[[State, int, Facts, random.Random], State]


@dataclass(frozen=True)
class MemoryHooks:
    remember_facts: RememberFn
    resample_with_memory: ResampleFn


ADAPTERS: dict[str, Callable[[], MemoryHooks]] = {}


def find_hooks(game: Game) -> MemoryHooks | None:
    """The game's own memory functions, else an adapter from ADAPTERS, else None."""
    package_name = type(game).__module__.rpartition(".")[0] or type(game).__module__
    for module_name in (type(game).__module__, package_name):
        module = importlib.import_module(module_name)
        remember = getattr(module, "remember_facts", None)
        resample = getattr(module, "resample_with_memory", None)
        if callable(remember) and callable(resample):
            return MemoryHooks(remember, resample)
    adapter = ADAPTERS.get(game.name)
    return adapter() if adapter else None


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
        return self.hooks.resample_with_memory(state, seat, self.facts, rng)


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


def make_memory(game: Game, seat: int, text: str, spec: str) -> Memory:
    hooks = find_hooks(game)
    if hooks is None:
        raise OptionError(f"{game.name} has no memory model; bot spec {spec!r} cannot use memory=")
    return Memory(hooks, seat, parse_fade(text, spec))


class MemoryIsmctsBot(IsmctsBot):
    """ISMCTS whose determinizations keep what its seat remembers."""

    def __init__(
        self, game: Game, seat: int, settings: SearchSettings, memory: Memory, name: str = "ismcts"
    ) -> None:
        super().__init__(game, seat, settings, memory.resample, name)
        self.memory = memory

    def observe(self, state: State) -> None:
        self.memory.observe(state)

    def choose(self, state: State, rng: random.Random) -> int:
        self.memory.observe(state)
        self.memory.forget_some(rng)
        return super().choose(state, rng)
