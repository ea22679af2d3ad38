"""Speed benchmark: random play and ISMCTS per game, on this machine (figures, not a test).

Every figure is per CPU-second of the measuring process (time.process_time), so
other work on the machine slows the run but does not change the figures much.
The pure-Python figures for the compiled/pure ratio come from a child process
that runs with SPIELTISCH_BUILD=pure (`python3 -m spieltisch.lab.bench`).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import asdict, dataclass

from spieltisch.core.contract import State
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import game_class, load_game

STEPS_TARGET = 300_000
"""Engine steps per CPU-second at each game's base player count (docs/strength.md)."""
SCALING_TARGET = 1.2
"""CPU time per decision with more players at most this many times the time at the base count."""
CLONE_TARGET_US = 10.0
ISMCTS_TARGET = 2_000
"""ISMCTS simulations per CPU-second with the game's own search settings, at every player count."""

RL_TARGET = 50_000
"""Vector-environment steps per CPU-second, Souvenirs at 2 players in self-play (docs/adapters.md)."""


def meets(figure: float, target: float, at_most: bool = False) -> bool:
    return figure <= target if at_most else figure >= target


def base_players(name: str) -> int:
    """The player count the steps target is set for: 2, or the game's minimum where that is more."""
    return max(2, game_class(name).min_players)


def player_counts(name: str) -> list[int]:
    cls = game_class(name)
    return list(range(cls.min_players, cls.max_players + 1))


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


def env_steps_per_second(
    name: str, players: int, seconds: float = 2.0, tables: int = 64, seed: int = 0
) -> float:
    """Steps of the vector environment (adapters/vector.py) per CPU-second: self-play, random legal actions.

    One env step is one decision of one table, with the chance it brings.
    """
    import numpy as np

    from spieltisch.adapters.vector import make_vector

    batch = make_vector(name, num_envs=tables, players=players, copy=False)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.process_time()
    batch.reset(seed=seed)
    while time.process_time() - start < seconds or steps == 0:
        batch.step(batch.sample_actions(rng))
        steps += tables
    return steps / (time.process_time() - start)


def clone_time_us(states: list[State], repeats: int = 50) -> float:
    if not states:
        return 0.0
    start = time.process_time()
    for _ in range(repeats):
        for state in states:
            state.clone()
    return (time.process_time() - start) / (repeats * len(states)) * 1e6


def per_decision_ratio(result: BenchResult, base: BenchResult | None) -> float | None:
    """CPU time per decision relative to the base player count's (1.0 at the base count)."""
    if base is None or result.decisions_per_second == 0:
        return None
    return base.decisions_per_second / result.decisions_per_second


def measure_pure(
    cases: list[tuple[str, int]], seconds: float, ismcts_seconds: float, ismcts_spec: str
) -> dict[tuple[str, int], BenchResult]:
    """The same measurements on pure Python, in a child process (SPIELTISCH_BUILD=pure)."""
    command = [
        sys.executable, "-m", "spieltisch.lab.bench", "--seconds", str(seconds),
        "--ismcts", str(ismcts_seconds), "--ismcts-spec", ismcts_spec,
        *(f"{name}:{players}" for name, players in cases),
    ]  # fmt: skip
    run = subprocess.run(
        command, env={**os.environ, "SPIELTISCH_BUILD": "pure"}, capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        raise RuntimeError(f"the pure-Python measurement failed: {run.stderr.strip()[-500:]}")
    results = [BenchResult(**row) for row in json.loads(run.stdout.strip().splitlines()[-1])]
    return {(r.game, r.players): r for r in results}


def main() -> None:
    """Print the measurements of `game:players` cases as JSON (for the compiled/pure ratio)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("cases", nargs="+", help="game:players")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--ismcts", type=float, default=0.0)
    parser.add_argument("--ismcts-spec", default="ismcts:100")
    parser.add_argument("--profile", type=int, metavar="N", help="print the N costliest functions instead")
    args = parser.parse_args()

    def run(case: str) -> BenchResult:
        name, _, players = case.partition(":")
        return bench_game(name, int(players), args.seconds, 0, args.ismcts, args.ismcts_spec)

    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile(time.process_time)
        profiler.runcall(lambda: [run(case) for case in args.cases])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
        return
    print(json.dumps([asdict(run(case)) for case in args.cases]))


if __name__ == "__main__":
    main()
