"""Der Graf von Lucandor: setup, the turn with its sub-steps, locks and luck, the two phases.

The wardrobe and the cards come from data files (model.py), the action ids
from actions.py, where garments fit from wardrobe.py; this module is the state
machine. Hidden cards are drawn lazily: a draw pile is a list whose entries
are either a known card (seen in a luck check) or UNKNOWN; an UNKNOWN entry
becomes a card only when it is drawn or turned, as a chance node over all
cards nobody has seen (the pool). Every face-down card is equally likely to be
any unseen card, so this deals exactly like shuffled piles while a test can
force any card.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

import spieltisch.games.lucandor.observe as observe
import spieltisch.games.lucandor.scoring as scoring
import spieltisch.games.lucandor.wardrobe as wardrobe
from spieltisch.core.contract import CHANCE, TERMINAL, Game, State
from spieltisch.core.draws import shuffle
from spieltisch.core.options import OptionError
from spieltisch.games.lucandor.actions import CORNERS, Block, Codec, Mode
from spieltisch.games.lucandor.model import (
    DOT,
    DRAWER,
    END,
    HAND_SIZE,
    HANGER,
    IRON,
    MARKERS,
    NEEDLE,
    ROD,
    Model,
    Tables,
    load_model,
)
from spieltisch.games.lucandor.steps import (
    Attempt,
    Corner,
    DoorMove,
    DoorSecond,
    DoorSection,
    DotSlot,
    DrawerPick,
    DrawerTarget,
    HangerTask,
    IronPull,
    IronSource,
    IronTarget,
    NeedleColour,
    NeedleTask,
    PutAway,
    Secure,
    SlotSwap,
    Step,
    cards_in,
    step_view,
)
from spieltisch.games.lucandor.views import LucandorPlayerView, LucandorView
from spieltisch.games.lucandor.words import counted

UNKNOWN: Final = -1
"""A face-down pile entry nobody has seen."""


class Stage(enum.IntEnum):
    """Where the state machine stands."""

    LEFTOVER = 0
    """A leftover card of a deal goes to the discard pile (chance)."""
    DRAW = 1
    """A hand is filled from its draw pile (chance while the top card is unseen)."""
    DECIDE = 2
    """The player to move decides: a card to play, or a sub-step of it (`pending`)."""
    LUCK = 3
    """The luck card is turned (chance unless its face is known)."""
    OVER = 4
    """The game is over."""


class Refill(enum.IntEnum):
    """Why hands are being filled, which says what comes after."""

    DEAL = 0
    """After a deal: every hand in seat order, then the first turn."""
    END_TURN = 1
    """After a turn: then the next player's turn begins."""
    START_TURN = 2
    """At the start of a turn (a player without a hand was given cards): then they decide."""


class Phase(enum.IntEnum):
    """The game's two halves (RULINGS.md, Lucandor)."""

    MORNING = 0
    AFTERNOON = 1


# Aliases for the hot paths, the members as plain ints. Final: the compiled build reads
# them as constants, where a module global is a dictionary lookup.
LEFTOVER: Final = int(Stage.LEFTOVER)
DRAW: Final = int(Stage.DRAW)
DECIDE: Final = int(Stage.DECIDE)
LUCK: Final = int(Stage.LUCK)
OVER: Final = int(Stage.OVER)
DEAL: Final = int(Refill.DEAL)
END_TURN: Final = int(Refill.END_TURN)
START_TURN: Final = int(Refill.START_TURN)
MORNING: Final = int(Phase.MORNING)
AFTERNOON: Final = int(Phase.AFTERNOON)
PUT_AWAY: Final = int(Mode.PUT_AWAY)
FUNCTION: Final = int(Mode.FUNCTION)
DOOR: Final = int(Mode.DOOR)
CLEAN: Final = int(Mode.CLEAN)
TASK: Final = int(Mode.TASK)
CELL_IDS: Final = Block.CELL
SLOT_IDS: Final = Block.SLOT
SECTION_IDS: Final = Block.SECTION
SECOND_IDS: Final = Block.SECOND
TASK_IDS: Final = Block.TASK
COLOUR_IDS: Final = Block.COLOUR
CORNER_IDS: Final = Block.CORNER
SECURE_IDS: Final = Block.SECURE
ALL_CORNERS: Final = list(range(CORNERS))
PLACING: Final = (PutAway, IronTarget)  # the steps that put a garment somewhere

