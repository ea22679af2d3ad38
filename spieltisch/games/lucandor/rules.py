"""Der Graf von Lucandor: setup, the turn with its sub-steps, locks and luck, the two phases.

The wardrobe and the cards come from data files (model.py). Hidden cards are
drawn lazily: a draw pile is a list whose entries are either a known card
(seen in a luck check) or UNKNOWN; an UNKNOWN entry becomes a card only when it
is drawn or turned, as a chance node over all cards nobody has seen (the pool).
Every face-down card is equally likely to be any unseen card, so this deals
exactly like shuffled piles while a test can force any card.
"""

from __future__ import annotations

import random
from itertools import repeat
from typing import Any, ClassVar

from spieltisch.core.contract import CHANCE, TERMINAL, Game, Move, State
from spieltisch.core.options import OptionError, OptionSpec
from spieltisch.games.lucandor import scoring
from spieltisch.games.lucandor.actions import CORNERS, Block, Codec, Mode
from spieltisch.games.lucandor.model import (
    DOT,
    DRAWER,
    END,
    HAND_SIZE,
    HANGER,
    IN_COMPARTMENT,
    IRON,
    MARKERS,
    NEEDLE,
    ROD,
    SHOES,
    STACK,
    Model,
    Tables,
    load_model,
)

UNKNOWN = -1
PUT_AWAY, FUNCTION, DOOR, CLEAN, TASK = Mode  # aliases for the hot paths

# Stages of the state machine.
S_LEFTOVER, S_DRAW, S_DECIDE, S_LUCK, S_OVER = range(5)
# Why a hand is being filled.
DRAW_DEAL, DRAW_END_TURN, DRAW_START_TURN = range(3)

# Kinds of sub-step still to decide (the first entry of `pending`).
(
    P_NONE,
    P_PLACE,
    P_SLOT,
    P_DOOR_SECTION,
    P_DOOR_SECOND,
    P_HANGER,
    P_NEEDLE_CARD,
    P_NEEDLE_COLOUR,
    P_IRON_SOURCE,
    P_IRON_TARGET,
    P_DRAWER_PICK,
    P_DRAWER_TARGET,
    P_CORNER,
) = range(13)
NUM_PENDING_KINDS = 13
# The sub-step a card's function leads to.
FUNCTION_STEP = {
    DOT: P_SLOT,
    HANGER: P_HANGER,
    NEEDLE: P_NEEDLE_CARD,
    IRON: P_IRON_SOURCE,
    DRAWER: P_DRAWER_PICK,
}
# What a luck check decides (pending[2] while P_CORNER).
LUCK_SLOT, LUCK_DOOR, LUCK_IRON = range(3)


class LucandorGame(Game["LucandorState"]):
    name = "lucandor"
    title = "Der Graf von Lucandor"
    min_players = 3
    max_players = 5
    option_specs = (
        OptionSpec(
            "family",
            False,
            "bool",
            "Familienregel: no luck checks; every lock is a 1 and blocks its target for one round",
        ),
        OptionSpec("start_side", "A", "choice", "side of the three start cards (A or B)", choices=("A", "B")),
        OptionSpec("wardrobe", "", "str", "path of a re-fitted wardrobe TOML file (empty: built-in model)"),
        OptionSpec("cards", "", "str", "path of a re-fitted cards TOML file (empty: built-in cards)"),
    )

    # ISMCTS: flat Monte Carlo over the seat's own moves (depth 1), each judged by
    # heuristic playouts without random moves, cut off after 20 decisions and
    # judged by `estimate_scores`. A deeper tree let the other seats play as if
    # they saw the hidden cards and did not beat the heuristic; this one does
    # (docs/rules/lucandor.md, Search; docs/strength.md).
    search_defaults: ClassVar[dict[str, object]] = {
        "rollout": "heuristic",
        "cutoff": 20,
        "depth": 1,
        "rollout_epsilon": 0.0,
    }

    def setup(self) -> None:
        self.model: Model = load_model(str(self.options["wardrobe"]), str(self.options["cards"]))
        self.family = bool(self.options["family"])
        self.side = 0 if self.options["start_side"] == "A" else 1
        self.codec = Codec(self.model)
        self.tables = Tables(self.model, self.side)
        if len(self.model.cards) < HAND_SIZE * self.num_players:
            raise OptionError(f"{len(self.model.cards)} cards are too few for {self.num_players} players")

    def new_initial_state(self) -> LucandorState:
        return LucandorState(self)

    def num_distinct_actions(self) -> int:
        return self.codec.size

    def max_chance_outcomes(self) -> int:
        return len(self.model.cards)

    def max_game_length(self) -> int:
        # At most len(cards) successful turns per phase (each takes at least one
        # card out of the hands and piles), at most 4 decisions per turn. A
        # failed luck check needs a lock, and a lock lasts at most 2P-1 turns,
        # so failed turns are at most (2P-1) per successful turn.
        turns = 2 * len(self.model.cards)
        return 4 * turns * 2 * self.num_players

    def observation_shape(self) -> tuple[int, ...]:
        return (observation_size(self),)

    def rollout_action(self, state: State, rng: random.Random) -> int:
        """A cheaper policy than the heuristic, for search playouts."""
        from spieltisch.games.lucandor.bot import rollout

        assert isinstance(state, LucandorState)
        return rollout(state, rng)

    def estimate_scores(self, state: State) -> list[float]:
        """Totals as they stand for a playout cut off early: points so far plus the
        laid end-scoring tasks, counted now and grown by what is still to be played."""
        assert isinstance(state, LucandorState)
        return scoring.estimated_totals(state)

    def reference_data(self) -> dict[str, Any]:
        """The public card and wardrobe tables a display needs to draw a view (see reference.py)."""
        from spieltisch.games.lucandor.reference import reference_data

        return reference_data(self.model, self.side)

    def action_struct(self, state: LucandorState, action: int) -> Move:
        from spieltisch.games.lucandor.moves import action_struct

        return action_struct(state, action)

    def public_action_struct(self, state: LucandorState, action: int) -> Move | None:
        from spieltisch.games.lucandor.moves import public_action_struct

        return public_action_struct(state, action)

    def heuristic_action(self, state: State, rng: random.Random) -> int:
        from spieltisch.games.lucandor.bot import choose

        assert isinstance(state, LucandorState)
        return choose(state)


