"""Training the learned bot's network by self-play, in NumPy (`spieltisch train`).

Rounds of self-play through the vector environment (spieltisch.adapters.vector),
each followed by training on all positions gathered so far:

1. The game's heuristic plays every seat, with a random move now and then
   for variety: cheap positions (a share `keep` of them is kept) whose targets
   are the heuristic's move (policy) and each seat's reward at the end (value):
   its win share mixed with its score margin, squashed at the games' mean
   margin, as ISMCTS rewards a playout (spieltisch.bots.guided.Reward).
2. Then, with a `teacher` (expert iteration), `teacher_games` games of a much
   stronger search against itself, ISMCTS with many iterations per move (the
   game's own search settings): the policy target is the share of its root
   visits per move, the value target each seat's reward at the end. The
   network is trained on these positions alone, `teacher_epochs` passes,
   starting from what the heuristic's positions taught it. Each game is its
   own seeded task, played in `workers` processes and kept in a `cache`
   folder when one is named, so a stopped run resumes and a rerun with other
   training settings skips the search.
3. Then, for `search_rounds` rounds, the learned bot itself with a few
   simulations per move: the policy target is the share of the search's
   visits per move, an improvement on the network's own prior.

The network (spieltisch.bots.learned.net) learns by hand-written backprop and
Adam, on cross-entropy losses of both heads (the policy softmax over the legal
moves only, a sigmoid per seat for the value). The search settings (`hint`,
`rollout`, `estimate`, `lazy`, `exploration`, `select`, `bias`) travel with
the weights as the bot's defaults. Everything draws from
generators seeded by `seed`, so one seed gives the same weights on the same
machine.
"""

from __future__ import annotations

import math
import pickle
import random
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from spieltisch.adapters.vector import BatchEnv
from spieltisch.bots.guided import LearnedSettings, Reward, win_shares
from spieltisch.bots.learned.net import Arrays, Net, new_params, sigmoid, softmax
from spieltisch.bots.learned.search import learned_search
from spieltisch.core.contract import AnyGame, State
from spieltisch.core.options import OptionError
from spieltisch.core.registry import load_game

Progress = Callable[[str, int, int], None]  # stage, done, total
Targets = tuple[list[int], list[float]]  # a policy target: action ids and their probabilities


@dataclass(frozen=True)
class TrainConfig:
    games: int = 4000  # heuristic self-play games
    search_rounds: int = 0  # the shipped weights: none (a next step for a stronger network)
    search_games: int = 400  # self-play games of the learned bot per search round
    search_iterations: int = 32  # its simulations per move
    tables: int = 32  # games played at once through the vector environment
    epsilon: float = 0.05  # the heuristic's chance of a random move
    keep: float = 0.3  # the share of the heuristic's positions kept (neighbours say much the same)
    margin_weight: float = 0.5  # the value target: the win share and this much of the squashed margin
    hint: float = 0.5  # the search's prior: this share to the heuristic's move, the rest the network's
    rollout: int = 0  # the search's heuristic decisions before the network judges a leaf
    estimate: float = 0.0  # the search's share of a leaf's value from the game's score estimate
    lazy: bool = False  # the search's prior only where it chooses a move
    exploration: float = 1.0  # the search's exploration constant
    select: str = "puct"  # the search's selection: puct, or ucb (ISMCTS's, the prior pulling)
    bias: float = 1.0  # ucb: the prior's pull
    teacher: str | None = None  # e.g. "ismcts:400": the stronger search whose visits the policy learns
    teacher_games: int = 200  # its self-play games
    teacher_epochs: int = 8  # passes over its positions
    width: int = 256
    layers: int = 2
    epochs: int = 4
    batch: int = 256
    learning_rate: float = 1e-3
    weight_decay: float = 1e-5