STAGE_NAMES: Final = [stage.name.lower() for stage in Stage]

FUNCTION_STEP: Final[dict[int, type[DotSlot | HangerTask | NeedleTask | IronSource | DrawerPick]]] = {
    DOT: DotSlot,
    HANGER: HangerTask,
    NEEDLE: NeedleTask,
    IRON: IronSource,
    DRAWER: DrawerPick,
}
"""The sub-step a card's function leads to."""


class Scored(NamedTuple):
    """Points a player scored during play: a garment put away (or moved by the iron), or cleaning."""

    seat: int
    phase: int
    kind: str
    """"put_away", "iron" or "clean"."""
    card: int
    """The garment put away, or the card discarded for cleaning."""
    cell: int
    """Where the garment went (-1 for cleaning)."""
    points: int
    doubled: bool
    """The container already held a garment of its colour, so the points doubled."""


PUT_AWAY_SCORE, IRON_SCORE, CLEAN_SCORE = "put_away", "iron", "clean"


@dataclass(frozen=True)
class Settings:
    """What a game's options fix for all its states: the model, its lookup tables, the action ids."""

    model: Model
    tables: Tables
    codec: Codec
    family: bool
    """The family rule: no luck checks; every lock is a 1 and blocks for one round."""
    side: int
    """The side the start cards show: 0 = A, 1 = B."""

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, Any]) -> Settings:
        """Load the data files the options name and check they suit the player count."""
        model = load_model(str(options["wardrobe"]), str(options["cards"]))
        if len(model.cards) < HAND_SIZE * players:
            cards = counted(len(model.cards), "card is", "cards are")
            raise OptionError(f"{cards} too few for {players} players")
        side = 0 if options["start_side"] == "A" else 1
        return cls(model, Tables(model, side), Codec(model), bool(options["family"]), side)


