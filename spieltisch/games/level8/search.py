"""What LEVEL 8 offers the search bots: a score estimate for cut-off playouts and a
cheap playout policy.

Both run on determinized states inside the search, so they read every hand.
"""

from __future__ import annotations

import random
from typing import Final

import spieltisch.games.level8.actions as actions
from spieltisch.games.level8.bot import discard_choice, heuristic_action, links, skip_target
from spieltisch.games.level8.cards import COLOURS, JOKER, SKIP, VALUES
from spieltisch.games.level8.levels import COLOUR, LEVEL_COUNT
from spieltisch.games.level8.phases import DRAW, LAYDOWN, OVER, PLAY, SKIPPED, TARGET
from spieltisch.games.level8.rules import Level8State
from spieltisch.games.level8.solver import (
    BY_VALUE,
    Req,
    accepts,
    can_complete,
    gap_keys,
    layoff_ends,
    meaning_of,
    place,
    shortfall,
    spare_cards,
)

# A seat whose hand holds its whole level is likely to lay it down soon, but not
# sure to (it may be skipped, or the round may end first): it counts most of the
# level it is about to complete, less for every card still missing.
READY_SHARE: Final = 0.7
# A seat whose level is down moves up one at the round's end, two if it goes out;
# the fewer cards it holds, the nearer that second level, and the last cards count
# most (with one card left it goes out with its next fitting card).
OUT_SHARE: Final = 1.0


def estimate_scores(state: Level8State) -> list[float]:
    """Levels completed plus progress toward the next: the final scores' scale
    (`scores()`), so a cut-off playout is judged by how far each seat got."""
    if state.phase == OVER:
        return state.scores()
    return [_progress(state, seat) for seat in range(state.num_players)]


def _progress(state: Level8State, seat: int) -> float:
    level = state.level[seat]
    done = float(min(level, LEVEL_COUNT + 1) - 1)
    if level > LEVEL_COUNT:
        return done
    hand = state.hands[seat]
    if state.laid[seat]:
        return done + 1.0 + OUT_SHARE / (1 + len(hand))
    if state.phase == LAYDOWN and seat == state.player:
        return done + READY_SHARE  # the level is being laid: the hand holds it all
    settings = state.settings
    reqs = settings.level_reqs[level - 1]
    missing = float(max(0, shortfall(reqs, tuple(hand))))
    if missing:
        # A hand that the next card from the draw pile is likelier to help is nearer.
        missing -= _draw_helps(state, reqs, tuple(hand))
    return done + READY_SHARE * max(0.0, 1.0 - missing / settings.level_cards[level - 1])


def _draw_helps(state: Level8State, reqs: tuple[Req, ...], hand: tuple[int, ...]) -> float:
    """The chance that the top card of the draw pile fills a gap of a best way to
    finish the level (a joker always does)."""
    if not state.stock_size:
        return 0.0
    gaps = gap_keys(reqs, hand)
    if gaps is None:
        return 0.0
    axis, keys = gaps
    stock = state.stock
    helpful = stock[JOKER]
    for key in keys:
        if axis == BY_VALUE:
            helpful += sum(stock[colour * VALUES + key - 1] for colour in range(COLOURS))
        else:
            helpful += sum(stock[key * VALUES : (key + 1) * VALUES])
    return helpful / state.stock_size


def rollout_action(state: Level8State, rng: random.Random) -> int:
    """The heuristic's plan at a fraction of its cost, with one addition: it asks the
    solver once per decision where the heuristic asks it once per card, lays down
    card by card without listing every possible pick, and does not discard what
    another player would take from its pile (so playouts do not feed the others)."""
    phase = state.phase
    if phase == PLAY:
        return _play(state)
    if phase == DRAW:
        return _draw(state)
    if phase == LAYDOWN:
        return _lay(state)
    if phase == TARGET:
        return _target(state)
    if phase == SKIPPED:
        return actions.TAKE_SKIP
    return heuristic_action(state, rng)


def _draw(state: Level8State) -> int:
    """The heuristic's draw: a discard-pile card that brings the level nearer, a skip
    card if someone can be skipped, a card to lay off once down; else the draw pile."""
    seat = state.player
    tops = [(s, pile[-1]) for s, pile in enumerate(state.piles) if pile]
    if state.laid[seat]:
        for s, top in tops:
            if state.fits_any_group(top):
                return actions.DRAW_PILE + s
    elif tops:
        reqs = state.settings.level_reqs[min(state.level[seat], LEVEL_COUNT) - 1]
        hand = state.hands[seat]
        now = shortfall(reqs, tuple(hand))
        best, best_gain = -1, 0
        for s, top in tops:
            gain = now - shortfall(reqs, tuple(sorted([*hand, top])))
            if gain > best_gain or (top == SKIP and best_gain == 0 and skip_target(state) is not None):
                best, best_gain = s, max(gain, best_gain)
        if best >= 0:
            return actions.DRAW_PILE + best
    if state.stock_size:
        return actions.DRAW_STOCK
    return actions.DRAW_PILE + tops[0][0]