class Positions:
    """Self-play positions as sparse rows (observation, legal moves, policy target) and the games
    they come from, whose results make the value targets."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.obs_cols: list[np.ndarray] = []
        self.obs_vals: list[np.ndarray] = []
        self.obs_counts: list[np.ndarray] = []
        self.legal_cols: list[np.ndarray] = []
        self.legal_counts: list[np.ndarray] = []
        self.policy_cols: list[int] = []
        self.policy_probs: list[float] = []
        self.policy_counts: list[int] = []
        self.seats: list[int] = []
        self.games: list[int] = []  # per row, the index into `results`; -1 while its game runs
        self.results: list[tuple[list[float], list[float]]] = []  # win shares and scores per game

    def add_batch(
        self, observations: np.ndarray, masks: np.ndarray, targets: list[Targets], seats: list[int]
    ) -> list[int]:
        """Rows for these tables' positions; returns their row numbers (their games are not over)."""
        flat = observations.reshape(len(observations), -1)
        rows, cols = np.nonzero(flat)
        self.obs_cols.append(cols.astype(np.int32))
        self.obs_vals.append(flat[rows, cols].astype(np.float32))
        self.obs_counts.append(np.bincount(rows, minlength=len(flat)))
        rows, cols = np.nonzero(masks)
        self.legal_cols.append(cols.astype(np.int32))
        self.legal_counts.append(np.bincount(rows, minlength=len(flat)))
        for actions, probs in targets:
            self.policy_cols += actions
            self.policy_probs += probs
            self.policy_counts.append(len(actions))
        first = len(self.games)
        self.seats += seats
        self.games += [-1] * len(flat)
        return list(range(first, len(self.games)))

    def finish(self, rows: list[int], shares: list[float], scores: list[float]) -> None:
        """The game of these rows ended so."""
        for row in rows:
            self.games[row] = len(self.results)
        self.results.append((shares, scores))

    def arrays(self, reward: Reward) -> Batches:
        return Batches(self, reward)


class Batches:
    """The positions of finished games, packed for drawing mini-batches."""

    def __init__(self, positions: Positions, reward: Reward) -> None:
        def packed(parts: list[np.ndarray], dtype: Any) -> np.ndarray:
            return np.concatenate(parts).astype(dtype) if parts else np.zeros(0, dtype)

        self.obs_cols = packed(positions.obs_cols, np.int64)
        self.obs_vals = packed(positions.obs_vals, np.float32)
        self.obs_counts = packed(positions.obs_counts, np.int64)
        self.legal_cols = packed(positions.legal_cols, np.int64)
        self.legal_counts = packed(positions.legal_counts, np.int64)
        self.policy_cols = np.asarray(positions.policy_cols, dtype=np.int64)
        self.policy_probs = np.asarray(positions.policy_probs, dtype=np.float32)
        self.policy_counts = np.asarray(positions.policy_counts, dtype=np.int64)
        games = np.asarray(positions.games, dtype=np.int64)
        self.finished = games >= 0
        n = positions.players
        per_game = np.array([reward.of(*result) for result in positions.results] or [[0.0] * n])
        seats = np.asarray(positions.seats, dtype=np.int64)
        turned = (seats[:, None] + np.arange(n)[None, :]) % n  # row k: the seat k places on from the observer
        self.values = per_game[np.maximum(games, 0)[:, None], turned].astype(np.float32)

    @property
    def rows(self) -> np.ndarray:
        return np.flatnonzero(self.finished)

    def dense(self, rows: np.ndarray, width: int, actions: int) -> tuple[Any, ...]:
        """Observations (sparse: the first layer's products cost only their non-zero entries),
        legal masks, policy targets and value targets of `rows`."""
        return (
            _sparse(rows, self.obs_counts, self.obs_cols, self.obs_vals, width),
            _densify(rows, self.legal_counts, self.legal_cols, None, actions),
            _densify(rows, self.policy_counts, self.policy_cols, self.policy_probs, actions),
            self.values[rows],
        )


def _sparse(rows: np.ndarray, counts: np.ndarray, cols: np.ndarray, vals: np.ndarray, width: int) -> Any:
    from scipy.sparse import csr_matrix  # type: ignore[import-untyped]

    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    taken = counts[rows]
    where = np.repeat(starts[rows] - np.concatenate([[0], np.cumsum(taken)[:-1]]), taken)
    where += np.arange(taken.sum())
    offsets = np.concatenate([[0], np.cumsum(taken)])
    return csr_matrix((vals[where], cols[where], offsets), shape=(len(rows), width))


