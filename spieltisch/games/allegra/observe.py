"""The observation tensor: what a seat may see, as floats, built from one list of named pieces.

`observation_pieces` names every part of the tensor with its length; the
tensor's size is their sum and `observation` fills them in that order, checked
piece by piece (spieltisch.core.observation), so the two cannot drift apart.
Seats are counted from the observing seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.observation import Pieces, concatenate
from spieltisch.games.allegra.actions import GAP, NO_CARD
from spieltisch.games.allegra.cards import SLOTS_PER_SEAT
from spieltisch.games.allegra.phases import Phase

if TYPE_CHECKING:
    from spieltisch.games.allegra.rules import AllegraState, Settings


def observation_pieces(settings: Settings) -> Pieces:
    """The observation tensor's named pieces and their sizes, in order."""
    n, kinds = settings.players, settings.deck.kinds
    return (
        ("slots", n * SLOTS_PER_SEAT * (kinds + 2)),  # one-hot value, gap, face down per slot
        ("cards", 5 * (kinds + 1)),  # discard top, drawn, held, taken, replaced (or none)
        ("piles", 2),  # discard and draw pile sizes
        ("draw_known", kinds),  # the draw pile's counts once it is refilled from seen cards
        ("draw_fresh", 1),
        ("phase", len(Phase)),
        ("seats", 8 * n),  # per seat from the observer: flags and total
        ("match", 1),  # games played / games
    )


def observation(state: AllegraState, seat: int) -> list[float]:
    """The tensor of `seat`: the pieces named by `observation_pieces`, in order, seat-relative."""
    return concatenate(observation_pieces(state.settings), _parts(state, seat))


def _parts(state: AllegraState, seat: int) -> dict[str, list[float]]:
    n = state.num_players
    deck = state.settings.deck
    kinds = deck.kinds
    slots: list[float] = []
    for j in range(n):
        base = ((seat + j) % n) * SLOTS_PER_SEAT
        for slot in range(base, base + SLOTS_PER_SEAT):
            cell = [0.0] * (kinds + 2)
            value = state.cards[slot]
            if value == GAP:
                cell[kinds] = 1.0
            elif not state.up[slot]:
                cell[kinds + 1] = 1.0
            else:
                cell[deck.kind(value)] = 1.0
            slots += cell
    cards: list[float] = []
    top = state.discard[-1] if state.discard else NO_CARD
    for value in (top, state.drawn, state.held, state.taken, state.replaced):
        cell = [0.0] * (kinds + 1)
        cell[kinds if value == NO_CARD else deck.kind(value)] = 1.0
        cards += cell
    phase = [0.0] * len(Phase)
    phase[state.phase] = 1.0
    mover = state.current_player()
    seats: list[float] = []
    for j in range(n):
        other = (seat + j) % n
        seats += [
            1.0 if mover == other else 0.0,
            1.0 if state.active == other else 0.0,
            1.0 if state.knocker == other else 0.0,
            1.0 if other in state.knockers else 0.0,
            1.0 if state.trigger == other else 0.0,
            1.0 if state.had_final[other] else 0.0,
            1.0 if state.dealer == other else 0.0,
            state.totals[other] / 100.0,
        ]
    return {
        "slots": slots,
        "cards": cards,
        "piles": [len(state.discard) / deck.size, state.draw_size / deck.size],
        "draw_known": [0.0] * kinds if state.draw_fresh else [c / deck.size for c in state.draw],
        "draw_fresh": [1.0 if state.draw_fresh else 0.0],
        "phase": phase,
        "seats": seats,
        "match": [state.game_no / state.settings.games],
    }
