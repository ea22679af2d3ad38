"""Information-set Monte Carlo tree search (single-observer SO-ISMCTS).

The bot never searches the state it is handed: each iteration starts from a
determinization, a state drawn by `resample_from_infostate` (or by a memory
model, see `spieltisch.bots.memory`) that its seat cannot tell apart from the
real one. One tree is shared by all determinizations; its edges are action
ids. An edge counts how often it was *available*, so actions that are legal
only in some determinizations are not starved (Cowling, Powley and Whitehouse
2012). Chance steps are sampled on the way down. After each step the tree
branches on what the searching seat saw (its information state): a card it
draws or turns up gets its own subtree, while outcomes it cannot see share one
node, as they share one information set.

Playouts follow the game's heuristic (`Game.heuristic_action`), or with
`rollout=fast` a cheaper `rollout_action(state, rng)` when the Game offers
one, optionally cut off after some decisions. The reward mixes the win (from
`winners()`) with a score margin: own score minus the best other score,
squashed into [0, 1]. A Game may name its best settings in `search_defaults`;
a bot spec overrides them one by one.

`depth` limits the tree decisions per iteration; `depth=1` is flat Monte Carlo
over the root's moves. Against opponents who play like the playout policy it
is a one-step improvement of that policy, and it avoids a weakness of a deep
single-observer tree: there the other seats choose as if they saw the
determinization's hidden cards.

A playout cut off before the end is judged by its score margin alone, from
`scores()`, or from the Game's `estimate_scores(state)` when it offers one
(final scores as they stand, e.g. with face-down cards counted: useful where
`scores()` stays 0 until the end).

Games where the lowest score wins (ALLEGRA) should set the class attribute
`lower_score_wins = True` on their Game; the margin then flips. A game that
does not say so is judged by its finished playouts: when the winners hold
the lowest scores more often than the highest, the margin flips too.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Final

from spieltisch.bots.base import Bot
from spieltisch.core.contract import AnyGame, State
from spieltisch.core.draws import choice
from spieltisch.core.options import OptionError
from spieltisch.core.play import random_policy, sample_chance

Resampler = Callable[[State, int, random.Random], State]


ROLLOUTS: Final[dict[str, Callable[[AnyGame], Callable[[State, random.Random], int]]]] = {
    "heuristic": lambda game: game.heuristic_action,
    "fast": lambda game: game.rollout_action,
    "random": lambda game: random_policy,
}


@dataclass(frozen=True)
class SearchBudget:
    """Iterations, or seconds per move when `seconds` is set."""

    iterations: int = 1000
    seconds: float | None = None


@dataclass(frozen=True)
class SearchSettings:
    budget: SearchBudget = SearchBudget()
    exploration: float = 0.7
    margin_weight: float = 0.5
    cutoff: int | None = None
    rollout_epsilon: float = 0.1
    bias: float = 1.0
    rollout: str = "heuristic"  # fast: the game's rollout_action if it has one
    hint: str = "heuristic"  # the policy whose move each decision tries first (see Node)
    depth: int | None = None  # most tree decisions per iteration; 1: flat Monte Carlo at the root


NO_HINT: Final = -1


class Node:
    """A decision of the tree (`children`: one edge per action) or an action edge
    (`visits`, `available`, summed `reward` per seat; `outcomes`: the decisions it
    leads to, by what the searching seat saw after it).

    `hint` is the hint policy's move at a decision (the heuristic's, or with
    `hint=fast` the game's `rollout_action`; in the determinization that first
    reached it): tried first, and favoured by a bonus that fades with visits
    (progressive bias), so a small budget plays like the heuristic and a larger one
    departs from it only on evidence.
    """

    __slots__ = ("available", "children", "hint", "outcomes", "reward", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[int, Node] = {}
        self.outcomes: dict[Hashable, Node] = {}  # the next decision, by what the searcher saw
        self.visits = 0
        self.available = 1
        self.reward = [0.0] * players
        self.hint = NO_HINT


class Evaluator:
    """Turns a finished (or cut-off) playout into one reward in [0, 1] per seat."""

    def __init__(self, game: AnyGame, margin_weight: float) -> None:
        self.estimate = game.estimate_scores
        self.declared = game.lower_score_wins
        self.margin_weight = margin_weight
        self.margin_total = 0.0
        self.margin_count = 0
        self.low_evidence = 0  # finished playouts won by the lowest score minus those won by the highest

    @property
    def sign(self) -> float:
        lower = self.declared if self.declared is not None else self.low_evidence > 0
        return -1.0 if lower else 1.0

    def rewards(self, state: State) -> list[float]:
        terminal = state.is_terminal()
        estimate = None if terminal else self.estimate(state)
        scores = state.scores() if estimate is None else estimate
        won = set(state.winners()) if terminal else set()
        if terminal and self.declared is None:
            self._learn_direction(scores, won)
        margins = self._margins(scores)
        scale = self._scale(margins)
        squashed = [0.5 + 0.5 * math.tanh(m / scale) for m in margins]
        if not terminal:
            return squashed
        weight = self.margin_weight
        return [(1 - weight) * (seat in won) + weight * squashed[seat] for seat in range(len(margins))]

    def _learn_direction(self, scores: list[float], won: set[int]) -> None:
        if not won or len(won) == len(scores):
            return
        winning = [scores[seat] for seat in won]
        if max(winning) <= min(scores):
            self.low_evidence += 1
        elif min(winning) >= max(scores):
            self.low_evidence -= 1

    def _margins(self, raw_scores: list[float]) -> list[float]:
        scores = [self.sign * s for s in raw_scores]
        if len(scores) < 2:
            return [0.0] * len(scores)
        ranked = sorted(scores, reverse=True)
        best, second = ranked[0], ranked[1]
        return [s - (second if s == best else best) for s in scores]

    def _scale(self, margins: list[float]) -> float:
        """The mean absolute margin seen so far: margins are judged against the game's own spread."""
        for margin in margins:
            self.margin_total += abs(margin)
        self.margin_count += len(margins)
        mean = self.margin_total / self.margin_count
        return mean if mean > 1e-9 else 1.0


