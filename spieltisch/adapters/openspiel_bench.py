"""OpenSpiel's Python ISMCTS against a spieltisch bot, over full games.

    python -m spieltisch.adapters.openspiel_bench --games 2 --simulations 50

Every game is played through the OpenSpiel adapter. OpenSpiel's ISMCTS bot
(searching on `resample_from_infostate`, random rollouts) takes one seat, in
turn every seat; the spieltisch bot (spieltisch's ISMCTS with as many
iterations where it exists, else "heuristic") takes the others and reads the
spieltisch state behind the OpenSpiel one. Prints win shares (a shared win
counts 1/k) and the mean time per decision of each side.

Rollouts run on the engine by default (`--rollouts engine`): the same uniform
random playout as OpenSpiel's RandomRolloutEvaluator, without crossing the
binding layer at every step, which makes long games (hundreds of steps)
affordable. `--rollouts openspiel` uses OpenSpiel's own evaluator.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from spieltisch.adapters import openspiel
from spieltisch.adapters._games import GameLike, game_type
from spieltisch.bots import Bot, make_bot
from spieltisch.core.contract import AnyGame, State
from spieltisch.core.options import OptionError
from spieltisch.core.play import play_out, random_policy, sample_chance
from spieltisch.core.registry import game_names
from spieltisch.lab.stats import wilson

ROLLOUTS = ("engine", "openspiel")


@dataclass
class Tally:
    """Wins and thinking time of one side (OpenSpiel's ISMCTS or the spieltisch bot)."""

    wins: float = 0.0
    seats: int = 0
    decisions: int = 0
    seconds: float = 0.0

    @property
    def win_share(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0


@dataclass
class BenchResult:
    game: str
    players: int
    opponent: str
    simulations: int
    games: int = 0
    openspiel: Tally = field(default_factory=Tally)
    spieltisch: Tally = field(default_factory=Tally)


def default_opponent(game: AnyGame, simulations: int) -> str:
    """spieltisch's ISMCTS with the same number of iterations where it exists, else the heuristic bot."""
    for spec in (f"ismcts:{simulations}", "heuristic"):
        try:
            make_bot(spec, game, 0)
        except OptionError:
            continue
        return spec
    return "random"


class EngineRollouts(mcts.Evaluator):  # type: ignore[misc]
    """Uniform random playouts on the spieltisch state behind an OpenSpiel state."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def evaluate(self, state: openspiel.OpenSpielState) -> np.ndarray:
        return np.array(play_out(state.inner.clone(), random_policy, self._rng).returns())

    def prior(self, state: openspiel.OpenSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def bench(
    game: GameLike,
    players: int,
    games: int,
    simulations: int,
    opponent: str | None = None,
    seed: int = 0,
    rollouts: str = "engine",
) -> BenchResult:
    os_game = openspiel.load(game, players)
    inner = os_game.game
    spec = opponent or default_opponent(inner, simulations)
    result = BenchResult(inner.name, players, spec, simulations)
    for index in range(games):
        searcher = _searcher(os_game, simulations, rollouts, seed + index)
        _play(os_game, searcher, index % players, spec, seed + index, result)
        result.games += 1
    return result


def _searcher(os_game: openspiel.OpenSpielGame, simulations: int, rollouts: str, seed: int) -> Any:
    if rollouts not in ROLLOUTS:
        raise ValueError(f"rollouts must be one of {ROLLOUTS}, not {rollouts!r}")
    evaluator = (
        EngineRollouts(seed)
        if rollouts == "engine"
        else mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    )
    return ismcts.ISMCTSBot(
        os_game,
        evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed + 1),
        allow_inconsistent_action_sets=True,
    )


def _play(
    os_game: openspiel.OpenSpielGame,
    searcher: Any,
    searcher_seat: int,
    spec: str,
    seed: int,
    result: BenchResult,
) -> None:
    rng = random.Random(seed)
    bots: dict[int, Bot] = {
        seat: make_bot(spec, os_game.game, seat)
        for seat in range(os_game.num_players())
        if seat != searcher_seat
    }
    state = os_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state.inner, rng))
            _let_watch(bots, state.inner)
            continue
        seat = state.current_player()
        tally = result.openspiel if seat == searcher_seat else result.spieltisch
        start = time.perf_counter()
        action = searcher.step(state) if seat == searcher_seat else bots[seat].choose(state.inner, rng)
        tally.seconds += time.perf_counter() - start
        tally.decisions += 1
        state.apply_action(int(action))
        _let_watch(bots, state.inner)
    _score(state.inner.winners(), searcher_seat, os_game.num_players(), result)


def _let_watch(bots: dict[int, Bot], state: State) -> None:
    """Bots with a memory model watch every step, as at the lab's table."""
    for bot in bots.values():
        if bot.watches_table:
            bot.observe(state)


def _score(winners: list[int], searcher_seat: int, players: int, result: BenchResult) -> None:
    share = 1.0 / len(winners)
    for seat in range(players):
        tally = result.openspiel if seat == searcher_seat else result.spieltisch
        tally.seats += 1
        tally.wins += share if seat in winners else 0.0


def report(result: BenchResult) -> str:
    low, high = wilson(result.openspiel.wins, result.openspiel.seats)
    return (
        f"{result.game} {result.players}p, {result.games} games, ISMCTS {result.simulations} simulations "
        f"vs {result.opponent}: OpenSpiel ISMCTS win share {result.openspiel.win_share:.2f} "
        f"(95% CI {low:.2f}-{high:.2f}), {result.spieltisch.win_share:.2f} per {result.opponent} seat; "
        f"{result.openspiel.ms_per_decision:.0f} ms vs {result.spieltisch.ms_per_decision:.1f} ms"
        " per decision"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("names", nargs="*", help="games to play (default: every registered game)")
    parser.add_argument("--players", type=int, help="table size (default: each game's smallest)")
    parser.add_argument("--games", type=int, default=2, help="games per table (seats rotate)")
    parser.add_argument("--simulations", type=int, default=50, help="ISMCTS simulations per decision")
    parser.add_argument("--rollouts", choices=ROLLOUTS, default="engine", help="where the rollouts run")
    parser.add_argument("--opponent", help="spieltisch bot spec (default: ismcts with as many iterations)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for name in args.names or game_names():
        players = args.players or game_type(name).min_players
        start = time.perf_counter()
        result = bench(name, players, args.games, args.simulations, args.opponent, args.seed, args.rollouts)
        print(f"{report(result)} [{time.perf_counter() - start:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