def _densify(
    rows: np.ndarray, counts: np.ndarray, cols: np.ndarray, vals: np.ndarray | None, width: int
) -> np.ndarray:
    ones = np.ones(len(cols), dtype=np.float32) if vals is None else vals
    dense: np.ndarray = _sparse(rows, counts, cols, ones, width).toarray()
    return dense


Chooser = Callable[[BatchEnv], tuple[list[int], list[Targets]]]


def self_play(
    game: AnyGame, games: int, tables: int, seed: int, choose: Chooser, keep: float, progress: Progress
) -> Positions:
    """Play `games` games (`tables` at once) through the vector environment, `choose` moving every
    seat; a share `keep` of the positions is kept, drawn by `seed`."""
    env = BatchEnv(game, num_envs=tables, copy=False)
    observations, infos = env.reset(seed=seed)
    keeping = np.random.default_rng(seed)
    positions = Positions(game.num_players)
    pending: list[list[int]] = [[] for _ in range(tables)]  # per table: its game's rows
    finished = 0
    while finished < games:
        actions, targets = choose(env)
        kept = np.flatnonzero(keeping.random(tables) < keep).tolist()
        if kept:
            rows = positions.add_batch(
                observations["observation"][kept],
                observations["action_mask"][kept],
                [targets[table] for table in kept],
                infos["seat"][kept].tolist(),
            )
            for table, row in zip(kept, rows, strict=True):
                pending[table].append(row)
        playing = list(env.states)  # a finished game's state stays as it ended; the table gets a new one
        observations, _, terminations, _, infos = env.step(np.asarray(actions, dtype=np.int64))
        for table in np.flatnonzero(terminations).tolist():
            if finished < games:
                ended = playing[table]
                positions.finish(pending[table], win_shares(ended), ended.scores())
                finished += 1
                progress("self-play", finished, games)
            pending[table] = []
    return positions


def heuristic_chooser(game: AnyGame, epsilon: float, rng: random.Random) -> Chooser:
    """The heuristic's move is the target; a random legal move is played instead with chance `epsilon`."""

    def choose(env: BatchEnv) -> tuple[list[int], list[Targets]]:
        actions, targets = [], []
        for state in env.states:
            move = game.heuristic_action(state, rng)
            actions.append(rng.choice(state.legal_actions()) if rng.random() < epsilon else move)
            targets.append(([move], [1.0]))
        return actions, targets

    return choose


def searching_chooser(decide: Callable[[State, list[int]], tuple[int, Targets]]) -> Chooser:
    """A search's move at each table and its visit shares as the target (`decide`); a sole legal
    move is played without searching."""

    def choose(env: BatchEnv) -> tuple[list[int], list[Targets]]:
        actions, targets = [], []
        for state in env.states:
            legal = state.legal_actions()
            action, target = (legal[0], (legal, [1.0])) if len(legal) == 1 else decide(state, legal)
            actions.append(action)
            targets.append(target)
        return actions, targets

    return choose


def search_chooser(game: AnyGame, net: Net, config: TrainConfig, rng: random.Random) -> Chooser:
    """The learned search moves, drawing its move from the visit shares; those shares are the target."""
    settings = LearnedSettings(iterations=config.search_iterations, **search_settings(config))
    actions_count = game.num_distinct_actions()

    def decide(state: State, legal: list[int]) -> tuple[int, Targets]:
        search = learned_search(game, net, settings, rng)
        search.run(state, state.current_player())
        shares = search.visit_shares(actions_count)
        moves = [a for a in legal if shares[a] > 0]
        probs = [shares[a] for a in moves]
        return rng.choices(moves, probs)[0], (moves, probs)

    return searching_chooser(decide)


def teacher_chooser(game: AnyGame, spec: str, rng: random.Random) -> Chooser:
    """ISMCTS (`spec`, e.g. "ismcts:400", the game's own search settings for the rest) plays its most
    visited move; the shares of its root visits over the legal moves are the target."""
    from spieltisch.bots import make_bot
    from spieltisch.bots.ismcts import IsmctsBot, Search

    bot = make_bot(spec, game, 0)
    if type(bot) is not IsmctsBot:
        raise OptionError(f"the teacher must be ISMCTS without a memory model (ismcts:400), not {spec!r}")

    def decide(state: State, legal: list[int]) -> tuple[int, Targets]:
        seeded = random.Random(rng.getrandbits(64))
        search = Search(game, bot.settings, bot.resample, seeded, bot.evaluator)
        action = search.run(state, state.current_player())
        children = search.root.children
        moves = [a for a in legal if a in children and children[a].visits]
        total = sum(children[a].visits for a in moves)
        return action, (moves, [children[a].visits / total for a in moves])

    return searching_chooser(decide)


