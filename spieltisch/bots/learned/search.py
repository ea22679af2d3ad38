"""ISMCTS guided by the learned network: the `learned` bot.

The search is the single-observer ISMCTS of spieltisch.bots.ismcts (each
iteration on a fresh determinization, one tree branching on what the
searching seat saw), with the network in two places, as in AlphaZero:

- the network's policy over the legal moves, a share `hint` of it given to
  the heuristic's move (found in that determinization, as ISMCTS's hint), is
  the prior of the selection: PUCT, `Q + c * prior * sqrt(N) / (1 + n)`,
  where N counts the visits of the moves legal in this determinization, or
  with `select=ucb` ISMCTS's own (see `select_ucb`);
- instead of a playout's end, the network's value: each seat's expected
  reward (the win mixed with the score margin, as ISMCTS rewards a playout).
  A finished game counts its real reward.

With `rollout=N` the heuristic plays N decisions before the network judges;
with `estimate=W` that judgement is mixed with the game's score estimate
(`Game.estimate_scores`, what ISMCTS judges a cut-off playout by), weight W;
`estimate=1` is ISMCTS's judge alone, without a forward pass. With `lazy=1`
the prior of a decision is computed only when the search comes back to it
(see `LearnedSearch.iterate`).

The tree branches on what the searching seat saw after each step: its
observation tensor where the game lists it sparsely (Souvenirs: a few
microseconds), else its information state key (`State.information_state_key`).

The network reads only the observation tensor of the seat to move: at the
root the searching seat's own; deeper, that seat's in the determinization,
whose hidden cards were drawn from what the searcher may know, never the
real ones. A value costs one forward pass, far less than a playout, so many
more simulations fit into the same time, but judge worse than a short
playout: the Souvenirs network only adds its prior to ISMCTS's judge.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from spieltisch.bots.base import Bot
from spieltisch.bots.learned.net import Net
from spieltisch.core.contract import AnyGame, State
from spieltisch.core.options import OptionError
from spieltisch.core.play import sample_chance

WEIGHTS = Path(__file__).parent.parent / "data" / "learned"


@dataclass(frozen=True)
class LearnedSettings:
    iterations: int = 1000
    seconds: float | None = None  # set: seconds per move instead of iterations
    exploration: float = 1.0  # PUCT's c
    hint: float = 0.0  # the share of the prior given to the heuristic's move
    rollout: int = 0  # heuristic decisions played before the network judges a leaf
    estimate: float = 0.0  # the share of a leaf's value from the game's score estimate (ISMCTS's judge)
    lazy: bool = False  # the prior only where the search chooses a move (see LearnedSearch.iterate)
    select: str = "puct"  # or "ucb": ISMCTS's selection, the prior ordering and pulling (see select_ucb)
    bias: float = 1.0  # ucb: the prior's pull, bias * prior / (1 + visits)
    weights: Path | None = None  # None: the package's weights for the game and player count


class Node:
    """A decision (`prior`, `value` once evaluated; `children`: one edge per action) or an
    action edge (`visits`, summed `reward` per seat; `outcomes`: the decisions it leads to,
    by what the searching seat saw)."""

    __slots__ = ("available", "children", "hint", "outcomes", "prior", "reached", "reward", "value", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[int, Node] = {}
        self.outcomes: dict[Hashable, Node] = {}
        self.prior: list[float] | None = None  # exp(logit) per action id, unnormalised
        self.hint = -1  # the heuristic's move, found at the first selection (-1: not yet)
        self.value: list[float] = [0.0] * players
        self.reached = False  # lazy: judged once as a leaf; the next arrival chooses a move here
        self.visits = 0
        self.available = 1  # ucb: how often the move was legal where it could be chosen
        self.reward = [0.0] * players


def win_shares(state: State) -> list[float]:
    """Each seat's share of the win at the end: 1/k for each of k winners."""
    won = state.returns()
    total = sum(won)
    return [w / total for w in won] if total else [1.0 / len(won)] * len(won)


@dataclass(frozen=True)
class Reward:
    """A finished game's reward per seat, as the network learnt to predict it: the win share mixed
    with the score margin (own score minus the best other, `sign` -1 where the lowest wins)
    squashed by tanh at `scale`."""

    margin_weight: float = 0.0
    scale: float = 1.0
    sign: float = 1.0

    def __call__(self, state: State) -> list[float]:
        return self.of(win_shares(state), state.scores())

    def of(self, shares: list[float], scores: list[float]) -> list[float]:
        """The rewards of a game that ended with these win shares and scores."""
        if not self.margin_weight:
            return shares
        weight = self.margin_weight
        return [
            (1 - weight) * share + weight * (0.5 + 0.5 * math.tanh(margin / self.scale))
            for share, margin in zip(shares, self.margins(scores), strict=True)
        ]

    def margins(self, scores: list[float]) -> list[float]:
        signed = [self.sign * score for score in scores]
        return [
            s - max(o for other, o in enumerate(signed) if other != seat) for seat, s in enumerate(signed)
        ]


