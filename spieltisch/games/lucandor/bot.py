"""The heuristic player: greedy on points now, with an eye on its end-scoring tasks.

It reads only what the seat to move may see (own hand and tasks, the open
table, seen pile cards) and uses no randomness; ties go to the lowest action id.
"""

from __future__ import annotations

import math
import random
from typing import Final

import spieltisch.games.lucandor.scoring as scoring
import spieltisch.games.lucandor.steps as steps
from spieltisch.games.lucandor.actions import Mode
from spieltisch.games.lucandor.model import DOT, DRAWER, END, IRON, NEEDLE
from spieltisch.games.lucandor.rules import UNKNOWN, LucandorState

CLEAN_VALUE: Final = 1.0  # Fächer putzen always pays one point
TASK_BONUS: Final = (2.5, 1.0)  # a new task's worth beyond its count now: morning, afternoon
# Aliases for the hot loop, as ints: Final, so the compiled build reads them as constants.
PUT_AWAY: Final = int(Mode.PUT_AWAY)
DOOR: Final = int(Mode.DOOR)
CLEAN: Final = int(Mode.CLEAN)
TASK: Final = int(Mode.TASK)


def choose(state: LucandorState) -> int:
    legal = state.legal_actions()
    step = state.pending
    if isinstance(step, steps.Corner):
        return _corner(state, legal)
    greedy = Greedy(state)
    if isinstance(step, steps.DoorSecond):
        decode = state.settings.codec.decode
        return min(legal, key=lambda a: (greedy.keep_value(decode(a).card), a))
    # The best value, the lowest id among equals (`legal` is sorted): a loop, not max() with
    # a key, as this runs for every decision of every playout. Fächer putzen is worth at
    # most CLEAN_VALUE (a card's keep value is never negative), so once a move is worth as
    # much, its ids are passed over: they could not be chosen.
    clean_first = clean_end = 0  # the ids of Fächer putzen, a first step
    if step is None:
        codec = state.settings.codec
        clean_first = codec.play_rows[CLEAN]
        clean_end = clean_first + codec.cards
    best_action, best_value = legal[0], greedy.value(legal[0])
    for action in legal[1:]:
        if clean_first <= action < clean_end and best_value >= CLEAN_VALUE:
            continue
        value = greedy.value(action)
        if value > best_value:
            best_action, best_value = action, value
    return best_action


def rollout(state: LucandorState, rng: random.Random) -> int:
    """The heuristic's move for search playouts, with ties broken at random so that
    playouts vary. Cheaper policies lose: one that leaves the iron unweighed (the
    costliest card to value) wins about 8% of games against two heuristic players."""
    if isinstance(state.pending, (steps.Corner, steps.DoorSecond)):
        return choose(state)
    legal = state.legal_actions()
    greedy = Greedy(state)
    values = [greedy.value(a) for a in legal]
    best = max(values)
    ties = [a for a, value in zip(legal, values, strict=True) if value == best]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