def default_resampler(state: State, seat: int, rng: random.Random) -> State:
    return state.resample_from_infostate(seat, rng)


class Search:
    """One search from one information state."""

    def __init__(
        self,
        game: AnyGame,
        settings: SearchSettings,
        resample: Resampler,
        rng: random.Random,
        evaluator: Evaluator | None = None,
    ) -> None:
        self.game = game
        self.settings = settings
        self.resample = resample
        self.rng = rng
        self.evaluator = evaluator or Evaluator(game, settings.margin_weight)
        self.policy = ROLLOUTS[settings.rollout](game)
        self.hint_policy = ROLLOUTS[settings.hint](game)
        self.root = Node(game.num_players)
        self.iterations = 0
        self.seat = 0

    def run(self, state: State, seat: int) -> int:
        self.seat = seat
        budget = self.settings.budget
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        # The tree and the playouts make many small objects but no reference cycles, which
        # reference counting frees at once: the cyclic collector's passes over every live
        # object (a game's large caches included) would only cost time, so it pauses.
        collecting = gc.isenabled()
        gc.disable()
        try:
            while True:
                self.iterate(self.resample(state, seat, self.rng))
                if deadline is None:
                    if self.iterations >= budget.iterations:
                        break
                elif time.perf_counter() >= deadline:  # every iteration: a playout may be slow
                    break
        finally:
            if collecting:
                gc.enable()
        return self.best_action(state.legal_actions(), seat)

    def iterate(self, state: State) -> None:
        """Select and expand on `state` (a determinization, changed in place), play out, back up."""
        path: list[Node] = []
        node = self.root
        while state.is_chance_node():
            state.apply_legal_action(sample_chance(state, self.rng))
        depth = self.settings.depth
        while not state.is_terminal():
            action, edge, expanded = self.select(node, state)
            state.apply_legal_action(action)
            path.append(edge)
            if expanded or len(path) == depth:
                break
            node = self.next_node(edge, state)
        self.playout(state)
        rewards = self.evaluator.rewards(state)
        for visited in path:
            visited.visits += 1
            reward = visited.reward
            for seat, value in enumerate(rewards):
                reward[seat] += value
        self.iterations += 1

    def next_node(self, edge: Node, state: State) -> Node:
        """Sample chance after an action, then follow what the searching seat saw.

        What the seat sees after the step (a card it drew or turned up, a card
        shown to all) leads to separate nodes, so later decisions are judged
        per outcome; what it cannot see shares one node, as one information set.
        """
        while state.is_chance_node():
            state.apply_legal_action(sample_chance(state, self.rng))
        if state.is_terminal():
            return edge
        seen = state.information_state_key(self.seat)
        node = edge.outcomes.get(seen)
        if node is None:
            node = edge.outcomes[seen] = Node(self.game.num_players)
        return node

    def select(self, node: Node, state: State) -> tuple[int, Node, bool]:
        """UCB1 over the actions legal in this determinization; an untried one first."""
        legal = state.legal_actions()
        children = node.children
        untried = [a for a in legal if a not in children]
        for action in legal:
            if action in children:
                children[action].available += 1
        bias = self.settings.bias
        if bias and node.hint == NO_HINT:
            node.hint = self.hint_policy(state, self.rng)
        if untried:
            action = node.hint if node.hint in untried else choice(self.rng, untried)
            child = children[action] = Node(self.game.num_players)
            return action, child, True
        player = state.current_player()
        explore = self.settings.exploration
        best_action, best_value = legal[0], -math.inf
        for action in legal:
            child = children[action]
            value = child.reward[player] / child.visits + explore * math.sqrt(
                math.log(child.available) / child.visits
            )
            if action == node.hint:
                value += bias / (child.visits + 1)
            if value > best_value:
                best_action, best_value = action, value
        return best_action, children[best_action], False

    def playout(self, state: State) -> None:
        rng = self.rng
        policy = self.policy
        epsilon = self.settings.rollout_epsilon
        decisions_left = self.settings.cutoff
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance(state, rng))
                continue
            if decisions_left is not None:
                if decisions_left <= 0:
                    return
                decisions_left -= 1
            if epsilon and rng.random() < epsilon:
                state.apply_legal_action(choice(rng, state.legal_actions()))
            else:
                state.apply_legal_action(policy(state, rng))

    def best_action(self, legal: list[int], seat: int) -> int:
        """The most visited root action (ties: the heuristic's move, then the better mean reward)."""
        visited = [(a, self.root.children[a]) for a in legal if a in self.root.children]
        if not visited:
            return legal[0]
        hint = self.root.hint
        return max(
            visited, key=lambda item: (item[1].visits, item[0] == hint, item[1].reward[seat] / item[1].visits)
        )[0]


