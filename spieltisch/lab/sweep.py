"""A sweep: one arm per value of a rule option (or per pair of values), on common random numbers.

Game i of every arm has the same seed and seating (`simulation.derive_seed`,
seats rotated by i), and chance and each seat's bot draw from streams of
their own (`simulation.Streams`): where a value does not change the game, game
i is the same game in every arm, so differences between arms come from the
value and not from the deal. Each measure of each arm is estimated with a
95% interval, and every arm is compared with the base arm game by game (the
exact sign-flip test of `stats.paired_difference`); the p-values of all arms
and measures are corrected together (Benjamini-Hochberg).
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from spieltisch.bots import make_bot
from spieltisch.core.options import OptionError
from spieltisch.lab.chunks import in_chunks
from spieltisch.lab.simulation import (
    GameTask,
    StudySpec,
    derive_seed,
    make_game,
    play_seated,
    resolve_game_class,
)
from spieltisch.lab.stats import adjust_p_values, clustered_share, paired_difference, scipy_stats, wilson
from spieltisch.lab.study import ResultWriter, signals_held, stop_quickly, terminate_as_interrupt
from spieltisch.lab.summary import seat_label

MOST_VALUES = 200  # a range beyond this is a typing slip, not a sweep
Results = list[dict[str, Any]]


def parse_axis(text: str) -> tuple[str, list[str]]:
    """ "KEY=LO..HI[:STEP]" or "KEY=V1,V2,..." as the key and its values (as typed)."""
    key, sep, values = text.partition("=")
    key, values = key.strip(), values.strip()
    if not sep or not key or not values:
        raise OptionError(f"a sweep is KEY=LO..HI[:STEP] or KEY=V1,V2,...; got {text!r}")
    if ".." not in values:
        listed = [value.strip() for value in values.split(",") if value.strip()]
        if len(set(listed)) < len(listed):
            raise OptionError(f"{key}: a value is given twice in {values!r}")
        return key, listed
    low, _, rest = values.partition("..")
    high, _, step = rest.partition(":")
    try:
        start, stop, by = int(low), int(high), int(step or 1)
    except ValueError:
        raise OptionError(f"{key}: a range is whole numbers LO..HI[:STEP]; got {values!r}") from None
    if by < 1 or stop < start:
        raise OptionError(f"{key}: a range needs LO <= HI and a STEP of at least 1; got {values!r}")
    numbers = list(range(start, stop + 1, by))
    if len(numbers) > MOST_VALUES:
        raise OptionError(f"{key}: {len(numbers)} values; a sweep takes at most {MOST_VALUES}")
    return key, [str(number) for number in numbers]


@dataclass(frozen=True)
class SweepSpec:
    """What to sweep: arms of option values over common seeds; `base` indexes the arm compared against."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    keys: tuple[str, ...]
    arms: tuple[dict[str, Any], ...]
    base: int = 0
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    def label(self, arm: dict[str, Any]) -> str:
        return ", ".join(f"{key}={arm[key]}" for key in self.keys)

    def study(self, arm: dict[str, Any]) -> StudySpec:
        """The arm as a study: the same seeds and seating as every other arm."""
        return StudySpec(self.game, self.players, self.bots, self.games, self.seed, {**self.options, **arm})