class LearnedSearch:
    """One search from one information state."""

    def __init__(self, game: AnyGame, net: Net, settings: LearnedSettings, rng: random.Random) -> None:
        self.game = game
        self.net = net
        self.settings = settings
        self.rng = rng
        self.players = game.num_players
        self.root = Node(self.players)
        self.iterations = 0
        self.seat = 0
        self.sparse = False
        self.reward = Reward(**net.meta.get("reward", {}))
        self.ucb = settings.select == "ucb"

    def run(self, state: State, seat: int) -> int:
        self.seat = seat
        self.sparse = state.observation_entries(seat)[0] is not None
        self.evaluate(self.root, state)  # the real state, seen by its own seat only
        settings = self.settings
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        while True:
            self.iterate(state.resample_from_infostate(seat, self.rng))
            if deadline is None:
                if self.iterations >= settings.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        return self.best_action(state.legal_actions())

    def iterate(self, state: State) -> None:
        """Walk down `state` (a determinization, changed in place), judge the new leaf, back up.

        Eager (the default), the network evaluates a decision as it is reached: its
        prior and its value at once. `lazy`, a decision reached for the first time is
        only judged as a leaf (by a rollout, or by the network, which then gives its
        prior too), and the prior is computed on the next arrival, where a move must be
        chosen: many leaves are never reached again, so the search pays for fewer
        forward passes (the root is evaluated before the first).
        """
        rng = self.rng
        node = self.root
        path: list[Node] = []
        while True:
            if node.prior is None:
                if not self.settings.lazy:
                    rewards = self.evaluate(node, state)
                    if self.settings.rollout or self.settings.estimate:
                        rewards = self.roll_out(state)
                    break
                if not node.reached:
                    node.reached = True
                    rewards = node.value = self.leaf(node, state)
                    break
                self.expand(node, state)
            edge = self.select_ucb(node, state) if self.ucb else self.select(node, state)
            path.append(edge)
            while state.is_chance_node():
                state.apply_legal_action(sample_chance(state, rng))
            if state.is_terminal():
                rewards = self.reward(state)
                break
            seen = self.seen(state)
            node = edge.outcomes.get(seen) or edge.outcomes.setdefault(seen, Node(self.players))
        for visited in path:
            visited.visits += 1
            reward = visited.reward
            for seat, value in enumerate(rewards):
                reward[seat] += value
        self.iterations += 1

    def leaf(self, node: Node, state: State) -> list[float]:
        """A new decision's value: that of a short heuristic rollout, or the network's (whose
        forward pass gives the decision its prior too)."""
        if self.settings.rollout or self.settings.estimate:
            return self.roll_out(state)
        return self.evaluate(node, state)

    def expand(self, node: Node, state: State) -> None:
        """The network's prior at a decision (its value stays the first leaf's judgement)."""
        logits, _ = self.net.evaluate(*state.observation_entries(state.current_player()))
        node.prior = np.exp(logits - logits.max()).tolist()

    def seen(self, state: State) -> Hashable:
        """What the searching seat sees: its observation tensor where the game lists it sparsely
        (far cheaper), else its information state key."""
        if self.sparse:
            indices, values = state.observation_entries(self.seat)
            return (tuple(indices or ()), tuple(values))
        return state.information_state_key(self.seat)

    def evaluate(self, node: Node, state: State) -> list[float]:
        """The network's prior and value at a new decision, from the observation of the seat to move."""
        mover = state.current_player()
        logits, shares = self.net.evaluate(*state.observation_entries(mover))
        node.prior = np.exp(logits - logits.max()).tolist()
        n = self.players
        node.value = [float(shares[(seat - mover) % n]) for seat in range(n)]
        return node.value

    def roll_out(self, state: State) -> list[float]:
        """The heuristic plays a few decisions on, then the network (or the end) judges."""
        rng = self.rng
        left = self.settings.rollout
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance(state, rng))
            elif left:
                state.apply_legal_action(self.game.heuristic_action(state, rng))
                left -= 1
            else:
                return self.judge(state)
        return self.reward(state)

    def judge(self, state: State) -> list[float]:
        """The network's value of a leaf, mixed with the game's score estimate where `estimate` says."""
        share = self.settings.estimate
        estimate = self.game.estimate_scores(state) if share else None
        if estimate is None:
            return self.evaluate(Node(self.players), state)
        reward = self.reward
        squashed = [0.5 + 0.5 * math.tanh(m / reward.scale) for m in reward.margins(estimate)]
        if share >= 1:
            return squashed  # ISMCTS's own judge: no forward pass
        value = self.evaluate(Node(self.players), state)
        return [(1 - share) * v + share * e for v, e in zip(value, squashed, strict=True)]

    def select(self, node: Node, state: State) -> Node:
        """PUCT over the moves legal in this determinization; applies the chosen move to `state`."""
        legal = state.legal_actions()
        player = state.current_player()
        children = node.children
        prior = node.prior
        assert prior is not None
        total = 0
        weight = 0.0
        for action in legal:
            weight += prior[action]
            child = children.get(action)
            if child is not None:
                total += child.visits
        hint = self.settings.hint
        if hint and node.hint < 0:
            node.hint = self.game.heuristic_action(state, self.rng)  # in this determinization
        c = self.settings.exploration * math.sqrt(max(total, 1))
        scale = c * (1 - hint) / max(weight, 1e-30)
        unvisited = node.value[player]  # first-play urgency: the decision's own value
        best_action, best_score = legal[0], -math.inf
        for action in legal:
            child = children.get(action)
            share = scale * prior[action] + (c * hint if action == node.hint else 0.0)
            if child is None or not child.visits:
                score = unvisited + share
            else:
                score = child.reward[player] / child.visits + share / (1 + child.visits)
            if score > best_score:
                best_action, best_score = action, score
        edge = children.get(best_action)
        if edge is None:
            edge = children[best_action] = Node(self.players)
        state.apply_legal_action(best_action)
        return edge

    def select_ucb(self, node: Node, state: State) -> Node:
        """ISMCTS's selection, the heuristic's hint joined by the network's prior: the prior's
        shares among the legal moves, `hint` of the whole given to the heuristic's move. A move
        never tried here first (the one of the highest share), else UCB1 over the moves'
        availability plus a pull `bias * share / (1 + visits)` that fades as evidence comes in.
        Applies the chosen move to `state`."""
        legal = state.legal_actions()
        children = node.children
        prior = node.prior
        assert prior is not None
        hint = self.settings.hint
        if hint and node.hint < 0:
            node.hint = self.game.heuristic_action(state, self.rng)  # in this determinization
        pull = (1 - hint) / max(sum(prior[action] for action in legal), 1e-30)
        shares = {action: pull * prior[action] + (hint if action == node.hint else 0.0) for action in legal}
        untried = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if untried:
            best_action = max(untried, key=shares.__getitem__)
            edge = children[best_action] = Node(self.players)
            state.apply_legal_action(best_action)
            return edge
        player = state.current_player()
        explore = self.settings.exploration
        bias = self.settings.bias
        best_action, best_score = legal[0], -math.inf
        for action in legal:
            child = children[action]
            visits = child.visits
            score = (
                child.reward[player] / visits
                + explore * math.sqrt(math.log(child.available) / visits)
                + bias * shares[action] / (1 + visits)
            )
            if score > best_score:
                best_action, best_score = action, score
        state.apply_legal_action(best_action)
        return children[best_action]

    def best_action(self, legal: list[int]) -> int:
        """The most visited legal root move (ties: the higher prior)."""
        prior = self.root.prior or [0.0] * (max(legal) + 1)
        children = self.root.children
        return max(legal, key=lambda a: (children[a].visits if a in children else 0, prior[a]))

    def visit_shares(self, actions: int) -> list[float]:
        """The root moves' shares of the visits, per action id (a training target)."""
        shares = [0.0] * actions
        for action, child in self.root.children.items():
            shares[action] = child.visits / max(self.iterations, 1)
        return shares


