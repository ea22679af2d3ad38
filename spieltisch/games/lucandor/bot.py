"""The heuristic player: greedy on points now, with an eye on its end-scoring tasks.

It reads only what the seat to move may see (own hand and tasks, the open
table, seen pile cards) and uses no randomness; ties go to the lowest action id.
"""

from __future__ import annotations

import random

import spieltisch.games.lucandor.scoring as scoring
import spieltisch.games.lucandor.steps as steps
from spieltisch.games.lucandor.actions import Mode
from spieltisch.games.lucandor.model import DOT, DRAWER, END, IRON, NEEDLE
from spieltisch.games.lucandor.rules import UNKNOWN, LucandorState

CLEAN_VALUE = 1.0  # Fächer putzen always pays one point
TASK_BONUS = (2.5, 1.0)  # a new task's worth beyond its count now: morning, afternoon
PUT_AWAY, FUNCTION, DOOR, CLEAN, TASK = Mode  # aliases: faster than Mode.X in the hot loop


def choose(state: LucandorState) -> int:
    legal = state.legal_actions()
    step = state.pending
    if isinstance(step, steps.Corner):
        return _corner(state, legal)
    greedy = Greedy(state)
    if isinstance(step, steps.DoorSecond):
        decode = state.settings.codec.decode
        return min(legal, key=lambda a: (greedy.keep_value(decode(a).card), a))
    return max(legal, key=lambda a: (greedy.value(a), -a))


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
        self.decode = state.settings.codec.decode
        self._counts: dict[int, list[int]] = {}  # garments per colour, by storey
        self._points: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        self._cell_colours: dict[int, int] = {}  # the colours a container holds, as bits
        self._best_place: dict[int, list[tuple[float, int]]] = {}
        self._keep: dict[int, float] = {}
        self._reach: list[tuple[int, int, set[int]]] | None = None
        self._pays: dict[tuple[int, int], int] = {}
        # How many own tasks count a garment of a colour in a storey, by (storey, colour).
        self._tasks: dict[tuple[int, int], int] = {}
        for task, chip in zip(state.end_cards[self.seat], state.end_colours[self.seat], strict=True):
            key = (self.model.cards[task].storey, chip)
            self._tasks[key] = self._tasks.get(key, 0) + 1

    def value(self, action: int) -> float:
        """How good `action` looks for the seat to move (higher is better)."""
        state = self.state
        move = self.decode(action)
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
        counts = self._counts.get(storey)
        if counts is None:
            counts = self._counts[storey] = scoring.colour_counts(self.state, storey)
        return counts[colour]

    def placement_value(self, piece: int, cell: int) -> float:
        points = scoring.placement_points(self.state, piece, cell)
        return points + self.task_bonus(piece, self.model.storey_of(cell))

    def best_placement(self, piece: int, exclude: int) -> float:
        """The best `placement_value` of `piece` anywhere but `exclude` (it has somewhere to go)."""
        (best, cell), runner_up = self._best_two(piece)
        return best if cell != exclude else runner_up[0]

    def _best_two(self, piece: int) -> list[tuple[float, int]]:
        """The two best (placement_value, cell) of `piece`, so that the best anywhere but
        one cell (where an ironed garment lies) is known at once."""
        best = self._best_place.get(piece)
        if best is None:
            colour = self.model.cards[piece].colour
            tasks = self._tasks
            values = [
                (points + float(tasks.get((storey, colour), 0)), cell)
                for points, storey, cell in self.placement_points(piece)
            ]
            values.sort(key=lambda item: -item[0])
            best = self._best_place[piece] = values[:2] if len(values) > 1 else values * 2
        return best

    def placement_points(self, piece: int) -> list[tuple[int, int, int]]:
        """(points, storey, cell) for every cell `piece` may go to now. The same for every
        garment that fits alike and has its colour, so worked out once for them."""
        t = self.state.settings.tables
        colour = t.card_colour[piece]
        key = (t.card_fit_class[piece], colour)
        found = self._points.get(key)
        if found is None:
            found = self._points[key] = self._placement_points(t.card_garment[piece], colour)
        return found

    def _placement_points(self, garment: int, colour: int) -> list[tuple[int, int, int]]:
        state = self.state
        t = state.settings.tables
        found = []
        for cell in state.target_cells(garment, -1):
            storey = t.cell_storey[cell]
            points = self._pays.get((storey, colour))
            if points is None:
                points = self._pays[storey, colour] = scoring.storey_value(state, storey, colour)
            if points and (self.cell_colours(cell) >> colour) & 1:
                points *= 2
            found.append((points, storey, cell))
        return found

    def cell_colours(self, cell: int) -> int:
        colours = self._cell_colours.get(cell)
        if colours is None:
            card_colour = self.state.settings.tables.card_colour
            colours = 0
            for piece in scoring.container_pieces(self.state, cell):
                colours |= 1 << card_colour[piece]
            self._cell_colours[cell] = colours
        return colours

    def task_bonus(self, piece: int, storey: int) -> float:
        """One end point for each own task that counts this garment in that storey."""
        return float(self._tasks.get((storey, self.model.cards[piece].colour), 0))

    def keep_value(self, card_id: int) -> float:
        """How much a hand card is worth keeping (for choosing what to discard)."""
        value = self._keep.get(card_id)
        if value is None:
            value = self._keep[card_id] = self._keep_value(card_id)
        return value

    def _keep_value(self, card_id: int) -> float:
        state = self.state
        card = self.model.cards[card_id]
        if card.function == END and len(state.end_cards[self.seat]) < 2:
            return 3.0
        found = self.placement_points(card_id)
        if not found:
            return 0.0
        return max(points for points, _, _ in found)

    def hand_reach(self) -> list[tuple[int, int, set[int]]]:
        """(card, colour, storeys it may be put away in) for each own hand card."""
        if self._reach is None:
            state = self.state
            t = state.settings.tables
            self._reach = [
                (
                    c,
                    t.card_colour[c],
                    {t.cell_storey[cell] for cell in state.target_cells(t.card_garment[c], -1)},
                )
                for c in state.hands[self.seat]
            ]
        return self._reach

    def slot_value(self, card_id: int, slot: int) -> float:
        """Guess the worth of putting a scoring dot into `slot` for the own hand."""
        state = self.state
        if not state.lock_passable(slot):
            return -10.0
        m = self.model
        card = m.cards[card_id]
        old_colours, old_points = scoring.slot_card(state, slot)
        covered = set(m.slot_storeys[slot])
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
        for task, chip in zip(state.end_cards[self.seat], state.end_colours[self.seat], strict=True):
            same = sum(1 for p in state.drawer_items[drawer] if m.cards[p].colour == chip)
            storey = m.cards[task].storey
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
