"""Souvenirs: set-up, the turn (draw, play, cube) and the end.

The turn is split into sub-steps with one fixed action space:
  draw          chance: the outcome is the kind of the card drawn
  choose a card  action CARD_BASE + kind  (the card leaves the hand, face up)
  choose a cell  action CELL_BASE + cell  (9x9 field around the start card)
  cube or pass   action LINE_BASE + line, or PASS; skipped when no cube fits
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from spieltisch.core.contract import CHANCE, TERMINAL, Game, State
from spieltisch.core.data import package_data
from spieltisch.core.draws import shuffle
from spieltisch.core.options import OptionError
from spieltisch.games.souvenirs.cards import NUM_KINDS, PACKAGE, Deck, load_deck
from spieltisch.games.souvenirs.grid import (
    EMPTY,
    LINE_CELLS,
    NEIGHBOURS,
    NUM_CELLS,
    NUM_LINES,
    REACH,
    SIZE,
    SPAN,
    START_CELL,
    col_of,
    is_row,
    line_index,
    row_of,
)
from spieltisch.games.souvenirs.observe import observation, observation_entries
from spieltisch.games.souvenirs.phases import CARD, CELL, CUBE, DEAL, DRAW, END
from spieltisch.games.souvenirs.scoring import ScoreTable, default_table, load_table
from spieltisch.games.souvenirs.views import SouvenirsView

CARD_BASE: Final = 0
CELL_BASE: Final = CARD_BASE + NUM_KINDS
LINE_BASE: Final = CELL_BASE + NUM_CELLS
PASS: Final = LINE_BASE + NUM_LINES
NUM_ACTIONS: Final = PASS + 1


@dataclass(frozen=True)
class Settings:
    """The rules of one game: the deck, the set-up numbers and the score table."""

    players: int
    deck: Deck
    hand_size: int
    cubes_per_line: int
    cubes: int
    """Cubes per player."""
    table: ScoreTable

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, Any]) -> Settings:
        """The settings for validated `options`; OptionError for data that cannot be played."""
        deck = load_deck()
        config = package_data(PACKAGE, "setup.toml")
        if config["grid_size"] != SIZE:
            raise OptionError(f"setup.toml: grid_size must be {SIZE}")
        hand_size = int(config["hand_size"])
        # 3 cubes each, 4 each with 2 players (RULINGS.md Souvenirs, data).
        cubes = int(config["cubes_two_players"] if players == 2 else config["cubes"])
        path = str(options["score_table"])
        table = load_table(path) if path else default_table()
        # The pile cannot run out: at most 33 of 34 cards are needed (RULINGS.md Souvenirs 6).
        needed = players * hand_size + SIZE * SIZE
        if needed > deck.size:
            raise OptionError(f"the deck of {deck.size} cards cannot supply {needed}")
        return cls(players, deck, hand_size, int(config["cubes_per_line"]), cubes, table)

    def max_game_length(self) -> int:
        return (SIZE * SIZE - 1) * 3  # card, cell and cube for every card after the start card


class SouvenirsState(State):
    """A game of Souvenirs: the pile, the hands, the grid and the cubes.

    `grid[cell]` is the card kind on a cell of the 9x9 field (grid.py), EMPTY
    where none lies; `cubes[line]` the seats whose cubes reserve a line, first
    reservation first: a tuple, replaced when a cube is placed, so that a copy
    of the state shares the lines (copying is what search does most, and
    fewer new lists per copy keep the garbage collector's passes short).
    """

    def __init__(self, game: Game[Any], settings: Settings) -> None:
        super().__init__(game)
        self.settings = settings
        self.deck: list[int] = settings.deck.counts()
        self.hands: list[list[int]] = [[] for _ in range(self.num_players)]
        self.grid: list[int] = [EMPTY] * NUM_CELLS
        self.bounds: list[int] = [0, 0, 0, 0]  # min row, max row, min col, max col
        self.placed = 0
        self.cubes: list[tuple[int, ...]] = [()] * NUM_LINES
        self.cubes_left: list[int] = [settings.cubes] * self.num_players
        self.phase = DEAL
        self.turn = 0  # the seat to move; seat 0 begins
        self.chosen = EMPTY
        self.dealt = 0

    # --- whose move ---------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == END:
            return TERMINAL
        if phase <= DRAW:
            return CHANCE
        return self.turn

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase <= DRAW:
            return [kind for kind in range(NUM_KINDS) if self.deck[kind]]
        if phase == CARD:
            return [CARD_BASE + kind for kind in sorted(set(self.hands[self.turn]))]
        if phase == CELL:
            return [CELL_BASE + cell for cell in self.legal_cells()]
        if phase == CUBE:
            return [LINE_BASE + line for line in self.legal_lines(self.turn)] + [PASS]
        return []

    def is_legal(self, action: int) -> bool:
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        phase = self.phase
        if phase <= DRAW:
            return 0 <= action < NUM_KINDS and self.deck[action] > 0
        if phase == CARD:
            return CARD_BASE <= action < CELL_BASE and action - CARD_BASE in self.hands[self.turn]
        if phase == CELL:
            return CELL_BASE <= action < LINE_BASE and self.cell_is_legal(action - CELL_BASE)
        if phase == CUBE:
            return action == PASS or (
                LINE_BASE <= action < PASS and self.line_is_open(action - LINE_BASE, self.turn)
            )
        return False

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        total = sum(self.deck)
        return [(kind, count / total) for kind, count in enumerate(self.deck) if count]

    # --- the grid (RULINGS.md Souvenirs 1) -------------------------------------
    def cell_is_legal(self, cell: int) -> bool:
        """Empty, next to a card, and all cards still fit a 5x5 box."""
        if not 0 <= cell < NUM_CELLS or self.grid[cell] != EMPTY:
            return False
        if all(self.grid[other] == EMPTY for other in NEIGHBOURS[cell]):
            return False
        row, col = row_of(cell), col_of(cell)
        low_row, high_row, low_col, high_col = self.bounds
        return max(high_row, row) - min(low_row, row) < SIZE and max(high_col, col) - min(low_col, col) < SIZE

    def legal_cells(self) -> list[int]:
        low_row, high_row, low_col, high_col = self.bounds
        cells = self.grid
        found = []
        first_col = max(low_col - 1, high_col - SIZE + 1) + REACH
        last_col = min(high_col + 1, low_col + SIZE - 1) + REACH
        for row in range(max(low_row - 1, high_row - SIZE + 1), min(high_row + 1, low_row + SIZE - 1) + 1):
            base = (row + REACH) * SPAN
            for cell in range(base + first_col, base + last_col + 1):
                if cells[cell] == EMPTY:
                    for other in NEIGHBOURS[cell]:
                        if cells[other] != EMPTY:
                            found.append(cell)
                            break
        return found

    def line_has_card(self, line: int) -> bool:
        # The cards are connected, so every row/column between the bounds holds one.
        index = line_index(line)
        low, high = (self.bounds[0], self.bounds[1]) if is_row(line) else (self.bounds[2], self.bounds[3])
        return self.placed > 0 and low <= index <= high

    def line_is_open(self, line: int, seat: int) -> bool:
        """A cube of `seat` may go here now (RULINGS.md Souvenirs 2)."""
        if not 0 <= line < NUM_LINES or self.cubes_left[seat] <= 0:
            return False
        on_line = self.cubes[line]
        return (
            len(on_line) < self.settings.cubes_per_line and seat not in on_line and self.line_has_card(line)
        )

    def legal_lines(self, seat: int) -> list[int]:
        if self.cubes_left[seat] <= 0 or self.placed == 0:
            return []
        low_row, high_row, low_col, high_col = self.bounds
        cubes = self.cubes
        limit = self.settings.cubes_per_line
        candidates = [
            *range(low_row + REACH, high_row + REACH + 1),
            *range(low_col + SPAN + REACH, high_col + SPAN + REACH + 1),
        ]
        return [line for line in candidates if len(cubes[line]) < limit and seat not in cubes[line]]

    def line_kinds(self, line: int) -> list[int]:
        cells = self.grid
        return [cells[cell] for cell in LINE_CELLS[line] if cells[cell] != EMPTY]

    # --- moving ---------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == DEAL:
            self._deal(action)
        elif phase == DRAW:
            self.deck[action] -= 1
            self._add_to_hand(self.turn, action)
            self.phase = CARD
        elif phase == CARD:
            self.hands[self.turn].remove(action - CARD_BASE)
            self.chosen = action - CARD_BASE
            self.phase = CELL
        elif phase == CELL:
            self._place(action - CELL_BASE, self.chosen)
            self.chosen = EMPTY
            if self.placed == SIZE * SIZE:
                self.phase = END  # the 25th card ends the game, no cube (RULINGS.md Souvenirs 3)
            elif self.legal_lines(self.turn):
                self.phase = CUBE
            else:
                self._next_turn()
        else:
            if action != PASS:
                line = action - LINE_BASE
                self.cubes[line] = (*self.cubes[line], self.turn)
                self.cubes_left[self.turn] -= 1
            self._next_turn()

    def _deal(self, kind: int) -> None:
        """Hands of 2 round the table, then the start card face up in the middle."""
        self.deck[kind] -= 1
        hand_cards = self.num_players * self.settings.hand_size
        if self.dealt < hand_cards:
            self._add_to_hand(self.dealt // self.settings.hand_size, kind)
        else:
            self._place(START_CELL, kind)
            self.phase = DRAW
        self.dealt += 1

    def _add_to_hand(self, seat: int, kind: int) -> None:
        hand = self.hands[seat]
        hand.append(kind)
        hand.sort()

    def _place(self, cell: int, kind: int) -> None:
        self.grid[cell] = kind
        row, col = row_of(cell), col_of(cell)
        bounds = self.bounds
        if self.placed == 0:
            bounds[:] = [row, row, col, col]
        else:
            bounds[:] = [min(bounds[0], row), max(bounds[1], row), min(bounds[2], col), max(bounds[3], col)]
        self.placed += 1

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players
        self.phase = DRAW

    # --- copying -------------------------------------------------------------
    def clone(self) -> SouvenirsState:
        other = SouvenirsState.__new__(SouvenirsState)
        other.game = self.game
        other.settings = self.settings
        other.num_players = self.num_players
        other._history = self._history.copy()
        other.deck = self.deck[:]
        other.hands = [hand[:] for hand in self.hands]
        other.grid = self.grid[:]
        other.bounds = self.bounds[:]
        other.placed = self.placed
        other.cubes = self.cubes[:]
        other.cubes_left = self.cubes_left[:]
        other.phase = self.phase
        other.turn = self.turn
        other.chosen = self.chosen
        other.dealt = self.dealt
        return other

    # --- results (RULINGS.md Souvenirs 4) ------------------------------------
    def line_scores(self) -> list[tuple[int, int, int, str]]:
        """(line, seat, points, combination) for every cube on the table, as things stand."""
        table = self.settings.table
        found = []
        for line, seats in enumerate(self.cubes):
            if seats:
                kinds = tuple(self.line_kinds(line))
                for rank, seat in enumerate(seats):
                    name, points = table.best_of_kinds(kinds, rank)
                    found.append((line, seat, points, name))
        return found

    def scores(self) -> list[float]:
        """Points of the reserved lines as they stand; final once the grid is full.

        Unplaced cubes score nothing.
        """
        totals = [0.0] * self.num_players
        for _, seat, points, _ in self.line_scores():
            totals[seat] += points
        return totals

    def winners(self) -> list[int]:
        if self.phase != END:
            return []
        totals = self.scores()
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]  # shared victory

    # --- what a seat may see -----------------------------------------------
    def observation_entries(self, seat: int) -> tuple[list[int], list[float]]:
        return observation_entries(self, seat)

    def view(self, seat: int | None) -> SouvenirsView:
        public: SouvenirsView = {
            "phase": self.phase.name.lower(),
            "turn": self.turn,
            "placed": self.placed,
            "deck_size": sum(self.deck),
            "cards": [[row_of(cell), col_of(cell), kind] for cell, kind in enumerate(self.grid) if kind >= 0],
            "cubes": [list(line) for line in self.cubes],
            "cubes_left": self.cubes_left[:],
            "hand_sizes": [len(hand) for hand in self.hands],
            "chosen": None if self.chosen == EMPTY else self.chosen,
            "scores": self.scores(),
        }
        if seat is not None:
            public["seat"] = seat
            public["hand"] = self.hands[seat][:]
        return public

    def information_state_key(self, seat: int) -> Hashable:
        """What the view shows, as a tuple: equal exactly when the views are (the scores
        follow from the grid and the cubes), and far cheaper than the view's JSON."""
        return (
            seat,
            self.phase,
            self.turn,
            self.placed,
            sum(self.deck),
            tuple(self.grid),
            tuple(self.cubes),
            tuple(self.cubes_left),
            tuple([len(hand) for hand in self.hands]),
            self.chosen,
            tuple(self.hands[seat]),
        )

    def observation_tensor(self, seat: int) -> list[float]:
        return observation(self, seat)

    def resample_from_infostate(self, seat: int, rng: random.Random) -> SouvenirsState:
        """Redeal the other hands from the cards `seat` has not seen."""
        other = self.clone()
        pool = [kind for kind, count in enumerate(self.deck) for _ in range(count)]
        for owner, hand in enumerate(self.hands):
            if owner != seat:
                pool.extend(hand)
        pool.sort()  # the result then depends on what the seat knows, not on the true order
        shuffle(rng, pool)
        for owner in range(self.num_players):
            if owner != seat:
                size = len(self.hands[owner])
                other.hands[owner] = sorted(pool[:size])
                del pool[:size]
        other.deck = [0] * NUM_KINDS
        for kind in pool:
            other.deck[kind] += 1
        return other

    def check_invariants(self) -> None:
        full = self.settings.deck.counts()
        seen = self.deck[:]
        for hand in self.hands:
            assert hand == sorted(hand), "hands are kept sorted"
            for kind in hand:
                seen[kind] += 1
        for kind in self.grid:
            if kind != EMPTY:
                seen[kind] += 1
        if self.chosen != EMPTY:
            seen[self.chosen] += 1
        assert seen == full, "cards are not conserved"
        assert all(count >= 0 for count in self.deck)
        assert self.placed == sum(1 for kind in self.grid if kind != EMPTY)
        self._check_grid()
        self._check_cubes()

    def _check_grid(self) -> None:
        if self.placed == 0:
            return
        assert self.grid[START_CELL] != EMPTY, "the start card lies at (0, 0)"
        cells = [cell for cell, kind in enumerate(self.grid) if kind != EMPTY]
        rows = [row_of(cell) for cell in cells]
        cols = [col_of(cell) for cell in cells]
        assert self.bounds == [min(rows), max(rows), min(cols), max(cols)], "bounds out of date"
        assert max(rows) - min(rows) < SIZE and max(cols) - min(cols) < SIZE, "grid larger than 5x5"
        reached = {START_CELL}
        frontier = [START_CELL]
        while frontier:
            for nxt in NEIGHBOURS[frontier.pop()]:
                if self.grid[nxt] != EMPTY and nxt not in reached:
                    reached.add(nxt)
                    frontier.append(nxt)
        assert len(reached) == len(cells), "the grid is not connected"

    def _check_cubes(self) -> None:
        for line, seats in enumerate(self.cubes):
            assert len(seats) <= self.settings.cubes_per_line, "too many cubes on a line"
            assert len(set(seats)) == len(seats), "a player has two cubes on one line"
            assert not seats or self.line_has_card(line), "a cube on a line without cards"
        for seat in range(self.num_players):
            used = sum(line.count(seat) for line in self.cubes)
            assert used + self.cubes_left[seat] == self.settings.cubes, "cubes are not conserved"
        if self.phase in (CARD, CELL, CUBE):
            expected = self.settings.hand_size + (1 if self.phase == CARD else 0)
            assert len(self.hands[self.turn]) == expected, "wrong hand size for the player to move"
        assert (self.phase == END) == (self.placed == SIZE * SIZE)
