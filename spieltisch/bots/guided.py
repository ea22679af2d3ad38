"""ISMCTS guided by a prior and a value: the search of the `learned` bot.

The search is the single-observer ISMCTS of spieltisch.bots.ismcts (each
iteration on a fresh determinization, one tree branching on what the
searching seat saw), with an evaluator in two places, as in AlphaZero:

- its prior over the legal moves, a share `hint` of it given to the
  heuristic's move (found in that determinization, as ISMCTS's hint), is the
  prior of the selection: PUCT, `Q + c * prior * sqrt(N) / (1 + n)`, where N
  counts the visits of the moves legal in this determinization, or with
  `select=ucb` ISMCTS's own (see `GuidedSearch.select_ucb`);
- instead of a playout's end, its value: each seat's expected reward (the
  win mixed with the score margin, as ISMCTS rewards a playout). A finished
  game counts its real reward.

With `rollout=N` the heuristic plays N decisions before the evaluator judges;
with `estimate=W` that judgement is mixed with the game's score estimate
(`Game.estimate_scores`, what ISMCTS judges a cut-off playout by), weight W;
`estimate=1` is ISMCTS's judge alone, without the evaluator: the margins
squashed at the network's fixed scale (the mean final margin of its
training games; ISMCTS squashes at the mean margin its searches have seen,
a sharper judgement that played worse here). With `lazy=1` the prior of a
decision is computed only when the search comes back to it (see
`GuidedSearch.iterate`).

The tree branches on what the searching seat saw after each step, its
information state key (`State.information_state_key`), as ISMCTS's does.

The evaluator (the learned network, spieltisch.bots.learned) reads only
what the seat to move may know. This module needs no NumPy, so the compiled
build compiles the search as it does ISMCTS's.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path

from spieltisch.core.contract import AnyGame, State
from spieltisch.core.draws import choice
from spieltisch.core.play import sample_chance

Evaluate = Callable[[State], tuple[list[float], list[float]]]
"""The evaluator at a decision: its prior (a non-negative weight per action id, unnormalised)
and each seat's expected reward in [0, 1], seat by seat."""
Judge = Callable[[State], list[float]]
"""The evaluator's value alone (each seat's expected reward), where it is cheaper."""


@dataclass(frozen=True)
class LearnedSettings:
    iterations: int = 1000
    seconds: float | None = None  # set: seconds per move instead of iterations
    exploration: float = 1.0  # PUCT's c
    hint: float = 0.0  # the share of the prior given to the heuristic's move
    rollout: int = 0  # heuristic decisions played before the network judges a leaf
    epsilon: float = 0.0  # the share of the rollout's decisions played at random (as ISMCTS's eps)
    estimate: float = 0.0  # the share of a leaf's value from the game's score estimate (ISMCTS's judge)
    lazy: bool = False  # the prior only where it may change a move (see GuidedSearch.iterate)
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
        self.prior: list[float] | None = None  # a weight per action id, unnormalised
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

    def squashed(self, scores: list[float]) -> list[float]:
        """The score margins squashed into [0, 1]: ISMCTS's judgement of a cut-off playout."""
        scale = self.scale
        return [0.5 + 0.5 * math.tanh(margin / scale) for margin in self.margins(scores)]

    def margins(self, scores: list[float]) -> list[float]:
        """Each seat's score minus the best of the others'."""
        signed = [self.sign * score for score in scores]
        best = max(signed)
        second = max(s for seat, s in enumerate(signed) if seat != signed.index(best))
        return [s - (second if s == best else best) for s in signed]


