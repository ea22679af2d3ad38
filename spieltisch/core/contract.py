"""The game contract: every game is a `Game` that makes `State`s.

The method names follow OpenSpiel so search and learning code written for it
reads naturally. Chance is explicit: shuffles and draws are chance nodes whose
outcomes are recorded in the history, so a history replays a game exactly.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, TypeVar

from spieltisch.core.history import History
from spieltisch.core.options import OptionError, OptionSpec, validate_options
from spieltisch.core.wording import seat_number

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # pure Python without mypy: the attribute only guides the compiler

    def mypyc_attr(*_: object, **__: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        return lambda cls: cls


CHANCE: Final = -1
TERMINAL: Final = -4

KEPT: Final = "_kept_"
"""The prefix of a State's fields that keep answers for speed (its legal actions, say):
they are not part of the position, and snapshots leave them out."""

StateT = TypeVar("StateT", bound="State")

Move = Mapping[str, object]
"""A move as data: {"kind": "flip", "position": 7}; JSON-safe, with a str "kind".

What fronts read to tell what a move does (a click on position 7 is the legal
move whose struct says so); labels are only for people. Each game declares the
exact shape of its moves as `Game.move_type`: one TypedDict per kind, with a
`Literal` kind, and their union.
"""


class IllegalActionError(ValueError):
    """An action id that is not legal in the current state; the state is unchanged."""


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game with fixed options and player count."""

    name: str
    title: str
    num_players: int
    min_players: int
    max_players: int
    num_distinct_actions: int
    max_chance_outcomes: int
    max_game_length: int
    observation_shape: tuple[int, ...]
    options: Mapping[str, Any]
    option_specs: tuple[OptionSpec, ...] = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "num_players": self.num_players,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "num_distinct_actions": self.num_distinct_actions,
            "max_chance_outcomes": self.max_chance_outcomes,
            "max_game_length": self.max_game_length,
            "observation_shape": list(self.observation_shape),
            "options": dict(self.options),
            "option_help": {spec.name: spec.describe() for spec in self.option_specs},
        }


Facts = dict[Hashable, Any]


@dataclass(frozen=True)
class EndReason:
    """Why a game ended: `kind` for programs ("deck_empty", "safety_cap", ...), `text` for people.

    `capped` is True when a safety cap (a limit that exists only so that bot play
    always ends) decided the game rather than the rules.
    """

    kind: str
    text: str
    capped: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "capped": self.capped}


@dataclass(frozen=True)
class ScoreLine:
    """One part of a seat's score: what it is for, in words, and its points."""

    label: str
    points: float

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "points": self.points}


@dataclass(frozen=True)
class SafetyCap:
    """A limit that exists only so that bot play and research always end.

    It must never decide a game people play: `option` names the rule option
    that sets it (0 = off), `limit` is its value in this game, and `counts`
    says what its counter counts; `State.cap_counters()` gives the counters.
    """

    option: str
    limit: int
    counts: str

    def to_json(self) -> dict[str, Any]:
        return {"option": self.option, "limit": self.limit, "counts": self.counts}


UNBOUNDED: Final = 2**31 - 1
"""`max_game_length` of a game whose safety caps are off: nothing bounds its length."""


@dataclass(frozen=True)
class MemoryHooks:
    """A game's memory model, for bots that remember cards once seen (see bots.memory).

    `remember_facts(view, seat)` lists the facts visible in the seat's view (a value
    of None forgets the key); `resample_with_memory(state, seat, facts, rng)` is
    `resample_from_infostate` with every remembered fact that still fits held true.
    """

    remember_facts: Callable[[Mapping[str, Any], int], Facts]
    resample_with_memory: Callable[[Any, int, Facts, random.Random], Any]


