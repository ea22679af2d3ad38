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

A whole level is laid down in one move by `lay_down` (`lay_down_steps`): every
part's cards as data, which become the steps above (start, then one pick per
card), so the action ids stay the small fixed set the rules enumerate.

Every move but a card kept for the next round (back side) shows its card on
the table, so the public form is the same struct; a kept card stays hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, TypeGuard

import spieltisch.games.level8.actions as actions
from spieltisch.core.contract import IllegalActionError
from spieltisch.games.level8.cards import COLOURS, JOKER, NUMBER_KINDS, SKIP, VALUES
from spieltisch.games.level8.levels import COLOUR, RUN
from spieltisch.games.level8.rules import Level8State
from spieltisch.games.level8.solver import layoff_ends, layoff_meaning
from spieltisch.games.level8.views import (
    Level8GroupRef,
    Level8LayOffMove,
    Level8LayOffOntoMove,
    Level8Move,
    Level8PickMove,
)

END_NAMES: Final[tuple[Literal["low"], Literal["high"]]] = ("low", "high")
# Moves that are just their kind: the id is the whole of it.
BARE_KINDS: Final[dict[int, Literal["draw_stock", "take_skip", "keep_done"]]] = {
    actions.DRAW_STOCK: "draw_stock",
    actions.TAKE_SKIP: "take_skip",
    actions.KEEP_DONE: "keep_done",
}


def action_struct(state: Level8State, action: int) -> Level8Move:
    """`action` as data for the player to move (a chance outcome: the card it brings)."""
    if state.is_chance_node():
        return _chance_struct(state, action)
    block, arg = actions.decode(action)
    if block in BARE_KINDS:
        return {"kind": BARE_KINDS[block]}
    if block == actions.DRAW_PILE:
        return {"kind": "draw_pile", "owner": arg, "card": state.piles[arg][-1]}
    if block == actions.DISCARD:
        return {"kind": "discard", "card": arg, "owner": state.player}
    if block == actions.SKIP_AT:
        return {"kind": "skip", "card": SKIP, "seat": arg}
    if block == actions.START_LAYDOWN:
        return {"kind": "start_lay_down", "level": state.level[state.player]}
    if block == actions.CANCEL:
        if state.layoff_card >= 0:
            return {"kind": "cancel", "what": "lay_off", "card": state.layoff_card}
        return {"kind": "cancel", "what": "lay_down"}
    if block in (actions.PICK, actions.JOKER_NUMBER, actions.JOKER_COLOUR):
        return _pick_struct(state, action)
    if block == actions.LAYOFF:
        return _lay_off_struct(state, arg)
    if block == actions.ONTO:
        return _onto_struct(state, action)
    return {"kind": "keep", "card": arg}


def public_action_struct(state: Level8State, action: int) -> Level8Move | None:
    """The move as the other seats know it: all but a kept card is played face up."""
    if state.is_chance_node():
        return None  # deals and draws go into a hand unseen (the turned-up card shows in the view)
    if actions.decode(action)[0] == actions.KEEP_CARD:
        return {"kind": "keep"}
    return action_struct(state, action)


def _chance_struct(state: Level8State, card: int) -> Level8Move:
    if not state.deal_queue:
        return {"kind": "draw_card", "card": card, "seat": state.player}
    seat = state.deal_queue[0]
    if seat < 0:
        return {"kind": "turn_up", "card": card, "owner": state.dealer}
    return {"kind": "deal", "card": card, "seat": seat}


def _pick_struct(state: Level8State, action: int) -> Level8PickMove:
    part_kind = state.level_parts(state.player)[state.part][0]
    card, meaning = actions.split_pick(action, part_kind)
    move: Level8PickMove = {"kind": "pick", "card": card, "part": state.part}
    if part_kind == COLOUR:
        move["colour"] = meaning
    else:
        move["number"] = meaning
    return move


def _lay_off_struct(state: Level8State, card: int) -> Level8LayOffMove:
    onto: list[Level8GroupRef] = [
        {"owner": owner, "group": index}
        for owner, groups in enumerate(state.groups)
        for index, group in enumerate(groups)
        if layoff_ends(card, group)
    ]
    return {"kind": "lay_off", "card": card, "onto": onto}


def _onto_struct(state: Level8State, action: int) -> Level8LayOffOntoMove:
    owner, index, end = actions.split_onto(action)
    group = state.groups[owner][index]
    card = state.layoff_card
    move: Level8LayOffOntoMove = {"kind": "lay_off_onto", "card": card, "owner": owner, "group": index}
    if group[0] == RUN:
        move["end"] = END_NAMES[end]
    meaning = layoff_meaning(card, group, end)
    assert meaning is not None, "a lay-off target the card does not fit"
    if group[0] == COLOUR:
        move["colour"] = meaning
    else:
        move["number"] = meaning
    return move


def lay_down_steps(state: Level8State, move: Mapping[str, Any]) -> list[int]:
    """A `lay_down` move (`Level8LayDownMove`) as its steps: start, then every part's cards
    in the level's order. IllegalActionError, saying why, when it is not legal now."""
    if move.get("kind") != "lay_down":
        raise IllegalActionError(f"no move of several steps is called {move.get('kind')!r}")
    if not state.is_legal(actions.START_LAYDOWN):
        raise IllegalActionError("the level cannot be laid down now")
    parts = state.level_parts(state.player)
    given = move.get("parts")
    if not isinstance(given, list) or len(given) != len(parts):
        raise IllegalActionError(f"the level has {len(parts)} parts")
    trial = state.clone()
    steps = [actions.START_LAYDOWN]
    trial.apply_action(actions.START_LAYDOWN)
    for number, ((kind, size), cards) in enumerate(zip(parts, given, strict=True), start=1):
        if not isinstance(cards, list) or len(cards) != size:
            raise IllegalActionError(f"part {number} takes {size} cards")
        for placed in cards:
            step = _placed_step(placed, kind)
            if step is None or not trial.is_legal(step):
                raise IllegalActionError(f"the cards of part {number} do not fit it")
            trial.apply_action(step)
            steps.append(step)
    return steps


def _placed_step(placed: object, part_kind: int) -> int | None:
    """The pick id of one placed card ({"card", and a joker's "number" or "colour"}), or None."""
    if not isinstance(placed, Mapping):
        return None
    card = placed.get("card")
    if not _whole(card) or not (0 <= card < NUMBER_KINDS or card == JOKER):
        return None
    if card != JOKER:
        return actions.pick_id(card, 0, part_kind)  # a number card stands for itself
    if part_kind == COLOUR:
        colour = placed.get("colour")
        return actions.pick_id(card, colour, part_kind) if _whole(colour) and 0 <= colour < COLOURS else None
    number = placed.get("number")
    return actions.pick_id(card, number, part_kind) if _whole(number) and 1 <= number <= VALUES else None


def _whole(value: object) -> TypeGuard[int]:
    """A JSON integer (true and 2.0 are not)."""
    return isinstance(value, int) and not isinstance(value, bool)
