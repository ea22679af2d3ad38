"""Speed benchmark: random play per game, on this machine (figures, not a test)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from spieltisch.core.contract import State
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game


@dataclass
class BenchResult:
    game: str
    players: int
    games: int
    seconds: float
    steps: int
    decisions: int
    clone_us: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds


def bench_game(name: str, players: int, seconds: float = 2.0, seed: int = 0) -> BenchResult:
    """Play random games for about `seconds`; time clones on positions met on the way."""
    game = load_game(name, players)
    rng = random.Random(seed)
    games = steps = decisions = 0
    samples: list[State] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            steps += 1
            if rng.random() < 0.01 and len(samples) < 200:
                samples.append(state.clone())
        games += 1
    elapsed = time.perf_counter() - start
    return BenchResult(name, players, games, elapsed, steps, decisions, clone_time_us(samples))


def clone_time_us(states: list[State], repeats: int = 50) -> float:
    if not states:
        return 0.0
    start = time.perf_counter()
    for _ in range(repeats):
        for state in states:
            state.clone()
    return (time.perf_counter() - start) / (repeats * len(states)) * 1e6