# The compiled build lets plain Python subclass these (test games, fronts' wrappers).
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[StateT]):
    """A game with its options and player count fixed; immutable once made.

    Besides the abstract methods a game may offer the hooks below; each has a
    default that is right for a game without it, so callers never probe for them.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    lower_score_wins: ClassVar[bool | None] = None
    """True where the lowest score wins (ALLEGRA); None when the game does not say."""
    search_defaults: ClassVar[Mapping[str, object]] = {}
    """The search bot's best settings for this game (see bots.ismcts.search_defaults)."""

    # --- the types of what leaves the game (each game's views.py holds them) ----
    view_type: ClassVar[Any] = None
    """The TypedDict of what `State.view` returns; None: undeclared (the server then publishes
    nothing for the game). The server publishes it as JSON Schema under its class name."""
    reference_type: ClassVar[Any] = None
    """The TypedDict of what `reference_data` returns; None: undeclared."""
    move_type: ClassVar[Any] = None
    """The union of the TypedDicts of `action_struct` and `public_action_struct`, one per
    move kind, named with typing_extensions.TypeAliasType (the name it is published under);
    None: undeclared."""

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be a whole number, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name} is for {self.min_players}-{self.max_players} players, not {players}"
            )
        self.num_players = players
        self.options: dict[str, Any] = validate_options(self.name, self.option_specs, options or {}, players)
        self.setup()

    def setup(self) -> None:
        """Load data files and check option combinations; raise OptionError if invalid."""

    @property
    def info(self) -> GameInfo:
        return GameInfo(
            name=self.name,
            title=self.title,
            num_players=self.num_players,
            min_players=self.min_players,
            max_players=self.max_players,
            num_distinct_actions=self.num_distinct_actions(),
            max_chance_outcomes=self.max_chance_outcomes(),
            max_game_length=self.max_game_length(),
            observation_shape=self.observation_shape(),
            options=dict(self.options),
            option_specs=self.option_specs,
        )

    @abstractmethod
    def new_initial_state(self) -> StateT: ...

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Every player action id is in range(num_distinct_actions())."""

    @abstractmethod
    def max_chance_outcomes(self) -> int:
        """Every chance outcome id is in range(max_chance_outcomes())."""

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on player decisions (chance outcomes not counted)."""

    @abstractmethod
    def observation_shape(self) -> tuple[int, ...]: ...

    # --- optional hooks, with defaults -----------------------------------------
    def heuristic_action(self, state: StateT, rng: random.Random) -> int:
        """The game's rule-of-thumb move for the current player.

        It must read only what that player may see (the conformance checks
        compare its choice on the true state and on resampled ones).
        """
        return rng.choice(state.legal_actions())

    def rollout_action(self, state: StateT, rng: random.Random) -> int:
        """A cheap policy for search playouts; search applies its moves unchecked,
        so it must pick a legal one (conformance checks it). Default: the heuristic."""
        return self.heuristic_action(state, rng)

    def estimate_scores(self, state: StateT) -> list[float] | None:
        """Final scores as the position stands, for playouts cut off early; None: use scores()."""
        return None

    def memory_hooks(self) -> MemoryHooks | None:
        """The game's memory model for bots that remember hidden cards; None: it has none."""
        return None

    # --- moves made of several steps, and moves a front may make alone -----------
    def move_open(self, state: StateT) -> bool:
        """Whether the player to move is inside a move made of several steps (a LEVEL 8
        lay-down: start, then one card at a time), which fronts show and send as one move."""
        return False

    def move_steps(self, state: StateT, move: Mapping[str, Any]) -> list[int]:
        """A move made of several steps, given as data, as the ids of its steps in order.

        IllegalActionError (saying why) when it is not a legal move now; the state is unchanged.
        """
        raise IllegalActionError(f"{self.name} has no moves of several steps")

    def quiet_action(self, state: StateT, action: int) -> bool:
        """Whether `action` shows nothing hidden to anybody and no chance event follows it, so
        a front may make it for a player whose only legal move it is. False: not known to be."""
        return False

    # --- naming and showing moves (a game wires its text module in here) -------
    def action_label(self, state: StateT, action: int, lang: str) -> str:
        """The name of `action` in `state` for the player to move, in `lang` ("en" or "de")."""
        return f"action {action}"

    def public_action_label(self, state: StateT, action: int, lang: str) -> str | None:
        """The name of `action`, about to be taken, as every other seat may know it;
        None when the game names no public part (logs then say only that a move was made)."""
        return None

    def action_struct(self, state: StateT, action: int) -> Move:
        """`action` as data for the player to move (see Move)."""
        return {"kind": "action", "action": action}

    def public_action_struct(self, state: StateT, action: int) -> Move | None:
        """`action`, about to be taken, as data every other seat may know; None: nothing public."""
        return None

    def public_result(self, state: StateT, action: int, lang: str) -> dict[str, Any] | None:
        """What everybody saw `action` bring about, asked of the state right after it;
        None when it showed nothing new.

        A JSON-safe dict whose "text" says it in words in `lang` ("7"; "round over:
        Anna went out, levels now 3, 2, 2") beside the same facts as data
        ({"digit": 7}). It may read only what a spectator now sees (conformance
        checks it on resampled states).
        """
        return None

    def reveals_nothing(self, state: StateT, action: int) -> bool:
        """Asked of the state just before `action`: True when the move shows nobody, its mover
        included, anything they did not know (no card turned, uncovered or played from a hand),
        so that taking it back leaves everybody knowing what they knew before.

        Chance and the end are not its concern: a move a chance event follows, or that ends
        the game (showing everything), is never taken back.
        False (the default): the game does not say, and none of its moves can be taken back.
        The conformance checks try each move declared so on states the seats cannot tell apart.
        """
        return False

    def render_text(self, state: StateT, seat: int | None, lang: str, width: int) -> str:
        """The table as readable text for `seat` (None: spectator), no line wider than `width`."""
        return json.dumps(state.view(seat), indent=2, ensure_ascii=False)

    # --- the end of a game, explained ------------------------------------------
    def end_reason(self, state: StateT, lang: str) -> EndReason | None:
        """Why the finished game ended (None before the end, or when the game does not say)."""
        return None

    def score_breakdown(self, state: StateT, lang: str) -> list[list[ScoreLine]]:
        """Each seat's score in the rulebook's parts (per line, per card, bonuses); [] if unsaid.

        The points of a seat's lines add up to its `scores()` entry.
        """
        return []

    # --- safety caps ---------------------------------------------------------------
    def safety_caps(self) -> list[SafetyCap]:
        """The game's safety caps with their limits in this game ([]: none); see `spieltisch caps`."""
        return []

    # --- the lab ----------------------------------------------------------------
    def lab_measures(self, state: StateT) -> dict[str, float]:
        """Game-specific figures of a finished game for `spieltisch sweep`, by name ({}: none)."""
        return {}

    def reference_data(self) -> Mapping[str, Any]:
        """Public facts about the pieces for a display (e.g. what each card shows), from the options alone.

        The same for every seat and the whole game; {} when the views say it all.
        """
        return {}

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.name!r}, players={self.num_players}{', ' if opts else ''}{opts})"