@dataclass(frozen=True)
class TeacherGame:
    """One game of the teacher against itself, a task for a worker process."""

    game: str
    players: int
    options: dict[str, Any]
    teacher: str
    seed: int
    cache: Path | None

    @property
    def cached(self) -> Path | None:
        if self.cache is None:
            return None
        name = re.sub(r"[^a-z0-9.=-]+", "_", f"{self.game}-{self.players}p-{self.teacher}".lower())
        return self.cache / f"{name}-seed{self.seed}.pickle"

    def play(self) -> Positions:
        cached = self.cached
        if cached is not None and cached.exists():
            with cached.open("rb") as handle:
                positions: Positions = pickle.load(handle)  # our own cache folder
            return positions
        game = load_game(self.game, self.players, **self.options)
        chooser = teacher_chooser(game, self.teacher, random.Random(self.seed))
        positions = self_play(game, 1, 1, self.seed, chooser, 1.0, lambda stage, done, total: None)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(".partial")
            with partial.open("wb") as handle:
                pickle.dump(positions, handle)
            partial.replace(cached)  # whole files only: a stopped run leaves no half-written game
        return positions


def play_teacher_game(task: TeacherGame) -> tuple[int, Positions]:
    return task.seed, task.play()


def teacher_play(
    game: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    config: TrainConfig,
    workers: int,
    cache: Path | None,
    progress: Progress,
) -> Positions:
    """The teacher's games, each seeded from `seed` and its number, in `workers` processes; their
    positions joined in the games' order, whatever order they finished in."""
    from spieltisch.lab.simulation import as_finished, make_executor

    assert config.teacher is not None
    tasks = [
        TeacherGame(game, players, options, config.teacher, seed * 1_000_003 + number, cache)
        for number in range(config.teacher_games)
    ]
    played: dict[int, Positions] = {}
    executor = make_executor(workers)
    try:
        for task_seed, positions in as_finished(executor, play_teacher_game, tasks):
            played[task_seed] = positions
            progress(f"teacher {config.teacher}", len(played), len(tasks))
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
    every = Positions(players)
    for task in tasks:
        every = joined(every, played[task.seed])
    return every


# --- the network's training ------------------------------------------------------------


class Adam:
    def __init__(self, params: Arrays, rate: float, decay: float) -> None:
        self.rate, self.decay, self.steps = rate, decay, 0
        self.first = {key: np.zeros_like(value) for key, value in params.items()}
        self.second = {key: np.zeros_like(value) for key, value in params.items()}

    def step(self, params: Arrays, grads: Arrays) -> None:
        self.steps += 1
        b1, b2 = 0.9, 0.999
        correction = math.sqrt(1 - b2**self.steps) / (1 - b1**self.steps)
        for key, grad in grads.items():
            if self.decay and key.startswith(("w", "policy_w", "value_w")):
                grad = grad + self.decay * params[key]
            self.first[key] = b1 * self.first[key] + (1 - b1) * grad
            self.second[key] = b2 * self.second[key] + (1 - b2) * grad * grad
            params[key] -= self.rate * correction * self.first[key] / (np.sqrt(self.second[key]) + 1e-8)


