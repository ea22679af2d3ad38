"""Souvenirs as a Game: the score-table option, the sizes and the hooks.

Wiring only: the rules state machine, the heuristic, the search estimate, the
move data and the words come together here and nowhere else.
"""

from __future__ import annotations

import random
from typing import ClassVar

from spieltisch.core.contract import EndReason, Game, ScoreLine
from spieltisch.core.observation import total_size
from spieltisch.core.options import OptionSpec, Words
from spieltisch.games.souvenirs.bot import choose
from spieltisch.games.souvenirs.cards import NUM_KINDS
from spieltisch.games.souvenirs.moves import action_struct, public_action_struct
from spieltisch.games.souvenirs.observe import observation_pieces
from spieltisch.games.souvenirs.phases import CELL, CUBE, DRAW
from spieltisch.games.souvenirs.rules import NUM_ACTIONS, Settings, SouvenirsState
from spieltisch.games.souvenirs.search import estimate_scores
from spieltisch.games.souvenirs.text import (
    action_name,
    end_reason,
    reference_data,
    render,
    score_breakdown,
)
from spieltisch.games.souvenirs.views import SouvenirsMove, SouvenirsReference, SouvenirsView


class SouvenirsGame(Game[SouvenirsState]):
    """Souvenirs for 2-4 players: a shared 5x5 grid, cubes on the rows and columns that will score."""

    name = "souvenirs"
    title = "Souvenirs"
    min_players = 2
    max_players = 4
    # Search bots: heuristic playouts cut off after 12 decisions (4 turns) and judged
    # by `estimate_scores` are about 2.5x cheaper than full ones and still beat the
    # heuristic clearly; 8 decisions are cheaper again but judge moves worse.
    search_defaults: ClassVar[dict[str, object]] = {"cutoff": 12}
    view_type = SouvenirsView
    reference_type = SouvenirsReference
    move_type = SouvenirsMove
    option_specs = (
        OptionSpec(
            "score_table",
            "",
            "str",
            Words(
                en="A TOML file with your box's first and second points per combination (format in the"
                " documentation); empty: the built-in table.",
                de="Eine TOML-Datei mit den ersten und zweiten Punkten deiner Schachtel je Kombination"
                " (Format in der Dokumentation); leer: die eingebaute Tabelle.",
            ),
            label=Words(en="Score table file", de="Datei mit Punktetabelle"),
        ),
    )

    def setup(self) -> None:
        self.settings = Settings.from_options(self.num_players, self.options)

    def new_initial_state(self) -> SouvenirsState:
        return SouvenirsState(self, self.settings)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_KINDS

    def max_game_length(self) -> int:
        return self.settings.max_game_length()

    def observation_shape(self) -> tuple[int, ...]:
        return (total_size(observation_pieces(self.settings)),)

    # --- players ---------------------------------------------------------------
    def heuristic_action(self, state: SouvenirsState, rng: random.Random) -> int:
        return choose(state)

    def estimate_scores(self, state: SouvenirsState) -> list[float]:
        """Final scores as they stand (reserved lines at their prospects), for playouts cut off early."""
        return estimate_scores(state)

    def quiet_action(self, state: SouvenirsState, action: int) -> bool:
        """Choosing a card shows it; placing the chosen (face-up) card or a cube is quiet
        when no draw follows: the last card on the only cell left is one."""
        if state.phase not in (CELL, CUBE):
            return False
        after = state.clone()
        after.apply_action(action)
        return not after.is_chance_node()

    # --- names, data and text ----------------------------------------------------
    def action_label(self, state: SouvenirsState, action: int, lang: str) -> str:
        return action_name(state, action, lang)

    def public_action_label(self, state: SouvenirsState, action: int, lang: str) -> str | None:
        # A chosen card leaves the hand face up and the rest is on the table,
        # so a decision's name tells nothing hidden; draws and the deal do.
        if state.phase <= DRAW:
            return None
        return action_name(state, action, lang)

    def action_struct(self, state: SouvenirsState, action: int) -> SouvenirsMove:
        return action_struct(state, action)

    def public_action_struct(self, state: SouvenirsState, action: int) -> SouvenirsMove | None:
        return public_action_struct(state, action)

    def reveals_nothing(self, state: SouvenirsState, action: int) -> bool:
        """Placing the card being laid: everybody saw it when it was chosen."""
        return action_struct(state, action)["kind"] == "place"

    def reference_data(self) -> SouvenirsReference:
        """The colours' and cards' names in German and English from this table's deck; its score table."""
        return reference_data(self.settings.deck, self.settings.table)

    def render_text(self, state: SouvenirsState, seat: int | None, lang: str, width: int) -> str:
        return render(state, seat, lang, width)

    # --- the end, explained --------------------------------------------------------
    def end_reason(self, state: SouvenirsState, lang: str) -> EndReason | None:
        return end_reason(state, lang)

    def score_breakdown(self, state: SouvenirsState, lang: str) -> list[list[ScoreLine]]:
        return score_breakdown(state, lang)
