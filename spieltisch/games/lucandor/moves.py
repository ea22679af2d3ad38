"""Lucandor's moves as data: what a front reads to tell which move a click means.

Every legal move has a struct whose "kind" says what is clicked: a hand card
(`play`, `second`), a place in the wardrobe (`put`, `take`), a drawer or a free
drawer slot (`drawer`, `drawer_slot`), a section (`door`), a scoring slot
(`slot`), an own end-scoring task (`task`), a colour (`colour`), a corner
(`corner`) or whether to secure a slot won by luck (`secure`). Its other
fields say which one, so no two legal moves share a struct. The table in
docs/rules/lucandor.md ("Moves as data") lists them.

The public struct is the move as the other seats know it: the same, except
that an end-scoring task lies face down, so neither its card nor its place in
the hand is named, only its colour chip.
"""

from __future__ import annotations

from typing import Final, Literal

from spieltisch.games.lucandor.actions import Block, Mode
from spieltisch.games.lucandor.rules import DECIDE, LucandorState
from spieltisch.games.lucandor.steps import DrawerPick, IronTarget, Secure
from spieltisch.games.lucandor.views import LucandorMove, LucandorPlayMove

Use = Literal["put_away", "function", "door", "clean", "task"]
USES: Final[dict[Mode, Use]] = {
    Mode.PUT_AWAY: "put_away",
    Mode.FUNCTION: "function",
    Mode.DOOR: "door",
    Mode.CLEAN: "clean",
    Mode.TASK: "task",
}
"""The "use" of a `play` struct for each mode: put_away, function, door, clean, task."""


def action_struct(state: LucandorState, action: int) -> LucandorMove:
    """`action` as data for the player to move (a chance outcome: the card that comes)."""
    if state.stage != DECIDE:
        return {"kind": "card", "card": action}
    move = state.settings.codec.decode(action)
    block = move.block
    if block == Block.PLAY:
        struct: LucandorPlayMove = {"kind": "play", "card": move.card, "use": USES[Mode(move.mode)]}
        if move.mode == Mode.TASK:
            struct["colour"] = move.colour
        return struct
    if block == Block.TARGET:
        step = state.pending
        assert step is not None, "a place for no garment"
        piece = step.piece if isinstance(step, IronTarget) else step.card
        return {"kind": "put", "card": piece, "cell": move.cell, "place": move.place}
    if block == Block.SOURCE:
        piece = _piece_at(state, move.cell, move.place, move.level)
        return {"kind": "take", "card": piece, "cell": move.cell, "place": move.place, "level": move.level}
    if block == Block.CELL:
        if isinstance(state.pending, DrawerPick):
            return {"kind": "drawer", "cell": move.cell}
        return {"kind": "drawer_slot", "cell": move.cell}
    if block == Block.SLOT:
        return {"kind": "slot", "slot": move.slot}
    if block == Block.SECTION:
        return {"kind": "door", "section": move.section}
    if block == Block.SECOND:
        return {"kind": "second", "card": move.card}
    if block == Block.TASK:
        seat = state.turn
        return {
            "kind": "task",
            "task": move.task,
            "colour": state.end_colours[seat][move.task],
            "card": state.end_cards[seat][move.task],
        }
    if block == Block.COLOUR:
        return {"kind": "colour", "colour": move.colour}
    if block == Block.CORNER:
        return {"kind": "corner", "corner": move.corner}
    step = state.pending
    assert isinstance(step, Secure), "a stone for no scoring slot"
    return {"kind": "secure", "slot": step.slot, "secure": bool(move.secure)}


def public_action_struct(state: LucandorState, action: int) -> LucandorMove | None:
    """`action` as every other seat knows it before it is made; None for chance (a hidden card)."""
    if state.stage != DECIDE:
        return None
    struct = action_struct(state, action)
    # An end-scoring task lies face down: only its chip is public, not its card.
    if struct["kind"] == "task":
        return {"kind": "task", "task": struct["task"], "colour": struct["colour"]}
    if struct["kind"] == "play" and struct["use"] == "task":
        return {"kind": "play", "use": "task", "colour": struct["colour"]}
    return struct


def _piece_at(state: LucandorState, cell: int, place: int, level: int) -> int:
    drawer = state.drawer_at(cell)
    stack = state.drawer_items[drawer] if drawer >= 0 else state.content[cell][place]
    return stack[level]
