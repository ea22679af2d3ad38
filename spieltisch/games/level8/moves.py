"""LEVEL 8 moves as data: what a front reads to tell what a click means.

Every move names the things a player points at: a hand card by its kind
(`card`, see cards.py), a discard pile or a laid group by its `owner` seat (and
the group's index among that seat's groups), a part of the level being laid
by its index (`part`, as in the view's `requirements`), a player to skip by
`seat`. A joker's meaning is `number` (runs and sets) or `colour` (colour
groups). So "hand card, then own pile" is the one `discard` of that card,
"hand card, then a level part" the one `pick` of it (a joker's meaning chosen
among the picks that differ only in it), "hand card, then a laid group" the
`lay_off` of that card (its `onto` lists the groups it fits), followed by the
`lay_off_onto` of that group, and "skip card, then a player" the `skip` of
that seat. The table of kinds and fields is in docs/rules/level8.md.

Every move but a card kept for the next round (back side) shows its card on
the table, so the public form is the same struct; a kept card stays hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.contract import Move
from spieltisch.games.level8 import actions as A
from spieltisch.games.level8.cards import JOKER, SKIP
from spieltisch.games.level8.levels import COLOUR, RUN
from spieltisch.games.level8.solver import Group, layoff_ends, layoff_meaning, meaning_of

if TYPE_CHECKING:
    from spieltisch.games.level8.rules import Level8State

END_NAMES = ("low", "high")


def action_struct(state: Level8State, action: int) -> Move:
    """`action` as data for the player to move (a chance outcome: the card it brings)."""
    if state.is_chance_node():
        return _chance_struct(state, action)
    if action == A.DRAW_STOCK:
        return {"kind": "draw_stock"}
    if action < A.DISCARD:
        owner = action - A.DRAW_PILE
        return {"kind": "draw_pile", "owner": owner, "card": state.piles[owner][-1]}
    if action < A.SKIP_AT:
        return {"kind": "discard", "card": action - A.DISCARD, "owner": state.player}
    if action < A.TAKE_SKIP:
        return {"kind": "skip", "card": SKIP, "seat": action - A.SKIP_AT}
    if action == A.TAKE_SKIP:
        return {"kind": "take_skip"}
    if action == A.START_LAYDOWN:
        return {"kind": "start_lay_down", "level": state.level[state.player]}
    if action == A.CANCEL:
        if state.layoff_card >= 0:
            return {"kind": "cancel", "what": "lay_off", "card": state.layoff_card}
        return {"kind": "cancel", "what": "lay_down"}
    if action < A.LAYOFF:
        return _pick_struct(state, action)
    if action < A.TARGET:
        return _lay_off_struct(state, action - A.LAYOFF)
    if action < A.KEEP:
        return _onto_struct(state, action)
    if action < A.KEEP_DONE:
        return {"kind": "keep", "card": action - A.KEEP}
    return {"kind": "keep_done"}


def public_action_struct(state: Level8State, action: int) -> Move | None:
    """The move as the other seats know it: all but a kept card is played face up."""
    if state.is_chance_node():
        return None  # deals and draws go into a hand unseen (the turned-up card shows in the view)
    if A.KEEP <= action < A.KEEP_DONE:
        return {"kind": "keep"}
    return action_struct(state, action)


def _chance_struct(state: Level8State, card: int) -> Move:
    if not state.deal_queue:
        return {"kind": "draw_card", "card": card, "seat": state.player}
    seat = state.deal_queue[0]
    if seat < 0:
        return {"kind": "turn_up", "card": card, "owner": state.dealer}
    return {"kind": "deal", "card": card, "seat": seat}


def _meaning(part_kind: int, meaning: int) -> Move:
    return {"colour": meaning} if part_kind == COLOUR else {"number": meaning}


def _pick_struct(state: Level8State, action: int) -> Move:
    part_kind = state.level_parts(state.player)[state.part][0]
    if action < A.JOKER_NUMBER:
        card = action - A.PICK
        meaning = meaning_of(part_kind, card)
    elif action < A.JOKER_COLOUR:
        card, meaning = JOKER, action - A.JOKER_NUMBER + 1
    else:
        card, meaning = JOKER, action - A.JOKER_COLOUR
    return {"kind": "pick", "card": card, "part": state.part, **_meaning(part_kind, meaning)}


def _lay_off_struct(state: Level8State, card: int) -> Move:
    onto = [
        {"owner": owner, "group": index}
        for owner, groups in enumerate(state.groups)
        for index, group in enumerate(groups)
        if layoff_ends(card, group)
    ]
    return {"kind": "lay_off", "card": card, "onto": onto}


def _onto_struct(state: Level8State, action: int) -> Move:
    owner, index, end = A.split_target(action)
    group: Group = state.groups[owner][index]
    card = state.layoff_card
    move: Move = {"kind": "lay_off_onto", "card": card, "owner": owner, "group": index}
    if group[0] == RUN:
        move["end"] = END_NAMES[end]
    meaning = layoff_meaning(card, group, end)
    assert meaning is not None, "a lay-off target the card does not fit"
    return {**move, **_meaning(group[0], meaning)}