def losses_and_grads(
    params: Arrays, obs: Any, legal: np.ndarray, policy: np.ndarray, value: np.ndarray
) -> tuple[float, float, Arrays]:
    """Cross-entropy of both heads (policy: softmax over the legal moves; value: a sigmoid per seat)
    and their gradients, by backprop."""
    size = obs.shape[0]
    layers = sum(1 for key in params if key.startswith("w"))
    hidden = [obs]  # a dense array or a sparse matrix
    for layer in range(layers):
        hidden.append(np.maximum(hidden[-1] @ params[f"w{layer}"] + params[f"b{layer}"], 0.0))
    top = hidden[-1]
    logits = top @ params["policy_w"] + params["policy_b"]
    logits = np.where(legal > 0, logits, -1e9)
    policy_out = softmax(logits)
    value_out = sigmoid(top @ params["value_w"] + params["value_b"])
    policy_loss = -float(np.sum(policy * np.log(np.maximum(policy_out, 1e-12)))) / size
    value_loss = -float(np.sum(value * np.log(np.maximum(value_out, 1e-12)))) / size
    value_loss -= float(np.sum((1 - value) * np.log(np.maximum(1 - value_out, 1e-12)))) / size
    grads: Arrays = {}
    d_policy = (policy_out - policy) / size
    d_value = (value_out - value) / size
    grads["policy_w"], grads["policy_b"] = top.T @ d_policy, d_policy.sum(axis=0)
    grads["value_w"], grads["value_b"] = top.T @ d_value, d_value.sum(axis=0)
    d_hidden = d_policy @ params["policy_w"].T + d_value @ params["value_w"].T
    for layer in reversed(range(layers)):
        d_hidden = d_hidden * (hidden[layer + 1] > 0)
        grads[f"w{layer}"], grads[f"b{layer}"] = hidden[layer].T @ d_hidden, d_hidden.sum(axis=0)
        if layer:
            d_hidden = d_hidden @ params[f"w{layer}"].T
    return policy_loss, value_loss, grads


