"""Game-agnostic bots. A bot chooses an action for the seat to move.

A bot is made for one game and one seat and may keep memory between its
moves; it must read only what its seat may see. A bot that remembers what
it saw between its own moves (a memory model) sets `watches_table`; fronts
then call its `observe(state)` after every step, and it must read only
`state.view(seat)`.

Bot specs, as the command line takes them:
    random, heuristic
    heuristic:errs=0.2          the heuristic, playing a random legal move with that chance
    beginner, casual, strong, expert
                                the game's levels (also by their German names), each a spec
                                with a measured rating (see spieltisch.bots.levels)
    ismcts                      1000 iterations per move
    ismcts:500                  500 iterations per move
    ismcts:1s, ismcts:t=0.5     seconds per move (also 250ms)
    ismcts:500:c=0.5:cutoff=40  exploration constant, playout cut-off in decisions;
                                also eps= (random playout moves), margin= (score-margin weight),
                                bias= (pull towards the hint's move), rollout=heuristic|fast|random,
                                hint=heuristic|fast (the move each decision tries first),
                                depth= (tree decisions per iteration; 1: flat Monte Carlo);
                                what a spec leaves out comes from the game's search_defaults
    ismcts:500:memory=perfect   remember cards seen face up (memory=fade0.2 forgets each
                                fact with that chance per own turn); needs a game with a
                                memory model (see spieltisch.bots.memory)
    learned, learned:t=0.02     ISMCTS guided by a trained network (its prior, and its value at
                                the leaves unless estimate=1), with the same budgets as ismcts,
                                also c=, select=puct|ucb, bias=, hint=, rollout=, estimate=,
                                lazy=0|1 and weights=PATH (the network's own settings by
                                default); needs NumPy and weights for the game and player
                                count (see spieltisch.bots.learned)
"""

from __future__ import annotations

import random

from spieltisch.bots.base import Bot, RandomBot
from spieltisch.bots.ismcts import IsmctsBot, parse_settings
from spieltisch.bots.levels import find_level, level_spec, levels
from spieltisch.bots.memory import MemoryIsmctsBot, make_memory
from spieltisch.core.contract import AnyGame, State
from spieltisch.core.options import OptionError

__all__ = ["BOT_KINDS", "Bot", "ErringBot", "HeuristicBot", "RandomBot", "make_bot"]


class HeuristicBot(Bot):
    """The game's own rule-of-thumb player (`Game.heuristic_action`)."""

    name = "heuristic"

    def __init__(self, game: AnyGame) -> None:
        self.game = game

    def choose(self, state: State, rng: random.Random) -> int:
        return self.game.heuristic_action(state, rng)


class ErringBot(Bot):
    """Another bot that errs: with chance `errs` it plays a random legal move instead of its own."""

    def __init__(self, inner: Bot, errs: float, name: str) -> None:
        self.inner = inner
        self.errs = errs
        self.name = name

    def choose(self, state: State, rng: random.Random) -> int:
        if rng.random() < self.errs:
            return rng.choice(state.legal_actions())
        return self.inner.choose(state, rng)


BOT_KINDS = ("random", "heuristic", "ismcts", "learned")


def make_bot(spec: str, game: AnyGame, seat: int) -> Bot:
    """Make a bot from its spec, e.g. "random", "heuristic", "ismcts:500" or "strong" (see above)."""
    if ":" not in spec and find_level(game.name, spec) is not None:
        return make_bot(level_spec(game.name, spec), game, seat)
    kind, _, params = spec.strip().lower().partition(":")
    if kind == "ismcts":
        return make_ismcts_bot(spec.strip().lower(), params, game, seat)
    if kind == "learned":
        return make_learned_bot(spec.strip(), game, seat)
    if kind == "heuristic" and params:
        return ErringBot(HeuristicBot(game), parse_errs(spec, params), name=spec.strip().lower())
    if params:
        raise OptionError(f"bot {kind!r} takes no parameters, got {spec!r}")
    if kind == "random":
        return RandomBot()
    if kind == "heuristic":
        return HeuristicBot(game)
    offered = [*BOT_KINDS, *(level.id for level in levels(game.name))]
    raise OptionError(f"unknown bot {spec!r}; choose one of: {', '.join(offered)}")


def make_learned_bot(spec: str, game: AnyGame, seat: int) -> Bot:
    """The learned bot; NumPy is imported only for it (the server, lab or rl extra)."""
    try:
        from spieltisch.bots.learned import make_learned_bot as make
    except ImportError as error:
        extras = "spieltisch[server] or spieltisch[lab]"
        raise OptionError(f"bot {spec!r} needs NumPy ({error}); install {extras}") from None
    return make(spec, game, seat)


def parse_errs(spec: str, params: str) -> float:
    """The chance of a random move in "heuristic:errs=P", 0 to 1."""
    key, _, value = params.partition("=")
    try:
        errs = float(value)
    except ValueError:
        errs = -1.0
    if key.strip() != "errs" or not 0.0 <= errs <= 1.0:
        raise OptionError(f"bad bot {spec!r}: the heuristic takes only errs=P, a chance from 0 to 1")
    return errs


def make_ismcts_bot(spec: str, params: str, game: AnyGame, seat: int) -> IsmctsBot:
    settings, memory = parse_settings(spec, params, game)
    if memory is None or memory == "none":
        return IsmctsBot(game, seat, settings, name=spec)
    return MemoryIsmctsBot(game, seat, settings, make_memory(game, seat, memory, spec), name=spec)
