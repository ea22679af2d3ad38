"""Calcory as a Game: options for the deck and the idle cap, sizes and hooks.

Here the rules meet the heuristic, the memory model for remembering bots, the
move data and the words; the package's other modules never import this one.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from spieltisch.core.contract import EndReason, Game, MemoryHooks, SafetyCap, ScoreLine
from spieltisch.core.observation import total_size
from spieltisch.core.options import OptionSpec, Words
from spieltisch.games.calcory.actions import Block
from spieltisch.games.calcory.bot import heuristic_action, rollout_action
from spieltisch.games.calcory.cards import DIGITS
from spieltisch.games.calcory.memory import remember_facts, resample_with_memory
from spieltisch.games.calcory.moves import action_struct, public_action_struct
from spieltisch.games.calcory.observe import observation_pieces
from spieltisch.games.calcory.rules import CalcoryState, Settings
from spieltisch.games.calcory.text import (
    action_label,
    end_reason,
    final_take,
    public_action_label,
    reference_data,
    render,
    score_breakdown,
)
from spieltisch.games.calcory.views import CalcoryMove, CalcoryReference, CalcoryView

QUIET_KINDS = frozenset({"stop", "turn_back", "return", "put_back"})
"""The moves that show nobody anything new (see reveals_nothing)."""

IDLE_TURNS_PER_PLAYER: Final = 30
"""The idle cap's default per player: set above what games between heuristic
bots reach (measured with `spieltisch caps calcory`, figures in docs/rules/calcory.md)."""


class CalcoryGame(Game[CalcoryState]):
    """Calcory for 2-4 players: turn cards, hit 13, collect the most cards."""

    name = "calcory"
    title = "Calcory"
    min_players = 2
    max_players = 4
    # Search bots: remembering where turned cards lie is the heart of Calcory, and
    # with memory the cheap `rollout_action` playouts beat the heuristic at 3k+ per second.
    search_defaults: ClassVar[dict[str, object]] = {"rollout": "fast", "memory": "perfect"}
    view_type = CalcoryView
    reference_type = CalcoryReference
    move_type = CalcoryMove
    option_specs = (
        OptionSpec(
            "deck_file",
            "",
            "str",
            Words(
                en="A TOML file with the layout and the count of each digit; empty: the built-in cards.",
                de="Eine TOML-Datei mit der Auslage und der Anzahl jeder Ziffer; leer: die eingebauten"
                " Karten.",
            ),
            label=Words(en="Card file", de="Datei mit Karten"),
        ),
        OptionSpec(
            "idle_turn_limit",
            None,
            "int",
            Words(
                en="A safety limit (digital ruling): the game ends after this many played turns in a"
                " row in which nobody took cards; 0: off.",
                de="Eine Sicherheitsgrenze (digitale Regelung): Das Spiel endet nach so vielen Zügen"
                " in Folge, in denen niemand Karten genommen hat; 0: aus.",
            ),
            minimum=0,
            maximum=100_000,
            per_player=IDLE_TURNS_PER_PLAYER,
            label=Words(en="Turns without a take", de="Züge ohne Nehmen"),
        ),
    )

    def setup(self) -> None:
        self.settings = Settings.from_options(self.num_players, self.options)

    def new_initial_state(self) -> CalcoryState:
        return CalcoryState(self, self.settings)

    def num_distinct_actions(self) -> int:
        return self.settings.actions.size

    def max_chance_outcomes(self) -> int:
        return DIGITS

    def max_game_length(self) -> int:
        return self.settings.max_game_length()

    def observation_shape(self) -> tuple[int, ...]:
        return (total_size(observation_pieces(self.settings)),)

    # --- players ---------------------------------------------------------------
    def heuristic_action(self, state: CalcoryState, rng: random.Random) -> int:
        return heuristic_action(state, rng)

    def rollout_action(self, state: CalcoryState, rng: random.Random) -> int:
        """A cheaper policy for search playouts."""
        return rollout_action(state, rng)

    def memory_hooks(self) -> MemoryHooks:
        return MemoryHooks(remember_facts, resample_with_memory)

    def quiet_action(self, state: CalcoryState, action: int) -> bool:
        """Every move but a turn (which shows a digit) reveals nothing; one is quiet when no
        chance event comes right after it."""
        if state.is_chance_node() or state.settings.actions.decode(action).block == Block.TURN:
            return False
        after = state.clone()
        after.apply_action(action)
        return not after.is_chance_node()

    # --- names, data and text ----------------------------------------------------
    def action_label(self, state: CalcoryState, action: int, lang: str) -> str:
        return action_label(state, action, lang)

    def public_action_label(self, state: CalcoryState, action: int, lang: str) -> str | None:
        return public_action_label(state, action, lang)

    def action_struct(self, state: CalcoryState, action: int) -> CalcoryMove:
        return action_struct(state, action)

    def public_action_struct(self, state: CalcoryState, action: int) -> CalcoryMove | None:
        return public_action_struct(state, action)

    def reveals_nothing(self, state: CalcoryState, action: int) -> bool:
        """Stopping, turning back, and moving a taken card (its digit known): only a turn shows a card."""
        return action_struct(state, action)["kind"] in QUIET_KINDS

    def public_result(self, state: CalcoryState, action: int, lang: str) -> dict[str, Any] | None:
        """After a turn, the digit the card showed: everybody saw it (also when it hit or bust); and the
        single card its owner then took on their own, which ended the game, so that the log shows it."""
        result: dict[str, Any] = {} if state.shown < 0 else {"text": str(state.shown), "digit": state.shown}
        took = final_take(state, lang)
        if took is not None:
            shown = result.get("text")
            result = {
                **result,
                "text": f"{shown} · {took}" if shown else took,
                "final_take": state.log[-1][0],
            }
        return result or None

    def reference_data(self) -> CalcoryReference:
        """The layout's row, column and place names, as the moves name them."""
        return reference_data(self.settings.deck)

    def render_text(self, state: CalcoryState, seat: int | None, lang: str, width: int) -> str:
        return render(state, seat, lang, width)

    # --- the end, explained --------------------------------------------------------
    def end_reason(self, state: CalcoryState, lang: str) -> EndReason | None:
        return end_reason(state, lang)

    def score_breakdown(self, state: CalcoryState, lang: str) -> list[list[ScoreLine]]:
        return score_breakdown(state, lang)

    # --- safety caps ---------------------------------------------------------------
    def safety_caps(self) -> list[SafetyCap]:
        counts = "played turns in a row in which nobody took cards"
        return [SafetyCap("idle_turn_limit", self.settings.idle_limit, counts)]
