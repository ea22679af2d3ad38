"""The LEVEL 8 observation tensor, built from named pieces.

One list says what the tensor holds, piece by piece, how long each piece is
and how it is encoded, so its size and its encoder cannot disagree
(spieltisch.core.observation checks every piece): the seat's own hand, then
every seat's public facts starting with the observing seat, then the table.
Each piece reads only what the observing seat may see.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Final, NamedTuple

from spieltisch.core.observation import Pieces, concatenate
from spieltisch.games.level8.cards import KINDS, VALUES
from spieltisch.games.level8.levels import LEVEL_COUNT, MAX_PARTS
from spieltisch.games.level8.phases import Phase

if TYPE_CHECKING:
    from spieltisch.games.level8.rules import Level8State

Encoder = Callable[["Level8State", int, int], list[float]]
"""encode(state, viewer, seat): `seat` is the seat a per-seat piece describes."""


class Piece(NamedTuple):
    """A named stretch of the tensor."""

    name: str
    size: int
    encode: Encoder


def _counts(cards: list[int]) -> list[float]:
    result = [0.0] * KINDS
    for card in cards:
        result[card] += 1.0
    return result


def _facts(state: Level8State, viewer: int, s: int) -> list[float]:
    return [
        state.level[s] / LEVEL_COUNT,
        float(state.laid[s]),
        len(state.hands[s]) / 11,
        float(state.skip_on[s]),
        float(state.dealer == s),
        float(state.current_player() == s),
    ]


def _pile(state: Level8State, viewer: int, s: int) -> list[float]:
    """The top card (one-hot; the last slot but one: empty) and the pile's height."""
    pile = state.piles[s]
    top = [0.0] * (KINDS + 2)
    top[pile[-1] if pile else KINDS] = 1.0
    top[KINDS + 1] = len(pile) / 20
    return top


def _groups(state: Level8State, viewer: int, s: int) -> list[float]:
    """Per laid group: its kind (one-hot), low and high number or key, and size."""
    out: list[float] = []
    for index in range(MAX_PARTS):
        cell = [0.0] * 6
        if index < len(state.groups[s]):
            group = state.groups[s][index]
            cell[group[0]] = 1.0
            cell[3:] = [group[1] / 15, group[2] / 15, len(group[3]) / 15]
        out += cell
    return out


def _phase(state: Level8State, viewer: int, s: int) -> list[float]:
    out = [0.0] * len(Phase)
    out[state.phase] = 1.0
    return out


def _counters(state: Level8State, viewer: int, s: int) -> list[float]:
    return [state.stock_size / 98, state.under / 3, state.part / MAX_PARTS, state.cancels / 3]


def _on_table(state: Level8State, viewer: int, s: int) -> list[float]:
    """The cards of the lay-down under way."""
    return _counts([c for group in state.built for c in group[3]] + [c for c, _ in state.picks])


def _meanings(state: Level8State, viewer: int, s: int) -> list[float]:
    """What the cards picked into the current part stand for (numbers 1-15 or colours)."""
    out = [0.0] * (VALUES + 1)
    for _, meaning in state.picks:
        out[meaning] += 1.0
    return out


def _holding(state: Level8State, viewer: int, s: int) -> list[float]:
    """The card held for a lay-off (one-hot; the last slot: none)."""
    out = [0.0] * (KINDS + 1)
    out[state.layoff_card if state.layoff_card >= 0 else KINDS] = 1.0
    return out


OWN: Final = (Piece("hand", KINDS, lambda state, viewer, s: _counts(state.hands[viewer])),)
PER_SEAT: Final = (
    Piece("facts", 6, _facts),
    Piece("known", KINDS, lambda state, viewer, s: _counts(state.known[s])),
    Piece("pile", KINDS + 2, _pile),
    Piece("groups", MAX_PARTS * 6, _groups),
)
TABLE: Final = (
    Piece("phase", len(Phase), _phase),
    Piece("counters", 4, _counters),
    Piece("on_table", KINDS, _on_table),
    Piece("meanings", VALUES + 1, _meanings),
    Piece("holding", KINDS + 1, _holding),
    Piece("kept", KINDS, lambda state, viewer, s: _counts(state.kept[viewer])),
)


@lru_cache(maxsize=8)
def _laid_out(players: int) -> tuple[tuple[str, int, int, Encoder], ...]:
    """(name, size, seat offset, encoder) of every piece in order; per-seat pieces are
    named "seat+r/..." for the seat r places after the viewer."""
    laid = [(p.name, p.size, 0, p.encode) for p in OWN]
    for r in range(players):
        laid += [(f"seat+{r}/{p.name}", p.size, r, p.encode) for p in PER_SEAT]
    laid += [(p.name, p.size, 0, p.encode) for p in TABLE]
    return tuple(laid)


def observation_pieces(players: int) -> Pieces:
    """The tensor's named pieces and their sizes, in order (see spieltisch.core.observation)."""
    return tuple((name, size) for name, size, _, _ in _laid_out(players))


def observation(state: Level8State, seat: int) -> list[float]:
    """The tensor of `seat`: its own cards and what every seat may see, piece by piece."""
    n = state.num_players
    parts = {name: encode(state, seat, (seat + offset) % n) for name, _, offset, encode in _laid_out(n)}
    return concatenate(observation_pieces(n), parts)
