"""Building ALLEGRA positions for tests: the deal is forced through chance outcomes.

Positions are named per seat as in the game ("B2", "AL" = left shared column,
"CR" = right shared column). Cards not named get filler values that make no
triple with each other.
"""

from __future__ import annotations

from typing import Any

from spieltisch import load_game
from spieltisch.games.allegra import actions as A
from spieltisch.games.allegra.actions import GAP
from spieltisch.games.allegra.cards import COLUMN_NAMES, ROW_NAMES
from spieltisch.games.allegra.phases import DRAW, DRAW_CARD
from spieltisch.games.allegra.rules import AllegraState

FILLER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 0)

Spot = tuple[int, str]


def position(name: str) -> int:
    return ROW_NAMES.index(name[0]) * 5 + COLUMN_NAMES.index(name[1])


def slot(state: AllegraState, seat: int, name: str) -> int:
    return state.layouts[seat][position(name)]


def build(
    players: int,
    cards: dict[Spot, int],
    up: list[Spot] | tuple[Spot, ...] = (),
    top: int = 11,
    gaps: list[Spot] | tuple[Spot, ...] = (),
    allow_triples: bool = False,
    **options: Any,
) -> AllegraState:
    """Deal `cards` (by chance outcomes), flip 2 per seat in setup, then lay out the rest.

    The setup flips are the first two `up` spots of each seat (filler own cards
    otherwise); the remaining `up` spots are turned face up and the `gaps`
    cleared (onto the discard pile, below its top card) to construct the
    position. The dealer, seat 0, is then to draw.
    """
    game = load_game("allegra", players, **options)
    state = game.new_initial_state()
    assert isinstance(state, AllegraState)
    deck = state.settings.deck
    wanted: dict[int, int] = {}
    for (seat, name), value in cards.items():
        where = slot(state, seat, name)
        assert wanted.get(where, value) == value, f"two values for one card at {seat} {name}"
        wanted[where] = value
    left = list(deck.counts)
    for value in [*wanted.values(), top]:
        left[deck.kind(value)] -= 1
    assert min(left) >= 0, "the deck has too few of some value"
    for where in range(len(state.cards)):
        value = wanted.get(where)
        if value is None:
            value = _filler(where, left, deck)
        state.apply_action(deck.kind(value))
    state.apply_action(deck.kind(top))
    _setup(state, list(up))
    for seat, name in up:
        state.up[slot(state, seat, name)] = True
    for seat, name in gaps:
        where = slot(state, seat, name)
        if state.cards[where] != GAP:
            state.discard.insert(0, state.cards[where])
            state.cards[where] = GAP
            state.up[where] = True
    state.check_invariants()
    assert state.phase == DRAW and state.active == 0
    if not allow_triples:
        assert not any(state.triples(seat) for seat in range(players)), "the built table has a triple"
    return state


def _filler(where: int, left: list[int], deck: Any) -> int:
    for step in range(len(FILLER)):
        value = FILLER[(where + step) % len(FILLER)]
        if left[deck.kind(value)] > 0:
            left[deck.kind(value)] -= 1
            return int(value)
    raise AssertionError("no filler card left")


def _setup(state: AllegraState, up: list[Spot]) -> None:
    n = state.num_players
    for seat in range(n):
        mine = [p for s, p in up if s == seat]
        flips = [position(p) for p in mine]
        for spare in ("C3", "C2", "C1", "B3"):
            where = position(spare)
            if where not in flips:
                flips.append(where)
        done = 0
        for where in flips:
            if done == 2:
                break
            if not state.up[state.layouts[seat][where]]:
                state.apply_action(where)
                done += 1


def draw_from_pile(state: AllegraState, value: int) -> None:
    """The active player draws `value` from the draw pile (the outcome forced)."""
    state.apply_action(A.DRAW_PILE)
    assert state.phase == DRAW_CARD
    state.apply_action(state.settings.deck.kind(value))


def all_but(seat: int, *names: str) -> list[Spot]:
    """Every position of `seat` except `names` (to leave only those face down)."""
    return [(seat, r + c) for r in ROW_NAMES for c in COLUMN_NAMES if r + c not in names]


def layout(state: AllegraState, seat: int) -> list[int | str | None]:
    return [state.cell(s) for s in state.layouts[seat]]