class Greedy:
    """Values the moves of one decision; what several moves share is worked out once."""

    def __init__(self, state: LucandorState) -> None:
        self.state = state
        self.model = state.settings.model
        self.seat = state.turn
        self.codec = state.settings.codec
        self.tables = state.settings.tables
        # What is worked out once per decision, in lists indexed by storey, by cell, or by a
        # garment's `_placing` (garments that fit alike and have one colour score alike).
        # Each list is made when first needed: many decisions need few of them, and a
        # Greedy is made for every decision of every playout.
        self._counts: list[list[int] | None] | None = None  # garments per colour, by storey
        self._pays: list[list[int] | None] | None = None
        self._cell_colours: list[int] | None = None  # the colours a container holds, as bits
        self._summaries: list[tuple[float, int, float, float] | None] | None = None  # by placing
        self._keep: dict[int, float] | None = None
        self._reach: list[tuple[int, int, int]] | None = None
        # How many own tasks count a garment of a colour in a storey, at storey * colours + colour.
        self.num_colours = colours = len(self.model.colours)
        self._tasks = [0] * (self.model.num_storeys * colours)
        # Loops by index, not zip(..., strict=True): the compiled build calls that with a keyword.
        tasks, chips = state.end_cards[self.seat], state.end_colours[self.seat]
        for k in range(len(tasks)):
            self._tasks[self.model.cards[tasks[k]].storey * colours + chips[k]] += 1

    def value(self, action: int) -> float:
        """How good `action` looks for the seat to move (higher is better)."""
        state = self.state
        move = self.codec.decode(action)
        step = state.pending
        kind = type(step)  # compared by identity: this runs for every legal move
        if step is None:
            return self.first_value(move.mode, move.card, move.colour)
        if kind is steps.PutAway:
            return self.placement_value(step.card, move.cell)
        if isinstance(step, steps.IronTarget):
            return self.placement_value(step.piece, move.cell)
        if kind is steps.DotSlot:
            return self.slot_value(step.card, move.slot)
        if kind is steps.DoorSection:
            return -abs(move.section - state.door)  # one section is cheaper
        if kind is steps.IronSource:
            return self.iron_gain((move.cell, move.place, move.level))
        if kind is steps.HangerTask:
            return -self.task_value(move.task)
        if kind is steps.NeedleTask:
            return self.best_recolour(move.task)[0]
        if isinstance(step, steps.NeedleColour):
            storey = self.model.cards[state.end_cards[self.seat][step.task]].storey
            return self.colour_count(storey, move.colour)
        if kind is steps.DrawerPick:
            return self.drawer_best(state.drawer_at(move.cell))
        if isinstance(step, steps.DrawerTarget):
            return self.drawer_gain(step.drawer, move.cell)
        if kind is steps.Secure:
            # A card won by luck is worth keeping: a stone makes the next player pay to replace it.
            return float(move.secure)
        return 0.0  # a luck check's corner and the door's second card are chosen elsewhere

    def first_value(self, mode: int, card_id: int, colour: int) -> float:
        state = self.state
        card = self.model.cards[card_id]
        if mode == CLEAN:
            return CLEAN_VALUE - 0.01 * self.keep_value(card_id)
        if mode == DOOR:
            return 0.0
        if mode == PUT_AWAY:
            return self.best_placement(card_id, -1) + 0.05
        if mode == TASK:
            return self.colour_count(card.storey, colour) + TASK_BONUS[state.phase]
        if card.function == DOT:
            return max(self.slot_value(card_id, slot) for slot in range(len(state.slots)))
        if card.function == NEEDLE:
            return max(self.best_recolour(j)[0] for j in range(len(state.end_cards[self.seat])))
        if card.function == IRON:
            return max(self.iron_gain(source) for source in state.iron_sources()) - 0.2
        if card.function == DRAWER:
            return max(self.drawer_best(d) for d in state.movable_drawers())
        return 0.2  # hanger: rarely worth a turn

    def colour_count(self, storey: int, colour: int) -> int:
        by_storey = self._counts
        if by_storey is None:
            by_storey = self._counts = [None] * self.model.num_storeys
        counts = by_storey[storey]
        if counts is None:
            counts = by_storey[storey] = scoring.colour_counts(self.state, storey)
        return counts[colour]

    def placement_value(self, piece: int, cell: int) -> float:
        points = scoring.placement_points(self.state, piece, cell)
        return points + self.task_bonus(piece, self.model.storey_of(cell))

    def best_placement(self, piece: int, exclude: int) -> float:
        """The best `placement_value` of `piece` anywhere but `exclude` (it has somewhere to go)."""
        best, cell, runner_up, _ = self._placement_summary(piece)
        return best if cell != exclude else runner_up

    def _placement_summary(self, piece: int) -> tuple[float, int, float, float]:
        """The best `placement_value` of `piece`, its cell (the first of equals), the second
        best (the best again where it has one place), so that the best anywhere but one cell
        (where an ironed garment lies) is known at once, and the most points it may score
        (0 with nowhere to go): worked out once for the garments that place alike."""
        placing = self._placing(piece)
        by_placing = self._summaries
        if by_placing is None:
            by_placing = self._summaries = [None] * (len(self.tables.fit_classes) * self.num_colours)
        found = by_placing[placing]
        if found is None:
            t = self.tables
            found = by_placing[placing] = self._summarize(t.card_garment[piece], t.card_colour[piece])
        return found

    def _summarize(self, garment: int, colour: int) -> tuple[float, int, float, float]:
        cell_storey = self.tables.cell_storey
        colours = self.num_colours
        tasks = self._tasks
        best = runner_up = -math.inf
        best_cell = -1
        most = 0
        for cell in self.state.target_cells(garment, -1):
            storey = cell_storey[cell]
            points = self.storey_pays(storey)[colour]
            if points and (self.cell_colours(cell) >> colour) & 1:
                points *= 2
            most = max(most, points)
            value = points + float(tasks[storey * colours + colour])
            if value > best:
                best, best_cell, runner_up = value, cell, best
            elif value > runner_up:
                runner_up = value
        if runner_up == -math.inf:
            runner_up = best
        return best, best_cell, runner_up, float(most)

    def _placing(self, piece: int) -> int:
        """Garments that fit alike and have one colour may go to the same cells and score alike."""
        t = self.tables
        return t.card_fit_class[piece] * len(t.colours) + t.card_colour[piece]

    def storey_pays(self, storey: int) -> list[int]:
        """What a garment put away in `storey` scores, by colour (before doubling)."""
        by_storey = self._pays
        if by_storey is None:
            by_storey = self._pays = [None] * self.model.num_storeys
        pays = by_storey[storey]
        if pays is None:
            pays = by_storey[storey] = scoring.storey_values(self.state, storey)
        return pays

    def cell_colours(self, cell: int) -> int:
        by_cell = self._cell_colours
        if by_cell is None:
            by_cell = self._cell_colours = [-1] * self.model.num_cells
        colours = by_cell[cell]
        if colours < 0:
            card_colour = self.tables.card_colour
            colours = 0
            for piece in scoring.container_pieces(self.state, cell):
                colours |= 1 << card_colour[piece]
            by_cell[cell] = colours
        return colours

    def task_bonus(self, piece: int, storey: int) -> float:
        """One end point for each own task that counts this garment in that storey."""
        return float(self._tasks[storey * self.num_colours + self.tables.card_colour[piece]])

    def keep_value(self, card_id: int) -> float:
        """How much a hand card is worth keeping (for choosing what to discard)."""
        kept = self._keep
        if kept is None:
            kept = self._keep = {}
        value = kept.get(card_id)
        if value is None:
            value = kept[card_id] = self._keep_value(card_id)
        return value

    def _keep_value(self, card_id: int) -> float:
        state = self.state
        card = self.model.cards[card_id]
        if card.function == END and len(state.end_cards[self.seat]) < 2:
            return 3.0
        return self._placement_summary(card_id)[3]

    def hand_reach(self) -> list[tuple[int, int, int]]:
        """(card, colour, the storeys it may be put away in as bits) for each own hand card."""
        if self._reach is None:
            state = self.state
            t = self.tables
            self._reach = []
            for c in state.hands[self.seat]:
                storeys = 0
                for cell in state.target_cells(t.card_garment[c], -1):
                    storeys |= 1 << t.cell_storey[cell]
                self._reach.append((c, t.card_colour[c], storeys))
        return self._reach

    def slot_value(self, card_id: int, slot: int) -> float:
        """Guess the worth of putting a scoring dot into `slot` for the own hand."""
        state = self.state
        if not state.lock_passable(slot):
            return -10.0
        m = self.model
        card = m.cards[card_id]
        old_colours, old_points = scoring.slot_card(state, slot)
        covered = self.tables.slot_storey_bits[slot]
        gain = 0.0
        for other, colour, storeys in self.hand_reach():
            if other == card_id or not storeys & covered:
                continue
            if colour == card.dot_colour:
                gain += card.points
            if colour in old_colours:
                gain -= old_points
        value = 0.5 * gain + 0.2
        if state.lock_owner[slot] >= 0:
            value = value / 4 - 0.5
        return value

    def task_value(self, index: int) -> float:
        state = self.state
        task = state.end_cards[self.seat][index]
        return float(self.colour_count(self.model.cards[task].storey, state.end_colours[self.seat][index]))

    def best_recolour(self, index: int) -> tuple[float, int]:
        state = self.state
        colours = state.end_colours[self.seat]
        storey = self.model.cards[state.end_cards[self.seat][index]].storey
        now = self.colour_count(storey, colours[index])
        best = (-1.0, -1)
        for colour in range(len(self.model.colours)):
            if colour in colours:
                continue
            gain = float(self.colour_count(storey, colour) - now)
            best = max(best, (gain, -colour))
        return best

    def iron_gain(self, source: tuple[int, int, int]) -> float:
        state = self.state
        cell, place, level = source
        drawer = state.drawer_at(cell)
        stack = state.drawer_items[drawer] if drawer >= 0 else state.content[cell][place]
        piece = stack[level]
        best = self.best_placement(piece, cell)
        loss = self.task_bonus(piece, self.model.storey_of(cell))
        chance = 1.0 if state.settings.family or not state.is_under(cell, place, level) else 0.25
        return chance * best - loss

    def drawer_gain(self, drawer: int, target: int) -> float:
        state = self.state
        m = self.model
        before = m.storey_of(state.drawer_cell[drawer])
        after = m.storey_of(target)
        gain = 0.0
        tasks, chips = state.end_cards[self.seat], state.end_colours[self.seat]
        for k in range(len(tasks)):
            chip = chips[k]
            same = sum(1 for p in state.drawer_items[drawer] if m.cards[p].colour == chip)
            storey = m.cards[tasks[k]].storey
            gain += same * ((storey == after) - (storey == before))
        return gain

    def drawer_best(self, drawer: int) -> float:
        return max(self.drawer_gain(drawer, cell) for cell in self.state.free_drawer_slots())


def _corner(state: LucandorState, legal: list[int]) -> int:
    """Choose the corner of a seen top card's thumb; otherwise the first corner."""
    pile = state.piles[state.turn]
    top = pile[-1] if pile else UNKNOWN
    if top != UNKNOWN:
        return state.settings.codec.encode_corner(state.settings.model.cards[top].thumb)
    return legal[0]