class LucandorState(State):
    """A position of Der Graf von Lucandor; `settings` holds what the options fixed."""

    def __init__(self, game: Game[Any], settings: Settings) -> None:
        super().__init__(game)
        self.settings = settings
        m = settings.model
        n = game.num_players
        # Plain ints (a Stage, a Phase, a Refill): the compiled build keeps them as machine integers.
        self.stage: int = LEFTOVER
        self.phase: int = MORNING
        self.turn = 0
        self.last_mover = n - 1
        self.draw_seat = 0
        self.refill: int = DEAL
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
        self.door_lock = len(self.slots)
        """The door's entry in `lock_owner` and `lock_level`, after the scoring slots'."""
        self.lock_owner = [-1] * (len(self.slots) + 1)
        self.lock_level = [0] * (len(self.slots) + 1)
        self.door = m.door_start
        # The wardrobe: per cell its floor places' stacks (see wardrobe.py), and what each
        # drawer holds. Their lists are replaced, never changed in place, so clones share them.
        self.content: list[list[list[int]]] = [
            [[]] if m.storey_kind[m.storey_of(c)] == ROD else [[] for _ in range(m.floor_places)]
            for c in range(m.num_cells)
        ]
        self.drawer_cell = list(m.drawer_start)
        self.drawer_items: list[list[int]] = [[] for _ in m.drawer_start]
        self.fit_cells = self._fit_index()
        self.placed = 0  # bit c: the garment of card c was put away this phase
        self.scored: tuple[Scored, ...] = ()  # every score during play, in order (shared by clones)
        self.pending: Step | None = None
        self.corner = -1
        self._deal(list(range(len(m.cards))), first_seat=0)
        self._run()

    # --- whose move -----------------------------------------------------------
    def current_player(self) -> int:
        stage = self.stage
        if stage == DECIDE:
            return self.turn
        if stage == OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.stage == OVER

    def is_chance_node(self) -> bool:
        stage = self.stage
        return stage != DECIDE and stage != OVER

    def _legal_actions(self) -> list[int]:
        stage = self.stage
        if stage == DECIDE:
            return self._legal_first() if self.pending is None else self._legal_decisions()
        if stage == OVER:
            return []
        return list(self.pool)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        probability = 1.0 / len(self.pool)
        return [(card, probability) for card in self.pool]

    def is_legal(self, action: int) -> bool:
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        stage = self.stage
        if stage != DECIDE:
            return stage != OVER and action in self.pool
        step = self.pending
        codec = self.settings.codec
        if step is None:
            # Check the one card and mode instead of listing every first step.
            move = codec.decode_play(action)
            return (
                move is not None
                and move.card in self.hands[self.turn]
                and self._first_legal(move.mode, move.card, move.colour)
            )
        if isinstance(step, PLACING):
            # Placing is checked for its one spot.
            move = codec.decode_target(action)
            if move is None:
                return False
            if isinstance(step, PutAway):
                return self.fits_at(self.settings.tables.card_garment[step.card], move.cell, move.place, -1)
            garment = self.settings.tables.card_garment[step.piece]
            return self.fits_at(garment, move.cell, move.place, step.source)
        return action in self._legal_decisions()  # the other sub-steps have short lists

    # --- chance -----------------------------------------------------------------
    def _apply(self, action: int) -> None:
        stage = self.stage
        if stage == DECIDE:
            self._decide(action)
        elif stage == LEFTOVER:
            self.pool.remove(action)
            self.discard.append(action)
            self.leftover -= 1
        elif stage == DRAW:
            self.pool.remove(action)
            self.piles[self.draw_seat].pop()
            self._insert_hand(self.draw_seat, action)
        else:  # LUCK: the luck card is turned and goes back on top, now seen by all
            self.pool.remove(action)
            self.piles[self.turn][-1] = action
        self._run()

    def _deal(self, cards: list[int], first_seat: int) -> None:
        """Deal `cards` evenly; the leftovers go to the discard pile (drawn as chance)."""
        n = self.num_players
        self.pool = sorted(cards)
        self.leftover = len(cards) % n
        self.piles = [[UNKNOWN] * (len(cards) // n) for _ in range(n)]
        self.stage = LEFTOVER
        self.turn = first_seat

    def _run(self) -> None:
        """Carry out every step that needs no decision and no chance."""
        while True:
            stage = self.stage
            if stage == LEFTOVER:
                if self.leftover > 0:
                    return
                self.stage, self.draw_seat, self.refill = DRAW, 0, DEAL
            elif stage == DRAW:
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
            elif stage == LUCK:
                if self.piles[self.turn][-1] == UNKNOWN:
                    return
                self._resolve_luck()
            else:
                return

    def _after_draw(self) -> None:
        refill = self.refill
        if refill == DEAL:
            if self.draw_seat + 1 < self.num_players:
                self.draw_seat += 1
            else:
                self._begin_turn(self.turn)
        elif refill == END_TURN:
            self._begin_turn((self.draw_seat + 1) % self.num_players)
        else:
            self.stage = DECIDE

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
            self.stage, self.draw_seat, self.refill = DRAW, seat, START_TURN
        else:
            self.stage = DECIDE

    def _count_down(self, seat: int) -> None:
        """A 2 drops to 1 at its owner's next turn and goes the turn after (RULINGS.md, Lucandor)."""
        for i, owner in enumerate(self.lock_owner):
            if owner == seat:
                self.lock_level[i] -= 1
                if self.lock_level[i] == 0:
                    self.lock_owner[i] = -1

    def _end_phase(self) -> None:
        cards = len(self.settings.model.cards)
        if self.phase == MORNING:
            # The afternoon deals every card but those in the slots and the
            # end-scoring tasks before the players; leftovers to the discard
            # pile (RULINGS.md, Lucandor). The wardrobe keeps its garments.
            self.phase = AFTERNOON
            self.placed = 0
            kept = {c for c in self.slots if c < cards}
            for tasks in self.end_cards:
                kept.update(tasks)
            self.discard = []
            self.known = [[] for _ in range(self.num_players)]
            self._deal([c for c in range(cards) if c not in kept], (self.last_mover + 1) % self.num_players)
        else:
            self.end_points = [scoring.end_points(self, seat) for seat in range(self.num_players)]
            self.stage = OVER

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
        self.pending = None
        self.corner = -1
        self.last_mover = seat
        self.stage, self.draw_seat, self.refill = DRAW, seat, END_TURN

    # --- legal decisions ----------------------------------------------------------
    def _legal_decisions(self) -> list[int]:
        codec = self.settings.codec
        garment_of = self.settings.tables.card_garment
        seat = self.turn
        match self.pending:  # the most frequent steps first
            case None:
                return self._legal_first()
            case PutAway(card=card):
                return codec.encode_targets(self.targets(garment_of[card], -1))
            case IronTarget(source=source, piece=piece):
                return codec.encode_targets(self.targets(garment_of[piece], source))
            case IronSource():
                return codec.encode_sources(self.iron_sources())
            case DotSlot():
                passable = [i for i in range(len(self.slots)) if self.lock_passable(i)]
                return codec.encode_each(SLOT_IDS, passable)
            case Corner():
                return codec.encode_each(CORNER_IDS, ALL_CORNERS)
            case DoorSection():
                return codec.encode_each(SECTION_IDS, self._door_sections())
            case DoorSecond():
                return codec.encode_each(SECOND_IDS, self.hands[seat])
            case HangerTask() | NeedleTask():
                return codec.encode_each(TASK_IDS, list(range(len(self.end_cards[seat]))))
            case NeedleColour():
                used = self.end_colours[seat]
                free = [k for k in range(len(self.settings.model.colours)) if k not in used]
                return codec.encode_each(COLOUR_IDS, free)
            case DrawerPick():
                cells = sorted(self.drawer_cell[d] for d in self.movable_drawers())
                return codec.encode_each(CELL_IDS, cells)
            case DrawerTarget():
                return codec.encode_each(CELL_IDS, self.free_drawer_slots())
            case Secure():
                return codec.encode_each(SECURE_IDS, [0, 1])  # leave it, secure it
        raise AssertionError(f"unknown step {self.pending!r}")

    def _legal_first(self) -> list[int]:
        rows = self.settings.codec.play_rows  # a play id is its row's first id + the card
        seat = self.turn
        t = self.settings.tables
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
        free = [k for k in range(len(self.settings.tables.colours)) if k not in used]
        return self.settings.codec.encode_tasks(card_id, free)

    def _first_legal(self, mode: int, card_id: int, colour: int) -> bool:
        """May the hand card `card_id` be played in `mode` (a task with chip `colour`)?"""
        if mode == CLEAN:
            return True  # Fächer putzen is always possible
        if mode == DOOR:
            return self._door_possible()
        t = self.settings.tables
        function = t.card_function[card_id]
        if mode == PUT_AWAY:
            return not (self.placed >> card_id) & 1 and self.has_target(t.card_garment[card_id], -1)
        if mode == FUNCTION:
            return function != END and self._function_possible(function)
        seat = self.turn
        return function == END and len(self.end_cards[seat]) < 2 and colour not in self.end_colours[seat]

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
            door, section = self.door, self.settings.tables.cell_section
            return any(section[cell] != door for cell in self.drawer_cell) and bool(self.free_drawer_slots())
        return False

    def lock_passable(self, index: int) -> bool:
        """May the player to move act on slot `index` (or the door) despite any lock?"""
        owner = self.lock_owner[index]
        if owner < 0:
            return True
        if self.settings.family:
            return False
        return len(self.piles[self.turn]) >= self._luck_cards_needed(index)

    def _luck_cards_needed(self, index: int) -> int:
        """Bypassing a 2 first gives a card from the own pile away, then turns one."""
        owner = self.lock_owner[index]
        return 2 if self.lock_level[index] == 2 and owner != self.turn else 1

    def _door_possible(self) -> bool:
        lock = self.door_lock
        if self.settings.tables.num_sections < 2:
            return False
        return self.lock_owner[lock] < 0 or self.lock_passable(lock)

    def _door_sections(self) -> list[int]:
        """Sections one away, and two away when a second card can be discarded."""
        spare = bool(self.hands[self.turn])
        return self.settings.tables.door_targets[self.door][spare]

    # --- the wardrobe (wardrobe.py works it out) ------------------------------------------
    def covered(self, cell: int) -> bool:
        """The sliding door blocks every cell of its section."""
        return self.settings.tables.cell_section[cell] == self.door

    def drawer_at(self, cell: int) -> int:
        """The drawer standing in `cell`, or -1."""
        return wardrobe.drawer_at(self.drawer_cell, cell)

    def refit_wardrobe(self) -> None:
        """Recompute `fit_cells` from the wardrobe (after editing the wardrobe by hand)."""
        self.fit_cells = self._fit_index()

    def _fit_index(self) -> list[int]:
        return wardrobe.fit_index(self.settings.tables, self.content, self.drawer_cell, self.drawer_items)

    def _refit(self, cell: int) -> None:
        """The container at `cell` changed: renew its bits in `fit_cells`."""
        t = self.settings.tables
        wardrobe.refit(self.fit_cells, t, self.content, self.drawer_cell, self.drawer_items, cell)

    def target_cells(self, garment: int, exclude: int) -> list[int]:
        """The cells of `targets(garment, exclude)`, without their floor places."""
        return wardrobe.bit_indices(
            wardrobe.target_mask(self.settings.tables, self.fit_cells, self.door, garment, exclude)
        )

    def has_target(self, garment: int, exclude: int) -> bool:
        """Whether `garment` may be put away anywhere but `exclude`."""
        return wardrobe.target_mask(self.settings.tables, self.fit_cells, self.door, garment, exclude) != 0

    def targets(self, garment: int, exclude: int) -> list[tuple[int, int]]:
        """Every (cell, floor place) where `garment` may be put away now but `exclude`, by cell."""
        t = self.settings.tables
        return wardrobe.targets(t, self.fit_cells, self.door, self.content, garment, exclude)

    def fits_at(self, garment: int, cell: int, place: int, exclude: int) -> bool:
        """Whether (cell, place) is one of `targets(garment, exclude)`, told for that spot alone."""
        t = self.settings.tables
        return wardrobe.fits_at(t, self.fit_cells, self.door, self.content, garment, (cell, place), exclude)

    def is_under(self, cell: int, place: int, level: int) -> bool:
        """Is the garment at this spot lying under another one in a compartment stack?"""
        return wardrobe.is_under(self.settings.tables, self.content, self.drawer_cell, (cell, place, level))

    def iron_sources(self, first_only: bool = False) -> list[tuple[int, int, int]]:
        """Pieces the iron may take out: (cell, place, level), each with another cell to go to."""
        may_pull = self.settings.family or len(self.piles[self.turn]) >= 1  # a luck check needs a card
        return wardrobe.iron_sources(
            self.settings.tables,
            self.fit_cells,
            self.door,
            self.content,
            self.drawer_cell,
            self.drawer_items,
            may_pull,
            first_only,
        )

    def movable_drawers(self) -> list[int]:
        """The drawers that may move now."""
        return wardrobe.movable_drawers(self.settings.tables, self.door, self.content, self.drawer_cell)

    def free_drawer_slots(self) -> list[int]:
        """Drawer slots with no drawer and nothing on their floor, not behind the door."""
        return wardrobe.free_drawer_slots(self.settings.tables, self.door, self.content, self.drawer_cell)

    # --- carrying out decisions -----------------------------------------------------
    def _decide(self, action: int) -> None:
        move = self.settings.codec.decode(action)
        match self.pending:  # the most frequent steps first
            case None:
                self._first(move.mode, move.card, move.colour)
            case PutAway(card=card):
                self.placed |= 1 << card  # each garment/colour once per phase
                self._put_away(card, card, move.cell, move.place)
            case IronTarget(card=card, piece=piece):
                self._put_away(card, piece, move.cell, move.place)
            case IronSource(card=card):
                self._iron_source(card, move.cell, move.place, move.level)
            case DotSlot(card=card):
                self._attempt(move.slot, card, SlotSwap(move.slot))
            case Corner():  # the luck card is turned next (chance unless its face is known)
                self.corner = move.corner
                self.stage = LUCK
            case DoorSection(card=card):
                if abs(move.section - self.door) == 2:
                    self.pending = DoorSecond(card, move.section)
                else:
                    self._attempt(self.door_lock, card, DoorMove(move.section, -1))
            case DoorSecond(card=card, section=section):
                self._take_from_hand(self.turn, move.card)
                self._attempt(self.door_lock, card, DoorMove(section, move.card))
            case HangerTask(card=card):
                seat = self.turn
                self.discard.append(self.end_cards[seat].pop(move.task))
                self.end_colours[seat].pop(move.task)
                self.discard.append(card)
                self._finish_turn()
            case NeedleTask(card=card):
                self.pending = NeedleColour(card, move.task)
            case NeedleColour(card=card, task=task):
                self.end_colours[self.turn][task] = move.colour
                self.discard.append(card)
                self._finish_turn()
            case DrawerPick(card=card):
                self.pending = DrawerTarget(card, self.drawer_at(move.cell))
            case DrawerTarget(card=card, drawer=drawer):
                old, new = self.drawer_cell[drawer], move.cell
                self.drawer_cell[drawer] = new
                self._refit(old)
                self._refit(new)
                self.discard.append(card)
                self._finish_turn()
            case Secure(slot=slot):
                if move.secure:
                    self._lock(slot, 2)
                self._finish_turn()

    def _first(self, mode: int, card_id: int, colour: int) -> None:
        seat = self.turn
        self._take_from_hand(seat, card_id)
        if mode == PUT_AWAY:
            self.pending = PutAway(card_id)
        elif mode == DOOR:
            self.pending = DoorSection(card_id)
        elif mode == CLEAN:
            # Fächer putzen: discard, draw anew, one point for cleaning.
            self.discard.append(card_id)
            self.points[seat] += 1
            self.scored += (Scored(seat, self.phase, CLEAN_SCORE, card_id, -1, 1, False),)
            self._finish_turn()
        elif mode == TASK:
            self.end_cards[seat].append(card_id)
            self.end_colours[seat].append(colour)
            self._finish_turn()
        else:
            self.pending = FUNCTION_STEP[self.settings.tables.card_function[card_id]](card_id)

    def _put_away(self, card_id: int, piece: int, cell: int, place: int) -> None:
        """Put `piece` into `cell` (on floor place `place`) and score it; `card_id` was played for it."""
        points, doubled = scoring.placement_score(self, piece, cell)
        seat = self.turn
        self.points[seat] += points
        kind = PUT_AWAY_SCORE if card_id == piece else IRON_SCORE
        self.scored += (Scored(seat, self.phase, kind, piece, cell, points, doubled),)
        drawer = self.drawer_at(cell)
        if drawer >= 0:
            self.drawer_items[drawer] = [*self.drawer_items[drawer], piece]
        else:
            self._replace_stack(cell, place, [*self.content[cell][place], piece])
        self._refit(cell)
        self.discard.append(card_id)
        self._finish_turn()

    def _attempt(self, lock: int, card_id: int, attempt: Attempt) -> None:
        """Act on a slot or the door, going through a lock when one lies on it.

        Bypassing a 2 first moves the top card of the own draw pile, unseen, onto
        the lock owner's pile (not when the lock is one's own); then, as for a
        1, a luck check decides.
        """
        owner = self.lock_owner[lock]
        if owner < 0:
            self._succeed(card_id, attempt)
            return
        if self.lock_level[lock] == 2 and owner != self.turn:
            self.piles[owner].append(self.piles[self.turn].pop())
        self.pending = Corner(card_id, attempt)

    def _resolve_luck(self) -> None:
        """Success when the thumb of the turned card lies in the chosen corner; the card
        stays on top of the pile (RULINGS.md, Lucandor: the luck check)."""
        step = self.pending
        assert isinstance(step, Corner), "a luck check without its step"
        seat = self.turn
        luck_card = self.piles[seat][-1]
        success = self.settings.model.cards[luck_card].thumb == self.corner
        self.stage = DECIDE
        self.corner = -1
        card_id, attempt = step
        if success:
            self._succeed(card_id, attempt, lucky=True)
            return
        if isinstance(attempt, IronPull):
            self.discard.append(card_id)  # the iron is lost unused
        else:
            # The card(s) return to the hand, seen by all; the turn ends.
            second = attempt.second if isinstance(attempt, DoorMove) else -1
            for c in (card_id, second):
                if c >= 0:
                    self._insert_hand(seat, c)
                    self.known[seat].append(c)
        self._finish_turn()

    def _succeed(self, card_id: int, attempt: Attempt, lucky: bool = False) -> None:
        """Carry out `attempt`; `lucky`: it took a successful luck check."""
        match attempt:
            case SlotSwap(slot=slot):
                self._replace_slot(slot, card_id, lucky)
            case DoorMove(section=section, second=second):
                self._move_door(section, card_id, second)
            case IronPull(cell=cell, place=place, level=level):
                self._lift(card_id, cell, place, level)

    def _replace_slot(self, slot: int, card_id: int, lucky: bool) -> None:
        """The scoring dot replaces the slot's card; a stone goes on its 2.

        After a successful luck check the player *may* secure the card with a
        stone on the 2 ("dürft ... sichern"): with a stone free, they choose
        (`Secure`); otherwise the stone is placed as the rules place it
        (RULINGS.md, Lucandor).
        """
        old = self.slots[slot]
        cards = len(self.settings.model.cards)
        if old >= cards:
            self.start_pile.append(old - cards)  # start cards keep their own pile
        else:
            self.discard.append(old)
        self.lock_owner[slot] = -1
        self.slots[slot] = card_id
        if lucky and self.lock_owner.count(self.turn) < MARKERS:
            self.pending = Secure(card_id, slot)
            return
        self._lock(slot, 2)
        self._finish_turn()

    def _move_door(self, section: int, card_id: int, second: int) -> None:
        distance = abs(section - self.door)
        self.door = section
        self.discard.append(card_id)
        if second >= 0:
            self.discard.append(second)
        self.lock_owner[self.door_lock] = -1
        self._lock(self.door_lock, distance)
        self._finish_turn()

    def _lock(self, index: int, level: int) -> None:
        """Put a stone of the player on the 2 (or 1) if one is free.

        Family rule: always on the 1, so it blocks for one round, and no luck
        check can pass it (RULINGS.md, Lucandor).
        """
        seat = self.turn
        if self.lock_owner.count(seat) < MARKERS:
            self.lock_owner[index] = seat
            self.lock_level[index] = 1 if self.settings.family else level

    def _iron_source(self, card_id: int, cell: int, place: int, level: int) -> None:
        if self.is_under(cell, place, level) and not self.settings.family:
            # Pulling a garment from under a stack needs luck (the family rule needs none).
            self.pending = Corner(card_id, IronPull(cell, place, level))
        else:
            self._lift(card_id, cell, place, level)

    def _lift(self, card_id: int, cell: int, place: int, level: int) -> None:
        drawer = self.drawer_at(cell)
        stack = list(self.drawer_items[drawer] if drawer >= 0 else self.content[cell][place])
        piece = stack.pop(level)
        if drawer >= 0:
            self.drawer_items[drawer] = stack
        else:
            self._replace_stack(cell, place, stack)
        self._refit(cell)
        self.pending = IronTarget(card_id, cell, piece)

    def _replace_stack(self, cell: int, place: int, stack: list[int]) -> None:
        """Put `stack` in place of floor place `place` of `cell`: a new list for the cell too,
        as clones share the wardrobe's lists."""
        stacks = list(self.content[cell])
        stacks[place] = stack
        self.content[cell] = stacks

    # --- copies -------------------------------------------------------------------------
    def clone(self) -> LucandorState:
        # Field by field (the compiled build has no __dict__): numbers, the settings, the
        # `pending` record and the wardrobe's stacks are shared, every other list is copied.
        other = LucandorState.__new__(LucandorState)
        other.game = self.game
        other.num_players = self.num_players
        other._history = self._history.copy()
        other.settings = self.settings
        other.stage = self.stage
        other.phase = self.phase
        other.turn = self.turn
        other.last_mover = self.last_mover
        other.draw_seat = self.draw_seat
        other.refill = self.refill
        other.leftover = self.leftover
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
        other.door_lock = self.door_lock
        other.lock_owner = list(self.lock_owner)
        other.lock_level = list(self.lock_level)
        other.door = self.door
        other.content = list(self.content)
        other.drawer_cell = list(self.drawer_cell)
        other.drawer_items = list(self.drawer_items)
        other.fit_cells = list(self.fit_cells)
        other.placed = self.placed
        other.scored = self.scored
        other.pending = self.pending
        other.corner = self.corner
        return other

    # --- results --------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(p + e) for p, e in zip(self.points, self.end_points, strict=True)]

    def winners(self) -> list[int]:
        """Most points; a tie goes to the better end scoring; still tied: shared victory."""
        if self.stage != OVER:
            return []
        totals = [p + e for p, e in zip(self.points, self.end_points, strict=True)]
        best = max(totals)
        tied = [s for s in range(self.num_players) if totals[s] == best]
        top_end = max(self.end_points[s] for s in tied)
        return [s for s in tied if self.end_points[s] == top_end]

    # --- what a seat may see ------------------------------------------------------------------
    def view(self, seat: int | None) -> LucandorView:
        over = self.stage == OVER
        players: list[LucandorPlayerView] = []
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
            "phase": "afternoon" if self.phase == AFTERNOON else "morning",
            "stage": STAGE_NAMES[self.stage],
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
                (cell, list(items)) for cell, items in zip(self.drawer_cell, self.drawer_items, strict=True)
            ],
            "discard": list(self.discard),
            "start_pile": list(self.start_pile),
            "placed": [c for c in range(len(self.settings.model.cards)) if (self.placed >> c) & 1],
            "pending": step_view(self.pending),
            "corner": self.corner,
            "players": players,
            "hand": list(self.hands[seat]) if seat is not None else None,
        }

    def observation_tensor(self, seat: int) -> list[float]:
        return observe.observation(self, seat)

    def resample_from_infostate(self, seat: int, rng: random.Random) -> LucandorState:
        """Redeal what `seat` cannot see: unseen pile cards, others' unseen hand
        cards and others' face-down end-scoring tasks (those stay end-scoring cards)."""
        other = self.clone()
        if self.stage == OVER:
            return other
        m = self.settings.model
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
        shuffle(rng, tasks)
        rest_tasks = list(tasks)
        for p in hidden_hands:
            count = len(self.end_cards[p])
            other.end_cards[p] = [rest_tasks.pop() for _ in range(count)]
        used = {c for p in hidden_hands for c in other.end_cards[p]}
        rest = [c for c in unseen if c not in used]
        shuffle(rng, rest)
        for p, cards in hidden_hands.items():
            new = [rest.pop() for _ in cards]
            other.hands[p] = sorted(list(self.known[p]) + new)
        other.pool = sorted(rest)
        return other

    def check_invariants(self) -> None:
        m = self.settings.model
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
        where.extend(cards_in(self.pending))
        unknown = sum(pile.count(UNKNOWN) for pile in self.piles)
        assert len(self.pool) == unknown + self.leftover, "unseen cards do not match face-down pile cards"
        assert sorted(where) == sorted(set(where)), "a card is in two places"
        assert len(set(where)) == n_cards, f"cards are not conserved ({len(set(where))} of {n_cards})"
        starts = [c - n_cards for c in self.slots if c >= n_cards] + self.start_pile
        assert sorted(starts) == list(range(len(m.start_points))), "start cards are not conserved"
        for p in range(self.num_players):
            scored = sum(entry.points for entry in self.scored if entry.seat == p)
            assert scored == self.points[p], "the points do not add up to what was scored"
        scoring.check_wardrobe(self)
        assert self.fit_cells == self._fit_index(), "fit_cells does not match the wardrobe"
