"""Speed benchmark: random play per game, on this machine (figures, not a test).

Every figure is per CPU-second of this process (time.process_time), so other
work on the machine slows the run but does not change the figures much.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from spieltisch.core.contract import State
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game

STEPS_TARGET = 200_000
"""Engine steps per CPU-second, for the lighter games (docs/strength.md)."""
CLONE_TARGET_US = 20.0
ISMCTS_TARGET = 1_500
LIGHTER_GAMES = ("allegra", "calcory", "souvenirs")
"""The games the steps target is set for; LEVEL 8 and Lucandor do more work per step."""


def meets(figure: float, target: float, at_most: bool = False) -> bool:
    return figure <= target if at_most else figure >= target


@dataclass
class BenchResult:
    game: str
    players: int
    games: int
    seconds: float
    steps: int
    decisions: int
    clone_us: float
    ismcts_per_second: float = 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds


def bench_game(
    name: str,
    players: int,
    seconds: float = 2.0,
    seed: int = 0,
    ismcts_seconds: float = 0.0,
    ismcts_spec: str = "ismcts:100",
) -> BenchResult:
    """Play random games for about `seconds`; time clones on positions met on the way.

    With `ismcts_seconds`, also search positions met on the way with ISMCTS for about that long.
    """
    game = load_game(name, players)
    rng = random.Random(seed)
    games = steps = decisions = 0
    samples: list[State] = []
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
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
    elapsed = time.process_time() - start
    result = BenchResult(name, players, games, elapsed, steps, decisions, clone_time_us(samples))
    if ismcts_seconds > 0:
        result.ismcts_per_second = ismcts_speed(samples, ismcts_seconds, seed, ismcts_spec)
    return result


def ismcts_speed(states: list[State], seconds: float, seed: int = 0, spec: str = "ismcts:100") -> float:
    """ISMCTS simulations per second on decision states, searching each with the bot `spec`."""
    from spieltisch.bots.ismcts import IsmctsBot, parse_settings

    positions = [s for s in states if not s.is_chance_node() and not s.is_terminal()]
    if not positions:
        return 0.0
    rng = random.Random(seed)
    settings, _ = parse_settings(spec, spec.partition(":")[2], positions[0].game)
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds or done == 0:
        state = rng.choice(positions)
        bot = IsmctsBot(state.game, state.current_player(), settings)
        bot.search(state, rng)
        done += bot.last_iterations
    return done / (time.process_time() - start)


def clone_time_us(states: list[State], repeats: int = 50) -> float:
    if not states:
        return 0.0
    start = time.process_time()
    for _ in range(repeats):
        for state in states:
            state.clone()
    return (time.process_time() - start) / (repeats * len(states)) * 1e6