class LucandorState(State):
    def __init__(self, game: LucandorGame) -> None:
        super().__init__(game)
        self.g = game
        m = game.model
        n = game.num_players
        self.stage = S_LEFTOVER
        self.phase = 0  # 0 morning, 1 afternoon
        self.turn = 0
        self.last_mover = n - 1
        self.draw_seat = 0
        self.draw_mode = DRAW_DEAL
        self.leftover = 0
        self.pool: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]  # hand cards every seat has seen
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.discard: list[int] = []
        self.start_pile: list[int] = []
        self.points = [0] * n
        self.end_points = [0] * n
        self.end_cards: list[list[int]] = [[] for _ in range(n)]
        self.end_colours: list[list[int]] = [[] for _ in range(n)]
        self.slots = [len(m.cards) + i for i in range(len(m.slot_storeys))]
        self.lock_owner = [-1] * (len(self.slots) + 1)  # the last entry is the door
        self.lock_level = [0] * (len(self.slots) + 1)
        self.door = m.door_start
        self.content: list[list[list[int]]] = [
            [[]] if m.storey_kind[m.storey_of(c)] == ROD else [[] for _ in range(m.floor_places)]
            for c in range(m.num_cells)
        ]
        self.drawer_cell = list(m.drawer_start)
        self.drawer_items: list[list[int]] = [[] for _ in m.drawer_start]
        self.fit_cells = self._fit_cells_now()
        self.placed = 0  # bit c: the garment of card c was put away this phase
        self.pending: tuple[int, ...] = (P_NONE,)
        self.corner = -1
        self._deal(list(range(len(m.cards))), first_seat=0)
        self._run()

    @property
    def m(self) -> Model:
        return self.g.model

    # --- whose move -----------------------------------------------------------
    def current_player(self) -> int:
        stage = self.stage
        if stage == S_DECIDE:
            return self.turn
        if stage == S_OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.stage == S_OVER

    def is_chance_node(self) -> bool:
        stage = self.stage
        return stage != S_DECIDE and stage != S_OVER

    def legal_actions(self) -> list[int]:
        stage = self.stage
        if stage == S_DECIDE:
            return self._legal_first() if self.pending[0] == P_NONE else self._legal_decisions()
        if stage == S_OVER:
            return []
        return list(self.pool)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        pool = self.pool
        return list(zip(pool, repeat(1.0 / len(pool), len(pool)), strict=True))

    def is_legal(self, action: int) -> bool:
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        stage = self.stage
        if stage == S_DECIDE:
            kind = self.pending[0]
            if kind != P_NONE:
                return self._later_legal(kind, action)
            # Check the one card and mode instead of listing every first step.
            move = self.g.codec.decode_play(action)
            return (
                move is not None
                and move.card in self.hands[self.turn]
                and self._first_legal(move.mode, move.card, move.colour)
            )
        return stage != S_OVER and action in self.pool

    # --- chance -----------------------------------------------------------------
    def _apply(self, action: int) -> None:
        stage = self.stage
        if stage == S_DECIDE:
            self._decide(action)
        elif stage == S_LEFTOVER:
            self.pool.remove(action)
            self.discard.append(action)
            self.leftover -= 1
        elif stage == S_DRAW:
            self.pool.remove(action)
            self.piles[self.draw_seat].pop()
            self._insert_hand(self.draw_seat, action)
        else:  # S_LUCK: the luck card is turned and goes back on top, now seen by all
            self.pool.remove(action)
            self.piles[self.turn][-1] = action
        self._run()

    def _deal(self, cards: list[int], first_seat: int) -> None:
        """Deal `cards` evenly; the leftovers go to the discard pile (drawn as chance)."""
        n = self.num_players
        self.pool = sorted(cards)
        self.leftover = len(cards) % n
        self.piles = [[UNKNOWN] * (len(cards) // n) for _ in range(n)]
        self.stage = S_LEFTOVER
        self.turn = first_seat

    def _run(self) -> None:
        """Carry out every step that needs no decision and no chance."""
        while True:
            stage = self.stage
            if stage == S_LEFTOVER:
                if self.leftover > 0:
                    return
                self.stage, self.draw_seat, self.draw_mode = S_DRAW, 0, DRAW_DEAL
            elif stage == S_DRAW:
                seat = self.draw_seat
                pile = self.piles[seat]
                if len(self.hands[seat]) < HAND_SIZE and pile:
                    if pile[-1] == UNKNOWN:
                        return
                    card = pile.pop()
                    self._insert_hand(seat, card)
                    self.known[seat].append(card)
                    continue
                self._after_draw()
            elif stage == S_LUCK:
                if self.piles[self.turn][-1] == UNKNOWN:
                    return
                self._resolve_luck()
            else:
                return

    def _after_draw(self) -> None:
        mode = self.draw_mode
        if mode == DRAW_DEAL:
            if self.draw_seat + 1 < self.num_players:
                self.draw_seat += 1
            else:
                self._begin_turn(self.turn)
        elif mode == DRAW_END_TURN:
            self._begin_turn((self.draw_seat + 1) % self.num_players)
        else:
            self.stage = S_DECIDE

    def _has_cards(self, seat: int) -> bool:
        return bool(self.hands[seat]) or bool(self.piles[seat])

    def _anyone_has_cards(self) -> bool:
        return any(self.hands) or any(self.piles)

    def _begin_turn(self, seat: int) -> None:
        """Start the turn of `seat` or of the next player who still has cards.

        A player without cards is skipped until the phase ends; their locks
        still count down when their turn comes round (digital ruling: a lock
        of a skipped player would otherwise never expire).
        """
        if not self._anyone_has_cards():
            self._end_phase()
            return
        while True:
            if seat in self.lock_owner:
                self._count_down(seat)
            if self._has_cards(seat):
                break
            seat = (seat + 1) % self.num_players
        self.turn = seat
        if len(self.hands[seat]) < HAND_SIZE and self.piles[seat]:
            self.stage, self.draw_seat, self.draw_mode = S_DRAW, seat, DRAW_START_TURN
        else:
            self.stage = S_DECIDE

    def _count_down(self, seat: int) -> None:
        """A 2 drops to 1 at its owner's next turn and goes the turn after (RULINGS.md, Lucandor)."""
        for i, owner in enumerate(self.lock_owner):
            if owner == seat:
                self.lock_level[i] -= 1
                if self.lock_level[i] == 0:
                    self.lock_owner[i] = -1

    def _end_phase(self) -> None:
        if self.phase == 0:
            # The afternoon deals every card but those in the slots and the
            # end-scoring tasks before the players; leftovers to the discard
            # pile (RULINGS.md, Lucandor). The wardrobe keeps its garments.
            self.phase = 1
            self.placed = 0
            kept = {c for c in self.slots if c < len(self.m.cards)}
            for cards in self.end_cards:
                kept.update(cards)
            self.discard = []
            self.known = [[] for _ in range(self.num_players)]
            self._deal(
                [c for c in range(len(self.m.cards)) if c not in kept],
                (self.last_mover + 1) % self.num_players,
            )
        else:
            self.end_points = [scoring.end_points(self, seat) for seat in range(self.num_players)]
            self.stage = S_OVER

    def _insert_hand(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        hand.append(card)
        hand.sort()

    def _take_from_hand(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _finish_turn(self) -> None:
        seat = self.turn
        self.pending = (P_NONE,)
        self.corner = -1
        self.last_mover = seat
        self.stage, self.draw_seat, self.draw_mode = S_DRAW, seat, DRAW_END_TURN

    # --- legal decisions ----------------------------------------------------------
    def _legal_decisions(self) -> list[int]:
        codec = self.g.codec
        kind = self.pending[0]
        if kind == P_NONE:
            return self._legal_first()
        if kind == P_PLACE:
            garment = self.m.cards[self.pending[1]].garment
            return codec.encode_targets(self.targets(garment, -1))
        if kind == P_SLOT:
            passable = [i for i in range(len(self.slots)) if self.lock_passable(i)]
            return codec.encode_each(Block.SLOT, passable)
        if kind == P_DOOR_SECTION:
            return codec.encode_each(Block.SECTION, self._door_sections())
        if kind == P_DOOR_SECOND:
            return codec.encode_each(Block.SECOND, self.hands[self.turn])
        if kind in (P_HANGER, P_NEEDLE_CARD):
            return codec.encode_each(Block.TASK, list(range(len(self.end_cards[self.turn]))))
        if kind == P_NEEDLE_COLOUR:
            used = self.end_colours[self.turn]
            return codec.encode_each(Block.COLOUR, [k for k in range(len(self.m.colours)) if k not in used])
        if kind == P_IRON_SOURCE:
            return codec.encode_sources(self.iron_sources())
        if kind == P_IRON_TARGET:
            garment = self.m.cards[self.pending[3]].garment
            return codec.encode_targets(self.targets(garment, self.pending[2]))
        if kind == P_DRAWER_PICK:
            cells = sorted(self.drawer_cell[d] for d in self.movable_drawers())
            return codec.encode_each(Block.CELL, cells)
        if kind == P_DRAWER_TARGET:
            return codec.encode_each(Block.CELL, self.free_drawer_slots())
        return codec.encode_each(Block.CORNER, list(range(CORNERS)))  # P_CORNER

    def _legal_first(self) -> list[int]:
        rows = self.g.codec.play_rows  # a play id is its row's first id + the card
        seat = self.turn
        t = self.g.tables
        hand = self.hands[seat]
        clean = rows[CLEAN]
        actions = [clean + c for c in hand]  # Fächer putzen is always possible
        if self._door_possible():
            door = rows[DOOR]
            actions += [door + c for c in hand]
        fit_cells = self.fit_cells
        open_mask = t.open_mask[self.door]
        fit_class = t.card_fit_class
        function_of = t.card_function
        placed = self.placed
        put_away, use = rows[PUT_AWAY], rows[FUNCTION]
        functions: dict[int, bool] = {}  # the same answer for every card of a function
        for c in hand:
            if not (placed >> c) & 1 and fit_cells[fit_class[c]] & open_mask:
                actions.append(put_away + c)
            function = function_of[c]
            if function == END:
                actions += self._task_actions(c)
                continue
            possible = functions.get(function)
            if possible is None:
                possible = functions[function] = self._function_possible(function)
            if possible:
                actions.append(use + c)
        actions.sort()
        return actions

    def _task_actions(self, card_id: int) -> list[int]:
        """Laying `card_id` as an end-scoring task, one action per free chip colour."""
        seat = self.turn
        if len(self.end_cards[seat]) >= 2:
            return []
        used = self.end_colours[seat]
        free = [k for k in range(len(self.g.tables.colours)) if k not in used]
        return self.g.codec.encode_tasks(card_id, free)

    def _first_legal(self, mode: int, card_id: int, colour: int) -> bool:
        """May the hand card `card_id` be played in `mode` (a task with chip `colour`)?"""
        if mode == CLEAN:
            return True  # Fächer putzen is always possible
        if mode == DOOR:
            return self._door_possible()
        t = self.g.tables
        function = t.card_function[card_id]
        if mode == PUT_AWAY:
            return not (self.placed >> card_id) & 1 and self.has_target(t.card_garment[card_id], -1)
        if mode == FUNCTION:
            return function != END and self._function_possible(function)
        seat = self.turn
        return function == END and len(self.end_cards[seat]) < 2 and colour not in self.end_colours[seat]

    def _later_legal(self, kind: int, action: int) -> bool:
        """Is `action` legal for the sub-step `kind`? Placing is checked for its one
        spot; the other sub-steps have short lists of choices."""
        if kind not in (P_PLACE, P_IRON_TARGET):
            return action in self._legal_decisions()
        move = self.g.codec.decode_target(action)
        if move is None:
            return False
        cell, place = move.cell, move.place
        if kind == P_PLACE:
            return self.fits_at(self.g.tables.card_garment[self.pending[1]], cell, place, -1)
        return self.fits_at(self.g.tables.card_garment[self.pending[3]], cell, place, self.pending[2])

    def _function_possible(self, function: int) -> bool:
        if function == DOT:
            return -1 in self.lock_owner[: len(self.slots)] or any(
                self.lock_passable(i) for i in range(len(self.slots))
            )
        if function in (HANGER, NEEDLE):
            return bool(self.end_cards[self.turn])
        if function == IRON:
            return bool(self.iron_sources(first_only=True))
        if function == DRAWER:
            door, section = self.door, self.g.tables.cell_section
            return any(section[cell] != door for cell in self.drawer_cell) and bool(self.free_drawer_slots())
        return False

    def lock_passable(self, index: int) -> bool:
        """May the player to move act on slot `index` (or the door) despite any lock?"""
        owner = self.lock_owner[index]
        if owner < 0:
            return True
        if self.g.family:
            return False
        return len(self.piles[self.turn]) >= self._luck_cards_needed(index)

    def _luck_cards_needed(self, index: int) -> int:
        """Bypassing a 2 first gives a card from the own pile away, then turns one."""
        owner = self.lock_owner[index]
        return 2 if self.lock_level[index] == 2 and owner != self.turn else 1

    def _door_possible(self) -> bool:
        lock = len(self.slots)
        return len(self.g.model.sections) > 1 and (self.lock_owner[lock] < 0 or self.lock_passable(lock))

    def _door_sections(self) -> list[int]:
        """Sections one away, and two away when a second card can be discarded."""
        spare = bool(self.hands[self.turn])
        return self.g.tables.door_targets[self.door][spare]

    def covered(self, cell: int) -> bool:
        """The sliding door blocks every cell of its section."""
        return self.g.tables.cell_section[cell] == self.door

    def drawer_at(self, cell: int) -> int:
        for d, where in enumerate(self.drawer_cell):
            if where == cell:
                return d
        return -1

    # --- where garments fit -----------------------------------------------------------
    # `fit_cells[k]` has a bit for every cell whose container could take a garment of
    # fit class k now, the door aside. Every change of the wardrobe updates it
    # (`_refit`), so "may this garment go anywhere?" is a bit test, not a search.

    def refit_wardrobe(self) -> None:
        """Recompute `fit_cells` from the wardrobe (after editing the wardrobe by hand)."""
        self.fit_cells = self._fit_cells_now()

    def _fit_cells_now(self) -> list[int]:
        fit = [0] * len(self.g.tables.fit_classes)
        for cell in range(self.m.num_cells):
            classes = self._cell_fits(cell)
            for k in range(len(fit)):
                if (classes >> k) & 1:
                    fit[k] |= 1 << cell
        return fit

    def _refit(self, cell: int) -> None:
        """The container at `cell` changed: renew its bits in `fit_cells`."""
        classes = self._cell_fits(cell)
        bit = 1 << cell
        fit = self.fit_cells
        for k in range(len(fit)):
            if (classes >> k) & 1:
                fit[k] |= bit
            else:
                fit[k] &= ~bit

    def _cell_fits(self, cell: int) -> int:
        """The fit classes the container at `cell` could take now, as bits."""
        t = self.g.tables
        units = t.card_units
        drawer = self.drawer_at(cell)
        if drawer >= 0:
            room = self.m.drawer_units - sum(units[piece] for piece in self.drawer_items[drawer])
            return t.drawer_classes[max(room, 0)]
        if not t.is_compartment[cell]:
            room = self.m.rod_units - sum(units[piece] for piece in self.content[cell][0])
            return t.rod_classes[max(room, 0)]
        return self._compartment_fits(cell)

    def _compartment_fits(self, cell: int) -> int:
        """Which ways of resting fit this compartment: `_floor_places` is non-empty."""
        t = self.g.tables
        card_rest = t.card_rest
        height = self.m.stack_height
        empty = shoes = others = stackable = False
        for stack in self.content[cell]:
            if not stack:
                empty = True
                continue
            base = card_rest[stack[0]]
            if base == SHOES:
                shoes = True
            else:
                others = True
                stackable = stackable or (base == STACK and len(stack) < height)
        return t.compartment_classes[t.shoe_cell[cell], empty, shoes, others, stackable]

    def _target_mask(self, garment: int, exclude: int) -> int:
        """The cells of `targets(garment, exclude)`, as bits."""
        t = self.g.tables
        mask = self.fit_cells[t.garment_fit_class[garment]] & t.open_mask[self.door]
        if exclude >= 0:
            mask &= ~(1 << exclude)
        return mask

    def target_cells(self, garment: int, exclude: int) -> list[int]:
        """The cells of `targets(garment, exclude)`, without their floor places."""
        return bit_indices(self._target_mask(garment, exclude))

    def has_target(self, garment: int, exclude: int) -> bool:
        """Whether `garment` may be put away anywhere but `exclude`."""
        return self._target_mask(garment, exclude) != 0

    def targets(self, garment: int, exclude: int) -> list[tuple[int, int]]:
        """Every (cell, floor place) where `garment` may be put away now, by cell.

        For equal empty floor places only the first is offered (they are alike).
        """
        t = self.g.tables
        cells = bit_indices(self._target_mask(garment, exclude))
        if t.garment_container[garment] != IN_COMPARTMENT:
            return [(cell, 0) for cell in cells]
        rest = t.garment_rest[garment]
        return [(cell, place) for cell in cells for place in self._floor_places(cell, rest)]

    def fits_at(self, garment: int, cell: int, place: int, exclude: int) -> bool:
        """Whether (cell, place) is one of `targets(garment, exclude)`, told for that spot alone."""
        if not (self._target_mask(garment, exclude) >> cell) & 1:
            return False
        t = self.g.tables
        if t.garment_container[garment] != IN_COMPARTMENT:
            return place == 0
        return place in self._floor_places(cell, t.garment_rest[garment])

    def _floor_places(self, cell: int, rest: int) -> list[int]:
        """The floor places of a compartment where `rest` may lie (`_compartment_fits` says it may)."""
        result = []
        empty_offered = False
        card_rest = self.g.tables.card_rest
        height = self.m.stack_height
        for place, stack in enumerate(self.content[cell]):
            if not stack:
                if not empty_offered:
                    result.append(place)
                    empty_offered = True
            elif rest == STACK and len(stack) < height and card_rest[stack[0]] == STACK:
                result.append(place)
        return result

    def is_under(self, cell: int, place: int, level: int) -> bool:
        """Is the garment at this spot lying under another one in a compartment stack?"""
        if not self.g.tables.is_compartment[cell] or self.drawer_at(cell) >= 0:
            return False
        return level < len(self.content[cell][place]) - 1

    def iron_sources(self, first_only: bool = False) -> list[tuple[int, int, int]]:
        """Pieces the iron may take out: (cell, place, level), each with another cell to go to."""
        t = self.g.tables
        luck_ok = self.g.family or len(self.piles[self.turn]) >= 1
        fit_class = t.card_fit_class
        is_compartment = t.is_compartment
        open_mask = t.open_mask[self.door]
        fit_cells = self.fit_cells
        drawer_cells = self.drawer_cell
        content = self.content
        result = []
        for cell in t.open_cells[self.door]:
            if cell in drawer_cells:
                stacks = [self.drawer_items[drawer_cells.index(cell)]]
                may_pull = True  # nothing lies on anything in a drawer
            else:
                stacks = content[cell]
                may_pull = luck_ok or not is_compartment[cell]
            if not any(stacks):
                continue
            elsewhere = open_mask & ~(1 << cell)
            for place, stack in enumerate(stacks):
                top = len(stack) - 1
                for level, piece in enumerate(stack):
                    if level < top and not may_pull:
                        continue
                    if fit_cells[fit_class[piece]] & elsewhere:
                        result.append((cell, place, level))
                        if first_only:
                            return result
        return result

    def movable_drawers(self) -> list[int]:
        free = self.free_drawer_slots()
        if not free:
            return []
        return [d for d, cell in enumerate(self.drawer_cell) if not self.covered(cell)]

    def free_drawer_slots(self) -> list[int]:
        """Drawer slots with no drawer and nothing on their floor, not behind the door."""
        section, door = self.g.tables.cell_section, self.door
        drawers, content = self.drawer_cell, self.content
        return [
            cell
            for cell in self.g.tables.drawer_slots_sorted
            if section[cell] != door and cell not in drawers and not any(content[cell])
        ]

    # --- carrying out decisions -----------------------------------------------------
    def _decide(self, action: int) -> None:
        kind = self.pending[0]
        move = self.g.codec.decode(action)
        if kind == P_NONE:
            self._first(move.mode, move.card, move.colour)
        elif kind in (P_PLACE, P_IRON_TARGET):
            self._place_decided(move.cell, move.place)
        elif kind == P_SLOT:
            slot = move.slot
            self._attempt(slot, (self.pending[1], LUCK_SLOT, slot))
        elif kind == P_DOOR_SECTION:
            target = move.section
            if abs(target - self.door) == 2:
                self.pending = (P_DOOR_SECOND, self.pending[1], target)
            else:
                self._attempt(len(self.slots), (self.pending[1], LUCK_DOOR, target, -1))
        elif kind == P_DOOR_SECOND:
            second = move.card
            self._take_from_hand(self.turn, second)
            self._attempt(len(self.slots), (self.pending[1], LUCK_DOOR, self.pending[2], second))
        elif kind in (P_HANGER, P_NEEDLE_CARD, P_NEEDLE_COLOUR):
            self._end_card_decided(kind, move.task, move.colour)
        elif kind == P_IRON_SOURCE:
            self._iron_source(move.cell, move.place, move.level)
        elif kind == P_DRAWER_PICK:
            self.pending = (P_DRAWER_TARGET, self.pending[1], self.drawer_at(move.cell))
        elif kind == P_DRAWER_TARGET:
            drawer = self.pending[2]
            old, new = self.drawer_cell[drawer], move.cell
            self.drawer_cell[drawer] = new
            self._refit(old)
            self._refit(new)
            self.discard.append(self.pending[1])
            self._finish_turn()
        else:  # P_CORNER: the luck card is turned next (chance unless its face is known)
            self.corner = move.corner
            self.stage = S_LUCK

    def _first(self, mode: int, card_id: int, colour: int) -> None:
        seat = self.turn
        self._take_from_hand(seat, card_id)
        card = self.g.model.cards[card_id]
        if mode == PUT_AWAY:
            self.pending = (P_PLACE, card_id)
        elif mode == DOOR:
            self.pending = (P_DOOR_SECTION, card_id)
        elif mode == CLEAN:
            # Fächer putzen: discard, draw anew, one point for cleaning.
            self.discard.append(card_id)
            self.points[seat] += 1
            self._finish_turn()
        elif mode == TASK:
            self.end_cards[seat].append(card_id)
            self.end_colours[seat].append(colour)
            self._finish_turn()
        else:
            self.pending = (FUNCTION_STEP[card.function], card_id)

    def _place_decided(self, cell: int, place: int) -> None:
        seat = self.turn
        card_id = self.pending[1]
        if self.pending[0] == P_PLACE:
            piece = card_id
            self.placed |= 1 << piece  # each garment/colour once per phase
        else:
            piece = self.pending[3]
        self.points[seat] += scoring.placement_points(self, piece, cell)
        self._put(piece, cell, place)
        self.discard.append(card_id)
        self._finish_turn()

    def _put(self, piece: int, cell: int, place: int) -> None:
        drawer = self.drawer_at(cell)
        if drawer >= 0:
            self.drawer_items[drawer].append(piece)
        else:
            self.content[cell][place].append(piece)
        self._refit(cell)

    def _attempt(self, lock: int, context: tuple[int, ...]) -> None:
        """Act on a slot or the door, going through a lock when one lies on it.

        Bypassing a 2 first moves the top card of the own draw pile, unseen, onto
        the lock owner's pile (not when the lock is one's own); then, as for a
        1, a luck check decides.
        """
        owner = self.lock_owner[lock]
        if owner < 0:
            self._succeed(context)
            return
        if self.lock_level[lock] == 2 and owner != self.turn:
            self.piles[owner].append(self.piles[self.turn].pop())
        self.pending = (P_CORNER, *context)

    def _resolve_luck(self) -> None:
        """Success when the thumb of the turned card lies in the chosen corner; the card
        stays on top of the pile (RULINGS.md, Lucandor: the luck check)."""
        seat = self.turn
        luck_card = self.piles[seat][-1]
        success = self.m.cards[luck_card].thumb == self.corner
        context = self.pending[1:]
        self.stage = S_DECIDE
        self.corner = -1
        if success:
            self._succeed(context)
            return
        card_id, what = context[0], context[1]
        if what == LUCK_IRON:
            self.discard.append(card_id)  # the iron is lost unused
        else:
            # The card returns to the hand, seen by all; the turn ends.
            for c in (card_id, context[3] if what == LUCK_DOOR else -1):
                if c >= 0:
                    self._insert_hand(seat, c)
                    self.known[seat].append(c)
        self._finish_turn()

    def _succeed(self, context: tuple[int, ...]) -> None:
        card_id, what = context[0], context[1]
        if what == LUCK_SLOT:
            self._replace_slot(context[2], card_id)
        elif what == LUCK_DOOR:
            self._move_door(context[2], card_id, context[3])
        else:
            self._lift(card_id, context[2], context[3], context[4])

    def _replace_slot(self, slot: int, card_id: int) -> None:
        old = self.slots[slot]
        if old >= len(self.m.cards):
            self.start_pile.append(old - len(self.m.cards))  # start cards keep their own pile
        else:
            self.discard.append(old)
        self.lock_owner[slot] = -1
        self.slots[slot] = card_id
        self._lock(slot, 2)
        self._finish_turn()

    def _move_door(self, target: int, card_id: int, second: int) -> None:
        distance = abs(target - self.door)
        self.door = target
        self.discard.append(card_id)
        if second >= 0:
            self.discard.append(second)
        self.lock_owner[len(self.slots)] = -1
        self._lock(len(self.slots), distance)
        self._finish_turn()

    def _lock(self, index: int, level: int) -> None:
        """Put a stone of the player on the 2 (or 1) if one is free.

        Family rule: always on the 1, so it blocks for one round, and no luck
        check can pass it (RULINGS.md, Lucandor).
        """
        seat = self.turn
        if self.lock_owner.count(seat) < MARKERS:
            self.lock_owner[index] = seat
            self.lock_level[index] = 1 if self.g.family else level

    def _iron_source(self, cell: int, place: int, level: int) -> None:
        if self.is_under(cell, place, level) and not self.g.family:
            # Pulling a garment from under a stack needs luck (the family rule needs none).
            self.pending = (P_CORNER, self.pending[1], LUCK_IRON, cell, place, level)
        else:
            self._lift(self.pending[1], cell, place, level)

    def _lift(self, card_id: int, cell: int, place: int, level: int) -> None:
        drawer = self.drawer_at(cell)
        stack = self.drawer_items[drawer] if drawer >= 0 else self.content[cell][place]
        piece = stack.pop(level)
        self._refit(cell)
        self.pending = (P_IRON_TARGET, card_id, cell, piece)

    def _end_card_decided(self, kind: int, index: int, colour: int) -> None:
        seat = self.turn
        card_id = self.pending[1]
        if kind == P_NEEDLE_CARD:
            self.pending = (P_NEEDLE_COLOUR, card_id, index)
            return
        if kind == P_HANGER:
            self.discard.append(self.end_cards[seat].pop(index))
            self.end_colours[seat].pop(index)
        else:
            self.end_colours[seat][self.pending[2]] = colour
        self.discard.append(card_id)
        self._finish_turn()

    # --- names --------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        from spieltisch.games.lucandor.text import action_text

        return action_text(self, action, "en")

    def action_label(self, action: int, lang: str = "en") -> str:
        from spieltisch.games.lucandor.text import action_text

        return action_text(self, action, lang)

    def public_action_label(self, action: int, lang: str = "en") -> str | None:
        from spieltisch.games.lucandor.text import public_action_text

        return public_action_text(self, action, lang)

    def render_text(self, seat: int | None, lang: str = "en", width: int = 80) -> str:
        from spieltisch.games.lucandor.text import render

        return render(self, seat, lang)

    # --- copies -------------------------------------------------------------------------
    def clone(self) -> LucandorState:
        other = LucandorState.__new__(LucandorState)
        # Numbers, the game and the `pending` tuple are shared; every list is copied.
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other.pool = list(self.pool)
        other.hands = list(map(list, self.hands))
        other.known = list(map(list, self.known))
        other.piles = list(map(list, self.piles))
        other.discard = list(self.discard)
        other.start_pile = list(self.start_pile)
        other.points = list(self.points)
        other.end_points = list(self.end_points)
        other.end_cards = list(map(list, self.end_cards))
        other.end_colours = list(map(list, self.end_colours))
        other.slots = list(self.slots)
        other.lock_owner = list(self.lock_owner)
        other.lock_level = list(self.lock_level)
        other.content = [list(map(list, cell)) for cell in self.content]
        other.drawer_cell = list(self.drawer_cell)
        other.drawer_items = list(map(list, self.drawer_items))
        other.fit_cells = list(self.fit_cells)
        return other

    # --- results --------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(p + e) for p, e in zip(self.points, self.end_points, strict=True)]

    def winners(self) -> list[int]:
        """Most points; a tie goes to the better end scoring; still tied: shared victory."""
        if self.stage != S_OVER:
            return []
        totals = [p + e for p, e in zip(self.points, self.end_points, strict=True)]
        best = max(totals)
        tied = [s for s in range(self.num_players) if totals[s] == best]
        top_end = max(self.end_points[s] for s in tied)
        return [s for s in tied if self.end_points[s] == top_end]

    # --- what a seat may see ------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.stage == S_OVER
        players = []
        for p in range(self.num_players):
            own = seat == p or over
            players.append(
                {
                    "points": self.points[p],
                    "hand_size": len(self.hands[p]),
                    "known_in_hand": sorted(self.known[p]),
                    "pile": list(self.piles[p]),
                    "end_colours": list(self.end_colours[p]),
                    "end_cards": list(self.end_cards[p]) if own else None,
                    "end_points": self.end_points[p],
                }
            )
        return {
            "phase": self.phase,
            "stage": self.stage,
            "turn": self.turn,
            "to_move": self.current_player(),
            "leftover": self.leftover,
            "draw_seat": self.draw_seat,
            "door": self.door,
            "slots": list(self.slots),
            "lock_owner": list(self.lock_owner),
            "lock_level": list(self.lock_level),
            "content": [[list(stack) for stack in cell] for cell in self.content],
            "drawers": [
                [cell, list(items)] for cell, items in zip(self.drawer_cell, self.drawer_items, strict=True)
            ],
            "discard": list(self.discard),
            "start_pile": list(self.start_pile),
            "placed": [c for c in range(len(self.m.cards)) if (self.placed >> c) & 1],
            "pending": list(self.pending),
            "corner": self.corner,
            "players": players,
            "hand": list(self.hands[seat]) if seat is not None else None,
        }

    def information_state_string(self, seat: int) -> str:
        """What `seat` sees, as in `view(seat)`, written compactly: search keys its
        tree on this string after every step, and the JSON of the view costs more."""
        over = self.stage == S_OVER
        players = [
            (
                self.points[p],
                len(self.hands[p]),
                sorted(self.known[p]),
                self.piles[p],
                self.end_colours[p],
                self.end_cards[p] if seat == p or over else None,
                self.end_points[p],
            )
            for p in range(self.num_players)
        ]
        table = (
            self.phase,
            self.stage,
            self.turn,
            self.leftover,
            self.draw_seat,
            self.door,
            self.slots,
            self.lock_owner,
            self.lock_level,
            self.content,
            self.drawer_cell,
            self.drawer_items,
            self.discard,
            self.start_pile,
            self.placed,
            self.pending,
            self.corner,
        )
        return repr((table, players, self.hands[seat]))

    def observation_tensor(self, seat: int) -> list[float]:
        from spieltisch.games.lucandor.text import observation

        return observation(self, seat)

    def resample_from_infostate(self, seat: int, rng: random.Random) -> LucandorState:
        """Redeal what `seat` cannot see: unseen pile cards, others' unseen hand
        cards and others' face-down end-scoring tasks (those stay end-scoring cards)."""
        other = self.clone()
        if self.stage == S_OVER:
            return other
        m = self.m
        hidden_hands = {
            p: [c for c in self.hands[p] if c not in self.known[p]]
            for p in range(self.num_players)
            if p != seat
        }
        unseen = list(self.pool)
        for p, cards in hidden_hands.items():
            unseen.extend(cards)
            unseen.extend(self.end_cards[p])
        unseen.sort()
        tasks = [c for c in unseen if m.cards[c].function == END]
        rng.shuffle(tasks)
        rest_tasks = list(tasks)
        for p in hidden_hands:
            count = len(self.end_cards[p])
            other.end_cards[p] = [rest_tasks.pop() for _ in range(count)]
        used = {c for p in hidden_hands for c in other.end_cards[p]}
        rest = [c for c in unseen if c not in used]
        rng.shuffle(rest)
        for p, cards in hidden_hands.items():
            new = [rest.pop() for _ in cards]
            other.hands[p] = sorted(list(self.known[p]) + new)
        other.pool = sorted(rest)
        return other

    def check_invariants(self) -> None:
        m = self.m
        n_cards = len(m.cards)
        where: list[int] = []
        where.extend(self.pool)
        for p in range(self.num_players):
            where.extend(self.hands[p])
            where.extend(c for c in self.piles[p] if c != UNKNOWN)
            where.extend(self.end_cards[p])
            assert set(self.known[p]) <= set(self.hands[p]), "a known hand card is not in the hand"
            assert len(self.hands[p]) <= HAND_SIZE, "a hand holds more than three cards"
            assert len(self.end_cards[p]) <= 2, "more than two end-scoring tasks"
            assert len(set(self.end_colours[p])) == len(self.end_colours[p]), "end colours must differ"
            assert self.lock_owner.count(p) <= MARKERS, "more locks than stones"
        where.extend(self.discard)
        where.extend(c for c in self.slots if c < n_cards)
        where.extend(self._pending_cards())
        unknown = sum(pile.count(UNKNOWN) for pile in self.piles)
        assert len(self.pool) == unknown + self.leftover, "unseen cards do not match face-down pile cards"
        assert sorted(where) == sorted(set(where)), "a card is in two places"
        assert len(set(where)) == n_cards, f"cards are not conserved ({len(set(where))} of {n_cards})"
        starts = [c - n_cards for c in self.slots if c >= n_cards] + self.start_pile
        assert sorted(starts) == list(range(len(m.start_points))), "start cards are not conserved"
        scoring.check_wardrobe(self)
        assert self.fit_cells == self._fit_cells_now(), "fit_cells does not match the wardrobe"

    def _pending_cards(self) -> list[int]:
        kind = self.pending[0]
        if kind == P_NONE:
            return []
        cards = [self.pending[1]]
        if kind == P_CORNER and self.pending[2] == LUCK_DOOR and self.pending[4] >= 0:
            cards.append(self.pending[4])
        return cards


def bit_indices(mask: int) -> list[int]:
    """The positions of the set bits of `mask`, lowest first."""
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


def observation_size(game: LucandorGame) -> int:
    from spieltisch.games.lucandor.text import observation_length

    return observation_length(game)
