"""Building Lucandor positions for tests: forced deals, cards by name, action ids."""

from __future__ import annotations

from spieltisch.core.registry import load_game
from spieltisch.games.lucandor.actions import Codec, Mode
from spieltisch.games.lucandor.model import FUNCTION_KEYS
from spieltisch.games.lucandor.rules import UNKNOWN, LucandorState, Stage


def new_state(players: int = 3, hand: tuple[int, ...] = (), **options: object) -> LucandorState:
    """A fresh game dealt by forced chance outcomes: seat 0 gets `hand` (then low cards)."""
    game = load_game("lucandor", players, **options)
    state = game.new_initial_state()
    assert isinstance(state, LucandorState)
    wanted = list(hand)
    while state.is_chance_node():
        if state.stage == Stage.DRAW and state.draw_seat == 0 and wanted:
            card = wanted.pop(0)
        else:
            card = min(c for c in state.pool if c not in wanted)
        state.apply_action(card)
    assert state.current_player() == 0
    return state


def resolve(state: LucandorState, avoid: tuple[int, ...] = ()) -> None:
    """Resolve chance with the lowest unseen cards (not those in `avoid`)."""
    while state.is_chance_node():
        state.apply_action(min(c for c in state.pool if c not in avoid))


def card(state: LucandorState, garment: str, colour: str) -> int:
    m = state.settings.model
    for c in m.cards:
        if m.garments[c.garment].key == garment and m.colours[c.colour].key == colour:
            return c.id
    raise KeyError((garment, colour))


def cards_with(state: LucandorState, function: str, **attrs: object) -> list[int]:
    m = state.settings.model
    result = []
    for c in m.cards:
        if FUNCTION_KEYS[c.function] != function:
            continue
        if "dot_colour" in attrs and m.colours[c.dot_colour].key != attrs["dot_colour"]:
            continue
        if "points" in attrs and c.points != attrs["points"]:
            continue
        if "storey" in attrs and c.storey != attrs["storey"]:
            continue
        result.append(c.id)
    return result


def colour(state: LucandorState, key: str) -> int:
    return next(i for i, c in enumerate(state.settings.model.colours) if c.key == key)


def cell(state: LucandorState, section: int, storey: int) -> int:
    """Cell of section 1..3 (left..right) and storey 1..5 (top..bottom), as in the rulebook."""
    return state.settings.model.cell(section - 1, storey - 1)


def take(state: LucandorState, x: int) -> None:
    """Take card x from wherever it is (an unseen card shortens the longest draw pile)."""
    if x in state.pool:
        state.pool.remove(x)
        longest = max(range(state.num_players), key=lambda p: state.piles[p].count(UNKNOWN))
        pile = state.piles[longest]
        del pile[max(i for i, c in enumerate(pile) if c == UNKNOWN)]
    for where in [state.discard, *state.hands, *state.known, *state.end_cards]:
        if x in where:
            where.remove(x)
    assert x not in state.slots, "take() does not empty a scoring slot"


def set_hand(state: LucandorState, seat: int, cards: list[int]) -> None:
    """Make `cards` the seat's hand; the old hand cards go to the discard pile."""
    state.discard.extend(c for c in state.hands[seat] if c not in cards)
    for x in cards:
        take(state, x)
    state.hands[seat] = sorted(cards)
    state.known[seat] = []


def put_slot(state: LucandorState, index: int, x: int) -> None:
    """Put card x into scoring slot `index` (the card there goes to its pile)."""
    take(state, x)
    old = state.slots[index]
    if old >= len(state.settings.model.cards):
        state.start_pile.append(old - len(state.settings.model.cards))
    else:
        state.discard.append(old)
    state.slots[index] = x


def set_pile(state: LucandorState, seat: int, size: int) -> None:
    """Give the seat a draw pile of `size` unseen cards (taken from or put to the discard pile)."""
    pile = state.piles[seat]
    while len(pile) > size:
        c = pile.pop()
        if c == UNKNOWN:
            c = state.pool.pop()
        state.discard.append(c)
    while len(pile) < size:
        state.pool.append(state.discard.pop(0))
        state.pool.sort()
        pile.insert(0, UNKNOWN)


def codec(state: LucandorState) -> Codec:
    """The game's action codec."""
    return state.settings.codec


def play(state: LucandorState, mode: Mode, card_id: int, colour: int = -1) -> None:
    state.apply_action(codec(state).encode_play(mode, card_id, colour))


def target(state: LucandorState, cell_id: int, place: int = 0) -> int:
    return codec(state).encode_target(cell_id, place)


def source(state: LucandorState, cell_id: int, place: int, level: int) -> int:
    return codec(state).encode_source(cell_id, place, level)


def slot(state: LucandorState, index: int) -> int:
    return codec(state).encode_slot(index)


def thumb_card(state: LucandorState, corner: int, hit: bool) -> int:
    """An unseen card whose thumb is (hit) or is not (miss) in `corner`."""
    return min(c for c in state.pool if (state.settings.model.cards[c].thumb == corner) == hit)