class IsmctsBot(Bot):
    """SO-ISMCTS for one seat; `resample` may be a memory model's (perfect or fading recall)."""

    def __init__(
        self,
        game: AnyGame,
        seat: int,
        settings: SearchSettings | None = None,
        resample: Resampler | None = None,
        name: str = "ismcts",
    ) -> None:
        self.game = game
        self.seat = seat
        self.settings = settings or SearchSettings()
        self.resample = resample or default_resampler
        self.name = name
        self.last_iterations = 0
        # kept across moves: the score scale and the learnt score direction carry over
        self.evaluator = Evaluator(game, self.settings.margin_weight)

    def choose(self, state: State, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.search(state, rng)

    def search(self, state: State, rng: random.Random) -> int:
        seeded = random.Random(rng.getrandbits(64))
        search = Search(self.game, self.settings, self.resample, seeded, self.evaluator)
        action = search.run(state, state.current_player())
        self.last_iterations = search.iterations
        return action


def search_defaults(game: AnyGame | None) -> dict[str, Any]:
    """The game's own best search settings (a Game class attribute), checked.

    `search_defaults` maps SearchSettings field names (and "memory") to values;
    a bot spec overrides each of them. A game without it gets the generic defaults.
    """
    defaults = dict(game.search_defaults) if game is not None else {}
    unknown = set(defaults) - set(SETTING_KEYS.values()) - {"rollout", "hint", "memory"}
    if unknown:
        raise OptionError(f"{type(game).__name__}.search_defaults has unknown keys: {sorted(unknown)}")
    for key in ("rollout", "hint"):
        if defaults.get(key, "heuristic") not in ROLLOUTS:
            choices = ", ".join(ROLLOUTS)
            raise OptionError(f"{type(game).__name__}.search_defaults: {key} must be one of {choices}")
    return defaults


def parse_settings(spec: str, params: str, game: AnyGame | None = None) -> tuple[SearchSettings, str | None]:
    """Read "500", "1s", "t=0.5", "c=0.7", "cutoff=40", "eps=0.1", "margin=0.5", "memory=..." parts.

    What the spec leaves out comes from the game's `search_defaults`, then from
    SearchSettings. Returns the settings and the memory parameter (None: no memory model).
    """
    iterations, seconds = 1000, None
    fields = search_defaults(game)
    memory = fields.pop("memory", None)
    for part in filter(None, (p.strip() for p in params.split(":"))):
        key, sep, value = part.partition("=")
        try:
            if not sep:
                iterations, seconds = _parse_budget(key, iterations, seconds)
            elif key in ("t", "time"):
                seconds = _positive(float(value.removesuffix("s")), part)
            elif key in ("n", "iterations"):
                iterations, seconds = int(value), None
            elif key == "memory":
                memory = value
            elif key in ("rollout", "hint"):
                fields[key] = _rollout(value)
            elif key in SETTING_KEYS:
                fields[SETTING_KEYS[key]] = None if value == "none" else _number(key, value)
            else:
                raise ValueError(f"unknown setting {key!r}")
        except ValueError as error:
            raise OptionError(f"bad bot spec {spec!r}: {error}. {SPEC_HELP}") from None
    if iterations < 1:
        raise OptionError(f"bad bot spec {spec!r}: iterations must be at least 1. {SPEC_HELP}")
    budget = SearchBudget(iterations, seconds)
    return SearchSettings(budget=budget, **fields), memory


SETTING_KEYS: Final = {
    "c": "exploration",
    "cutoff": "cutoff",
    "eps": "rollout_epsilon",
    "margin": "margin_weight",
    "bias": "bias",
    "depth": "depth",
}
SPEC_HELP: Final = (
    "Use e.g. ismcts, ismcts:500 (iterations), ismcts:1s or ismcts:t=0.5 (seconds per move), "
    "with optional :c=0.7 :cutoff=40 :eps=0.1 :margin=0.5 :bias=1 :rollout=heuristic|fast|random "
    ":hint=heuristic|fast :depth=1 "
    ":memory=perfect|fade0.2"
)


def _parse_budget(text: str, iterations: int, seconds: float | None) -> tuple[int, float | None]:
    if text.endswith("ms"):
        return iterations, _positive(float(text[:-2]) / 1000, text)
    if text.endswith("s"):
        return iterations, _positive(float(text[:-1]), text)
    return int(text), None


def _rollout(value: str) -> str:
    if value not in ROLLOUTS:
        raise ValueError(f"rollout and hint must be one of {', '.join(ROLLOUTS)}")
    return value


def _positive(value: float, text: str) -> float:
    if not value > 0:
        raise ValueError(f"{text!r} must be a positive time")
    return value


def _number(key: str, value: str) -> float | int:
    number = int(value) if key in ("cutoff", "depth") else float(value)
    if key == "depth" and number < 1:
        raise ValueError("depth must be at least 1")
    if number < 0:
        raise ValueError(f"{key} must not be negative")
    return number
