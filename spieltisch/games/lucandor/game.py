"""Der Graf von Lucandor as a `Game`: its options, and the wiring of rules, text, bot and scoring.

The only module of the package that sees all the others: rules.py is the
state machine and stands alone; this one hands a state's questions (its
moves' names and data, the table as text, the bot's choice, search hooks) to
the module that answers them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar, Final

import spieltisch.games.lucandor.bot as bot
import spieltisch.games.lucandor.moves as moves
import spieltisch.games.lucandor.observe as observe
import spieltisch.games.lucandor.reference as reference
import spieltisch.games.lucandor.scoring as scoring
import spieltisch.games.lucandor.text as text
from spieltisch.core.contract import EndReason, Game, ScoreLine
from spieltisch.core.options import OptionSpec, Words
from spieltisch.games.lucandor.actions import Block
from spieltisch.games.lucandor.rules import LucandorState, Settings
from spieltisch.games.lucandor.views import LucandorMove, LucandorReference, LucandorView

QUIET_KINDS = frozenset({"put", "take", "drawer", "door", "slot", "secure"})
"""The moves that show nobody anything new (see reveals_nothing)."""


class LucandorGame(Game[LucandorState]):
    """Der Graf von Lucandor for 3-5 players, with its wardrobe and cards from data files."""

    name = "lucandor"
    title = "Der Graf von Lucandor"
    min_players = 3
    max_players = 5
    option_specs = (
        OptionSpec(
            "family",
            False,
            "bool",
            Words(
                en="Family rule: no luck checks; every lock is a 1 and blocks its target for one round.",
                de="Familienregel: keine Glücksproben; jede Sperre ist eine 1 und blockiert ihr Ziel eine"
                " Runde lang.",
            ),
            label=Words(en="Family rule", de="Familienregel"),
        ),
        OptionSpec(
            "start_side",
            "A",
            "choice",
            Words(en="Side A or B of the three start cards.", de="Seite A oder B der drei Startkarten."),
            choices=("A", "B"),
            label=Words(en="Start card side", de="Seite der Startkarten"),
        ),
        OptionSpec(
            "wardrobe",
            "",
            "str",
            Words(
                en="A TOML file describing a re-fitted wardrobe; empty: the built-in model.",
                de="Eine TOML-Datei, die einen umgebauten Schrank beschreibt; leer: das eingebaute Modell.",
            ),
            label=Words(en="Wardrobe file", de="Datei mit Schrank"),
        ),
        OptionSpec(
            "cards",
            "",
            "str",
            Words(
                en="A TOML file with re-fitted cards; empty: the built-in cards.",
                de="Eine TOML-Datei mit umgebauten Karten; leer: die eingebauten Karten.",
            ),
            label=Words(en="Card file", de="Datei mit Karten"),
        ),
    )

    # ISMCTS: flat Monte Carlo over the seat's own moves (depth 1), each judged by
    # heuristic playouts without random moves, cut off after 20 decisions and
    # judged by `estimate_scores`. A deeper tree let the other seats play as if
    # they saw the hidden cards and did not beat the heuristic; this one does
    # (docs/rules/lucandor.md, Search; docs/strength.md).
    view_type = LucandorView
    reference_type = LucandorReference
    move_type = LucandorMove
    search_defaults: ClassVar[Mapping[str, object]] = {
        "rollout": "heuristic",
        "cutoff": 20,
        "depth": 1,
        "rollout_epsilon": 0.0,
    }

    def setup(self) -> None:
        self.settings = Settings.from_options(self.num_players, self.options)

    def new_initial_state(self) -> LucandorState:
        return LucandorState(self, self.settings)

    def num_distinct_actions(self) -> int:
        return self.settings.codec.size

    def max_chance_outcomes(self) -> int:
        return len(self.settings.model.cards)

    def max_game_length(self) -> int:
        # At most len(cards) successful turns per phase (each takes at least one
        # card out of the hands and piles), at most 4 decisions per turn. A
        # failed luck check needs a lock, and a lock lasts at most 2P-1 turns,
        # so failed turns are at most (2P-1) per successful turn.
        turns = 2 * len(self.settings.model.cards)
        return 4 * turns * 2 * self.num_players

    def observation_shape(self) -> tuple[int, ...]:
        return (observe.size(self.settings.model, self.num_players),)

    # --- players and search ------------------------------------------------------
    def heuristic_action(self, state: LucandorState, rng: random.Random) -> int:
        return bot.choose(state)

    def rollout_action(self, state: LucandorState, rng: random.Random) -> int:
        """The heuristic with ties broken at random, so that playouts vary."""
        return bot.rollout(state, rng)

    def estimate_scores(self, state: LucandorState) -> list[float]:
        """Totals as they stand for a playout cut off early: points so far plus the
        laid end-scoring tasks, counted now and grown by what is still to be played."""
        return scoring.estimated_totals(state)

    def quiet_action(self, state: LucandorState, action: int) -> bool:
        """Playing a hand card (or discarding a second one for the door) shows it; every
        other step works with what lies face up, and is quiet when no card is drawn or
        turned right after it (a luck check, the next player's draw) and the game goes on (its
        end shows the hidden end-scoring tasks)."""
        if state.is_chance_node():
            return False
        block = state.settings.codec.decode(action).block
        if block in (Block.PLAY, Block.SECOND):
            return False
        after = state.clone()
        after.apply_action(action)
        return not after.is_chance_node() and not after.is_terminal()

    # --- names, data and pictures of moves and tables -------------------------------
    def action_label(self, state: LucandorState, action: int, lang: str) -> str:
        return text.action_text(state, action, lang)

    def public_action_label(self, state: LucandorState, action: int, lang: str) -> str | None:
        return text.public_action_text(state, action, lang)

    def action_struct(self, state: LucandorState, action: int) -> LucandorMove:
        return moves.action_struct(state, action)

    def public_action_struct(self, state: LucandorState, action: int) -> LucandorMove | None:
        return moves.public_action_struct(state, action)

    def reveals_nothing(self, state: LucandorState, action: int) -> bool:
        """Moves on the open wardrobe: putting, taking, a drawer, the door, a scoring slot, securing.
        A card played from the hand shows it; a luck check draws."""
        return moves.action_struct(state, action)["kind"] in QUIET_KINDS

    def render_text(self, state: LucandorState, seat: int | None, lang: str, width: int) -> str:
        return text.render(state, seat, lang, width)

    def end_reason(self, state: LucandorState, lang: str) -> EndReason | None:
        return text.end_reason(state, lang)

    def score_breakdown(self, state: LucandorState, lang: str) -> list[list[ScoreLine]]:
        return text.score_breakdown(state, lang)

    def reference_data(self) -> LucandorReference:
        """The public card and wardrobe tables a display needs to draw a view (see reference.py)."""
        return reference.reference_data(self.settings.model, self.settings.side)


GAME: Final = LucandorGame
