"""The heuristic player: greedy on points now, with an eye on its end-scoring tasks.

It reads only what the seat to move may see (own hand and tasks, the open
table, seen pile cards) and uses no randomness; ties go to the lowest action id.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from spieltisch.games.lucandor import rules as r
from spieltisch.games.lucandor import scoring
from spieltisch.games.lucandor.model import DOT, DRAWER, END, IRON, NEEDLE

if TYPE_CHECKING:
    from spieltisch.games.lucandor.rules import LucandorState

CLEAN_VALUE = 1.0  # Fächer putzen always pays one point


def choose(state: LucandorState) -> int:
    legal = state.legal_actions()
    kind = state.pending[0]
    if kind == r.P_CORNER:
        return _corner(state, legal)
    if kind == r.P_DOOR_SECOND:
        return min(legal, key=lambda a: (_keep_value(state, a - state.g.layout.second), a))
    return max(legal, key=lambda a: (_value(state, a), -a))


def _value(state: LucandorState, action: int) -> float:
    lay = state.g.layout
    kind = state.pending[0]
    if kind == r.P_NONE:
        mode, card = divmod(action, lay.cards)
        return _first_value(state, mode, card)
    if kind in (r.P_PLACE, r.P_IRON_TARGET):
        cell = (action - lay.target) // lay.places
        piece = state.pending[1] if kind == r.P_PLACE else state.pending[3]
        return _placement_value(state, piece, cell)
    if kind == r.P_SLOT:
        return _slot_value(state, state.pending[1], action - lay.slot)
    if kind == r.P_DOOR_SECTION:
        return -abs(action - lay.section - state.door)  # one section is cheaper
    if kind == r.P_HANGER:
        return -_task_value(state, action - lay.endcard)
    if kind == r.P_NEEDLE_CARD:
        return _best_recolour(state, action - lay.endcard)[0]
    if kind == r.P_NEEDLE_COLOUR:
        task = state.end_cards[state.turn][state.pending[2]]
        return scoring.colour_count(state, state.m.cards[task].storey, action - lay.colour)
    if kind == r.P_IRON_SOURCE:
        return _iron_source_value(state, action - lay.source)
    if kind == r.P_DRAWER_PICK:
        return _drawer_best(state, state.drawer_at(action - lay.cell))
    return _drawer_gain(state, state.pending[2], action - lay.cell)  # P_DRAWER_TARGET


def _first_value(state: LucandorState, mode: int, card_id: int) -> float:
    m = state.m
    card = m.cards[card_id]
    if mode == r.M_CLEAN:
        return CLEAN_VALUE - 0.01 * _keep_value(state, card_id)
    if mode == r.M_DOOR:
        return 0.0
    if mode == r.M_PLACE:
        return (
            max(_placement_value(state, card_id, cell) for cell, _ in state.targets(card.garment, -1)) + 0.05
        )
    if mode >= r.M_END:
        storey_count = scoring.colour_count(state, card.storey, mode - r.M_END)
        return storey_count + (2.5 if state.phase == 0 else 1.0)
    if card.function == DOT:
        return max(_slot_value(state, card_id, slot) for slot in range(len(state.slots)))
    if card.function == NEEDLE:
        return max(_best_recolour(state, j)[0] for j in range(len(state.end_cards[state.turn])))
    if card.function == IRON:
        return max(_iron_gain(state, source) for source in state.iron_sources()) - 0.2
    if card.function == DRAWER:
        return max(_drawer_best(state, d) for d in state.movable_drawers())
    return 0.2  # hanger: rarely worth a turn


def _placement_value(state: LucandorState, piece: int, cell: int) -> float:
    points = scoring.placement_points(state, piece, cell)
    return points + _task_bonus(state, piece, state.m.storey_of(cell))


def _task_bonus(state: LucandorState, piece: int, storey: int) -> float:
    """One end point for each own task that counts this garment in that storey."""
    m = state.m
    seat = state.turn
    colour = m.cards[piece].colour
    return float(
        sum(
            1
            for task, chip in zip(state.end_cards[seat], state.end_colours[seat], strict=True)
            if m.cards[task].storey == storey and chip == colour
        )
    )


def _keep_value(state: LucandorState, card_id: int) -> float:
    """How much a hand card is worth keeping (for choosing what to discard)."""
    m = state.m
    card = m.cards[card_id]
    if card.function == END and len(state.end_cards[state.turn]) < 2:
        return 3.0
    targets = state.targets(card.garment, -1)
    if not targets:
        return 0.0
    return max(scoring.placement_points(state, card_id, cell) for cell, _ in targets)


def _slot_value(state: LucandorState, card_id: int, slot: int) -> float:
    """Guess the worth of putting a scoring dot into `slot` for the own hand."""
    if not state.lock_passable(slot):
        return -10.0
    m = state.m
    card = m.cards[card_id]
    old_colours, old_points = scoring.slot_card(state, slot)
    covered = m.slot_storeys[slot]
    gain = 0.0
    for other in state.hands[state.turn]:
        if other == card_id:
            continue
        colour = m.cards[other].colour
        storeys = {m.storey_of(cell) for cell, _ in state.targets(m.cards[other].garment, -1)}
        if not storeys & set(covered):
            continue
        if colour == card.dot_colour:
            gain += card.points
        if colour in old_colours:
            gain -= old_points
    value = 0.5 * gain + 0.2
    if state.lock_owner[slot] >= 0:
        value = value / 4 - 0.5
    return value


def _task_value(state: LucandorState, index: int) -> float:
    seat = state.turn
    task = state.end_cards[seat][index]
    return float(scoring.colour_count(state, state.m.cards[task].storey, state.end_colours[seat][index]))


def _best_recolour(state: LucandorState, index: int) -> tuple[float, int]:
    seat = state.turn
    storey = state.m.cards[state.end_cards[seat][index]].storey
    now = scoring.colour_count(state, storey, state.end_colours[seat][index])
    best = (-1.0, -1)
    for colour in range(len(state.m.colours)):
        if colour in state.end_colours[seat]:
            continue
        gain = float(scoring.colour_count(state, storey, colour) - now)
        best = max(best, (gain, -colour))
    return best


def _source_of(state: LucandorState, code: int) -> tuple[int, int, int]:
    lay = state.g.layout
    spot, level = divmod(code, lay.levels)
    cell, place = divmod(spot, lay.places)
    return cell, place, level


def _iron_source_value(state: LucandorState, code: int) -> float:
    return _iron_gain(state, _source_of(state, code))


def _iron_gain(state: LucandorState, source: tuple[int, int, int]) -> float:
    m = state.m
    cell, place, level = source
    drawer = state.drawer_at(cell)
    stack = state.drawer_items[drawer] if drawer >= 0 else state.content[cell][place]
    piece = stack[level]
    best = max(
        _placement_value(state, piece, target) for target, _ in state.targets(m.cards[piece].garment, cell)
    )
    loss = _task_bonus(state, piece, m.storey_of(cell))
    chance = 1.0 if state.g.family or not state.is_under(cell, place, level) else 0.25
    return chance * best - loss


def _drawer_gain(state: LucandorState, drawer: int, target: int) -> float:
    m = state.m
    seat = state.turn
    before = m.storey_of(state.drawer_cell[drawer])
    after = m.storey_of(target)
    gain = 0.0
    for task, chip in zip(state.end_cards[seat], state.end_colours[seat], strict=True):
        same = sum(1 for p in state.drawer_items[drawer] if m.cards[p].colour == chip)
        storey = m.cards[task].storey
        gain += same * ((storey == after) - (storey == before))
    return gain


def _drawer_best(state: LucandorState, drawer: int) -> float:
    return max(_drawer_gain(state, drawer, cell) for cell in state.free_drawer_slots())


def _corner(state: LucandorState, legal: list[int]) -> int:
    """Choose the corner of a seen top card's thumb; otherwise the first corner."""
    pile = state.piles[state.turn]
    top = pile[-1] if pile else r.UNKNOWN
    if top != r.UNKNOWN:
        return state.g.layout.corner + state.m.cards[top].thumb
    return legal[0]


def rollout(state: LucandorState, rng: random.Random) -> int:
    """A cheap playout policy for search: put away what pays, else clean, else any move."""
    legal = state.legal_actions()
    kind = state.pending[0]
    lay = state.g.layout
    if kind == r.P_NONE:
        tables = state.g.tables
        pays = [
            max(scoring.storey_value(state, s, colour) for s in range(state.m.num_storeys))
            for colour in range(len(state.m.colours))
        ]
        best, choice = -1.0, legal[0]
        for action in legal:
            mode, card_id = divmod(action, lay.cards)
            if mode == r.M_PLACE:
                value = pays[tables.card_colour[card_id]] + 0.1
            elif mode == r.M_CLEAN:
                value = CLEAN_VALUE
            elif mode >= r.M_END:
                value = 1.5 if state.phase == 0 else 0.5
            else:
                value = 0.0
            value += rng.random() * 0.01
            if value > best:
                best, choice = value, action
        return choice
    if kind in (r.P_PLACE, r.P_IRON_TARGET):
        piece = state.pending[1] if kind == r.P_PLACE else state.pending[3]
        return max(
            legal, key=lambda a: (scoring.placement_points(state, piece, (a - lay.target) // lay.places), -a)
        )
    return rng.choice(legal)
