"""The heuristic LEVEL 8 player: solver-guided drawing, laying and discarding.

It reads only its own hand and the public table. Before its level is down it
measures a hand by the solver's shortfall (cards still missing for the level)
and keeps the cards that lower it; once down it lays off all it can and skips
the most dangerous opponent. Ties go to the lowest action id, so the choice is
the same on every state its seat cannot tell apart.
"""

from __future__ import annotations

import random

import spieltisch.games.level8.actions as actions
from spieltisch.games.level8.cards import JOKER, SKIP, colour_of, value_of
from spieltisch.games.level8.levels import COLOUR, LEVEL_COUNT
from spieltisch.games.level8.phases import DRAW, KEEP, LAYDOWN, PLAY, TARGET
from spieltisch.games.level8.rules import Level8State
from spieltisch.games.level8.solver import Req, layoff_ends, reqs_of, shortfall, solution


def heuristic_action(state: Level8State, rng: random.Random) -> int:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == DRAW:
        return _draw(state, legal)
    if phase == PLAY:
        return _play(state, legal)
    if phase == LAYDOWN:
        return _lay(state, legal)
    if phase == TARGET:
        return next(a for a in legal if a != actions.CANCEL)
    if phase == KEEP:
        return _keep(state, legal)
    return legal[0]


def _level_reqs(state: Level8State, seat: int) -> tuple[Req, ...]:
    return reqs_of(state.level_parts(seat))


def _fits_somewhere(state: Level8State, card: int) -> bool:
    return any(layoff_ends(card, g) for gs in state.groups for g in gs)


def _draw(state: Level8State, legal: list[int]) -> int:
    seat = state.player
    hand = state.hands[seat]
    best, best_gain = actions.DRAW_STOCK if actions.DRAW_STOCK in legal else legal[0], 0
    if state.laid[seat]:
        for action in legal:
            if action != actions.DRAW_STOCK and _fits_somewhere(
                state, state.piles[action - actions.DRAW_PILE][-1]
            ):
                return action
        return best
    reqs = _level_reqs(state, seat)
    now = shortfall(reqs, tuple(hand))
    for action in legal:
        if action == actions.DRAW_STOCK:
            continue
        top = state.piles[action - actions.DRAW_PILE][-1]
        gain = now - shortfall(reqs, tuple(sorted([*hand, top])))
        if gain > best_gain or (top == SKIP and best_gain == 0 and skip_target(state) is not None):
            best, best_gain = action, max(gain, best_gain)
    return best


def _play(state: Level8State, legal: list[int]) -> int:
    seat = state.player
    if actions.START_LAYDOWN in legal:
        return actions.START_LAYDOWN
    layoffs = [a for a in legal if actions.LAYOFF <= a < actions.ONTO]
    if layoffs:
        numbers = [a for a in layoffs if a - actions.LAYOFF != JOKER]
        return (numbers or layoffs)[0]
    target = skip_target(state)
    if target is not None and actions.SKIP_AT + target in legal:
        return actions.SKIP_AT + target
    return actions.DISCARD + discard_choice(state, seat)


def skip_target(state: Level8State) -> int | None:
    """The opponent nearest to winning: highest level, laid down, fewest cards."""
    seat = state.player
    free = [s for s in range(state.num_players) if s != seat and not state.skip_on[s]]
    if SKIP not in state.hands[seat] or not free:
        return None
    return min(free, key=lambda s: (-state.level[s], not state.laid[s], len(state.hands[s]), s))


def discard_choice(state: Level8State, seat: int) -> int:
    hand = state.hands[seat]
    kinds = sorted(set(hand))
    if state.laid[seat]:
        useless = [k for k in kinds if k != JOKER and not _fits_somewhere(state, k)]
        return max(useless or kinds, key=lambda k: (k != JOKER, k != SKIP, -k))
    reqs = _level_reqs(state, seat)

    def cost(card: int) -> tuple[int, int, int, int]:
        rest = list(hand)
        rest.remove(card)
        return (shortfall(reqs, tuple(rest)), card == JOKER, links(hand, card, reqs), card)

    return min(kinds, key=cost)


def links(hand: list[int], card: int, reqs: tuple[Req, ...]) -> int:
    """How many other hand cards this one goes with (same number, near number, same colour)."""
    if card >= JOKER:
        return 0
    value, colour = value_of(card), colour_of(card)
    by_colour = any(r[0] == COLOUR for r in reqs)
    count = 0
    for other in hand:
        if other >= JOKER or other == card:
            continue
        if by_colour:
            count += colour_of(other) == colour
        else:
            count += abs(value_of(other) - value) <= 2
    return count


def _lay(state: Level8State, legal: list[int]) -> int:
    plan = solution(state.reqs(), tuple(state.hands[state.player]))
    if plan and plan[0]:
        card, meaning = plan[0][0]
        action = actions.pick_id(card, meaning, state.reqs()[0][0])
        if action in legal:
            return action
    return next(a for a in legal if a != actions.CANCEL)


def _keep(state: Level8State, legal: list[int]) -> int:
    seat = state.carry[0]
    level = min(state.level[seat], LEVEL_COUNT)
    reqs = reqs_of(state.settings.levels.levels[level - 1])
    kept = state.kept[seat]
    now = shortfall(reqs, tuple(kept))
    best, best_value = actions.KEEP_DONE, now
    for action in legal:
        if action == actions.KEEP_DONE:
            continue
        value = shortfall(reqs, tuple(sorted([*kept, action - actions.KEEP_CARD])))
        if value < best_value:
            best, best_value = action, value
    return best