def _play(state: Level8State) -> int:
    seat = state.player
    hand = state.hands[seat]
    if state.laid[seat]:
        if len(hand) >= 2:
            layoff = _layoff(state, hand)
            if layoff >= 0:
                return actions.LAYOFF + layoff
    elif state.can_lay_down(seat):
        return actions.START_LAYDOWN
    target = skip_target(state)
    if target is not None:
        return actions.SKIP_AT + target
    return actions.DISCARD + _discard(state, seat, hand)


def _layoff(state: Level8State, hand: list[int]) -> int:
    """A number card that fits a laid group, else a joker that does; -1 if none."""
    joker = -1
    for card in dict.fromkeys(hand):
        if card <= JOKER and state.fits_any_group(card):
            if card != JOKER:
                return card
            joker = card
    return joker


def _discard(state: Level8State, seat: int, hand: list[int]) -> int:
    """Before the level is down: a card the level does not need, and of those one that
    brings no other player nearer (they could take it from the pile), then the one
    with the fewest companions in hand. Once down: the heuristic's choice."""
    if not state.laid[seat]:
        reqs = state.settings.level_reqs[min(state.level[seat], LEVEL_COUNT) - 1]
        spare = spare_cards(reqs, tuple(hand))
        if spare:
            # The least connected card that feeds nobody; asked in that order, so
            # usually only the first candidate is checked.
            ranked = sorted(dict.fromkeys(spare), key=lambda card: (links(hand, card, reqs), card))
            others = _others_needs(state, seat)
            fed = []
            for card in ranked:
                count = _feeds(state, others, card)
                if not count:
                    return card
                fed.append(count)
            return ranked[fed.index(min(fed))]
    return discard_choice(state, seat)


Needs = list[tuple[int, tuple[Req, ...], int]]  # (seat, level still to lay, its shortfall)


def _others_needs(state: Level8State, seat: int) -> Needs:
    """The other players' levels and shortfalls (their levels not yet down)."""
    needs = []
    for other in range(state.num_players):
        if other != seat and not state.laid[other]:
            reqs = state.settings.level_reqs[min(state.level[other], LEVEL_COUNT) - 1]
            needs.append((other, reqs, shortfall(reqs, tuple(state.hands[other]))))
    return needs


def _feeds(state: Level8State, others: Needs, card: int) -> int:
    """How many other players this card would help, taken from the discard pile: one
    whose level is down lays it off, one whose level is not down gets nearer to it.
    (Playouts run on determinized states, so the other hands may be read.)"""
    fed = 0
    if card <= JOKER and any(state.laid) and state.fits_any_group(card):
        fed += sum(state.laid) - state.laid[state.player]
    for other, reqs, now in others:
        fed += shortfall(reqs, tuple(sorted([*state.hands[other], card]))) < now
    return fed


def _lay(state: Level8State) -> int:
    """A number card that keeps the fewest jokers needed (so jokers stay in hand to be
    laid off), else the first card that keeps the level completable: the same test as
    the legal moves, stopped at the first card that passes."""
    reqs = state.reqs()
    first = reqs[0]
    kind = first[0]
    hand = tuple(state.hands[state.player])
    numbers = [
        card for card in dict.fromkeys(hand) if card < JOKER and accepts(first, meaning_of(kind, card))
    ]
    best = shortfall(reqs, hand)
    for card in numbers:
        if _rest_shortfall(reqs, meaning_of(kind, card), hand, card) == best:
            return actions.PICK + card
    for card in numbers:
        if _completes(reqs, meaning_of(kind, card), hand, card):
            return actions.PICK + card
    if JOKER in hand:
        meanings = range(COLOURS) if kind == COLOUR else range(1, VALUES + 1)
        for meaning in meanings:
            if accepts(first, meaning) and _completes(reqs, meaning, hand, JOKER):
                return actions.pick_id(JOKER, meaning, kind)
    return actions.CANCEL


def _rest_shortfall(reqs: tuple[Req, ...], meaning: int, hand: tuple[int, ...], card: int) -> int:
    at = hand.index(card)
    return shortfall(place(reqs, meaning), hand[:at] + hand[at + 1 :])


def _completes(reqs: tuple[Req, ...], meaning: int, hand: tuple[int, ...], card: int) -> bool:
    at = hand.index(card)
    return can_complete(place(reqs, meaning), hand[:at] + hand[at + 1 :])


def _target(state: Level8State) -> int:
    card = state.layoff_card
    for owner, groups in enumerate(state.groups):
        for part, group in enumerate(groups):
            ends = layoff_ends(card, group)
            if ends:
                return actions.onto_id(owner, part, ends[0])
    return actions.CANCEL
