"""Taking a move back: the stored step that does it, and replaying a table's steps with it.

A player may take back their own last move while it revealed nothing (the
game says so, `State.reveals_nothing`), no chance event followed it and
nobody else has moved since. Nothing is deleted: the step that takes a move
back is stored after it like any other (its `action` is UNDO_ACTION, `undoes`
the move's index), so the table's version only ever grows, a restart or
another server process replays the same state, and the log keeps both lines.
"""

from __future__ import annotations

from collections.abc import Iterable

from spieltisch.core.contract import AnyGame, IllegalActionError, State
from spieltisch.core.record import RecordError
from spieltisch.server.errors import LANGS
from spieltisch.server.store import ActionRow, Texts

UNDO_ACTION = -1
"""The action stored for a step that takes a move back (never a game's action id)."""
TAKEBACK_DEPTH = 20
"""How many moves in a row a table remembers as takeable back (each takes one step)."""

TOOK_BACK = {"en": 'took back "{move}"', "de": "nahm „{move}“ zurück"}
TOOK_BACK_UNNAMED = {"en": "took back a move", "de": "nahm einen Zug zurück"}


def _took_back(names: Texts | None) -> Texts:
    if not names:
        return dict(TOOK_BACK_UNNAMED)
    return {lang: TOOK_BACK[lang].format(move=names.get(lang) or names[LANGS[0]]) for lang in LANGS}


def undo_row(idx: int, move: ActionRow) -> ActionRow:
    """The step at `idx` that takes back `move`, named for its mover and for everybody else
    as the move itself was."""
    return ActionRow(
        idx,
        UNDO_ACTION,
        move.seat,
        label=_took_back(move.label),
        public=_took_back(move.public),
        undoes=move.idx,
    )


def rewind(state: State) -> State:
    """The state before `state`'s last action, replayed from the start."""
    earlier: State = state.game.new_initial_state()
    for action in state.history()[:-1]:
        earlier.apply_legal_action(action)
    return earlier


def follow_takeback(takeback: list[ActionRow], row: ActionRow) -> None:
    """Keep `takeback` the moves at the end of the play that could each be taken back, newest last."""
    if row.undoes is not None:
        takeback.pop()
    elif row.seat >= 0 and row.undoable:
        takeback.append(row)
        del takeback[:-TAKEBACK_DEPTH]
    else:
        takeback.clear()


def advance(state: State, takeback: list[ActionRow], rows: Iterable[ActionRow]) -> State:
    """The state after `rows` (stored in order after `state`, which is left as it was); `takeback`
    follows them. A step that takes back anything but the last such move is a broken record."""
    state = state.clone()
    for row in rows:
        if row.undoes is not None:
            if not takeback or takeback[-1].idx != row.undoes:
                raise RecordError(f"step {row.idx} takes back move {row.undoes}, which cannot be taken back")
            state = rewind(state)
        else:
            try:
                state.apply_action(row.action)
            except IllegalActionError as error:
                raise RecordError(f"action {row.idx} ({row.action}) does not replay: {error}") from None
        follow_takeback(takeback, row)
    return state


def replay_rows(game: AnyGame, rows: Iterable[ActionRow]) -> tuple[State, list[ActionRow]]:
    """The state after a table's stored steps, and the moves that could be taken back now."""
    takeback: list[ActionRow] = []
    return advance(game.new_initial_state(), takeback, rows), takeback
