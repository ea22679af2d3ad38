"""ALLEGRA's moves as data, for fronts that read moves instead of labels.

A move on a card names the layout it lies in (`seat`) and its place there
(`position` 0..14, row-major over [left shared, own x3, right shared]), as the
view's `layouts[seat][position]` shows it, so a click on a card is the legal
move whose struct names that seat and position:

    {"kind": "flip", "seat": 0, "position": 7}       a setup flip or the flip after discarding
    {"kind": "place", "seat": 0, "position": 7}      the card in hand goes there (keep, knocker, take)
    {"kind": "take", "seat": 2, "position": 4}       take the knocker's card
    {"kind": "clear", "seat": 0, "line": "column", "positions": [1, 6, 11]}
    {"kind": "draw", "source": "pile"} or {"kind": "draw", "source": "discard"}
    {"kind": "discard"}                              discard the drawn card (a flip follows)
    {"kind": "knock"}, {"kind": "no_knock"}, {"kind": "decline"}, {"kind": "accept", "seat": 2}

Nothing in ALLEGRA's moves is private, so the public struct is the same.
"""

from __future__ import annotations

from typing import Final, Literal

import spieltisch.games.allegra.actions as actions
from spieltisch.games.allegra.cards import POSITIONS, WIDTH
from spieltisch.games.allegra.phases import DEAL, DRAW_CARD, TAKE, Phase
from spieltisch.games.allegra.rules import AllegraState
from spieltisch.games.allegra.views import (
    AllegraChoiceMove,
    AllegraDrawMove,
    AllegraMove,
    AllegraPositionMove,
)

POSITION_KINDS: Final[dict[Phase, Literal["flip", "place", "take"]]] = {
    Phase.SETUP_FLIP: "flip",
    Phase.FLIP: "flip",
    Phase.PLACE: "place",
    Phase.KNOCKER_PLACE: "place",
    Phase.TAKE: "take",
    Phase.TAKE_PLACE: "place",
}
"""What a position id means at each step."""

CONTROLS: Final[dict[int, AllegraDrawMove | AllegraChoiceMove]] = {
    actions.DRAW_PILE: {"kind": "draw", "source": "pile"},
    actions.DRAW_DISCARD: {"kind": "draw", "source": "discard"},
    actions.DISCARD_DRAWN: {"kind": "discard"},
    actions.KNOCK: {"kind": "knock"},
    actions.NO_KNOCK: {"kind": "no_knock"},
    actions.DECLINE: {"kind": "decline"},
}


def action_struct(state: AllegraState, action: int) -> AllegraMove:
    """`action` as data (see the module docstring); chance outcomes name the card dealt or drawn."""
    phase = state.phase
    if phase in (DEAL, DRAW_CARD):
        value = state.settings.deck.value(action)
        if phase == DRAW_CARD:
            return {"kind": "draw_card", "card": value}
        if state.deal_next < len(state.cards):
            return {"kind": "deal", "card": value}
        return {"kind": "start_discard", "card": value}
    if action < POSITIONS:
        return _position_struct(state, action)
    if action in CONTROLS:
        return CONTROLS[action].copy()
    if actions.ACCEPT <= action < actions.CLEAR_COLUMN:
        return {"kind": "accept", "seat": action - actions.ACCEPT}
    seat = state.clear_seat
    if action < actions.CLEAR_ROW:
        column = action - actions.CLEAR_COLUMN
        positions = [column + row * WIDTH for row in range(3)]
        return {"kind": "clear", "seat": seat, "line": "column", "positions": positions}
    slots = dict(state.triples(seat))[action]
    layout = state.layouts[seat]
    positions = sorted(layout.index(slot) for slot in slots)
    return {"kind": "clear", "seat": seat, "line": "row", "positions": positions}


def _position_struct(state: AllegraState, position: int) -> AllegraPositionMove:
    """A position of the mover's layout; of the knocker's when taking from it."""
    seat = state.knocker if state.phase == TAKE else state.current_player()
    return {"kind": POSITION_KINDS[state.phase], "seat": seat, "position": position}


def public_action_struct(state: AllegraState, action: int) -> AllegraMove | None:
    """Every decision is public (face-down cards are unknown to all); chance is not."""
    if state.phase in (DEAL, DRAW_CARD):
        return None
    return action_struct(state, action)