def fit(
    params: Arrays, data: Batches, config: TrainConfig, rng: np.random.Generator, progress: Progress
) -> dict[str, float]:
    """Train on the finished positions, a twentieth of the games' rows held out; the losses."""
    rows = data.rows
    held = rng.random(len(rows)) < 0.05
    train_rows, check_rows = rows[~held], rows[held]
    width, actions = params["w0"].shape[0], params["policy_b"].shape[0]
    adam = Adam(params, config.learning_rate, config.weight_decay)
    steps = config.epochs * max(1, len(train_rows) // config.batch)
    done = 0
    for _ in range(config.epochs):
        order = rng.permutation(train_rows)
        for start in range(0, max(1, len(order) - config.batch + 1), config.batch):
            batch = data.dense(order[start : start + config.batch], width, actions)
            _, _, grads = losses_and_grads(params, *batch)
            adam.step(params, grads)
            done += 1
            if done % 20 == 0 or done == steps:
                progress("training", min(done, steps), steps)
    figures = {"positions": float(len(train_rows)), "held_out": float(len(check_rows))}
    for name, chosen in (("train", train_rows[:20000]), ("held_out", check_rows)):
        if len(chosen):
            policy_loss, value_loss, _ = losses_and_grads(params, *data.dense(chosen, width, actions))
            figures[f"{name}_policy_loss"] = round(policy_loss, 4)
            figures[f"{name}_value_loss"] = round(value_loss, 4)
    return figures


def train(
    game_name: str,
    players: int,
    seed: int,
    config: TrainConfig,
    progress: Progress = lambda stage, done, total: None,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    cache: Path | None = None,
) -> tuple[Net, list[dict[str, float]]]:
    """Self-play and train as the module says; the network and each stage's figures (the same
    whatever `workers`; `cache`: a folder keeping the teacher's games)."""
    game = load_game(game_name, players, **(options or {}))
    if config.select not in ("puct", "ucb"):
        raise OptionError(f"the search's selection is puct or ucb, not {config.select!r}")
    if config.layers < 1 or config.width < 1:
        raise OptionError(
            f"the network needs at least one hidden layer of one unit, not {config.layers} of {config.width}"
        )
    if config.teacher:
        teacher_chooser(game, config.teacher, random.Random(seed))  # a bad teacher fails before any work
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    sizes = [math.prod(game.observation_shape())] + [config.width] * config.layers
    params = new_params(sizes, game.num_distinct_actions(), players, np_rng)
    chooser = heuristic_chooser(game, config.epsilon, rng)
    positions = self_play(game, config.games, config.tables, seed, chooser, config.keep, progress)
    reward = fitted_reward(game, positions, config.margin_weight)
    figures = [fit(params, positions.arrays(reward), config, np_rng, progress)]
    meta = {
        "game": game_name, "players": players, "seed": seed, "config": asdict(config), "options": options,
        "reward": asdict(reward), "search": search_settings(config),
    }  # fmt: skip
    if config.teacher and config.teacher_games:
        taught = teacher_play(game_name, players, options or {}, seed, config, workers, cache, progress)
        taught_config = replace(config, epochs=config.teacher_epochs)
        figures.append(fit(params, taught.arrays(reward), taught_config, np_rng, progress))
        figures[-1]["teacher"] = 1.0
        positions = joined(positions, taught)
    for search_round in range(config.search_rounds):
        net = Net({key: value.copy() for key, value in params.items()}, meta)
        chooser = search_chooser(game, net, config, rng)
        round_seed = seed + 1 + search_round
        fresh = self_play(game, config.search_games, config.tables, round_seed, chooser, 1.0, progress)
        positions = joined(positions, fresh)
        figures.append(fit(params, positions.arrays(reward), config, np_rng, progress))
    meta["figures"] = figures
    return Net(params, meta), figures


def search_settings(config: TrainConfig) -> dict[str, Any]:
    """The search settings the network carries as the bot's defaults."""
    return {
        "hint": config.hint, "rollout": config.rollout, "estimate": config.estimate, "lazy": config.lazy,
        "exploration": config.exploration, "select": config.select, "bias": config.bias,
    }  # fmt: skip


def fitted_reward(game: AnyGame, positions: Positions, margin_weight: float) -> Reward:
    """The reward the value learns: its margin squashed at the mean absolute margin of these games."""
    sign = -1.0 if game.lower_score_wins else 1.0
    unscaled = Reward(margin_weight, 1.0, sign)
    margins = [abs(m) for _, scores in positions.results for m in unscaled.margins(scores)]
    scale = sum(margins) / len(margins) if margins and sum(margins) > 0 else 1.0
    return Reward(margin_weight, round(scale, 4), sign)


def joined(first: Positions, second: Positions) -> Positions:
    """Both sets of positions in one."""
    both = Positions(first.players)
    for key in vars(both):
        if key != "players":
            setattr(both, key, getattr(first, key) + getattr(second, key))
    offset = len(first.results)
    both.games = first.games + [game + offset if game >= 0 else game for game in second.games]
    return both


def arena_check(
    game: str,
    players: int,
    weights: Path,
    games: int,
    seed: int,
    options: dict[str, Any] | None,
    progress: Progress,
) -> str | None:
    """The new network's bot against ISMCTS at equal time per move, as a line for the note."""
    if not games:
        return None
    from spieltisch.lab.arena import play_match

    learned, ismcts = f"learned:t=0.02:weights={weights}", "ismcts:t=0.02"
    bots = [learned] + [ismcts] * (players - 1)
    played = [0]

    def count(_: object) -> None:
        played[0] += 1
        progress("arena", played[0], games)

    match = play_match(game, bots, games, seed, options, count)
    low, high = match.wilson_interval(learned)
    return (
        f"learned:t=0.02 against ismcts:t=0.02, {games} games, seed {seed}: win share "
        f"{match.win_share(learned):.3f} (95% interval {low:.3f}-{high:.3f}, fair share {1 / players:.3f})"
    )


def figure_lines(figures: list[dict[str, float]]) -> list[str]:
    """One line per round: positions and losses."""
    lines = []
    rounds = 0
    for number, round_figures in enumerate(figures):
        if number == 0:
            source = "heuristic self-play"
        elif round_figures.get("teacher"):
            source = "the teacher's games"
        else:
            rounds += 1
            source = f"learned self-play, round {rounds}"
        losses = ", ".join(f"{key} {value}" for key, value in round_figures.items() if "loss" in key)
        lines.append(f"after {source}: {round_figures['positions']:,.0f} positions; {losses}")
    return lines


def write_note(
    path: Path, command: str, seed: int, figures: list[dict[str, float]], minutes: float, arena: str | None
) -> Path:
    """The sidecar note of a weights file: how it was made and its figures."""
    note = path.with_suffix(".md")
    lines = [
        f"# {path.name}",
        "",
        f"Made by `{command}` (seed {seed}) in {minutes:.0f} minute{'' if round(minutes) == 1 else 's'}.",
        "",
        *[f"- {line}" for line in figure_lines(figures)],
    ]
    if arena:
        lines += [f"- {arena}"]
    note.write_text("\n".join(lines) + "\n")
    return note