AnyGame = Game[Any]
"""A game of any kind, for code that works with every game."""


# `serializable` makes `cls.__new__(cls)` skip __init__ in the compiled build too, as
# the games' clone() needs; compiled states have no __dict__, so clone() lists fields.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class State(ABC):
    """One position of a game. Subclasses keep every field a plain Python value.

    `apply_action` checks legality before it changes anything, so an
    IllegalActionError leaves the state exactly as it was. Subclasses implement
    the underscore methods; the public ones wrap them.
    """

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.num_players = game.num_players
        self._history = History()

    # --- whose move ------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A seat, CHANCE or TERMINAL."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    # The legal actions of this position, kept until the next action (see legal_actions):
    # (how many actions were applied, the id of the state, the list). A class default, so
    # clones made without __init__ start with none; the id keeps a clone that copied its
    # original's fields from using the original's list.
    _kept_legal: tuple[int, int, list[int]] | None = None

    def legal_actions(self) -> list[int]:
        """Sorted action ids for the player to move (chance outcome ids at a chance node).

        Computed once per position by the game's `_legal_actions` and kept until the
        next action; each call returns a fresh list the caller may change.
        """
        return self._legal_now()[:]

    def _legal_now(self) -> list[int]:
        """The kept legal actions (not to be changed), worked out when the position is new.

        A position changes only by applying actions; code that sets a state's fields
        by hand (a test building a position) calls `forget_legal_actions` after.
        """
        kept = self._kept_legal
        if kept is not None and kept[0] == len(self._history) and kept[1] == id(self):
            return kept[2]
        legal = self._legal_actions()
        self._kept_legal = (len(self._history), id(self), legal)
        return legal

    def forget_legal_actions(self) -> None:
        """Drop the kept legal actions, after changing fields by hand."""
        self._kept_legal = None

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Sorted action ids for the player to move (chance outcome ids at a chance node)."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome id, probability) pairs at a chance node; empty elsewhere."""
        if not self.is_chance_node():
            return []
        return self._chance_outcomes()

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        raise NotImplementedError

    # --- moving ------------------------------------------------------------
    def apply_action(self, action: object) -> None:
        """Apply a legal action; anything else (of any type) raises IllegalActionError."""
        # The type is checked here, not by the signature: the compiled build would
        # answer a non-int with a TypeError before is_legal could refuse it.
        if isinstance(action, bool) or not isinstance(action, int) or not self.is_legal(action):
            raise IllegalActionError(self._illegal_message(action))
        self._apply(action)
        self._history.append(action)

    def apply_legal_action(self, action: int) -> None:
        """Apply an action taken from this very state's legal actions or chance outcomes.

        Skips the legality check, which costs as much as a step in some games:
        for search playouts whose policies are checked to pick legal actions.
        """
        self._apply(action)
        self._history.append(action)

    def is_legal(self, action: int) -> bool:
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        if self.is_terminal():
            return False
        if self.is_chance_node():
            return any(outcome == action for outcome, _ in self._chance_outcomes())
        return action in self._legal_now()

    def _illegal_message(self, action: object) -> str:
        if self.is_terminal():
            return f"the game is over; action {action!r} is not possible"
        who = "chance" if self.is_chance_node() else f"seat {seat_number(self.current_player())}"
        return f"action {action!r} is not legal now for {who}"

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Carry out a legal action or chance outcome."""

    def action_to_string(self, action: int) -> str:
        """A stable human-readable name of `action` in this state (English)."""
        return self.game.action_label(self, action, "en")

    def history(self) -> list[int]:
        return self._history.to_list()

    @property
    def version(self) -> int:
        """How many actions and chance outcomes have been applied."""
        return len(self._history)

    @abstractmethod
    def clone(self: StateT) -> StateT: ...

    # --- results -----------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's game points so far (the game's own scale)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once terminal (ties share), else []."""

    def returns(self) -> list[float]:
        """1 for each winner and 0 for everyone else at the end; 0 before."""
        won = set(self.winners()) if self.is_terminal() else set()
        return [1.0 if seat in won else 0.0 for seat in range(self.num_players)]

    # --- what a seat may see -------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> Mapping[str, Any]:
        """JSON-safe dict of everything `seat` may see; None is a spectator."""

    def information_state_string(self, seat: int) -> str:
        return json.dumps(self.view(seat), sort_keys=True, separators=(",", ":"))

    def information_state_key(self, seat: int) -> Hashable:
        """What `seat` knows, as a key for a search tree's lookups at every step: for two
        states of one game, equal exactly when their information state strings are.

        The string by default; a game may return something cheaper to make, such as a
        tuple of what its view shows (the conformance checks compare the two).
        """
        return self.information_state_string(seat)

    @abstractmethod
    def observation_tensor(self, seat: int) -> list[float]:
        """A flat list of length prod(game.observation_shape())."""

    def observation_entries(self, seat: int) -> tuple[list[int] | None, list[float]]:
        """The observation tensor as (indices, values); every entry not listed is 0.

        Indices None: the values are the whole tensor (the default). A game whose
        tensor is mostly zeros lists only the others, each index once, which a
        batch of tables writes into its arrays far faster (adapters/vector.py).
        """
        return None, self.observation_tensor(seat)

    @abstractmethod
    def resample_from_infostate(self: StateT, seat: int, rng: random.Random) -> StateT:
        """A state that `seat` cannot tell apart from this one, hidden cards redrawn."""

    def check_invariants(self) -> None:
        """Raise AssertionError when the game's own invariants are broken."""

    def cap_counters(self) -> dict[str, int]:
        """Each safety cap's counter as it stands now, by the cap's option (see Game.safety_caps).

        A cap ends the game when its counter reaches the limit; the lab reads the
        counters after every step to see how close games come ({}: no caps).
        """
        return {}

    # --- names and data for fronts: the game's hooks, asked of this state ---------
    def render_text(self, seat: int | None, lang: str = "en", width: int = 80) -> str:
        """The table as readable text for `seat` (None: spectator), at most `width` columns."""
        return self.game.render_text(self, seat, lang, width)

    def end_reason(self, lang: str = "en") -> EndReason | None:
        """Why the finished game ended (see Game.end_reason)."""
        return self.game.end_reason(self, lang)

    def score_breakdown(self, lang: str = "en") -> list[list[ScoreLine]]:
        """Each seat's score in the rulebook's parts (see Game.score_breakdown)."""
        return self.game.score_breakdown(self, lang)

    def action_label(self, action: int, lang: str = "en") -> str:
        """`action_to_string` in the user's language (English by default)."""
        return self.game.action_label(self, action, lang)

    def public_action_label(self, action: int, lang: str = "en") -> str | None:
        """The name of `action`, about to be taken by the player to move, as every
        other seat and a spectator may know it; None when the game names no
        public part (logs then say only that a move was made).

        Games whose move names reveal nothing hidden return `action_label`;
        others return a name without the hidden part ("draw from the pile").
        """
        return self.game.public_action_label(self, action, lang)

    def move_open(self) -> bool:
        """Whether the player to move is inside a move of several steps (see Game.move_open)."""
        return self.game.move_open(self)

    def move_steps(self, move: Mapping[str, Any]) -> list[int]:
        """A move of several steps, given as data, as its step ids (see Game.move_steps)."""
        return self.game.move_steps(self, move)

    def quiet_action(self, action: int) -> bool:
        """Whether `action` shows nothing hidden and no chance follows it (see Game.quiet_action)."""
        return self.game.quiet_action(self, action)

    def action_struct(self, action: int) -> Move:
        """`action` as data for the player to move: what fronts read, never the label."""
        return self.game.action_struct(self, action)

    def public_action_struct(self, action: int) -> Move | None:
        """`action`, about to be taken, as data every other seat may know (None: nothing)."""
        return self.game.public_action_struct(self, action)

    def public_result(self, action: int, lang: str = "en") -> dict[str, Any] | None:
        """Asked right after `action` was applied: what everybody saw it bring about."""
        return self.game.public_result(self, action, lang)

    def reveals_nothing(self, action: int) -> bool:
        """Whether `action`, about to be taken, shows nobody anything new (see Game.reveals_nothing)."""
        return self.game.reveals_nothing(self, action)

    def __str__(self) -> str:
        return self.render_text(None)