def make_sweep(
    game: str,
    players: int,
    bots: tuple[str, ...],
    games: int,
    axes: list[str],
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> SweepSpec:
    """Parse and check the axes against the game's options; OptionError before anything is played."""
    if not 1 <= len(axes) <= 2:
        raise OptionError("sweep one key, or two keys for a grid: KEY=LO..HI[:STEP] or KEY=V1,V2,...")
    cls = resolve_game_class(game)
    declared = {spec.name: spec for spec in cls.option_specs}
    parsed = [parse_axis(axis) for axis in axes]
    keys = tuple(key for key, _ in parsed)
    if len(set(keys)) < len(keys):
        raise OptionError(f"{keys[0]} is swept twice; a grid needs two different keys")
    base_options = options or {}
    for key in keys:
        if key not in declared:
            allowed = ", ".join(declared) or "none"
            raise OptionError(f"{cls.name} has no option {key!r} to sweep; its options: {allowed}")
        if key in base_options:
            raise OptionError(f"{key} is both swept and set with -o; give it in one place")
    values = [[declared[key].coerce(value) for value in listed] for key, listed in parsed]
    arms = tuple(dict(zip(keys, combination, strict=True)) for combination in itertools.product(*values))
    defaults = {key: declared[key].default_for(players) for key in keys}
    base = next((number for number, arm in enumerate(arms) if arm == defaults), 0)
    name = game if ":" in game else cls.name
    spec = SweepSpec(name, players, bots, games, keys, arms, base, seed, base_options)
    for arm in arms:
        spec.study(arm).check()
    return spec


def plan(spec: SweepSpec) -> list[GameTask]:
    """Every game of every arm, game by game, so an interrupted sweep keeps its arms paired."""
    tasks = []
    for index in range(spec.games):
        seed = derive_seed(spec.seed, index)
        for arm in spec.arms:
            study = spec.study(arm)
            tasks.append(
                GameTask(index, seed, spec.label(arm), spec.game, study.options, tuple(study.seating(index)))
            )
    return tasks


def play_measured(task: GameTask) -> dict[str, Any]:
    """Play one planned game (in a worker): its result, whether a safety cap ended it, the game's measures."""
    game = make_game(task.game, len(task.bots), task.options)
    bots = [make_bot(spec, game, seat) for seat, spec in enumerate(task.bots)]
    state, _, decisions = play_seated(game, bots, task.seed)
    winners = state.winners()
    reason = state.end_reason("en")
    return {
        "index": task.index,
        "arm": task.variant,
        "seed": task.seed,
        "bots": list(task.bots),
        "scores": state.scores(),
        "winners": winners,
        "shares": [1 / len(winners) if seat in winners else 0.0 for seat in range(len(bots))],
        "decisions": sum(decisions),
        "capped": bool(reason and reason.capped),
        "measures": game.lab_measures(state),
        "actions": state.history(),
    }


def run_games(
    tasks: list[GameTask],
    out_dir: Path,
    executor: Executor,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    kept: Results | None = None,
    chunk: int | None = None,
) -> tuple[Results, bool]:
    """Play the tasks in chunks, appending each chunk to games.jsonl as it finishes; (results, interrupted).

    `kept`: games an earlier run saved (chunks.kept_games); only the other tasks are played.
    Ctrl-C or SIGTERM stops the run; the games finished so far are kept.
    """
    results: Results = list(kept or [])
    done = {(result["index"], result["arm"]) for result in results}
    left = [task for task in tasks if (task.index, task.variant) not in done]
    writer = ResultWriter(out_dir, None, results)
    try:
        with terminate_as_interrupt():
            for chunk_results in in_chunks(executor, play_measured, left, size=chunk):
                with signals_held():
                    writer.append(chunk_results)
                    results += chunk_results
                for result in chunk_results:
                    if on_result:
                        on_result(result)
    except KeyboardInterrupt:
        stop_quickly(executor)
    finally:
        writer.close()
    results.sort(key=lambda r: (r["index"], r["arm"]))
    return results, len(results) < len(tasks)


@dataclass(frozen=True)
class Measure:
    """A figure of each game (`pick`) and how an arm's estimate gets its interval.

    `interval` is "wilson" (a share of games), "advantage" (seat 1's share
    minus the fair share), "bot" (a bot's share over its seats, clustered by
    game) or "mean" (a t interval). `tested`: compared with the base arm.
    """

    name: str
    pick: Callable[[dict[str, Any]], float]
    interval: str
    tested: bool = True
    bot: str = ""


def measures(results: Results, players: int) -> list[Measure]:
    """A sweep's measures: win shares, seat advantage, length, score spread, caps and the game's own.

    With two players seat 2's share mirrors seat 1's, and the first-player
    advantage is seat 1's share less a constant: neither gets a test of its own.
    """
    found = [
        Measure(
            seat_label(seat) + " win share",
            partial(_seat_share, seat),
            "wilson",
            not (players == 2 and seat),
        )
        for seat in range(players)
    ]
    found.append(
        Measure("first-player advantage", lambda r: r["shares"][0] - 1 / players, "advantage", False)
    )
    bots = list(dict.fromkeys(bot for result in results for bot in result["bots"]))
    if len(bots) > 1:
        found += [Measure(f"{bot} win share", partial(_bot_share, bot), "bot", bot=bot) for bot in bots]
    found += [
        Measure("game length (decisions)", lambda r: r["decisions"], "mean"),
        Measure("score spread (highest - lowest)", lambda r: max(r["scores"]) - min(r["scores"]), "mean"),
        Measure("games ended by a safety cap", lambda r: float(r["capped"]), "wilson"),
    ]
    names = dict.fromkeys(name for result in results for name in result["measures"])
    found += [Measure(name, partial(_game_measure, name), "mean") for name in names]
    return found


def _seat_share(seat: int, result: dict[str, Any]) -> float:
    return float(result["shares"][seat])


def _game_measure(name: str, result: dict[str, Any]) -> float:
    return float(result["measures"].get(name, math.nan))


def _bot_share(bot: str, result: dict[str, Any]) -> float:
    seats = [seat for seat, name in enumerate(result["bots"]) if name == bot]
    return sum(result["shares"][seat] for seat in seats) / len(seats) if seats else math.nan


def estimate(measure: Measure, results: Results, players: int) -> tuple[float, float, float, int]:
    """An arm's estimate of `measure`, its 95% interval and the games it rests on."""
    values = [v for v in (measure.pick(r) for r in results) if not math.isnan(v)]
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan, 0
    mean = statistics.fmean(values)
    if measure.interval == "wilson":
        low, high = wilson(mean * n, n)
    elif measure.interval == "advantage":
        low, high = (bound - 1 / players for bound in wilson((mean + 1 / players) * n, n))
    elif measure.interval == "bot":
        seats = [r["bots"].count(measure.bot) for r in results if measure.bot in r["bots"]]
        wins = [v * s for v, s in zip(values, seats, strict=True)]
        mean, low, high = clustered_share(wins, seats, players)
    else:
        half = 0.0
        if n > 1:
            half = float(scipy_stats().t.ppf(0.975, n - 1)) * statistics.stdev(values) / math.sqrt(n)
        low, high = mean - half, mean + half
    return mean, low, high, n


def summarize(spec: SweepSpec, results: Results) -> list[dict[str, Any]]:
    """One row per arm and measure; every arm's tested rows against the base arm, adjusted together.

    Rows of the base arm, untested measures and rows whose games all agree with
    the base (nothing to test) carry no p-value and take no part in the correction.
    """
    by_arm: dict[str, Results] = {spec.label(arm): [] for arm in spec.arms}
    for result in results:
        by_arm[result["arm"]].append(result)
    base_label = spec.label(spec.arms[spec.base])
    base_games = {r["index"]: r for r in by_arm[base_label]}
    rows = []
    for arm in spec.arms:
        label = spec.label(arm)
        arm_games = by_arm[label]
        for measure in measures(results, spec.players):
            value, low, high, n = estimate(measure, arm_games, spec.players)
            row = {
                "value": label,
                **arm,
                "measure": measure.name,
                "estimate": value,
                "low": low,
                "high": high,
            }
            row |= {"n": n, "difference": None, "p_value": None, "adjusted_p_value": None}
            if measure.tested and label != base_label:
                row |= _against_base(measure, base_games, arm_games)
            rows.append(row)
    tested = [row for row in rows if row["p_value"] is not None]
    for row, adjusted in zip(tested, adjust_p_values([row["p_value"] for row in tested]), strict=True):
        row["adjusted_p_value"] = adjusted
    return rows


def _against_base(measure: Measure, base: dict[int, dict[str, Any]], arm: Results) -> dict[str, Any]:
    pairs = [(measure.pick(base[r["index"]]), measure.pick(r)) for r in arm if r["index"] in base]
    pairs = [(b, v) for b, v in pairs if not (math.isnan(b) or math.isnan(v))]
    if not pairs or all(b == v for b, v in pairs):
        return {}
    before, after = zip(*pairs, strict=True)
    difference = paired_difference(before, after)
    return {"difference": difference.difference, "p_value": difference.p_value}


CSV_COLUMNS = (
    "value",
    "measure",
    "estimate",
    "low",
    "high",
    "n",
    "difference",
    "p_value",
    "adjusted_p_value",
)


SETTINGS = ("game", "players", "bots", "keys", "arms", "seed", "options")
"""What makes two sweeps the same sweep (the games per value aside: more games extend it)."""


def sweep_json(
    spec: SweepSpec, finished: int, interrupted: bool, seconds: float | None, command: str, resumed: int = 0
) -> dict[str, Any]:
    """The settings and how far the sweep got; `seconds` None while it runs (status "running")."""
    data = asdict(spec)
    data |= {"base_value": spec.label(spec.arms[spec.base]), "planned_games": spec.games * len(spec.arms)}
    status = "running" if seconds is None else "interrupted" if interrupted else "complete"
    data |= {"finished_games": finished, "interrupted": interrupted, "status": status,
             "seconds": None if seconds is None else round(seconds, 3)}  # fmt: skip
    return data | {"command": command, "resumed_games": resumed}