class LearnedBot(Bot):
    """The `learned` bot: ISMCTS with the network's prior and value (see the module)."""

    def __init__(self, game: AnyGame, seat: int, net: Net, settings: LearnedSettings, name: str) -> None:
        self.game = game
        self.seat = seat
        self.net = net
        self.settings = settings
        self.name = name
        self.last_iterations = 0

    def choose(self, state: State, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        search = LearnedSearch(self.game, self.net, self.settings, random.Random(rng.getrandbits(64)))
        action = search.run(state, state.current_player())
        self.last_iterations = search.iterations
        return action


def weights_path(game: AnyGame) -> Path:
    """The package's weights for the game at its player count."""
    return WEIGHTS / f"{game.name}-{game.num_players}p.npz"


@cache
def load_net(path: Path) -> Net:
    return Net.load(path)


def net_for(game: AnyGame, path: Path | None = None) -> Net:
    """The network for `game` (the package's, or the file at `path`), checked against its tensors."""
    path = path or weights_path(game)
    if not path.exists():
        trained = sorted(p.stem for p in WEIGHTS.glob("*.npz"))
        raise OptionError(
            f"no trained network for {game.name} with {game.num_players} players (trained: "
            f"{', '.join(trained) or 'none'}); make one with `spieltisch train {game.name} "
            f"--players {game.num_players}` and name it with weights=PATH"
        )
    net = load_net(path)
    size = math.prod(game.observation_shape())
    expected = (size, game.num_distinct_actions(), game.num_players)
    if (net.input_size, net.actions, net.players) != expected:
        raise OptionError(
            f"the network {path.name} fits observations of {net.input_size}, {net.actions} actions and "
            f"{net.players} players, not {game.name}'s {expected[0]}, {expected[1]} and {expected[2]} "
            f"(other rule options?)"
        )
    return net


SPEC_HELP = (
    "Use e.g. learned, learned:200 (iterations), learned:t=0.02 (seconds per move), "
    "with optional :c=1.0 :hint=0.5 :rollout=4 :estimate=0.5 :lazy=1 :select=ucb :bias=1 :weights=PATH"
)


def parse_learned(spec: str, defaults: dict[str, Any] | None = None) -> LearnedSettings:
    """Read the parts of "learned:t=0.02:c=1.0:hint=0.5:rollout=4:lazy=1:weights=PATH" (also "learned:200",
    "learned:250ms"); what the spec leaves out comes from `defaults` (the network's own search
    settings), then from LearnedSettings."""
    fields: dict[str, Any] = dict(defaults or {})
    _, _, params = spec.partition(":")
    for part in filter(None, (p.strip() for p in params.split(":"))):
        key, sep, value = part.partition("=")
        key = key.lower()
        try:
            if not sep:
                fields.update(_budget(key))
            elif key in ("t", "time"):
                fields.update(_budget(value.lower().removesuffix("s") + "s"))
            elif key in ("n", "iterations"):
                fields.update(_budget(value))
            elif key in ("c", "hint", "estimate", "bias"):
                fields[SPEC_KEYS[key]] = float(value)
            elif key == "rollout":
                fields["rollout"] = int(value)
            elif key == "lazy":
                fields["lazy"] = _switch(value)
            elif key == "select":
                fields["select"] = _selection(value)
            elif key == "weights":
                fields["weights"] = Path(value)
            else:
                raise ValueError(f"unknown setting {key!r}")
        except ValueError as error:
            raise OptionError(f"bad bot spec {spec!r}: {error}. {SPEC_HELP}") from None
    settings = LearnedSettings(**fields)
    shares_ok = 0 <= settings.hint <= 1 and 0 <= settings.estimate <= 1
    if not shares_ok or settings.rollout < 0 or settings.exploration < 0 or settings.bias < 0:
        raise OptionError(
            f"bad bot spec {spec!r}: hint and estimate are shares from 0 to 1, rollout a count. {SPEC_HELP}"
        )
    if settings.iterations < 1 or (settings.seconds is not None and not settings.seconds > 0):
        raise OptionError(f"bad bot spec {spec!r}: iterations and time must be positive. {SPEC_HELP}")
    return settings


SPEC_KEYS = {"c": "exploration", "hint": "hint", "estimate": "estimate", "bias": "bias"}


def _selection(value: str) -> str:
    if value not in ("puct", "ucb"):
        raise ValueError("select is puct or ucb")
    return value


def _switch(value: str) -> bool:
    if value not in ("0", "1"):
        raise ValueError("lazy is 0 or 1")
    return value == "1"


def _budget(text: str) -> dict[str, Any]:
    """Iterations ("200") or seconds per move ("0.5s", "250ms")."""
    if text.endswith("ms"):
        return {"seconds": float(text[:-2]) / 1000}
    if text.endswith("s"):
        return {"seconds": float(text[:-1])}
    return {"iterations": int(text), "seconds": None}


def make_learned_bot(spec: str, game: AnyGame, seat: int) -> LearnedBot:
    net = net_for(game, parse_learned(spec).weights)
    settings = parse_learned(spec, net.meta.get("search"))
    return LearnedBot(game, seat, net, settings, name=spec.lower())
