"""The `learned` bot: ISMCTS guided by the learned network (spieltisch.bots.guided).

The search (spieltisch.bots.guided, compiled with the engine where the
compiled build is installed) takes the network as its evaluator: the policy
over the legal moves is the selection's prior, and the value can judge a leaf.
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
from functools import cache
from pathlib import Path
from typing import Any

from spieltisch.bots.base import Bot
from spieltisch.bots.guided import Evaluate, GuidedSearch, Judge, LearnedSettings, Reward
from spieltisch.bots.learned.net import Net
from spieltisch.core.contract import AnyGame, State
from spieltisch.core.options import OptionError

WEIGHTS = Path(__file__).parent.parent / "data" / "learned"


def network_evaluator(net: Net, players: int) -> Evaluate:
    """The network as the search's evaluator: from the observation of the seat to move, its
    policy's weights per action id (exp of the logits) and each seat's value."""

    def evaluate(state: State) -> tuple[list[float], list[float]]:
        mover = state.current_player()
        prior, shares = net.prior_and_value(*state.observation_entries(mover))
        return prior, by_seat(shares, mover, players)

    return evaluate


def network_judge(net: Net, players: int) -> Judge:
    """The network's value alone (no policy), each seat's from the observation of the seat to move."""

    def judge(state: State) -> list[float]:
        mover = state.current_player()
        return by_seat(net.value(*state.observation_entries(mover)), mover, players)

    return judge


def by_seat(shares: list[float], mover: int, players: int) -> list[float]:
    """The network's values, counted from the seat to move, seat by seat."""
    return [shares[(seat - mover) % players] for seat in range(players)]


def learned_search(game: AnyGame, net: Net, settings: LearnedSettings, rng: random.Random) -> GuidedSearch:
    """One search from one information state, guided by `net`."""
    reward = Reward(**net.meta.get("reward", {}))
    players = game.num_players
    evaluate = network_evaluator(net, players)
    return GuidedSearch(game, evaluate, reward, settings, rng, network_judge(net, players))


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
        search = learned_search(self.game, self.net, self.settings, random.Random(rng.getrandbits(64)))
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
    "with optional :c=1.0 :hint=0.5 :rollout=4 :estimate=0.5 :eps=0.1 :lazy=1 :select=ucb :bias=1 "
    ":weights=PATH"
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
            elif key in ("c", "hint", "estimate", "bias", "eps"):
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
    shares_ok = all(0 <= share <= 1 for share in (settings.hint, settings.estimate, settings.epsilon))
    if not shares_ok or settings.rollout < 0 or settings.exploration < 0 or settings.bias < 0:
        raise OptionError(
            f"bad bot spec {spec!r}: hint, estimate and eps are shares from 0 to 1, rollout a count. "
            f"{SPEC_HELP}"
        )
    if settings.iterations < 1 or (settings.seconds is not None and not settings.seconds > 0):
        raise OptionError(f"bad bot spec {spec!r}: iterations and time must be positive. {SPEC_HELP}")
    return settings


SPEC_KEYS = {"c": "exploration", "hint": "hint", "estimate": "estimate", "bias": "bias", "eps": "epsilon"}


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
