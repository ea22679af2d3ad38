"""ALLEGRA as a Game: the match options, the sizes of its spaces and the hooks.

This module wires the rules to the bot, the search estimate, the move data and
the words; nothing in the package imports it, so the rules stand alone.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from spieltisch.core.contract import EndReason, Game, SafetyCap, ScoreLine
from spieltisch.core.observation import total_size
from spieltisch.core.options import OptionSpec, Words
from spieltisch.games.allegra.actions import NUM_ACTIONS
from spieltisch.games.allegra.bot import choose, rollout
from spieltisch.games.allegra.moves import action_struct, public_action_struct
from spieltisch.games.allegra.observe import observation_pieces
from spieltisch.games.allegra.phases import DEAL, DRAW_CARD
from spieltisch.games.allegra.rules import AllegraState, Settings
from spieltisch.games.allegra.search import estimate_scores
from spieltisch.games.allegra.text import (
    action_text,
    end_reason,
    public_result,
    reference_data,
    render,
    score_breakdown,
)
from spieltisch.games.allegra.views import AllegraMove, AllegraReference, AllegraView

QUIET_KINDS = frozenset({"draw", "discard", "knock", "no_knock", "accept", "decline"})
"""Choices that show nobody anything new, unless a card turns up (see reveals_nothing);
drawing from the pile is chance."""

TURNS_PER_PLAYER: Final = 150
"""The turn cap's default per player: set well above what games between heuristic
bots reach (measured with `spieltisch caps allegra`, figures in docs/rules/allegra.md)."""


class AllegraGame(Game[AllegraState]):
    """ALLEGRA for 2-6 players: one game or a match of several, lowest total wins."""

    name = "allegra"
    title = "ALLEGRA"
    min_players = 2
    max_players = 6
    lower_score_wins = True  # for search bots: the lowest total wins
    # Search bots: heuristic playouts cut off after 8 decisions and judged by
    # `estimate_scores` (layouts with face-down cards at the unseen mean) are about
    # 8x cheaper than full ones and judge exchanges better than the fast policy.
    search_defaults: ClassVar[dict[str, object]] = {"cutoff": 8}
    view_type = AllegraView
    reference_type = AllegraReference
    move_type = AllegraMove
    option_specs = (
        OptionSpec(
            "knocking",
            True,
            "bool",
            Words(
                en="With 3 or more players the others may knock; off: the rulebook's simplified game.",
                de="Ab 3 Spielern dürfen die anderen klopfen; aus: das vereinfachte Spiel der Anleitung.",
            ),
            label=Words(en="Knocking", de="Klopfen"),
        ),
        OptionSpec(
            "games",
            1,
            "int",
            Words(
                en="Several games in a row with running totals, the dealer moving on to the left;"
                " with a target, the most games (left at 1: up to 50).",
                de="Mehrere Partien hintereinander mit laufender Summe, der Geber wechselt nach links;"
                " mit Zielsumme die meisten Partien (bei 1: bis zu 50).",
            ),
            minimum=1,
            maximum=50,
            label=Words(en="Games in the match", de="Partien im Match"),
        ),
        OptionSpec(
            "target",
            0,
            "int",
            Words(
                en="The match ends after the game in which a total reaches this (e.g. 66); 0: no target.",
                de="Das Match endet nach der Partie, in der eine Summe diesen Wert erreicht (z. B. 66);"
                " 0: kein Ziel.",
            ),
            minimum=0,
            maximum=1000,
            label=Words(en="Match target", de="Zielsumme"),
        ),
        OptionSpec(
            "deck_file",
            "",
            "str",
            Words(
                en="A TOML file with the number of cards of each value from -1 to 11 (format in the"
                " documentation); empty: the built-in deck.",
                de="Eine TOML-Datei mit der Anzahl der Karten je Wert von -1 bis 11 (Format in der"
                " Dokumentation); leer: der eingebaute Satz.",
            ),
            label=Words(en="Deck file", de="Datei mit Kartensatz"),
        ),
        OptionSpec(
            "turn_cap",
            None,
            "int",
            Words(
                en="A safety limit (digital ruling): a game still running after this many turns ends"
                " and is scored as it lies, with no trigger; 0: off.",
                de="Eine Sicherheitsgrenze (digitale Regelung): Eine Partie, die nach so vielen Zügen"
                " noch läuft, endet ohne Auslöser und wird gewertet, wie sie liegt; 0: aus.",
            ),
            minimum=0,
            maximum=100_000,
            per_player=TURNS_PER_PLAYER,
            label=Words(en="Turn limit", de="Zuglimit"),
        ),
    )

    def setup(self) -> None:
        self.settings = Settings.from_options(self.num_players, self.options)

    def new_initial_state(self) -> AllegraState:
        return AllegraState(self, self.settings)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return self.settings.deck.kinds

    def max_game_length(self) -> int:
        return self.settings.max_game_length()

    def observation_shape(self) -> tuple[int, ...]:
        return (total_size(observation_pieces(self.settings)),)

    # --- players ---------------------------------------------------------------
    def heuristic_action(self, state: AllegraState, rng: random.Random) -> int:
        return choose(state)

    def rollout_action(self, state: AllegraState, rng: random.Random) -> int:
        """A cheap greedy policy for search playouts (reads only public facts)."""
        return rollout(state)

    def estimate_scores(self, state: AllegraState) -> list[float]:
        """Final scores as they stand, for playouts cut off early (face-down cards at the unseen mean)."""
        return estimate_scores(state)

    def quiet_action(self, state: AllegraState, action: int) -> bool:
        """A move is quiet when it leaves every face-down card face down (no flip, no
        uncovering, no end of a game) and no chance event (a draw, a new deal) follows it:
        taking the only discard, keeping a card on the only position left, clearing the
        only triple."""
        if state.is_chance_node():
            return False
        after = state.clone()
        after.apply_action(action)
        return after.up == state.up and not after.is_chance_node()

    # --- names, data and text ----------------------------------------------------
    def action_label(self, state: AllegraState, action: int, lang: str) -> str:
        return action_text(state, action, lang)

    def public_action_label(self, state: AllegraState, action: int, lang: str) -> str | None:
        # No card is private: move names show only face-up cards ("take a face-down
        # card" stays unnamed), so every seat may read them; deals are chance.
        if state.phase in (DEAL, DRAW_CARD):
            return None
        return action_text(state, action, lang)

    def action_struct(self, state: AllegraState, action: int) -> AllegraMove:
        return action_struct(state, action)

    def public_action_struct(self, state: AllegraState, action: int) -> AllegraMove | None:
        return public_action_struct(state, action)

    def reveals_nothing(self, state: AllegraState, action: int) -> bool:
        """The choices, and a card laid on or taken from a face-up place, unless the move turns
        a face-down card up (the end of a game shows every layout)."""
        if action_struct(state, action)["kind"] not in QUIET_KINDS | {"place", "take"}:
            return False
        after = state.clone()
        after.apply_action(action)
        return after.up == state.up

    def public_result(self, state: AllegraState, action: int, lang: str) -> dict[str, Any] | None:
        """The card a flip showed, or the face-down card an exchange or a take uncovered."""
        return public_result(state, lang)

    def reference_data(self) -> AllegraReference:
        """The layout positions' names, as the moves name them."""
        return reference_data()

    def render_text(self, state: AllegraState, seat: int | None, lang: str, width: int) -> str:
        return render(state, seat, lang, width)

    # --- the end, explained --------------------------------------------------------
    def end_reason(self, state: AllegraState, lang: str) -> EndReason | None:
        return end_reason(state, lang)

    def score_breakdown(self, state: AllegraState, lang: str) -> list[list[ScoreLine]]:
        return score_breakdown(state, lang)

    def lab_measures(self, state: AllegraState) -> dict[str, float]:
        """How many games the match took (one without a target), for sweeps of `target`."""
        return {"games in the match": float(len(state.results))}

    # --- safety caps ---------------------------------------------------------------
    def safety_caps(self) -> list[SafetyCap]:
        counts = "turns of a game before its final round"
        return [SafetyCap("turn_cap", self.settings.turn_cap, counts)]
