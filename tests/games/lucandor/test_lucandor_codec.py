"""Lucandor's action codec: every id decodes to what encoded it (examples: tests/core/test_doctests.py)."""

from __future__ import annotations

import pytest

from spieltisch.games.lucandor.actions import Block, Codec, Decoded, Mode
from spieltisch.games.lucandor.model import load_model


def encode(codec: Codec, move: Decoded) -> int:
    """The id of a decoded move, made by the encoder of its block."""
    if move.block == Block.PLAY:
        return codec.encode_play(Mode(move.mode), move.card, move.colour)
    if move.block == Block.TARGET:
        return codec.encode_target(move.cell, move.place)
    if move.block == Block.SOURCE:
        return codec.encode_source(move.cell, move.place, move.level)
    if move.block == Block.CELL:
        return codec.encode_cell(move.cell)
    if move.block == Block.SECOND:
        return codec.encode_second(move.card)
    if move.block == Block.COLOUR:
        return codec.encode_colour(move.colour)
    if move.block == Block.SLOT:
        return codec.encode_slot(move.slot)
    if move.block == Block.SECTION:
        return codec.encode_section(move.section)
    if move.block == Block.TASK:
        return codec.encode_task(move.task)
    if move.block == Block.CORNER:
        return codec.encode_corner(move.corner)
    return codec.encode_secure(bool(move.secure))


def test_every_id_decodes_to_the_move_that_encodes_it() -> None:
    codec = Codec(load_model())
    blocks = set()
    for action in range(codec.size):
        move = codec.decode(action)
        blocks.add(move.block)
        assert encode(codec, move) == action
    assert blocks == set(Block)


def test_the_blocks_follow_the_model() -> None:
    model = load_model()
    codec = Codec(model)
    tasks = [codec.decode(a) for a in range(codec.size) if codec.decode(a).mode == Mode.TASK]
    assert len(tasks) == len(model.cards) * len(model.colours)
    assert {move.colour for move in tasks} == set(range(len(model.colours)))
    slots = [a for a in range(codec.size) if codec.decode(a).block == Block.SLOT]
    assert len(slots) == len(model.slot_storeys)


@pytest.mark.parametrize("action", [-1, 905, 10**6])
def test_an_id_outside_the_game_is_refused(action: int) -> None:
    with pytest.raises(ValueError, match="not an action id"):
        Codec(load_model()).decode(action)