class GuidedSearch:
    """One search from one information state."""

    def __init__(
        self,
        game: AnyGame,
        evaluate: Evaluate,
        reward: Reward,
        settings: LearnedSettings,
        rng: random.Random,
        value: Judge | None = None,
    ) -> None:
        self.game = game
        self.evaluate = evaluate
        self.value_of = value or (lambda state: evaluate(state)[1])  # a cut-off playout needs no prior
        self.settings = settings
        self.rng = rng
        self.players = game.num_players
        self.root = Node(self.players)
        self.iterations = 0
        self.seat = 0
        self.reward = reward
        self.ucb = settings.select == "ucb"

    def run(self, state: State, seat: int) -> int:
        self.seat = seat
        self.judge_decision(self.root, state)  # the real state, seen by its own seat only
        settings = self.settings
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        # As in ISMCTS: the tree makes many small objects but no reference cycles, so the cyclic
        # collector's passes over every live object would only cost time.
        collecting = gc.isenabled()
        gc.disable()
        try:
            while True:
                self.iterate(state.resample_from_infostate(seat, self.rng))
                if deadline is None:
                    if self.iterations >= settings.iterations:
                        break
                elif time.perf_counter() >= deadline:
                    break
        finally:
            if collecting:
                gc.enable()
        return self.best_action(state.legal_actions())

    def iterate(self, state: State) -> None:
        """Walk down `state` (a determinization, changed in place), judge the new leaf, back up.

        Eager (the default), the evaluator judges a decision as it is reached: its
        prior and its value at once. `lazy`, a decision reached for the first time is
        only judged as a leaf (by a rollout, or by the evaluator, which then gives its
        prior too), and the prior is computed on a later arrival, where a move must be
        chosen, and only where it can change that choice (not while the heuristic's move,
        given at least half of the share, is still untried and so comes first): many
        leaves are never reached again, so the search pays for fewer evaluations (the
        root is evaluated before the first).
        """
        rng = self.rng
        settings = self.settings
        node = self.root
        path: list[Node] = []
        rewards: list[float]
        while True:
            if node.prior is None:
                if not settings.lazy:
                    rewards = self.judge_decision(node, state)
                    if settings.rollout or settings.estimate:
                        rewards = self.roll_out(state)
                    break
                if not node.reached:
                    node.reached = True
                    rewards = node.value = self.leaf(node, state)
                    break
            edge = self.select_ucb(node, state) if self.ucb else self.select(node, state)
            path.append(edge)
            while state.is_chance_node():
                state.apply_legal_action(sample_chance(state, rng))
            if state.is_terminal():
                rewards = self.reward(state)
                break
            seen = self.seen(state)
            found = edge.outcomes.get(seen)
            if found is None:
                found = edge.outcomes[seen] = Node(self.players)
            node = found
        for visited in path:
            visited.visits += 1
            reward = visited.reward
            for seat, value in enumerate(rewards):
                reward[seat] += value
        self.iterations += 1

    def leaf(self, node: Node, state: State) -> list[float]:
        """A new decision's value: that of a short heuristic rollout, or the evaluator's (which
        gives the decision its prior too)."""
        if self.settings.rollout or self.settings.estimate:
            return self.roll_out(state)
        return self.judge_decision(node, state)

    def prior(self, node: Node, state: State) -> list[float]:
        """The decision's prior, from the evaluator on the first call (lazy: its value stays the
        first leaf's judgement)."""
        prior = node.prior
        if prior is None:
            prior = node.prior = self.evaluate(state)[0]
        return prior

    def seen(self, state: State) -> Hashable:
        """What the searching seat sees (in Souvenirs its key costs half of its observation
        tensor's entries as a key, compiled or not)."""
        return state.information_state_key(self.seat)

    def judge_decision(self, node: Node, state: State) -> list[float]:
        """The evaluator's prior and value at a decision."""
        node.prior, node.value = self.evaluate(state)
        return node.value

    def roll_out(self, state: State) -> list[float]:
        """The heuristic plays a few decisions on (a share `epsilon` of them at random, as in
        ISMCTS's playouts), then the evaluator (or the end) judges."""
        rng = self.rng
        heuristic = self.game.heuristic_action
        left = self.settings.rollout
        epsilon = self.settings.epsilon
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance(state, rng))
            elif left:
                if epsilon and rng.random() < epsilon:
                    state.apply_legal_action(choice(rng, state.legal_actions()))
                else:
                    state.apply_legal_action(heuristic(state, rng))
                left -= 1
            else:
                return self.judge(state)
        return self.reward(state)

    def judge(self, state: State) -> list[float]:
        """The evaluator's value of a leaf, mixed with the game's score estimate where `estimate` says."""
        share = self.settings.estimate
        estimate = self.game.estimate_scores(state) if share else None
        if estimate is None:
            return self.value_of(state)
        squashed = self.reward.squashed(estimate)
        if share >= 1:
            return squashed  # ISMCTS's judge of a cut-off playout: no evaluation
        value = self.value_of(state)
        return [(1 - share) * v + share * e for v, e in zip(value, squashed, strict=True)]

    def select(self, node: Node, state: State) -> Node:
        """PUCT over the moves legal in this determinization; applies the chosen move to `state`."""
        legal = state.legal_actions()
        player = state.current_player()
        children = node.children
        hint = self.settings.hint
        if hint and node.hint < 0:
            node.hint = self.game.heuristic_action(state, self.rng)  # in this determinization
        total = 0
        for action in legal:
            child = children.get(action)
            if child is not None:
                total += child.visits
        if not total and hint >= 0.5 and node.hint in legal:
            # Every move untried: the hint's share is at least any other's, no prior needed yet.
            return self.expand(node, node.hint, state)
        prior = self.prior(node, state)
        weight = sum([prior[action] for action in legal])
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
        return self.expand(node, best_action, state)

    def expand(self, node: Node, action: int, state: State) -> Node:
        """The edge of `action` (made on its first choice); applies the move to `state`."""
        edge = node.children.get(action)
        if edge is None:
            edge = node.children[action] = Node(self.players)
        state.apply_legal_action(action)
        return edge

    def select_ucb(self, node: Node, state: State) -> Node:
        """ISMCTS's selection, the heuristic's hint joined by the evaluator's prior: the prior's
        shares among the legal moves, `hint` of the whole given to the heuristic's move. A move
        never tried here first (the one of the highest share), else UCB1 over the moves'
        availability plus a pull `bias * share / (1 + visits)` that fades as evidence comes in.
        Applies the chosen move to `state`."""
        legal = state.legal_actions()
        children = node.children
        hint = self.settings.hint
        if hint and node.hint < 0:
            node.hint = self.game.heuristic_action(state, self.rng)  # in this determinization
        hinted = node.hint
        untried: list[int] = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if len(legal) == 1 or (hint >= 0.5 and hinted in untried):
            # The only move, or the hint's, whose share is at least half, so that no other move's
            # can beat it: the prior is not needed yet (lazy, many decisions never need it).
            return self.expand(node, legal[0] if len(legal) == 1 else hinted, state)
        prior = self.prior(node, state)
        pull = (1 - hint) / max(sum([prior[action] for action in legal]), 1e-30)
        if untried:
            best_action, best_share = untried[0], -1.0
            for action in untried:  # the first of the highest share, as max() takes it
                share = pull * prior[action] + (hint if action == hinted else 0.0)
                if share > best_share:
                    best_action, best_share = action, share
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
            share = pull * prior[action] + (hint if action == hinted else 0.0)
            score = (
                child.reward[player] / visits
                + explore * math.sqrt(math.log(child.available) / visits)
                + bias * share / (1 + visits)
            )
            if score > best_score:
                best_action, best_score = action, score
        state.apply_legal_action(best_action)
        return children[best_action]

    def best_action(self, legal: list[int]) -> int:
        """The most visited legal root move (ties: the higher prior)."""
        prior = self.root.prior or [0.0] * (max(legal) + 1)
        children = self.root.children
        best_action, best_key = legal[0], (-1, -math.inf)
        for action in legal:
            child = children.get(action)
            key = (child.visits if child is not None else 0, prior[action])
            if key > best_key:
                best_action, best_key = action, key
        return best_action

    def visit_shares(self, actions: int) -> list[float]:
        """The root moves' shares of the visits, per action id (a training target)."""
        shares = [0.0] * actions
        for action, child in self.root.children.items():
            shares[action] = child.visits / max(self.iterations, 1)
        return shares
