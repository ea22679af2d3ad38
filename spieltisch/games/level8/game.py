"""LEVEL 8 wired together: the options, and the rules with their words, moves as
data, heuristic, search hooks and observation.

The only module of the package that sees all the others; rules.py stands alone.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

# Modules by their own names (not from the package): the package imports this module.
import spieltisch.games.level8.actions as actions
import spieltisch.games.level8.bot as bot
import spieltisch.games.level8.moves as moves
import spieltisch.games.level8.search as search
import spieltisch.games.level8.text as text
from spieltisch.core.contract import EndReason, Game, SafetyCap, ScoreLine
from spieltisch.core.observation import total_size
from spieltisch.core.options import OptionSpec, Words
from spieltisch.games.level8.actions import NUM_ACTIONS
from spieltisch.games.level8.cards import KINDS
from spieltisch.games.level8.observe import observation_pieces
from spieltisch.games.level8.phases import LAYDOWN, TARGET
from spieltisch.games.level8.rules import Level8State, Settings
from spieltisch.games.level8.views import Level8Move, Level8Reference, Level8View

QUIET_KINDS = frozenset({"draw_pile", "cancel"})
"""The moves that show nobody anything new (see reveals_nothing)."""

ROUND_TURNS_PER_PLAYER: Final = 300
"""The default of the safety cap `round_turns`, per player: set above every round of
games between heuristic bots (measured with `spieltisch caps level8`, figures in
docs/rules/level8.md)."""


class Level8Game(Game[Level8State]):
    """LEVEL 8 for 2-6 players, with the level card side, the deck and the safety caps as options."""

    name = "level8"
    title = "LEVEL 8"
    min_players = 2
    max_players = 6
    option_specs = (
        OptionSpec(
            "side",
            "front",
            "choice",
            Words(
                en="Front (one star) or back (two stars: harder levels, keep up to 4 cards).",
                de="Vorderseite (ein Stern) oder Rückseite (zwei Sterne: schwerere Level, bis zu 4"
                " Karten behalten).",
            ),
            choices=("front", "back"),
            label=Words(en="Level card side", de="Seite der Levelkarte"),
            choice_labels=(Words(en="front", de="Vorderseite"), Words(en="back", de="Rückseite")),
        ),
        OptionSpec(
            "jokers",
            5,
            "int",
            Words(
                en="Jokers in the deck: 5 (German edition) or 6 (English edition).",
                de="Joker im Spiel: 5 (deutsche Ausgabe) oder 6 (englische Ausgabe).",
            ),
            minimum=5,
            maximum=6,
            label=Words(en="Jokers", de="Joker"),
        ),
        OptionSpec(
            "levels_file",
            "",
            "str",
            Words(
                en="A TOML file with your own 8 levels (format in the documentation); empty: the"
                " chosen side.",
                de="Eine TOML-Datei mit deinen eigenen 8 Leveln (Format in der Dokumentation); leer: die"
                " gewählte Seite.",
            ),
            label=Words(en="Levels file", de="Datei mit Leveln"),
        ),
        OptionSpec(
            "round_turns",
            None,
            "int",
            Words(
                en="A safety limit (digital ruling): a round with nobody out after this many turns of"
                " all players together is stalled and dealt again with levels unchanged; 0: off.",
                de="Eine Sicherheitsgrenze (digitale Regelung): Eine Runde, in der nach so vielen Zügen"
                " aller Spieler zusammen niemand draußen ist, ist festgefahren und wird mit"
                " unveränderten Leveln neu gegeben; 0: aus.",
            ),
            minimum=0,
            maximum=100_000,
            per_player=ROUND_TURNS_PER_PLAYER,
            label=Words(en="Turns per round", de="Züge je Runde"),
        ),
        OptionSpec(
            "stall_rounds",
            3,
            "int",
            Words(
                en="A safety limit (digital ruling): after this many stalled rounds in a row the game"
                " ends and the highest level wins; 0: off.",
                de="Eine Sicherheitsgrenze (digitale Regelung): Nach so vielen festgefahrenen Runden in"
                " Folge endet das Spiel und das höchste Level gewinnt; 0: aus.",
            ),
            minimum=0,
            maximum=100,
            label=Words(en="Stalled rounds", de="Festgefahrene Runden"),
        ),
    )

    # ISMCTS settings that work here (docs/rules/level8.md, "Search hooks"): flat
    # Monte Carlo over the seat's own moves (a deeper tree let the other seat play
    # as if it saw the hidden hands), playouts of the cheap policy without random
    # moves, cut off after 8 decisions and judged by `estimate_scores`, and a pull
    # towards the playout policy's move unless the playouts say otherwise.
    view_type = Level8View
    reference_type = Level8Reference
    move_type = Level8Move
    search_defaults: ClassVar[dict[str, object]] = {
        "rollout": "fast",
        "cutoff": 8,
        "depth": 1,
        "rollout_epsilon": 0.0,
        "exploration": 0.3,
        "bias": 2.0,
        "hint": "fast",
    }

    def setup(self) -> None:
        self.settings = Settings.from_options(self.num_players, self.options)

    def new_initial_state(self) -> Level8State:
        return Level8State(self, self.settings)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return KINDS

    def max_game_length(self) -> int:
        return self.settings.max_game_length()

    def observation_shape(self) -> tuple[int, ...]:
        return (total_size(observation_pieces(self.num_players)),)

    # --- bots -------------------------------------------------------------------
    def heuristic_action(self, state: Level8State, rng: random.Random) -> int:
        return bot.heuristic_action(state, rng)

    def rollout_action(self, state: Level8State, rng: random.Random) -> int:
        """A cheap playout policy for the search bots (`rollout=fast`)."""
        return search.rollout_action(state, rng)

    def estimate_scores(self, state: Level8State) -> list[float]:
        """Levels completed plus progress toward the next, for playouts cut off early."""
        return search.estimate_scores(state)

    # --- moves of several steps, and moves a front may make alone ---------------------
    def move_open(self, state: Level8State) -> bool:
        """A lay-down under way (its cards come one step at a time) or a lay-off (the held card's
        group comes next): the log shows each as one move, and a bot's as one step."""
        return state.phase == LAYDOWN or state.phase == TARGET

    def move_steps(self, state: Level8State, move: Mapping[str, Any]) -> list[int]:
        """A whole level laid down in one move (`lay_down`) as its steps."""
        return moves.lay_down_steps(state, move)

    def quiet_action(self, state: Level8State, action: int) -> bool:
        """Every decision but a card kept for the next round is made face up; one is quiet
        when no chance event (a draw, a new deal) comes right after it."""
        if state.is_chance_node() or actions.decode(action)[0] == actions.KEEP_CARD:
            return False
        after = state.clone()
        after.apply_action(action)
        return not after.is_chance_node()

    # --- names, data and pictures ----------------------------------------------------
    def action_label(self, state: Level8State, action: int, lang: str) -> str:
        return text.action_text(state, action, lang)

    def public_action_label(self, state: Level8State, action: int, lang: str) -> str | None:
        return text.public_action_text(state, action, lang)

    def action_struct(self, state: Level8State, action: int) -> Level8Move:
        return moves.action_struct(state, action)

    def public_action_struct(self, state: Level8State, action: int) -> Level8Move | None:
        return moves.public_action_struct(state, action)

    def reveals_nothing(self, state: Level8State, action: int) -> bool:
        """Taking a pile's top card (everybody sees it) and cancelling a lay-down begun;
        every move that shows a hand card, or draws, reveals something."""
        return moves.action_struct(state, action)["kind"] in QUIET_KINDS

    def public_result(self, state: Level8State, action: int, lang: str) -> dict[str, Any] | None:
        """A move that ended a round (or the game): who went out, the new levels, who won."""
        return text.public_result(state, lang)

    def render_text(self, state: Level8State, seat: int | None, lang: str, width: int) -> str:
        return text.render(state, seat, lang, width)

    def end_reason(self, state: Level8State, lang: str) -> EndReason | None:
        return text.end_reason(state, lang)

    def score_breakdown(self, state: Level8State, lang: str) -> list[list[ScoreLine]]:
        return text.score_breakdown(state, lang)

    # --- safety caps ---------------------------------------------------------------
    def safety_caps(self) -> list[SafetyCap]:
        settings = self.settings
        return [
            SafetyCap("round_turns", settings.round_turns, "turns of one round, all players together"),
            SafetyCap("stall_rounds", settings.stall_rounds, "stalled rounds in a row"),
        ]

    def reference_data(self) -> Level8Reference:
        """The level list (each level's parts) and the colours, for a display."""
        return text.reference_data(self.settings)
