"""Rulebook "Klopfen" (RULINGS.md ALLEGRA 6): eligibility, the choice and the whole sequence."""

from __future__ import annotations

import random

import pytest
from allegra_table import all_but, build, draw_from_pile, layout, position, slot

from spieltisch import IllegalActionError
from spieltisch.core.wording import seat_names
from spieltisch.games.allegra import actions as A
from spieltisch.games.allegra.phases import (
    CLEAR,
    DRAW,
    KNOCK_ASK,
    KNOCK_CHOOSE,
    KNOCKER_PLACE,
    PLACE,
    TAKE,
    TAKE_PLACE,
)


def _knock_round(state, answers: dict[int, bool]) -> None:  # type: ignore[no-untyped-def]
    """Answer the knock questions in the order asked; check that order."""
    asked = []
    while state.phase == KNOCK_ASK:
        seat = state.current_player()
        asked.append(seat)
        state.apply_action(A.KNOCK if answers.get(seat, False) else A.NO_KNOCK)
    assert asked == list(answers)


def test_knock_in_which_knocker_and_active_player_both_clear() -> None:
    """Klopfen angenommen: (a)-(d) with clears by the knocker (twice) and the active player."""
    state = build(
        4,
        {
            (1, "A1"): 9,
            (1, "B1"): 9,
            (1, "C1"): 4,  # face down; the knocker will hold it
            (1, "A2"): 4,
            (1, "A3"): 2,
            (1, "AR"): 4,  # = seat 0's AL
            (0, "A2"): 2,
            (0, "B2"): 2,
            (0, "C2"): 11,  # face down; replaced by the taken 2
        },
        up=[(1, "A1"), (1, "B1"), (1, "A2"), (1, "A3"), (1, "AR"), (0, "A2"), (0, "B2")],
    )
    draw_from_pile(state, 9)
    assert state.view(None)["drawn"] == 9  # shown to all
    _knock_round(state, {1: True, 2: False, 3: True})  # from the active player's left
    assert state.phase == KNOCK_CHOOSE and state.current_player() == 0
    assert state.legal_actions() == [A.DECLINE, A.ACCEPT + 1, A.ACCEPT + 3]
    assert state.action_label(A.ACCEPT + 1) == "accept the knock of seat 2"
    with seat_names(["Anna", "Bea", "Cem", "Dana"]):  # a table that knows its players names them
        assert state.action_label(A.ACCEPT + 1) == "accept the knock of Bea"
        assert state.action_label(A.ACCEPT + 3, "de") == "Klopfen von Dana annehmen"
    state.apply_action(A.ACCEPT + 1)
    assert state.phase == KNOCKER_PLACE and state.current_player() == 1
    state.apply_action(position("C1"))  # (a) exchange, (b) column 1 of 9s clears
    assert state.held == 4
    assert [layout(state, 1)[position(n)] for n in ("A1", "B1", "C1")] == [None, None, None]
    assert state.phase == TAKE and state.current_player() == 0
    state.apply_action(position("A3"))  # (c) the active player takes the knocker's 2
    assert state.phase == TAKE_PLACE
    with pytest.raises(IllegalActionError):
        state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(position("C2"))  # column 2 of 2s clears; the 11 is discarded
    # (d) the held 4 fills the freed A3: row A of the knocker is gap 4 4 4 -> clears again.
    knocker = layout(state, 1)
    assert [knocker[position(n)] for n in ("A2", "A3", "AR")] == [None, None, None]
    assert layout(state, 0)[position("AL")] is None  # the shared 4 went for seat 0 too
    assert [layout(state, 0)[position(n)] for n in ("A2", "B2", "C2")] == [None, None, None]
    assert state.discard[-10:] == [9, 9, 9, 2, 2, 2, 11, 4, 4, 4]
    assert state.phase == DRAW and state.active == 1  # the turn is over
    state.check_invariants()


def test_knock_where_the_knocker_is_left_with_no_card() -> None:
    """If the knocker holds no card after (b), (c) and (d) lapse and the held card is discarded."""
    keep = {"AL": 7, "A1": 7, "A2": 7, "C1": 3, "C2": 3, "C3": 10}
    cards = {(1, name): value for name, value in keep.items()}
    gaps = [spot for spot in all_but(1, *keep) if spot[1] not in keep]
    state = build(
        3, cards, up=[(1, "AL"), (1, "A1"), (1, "A2"), (1, "C1"), (1, "C2")], gaps=gaps, allow_triples=True
    )
    assert state.card_count(1) == 6
    draw_from_pile(state, 3)
    _knock_round(state, {1: True, 2: False})
    state.apply_action(A.ACCEPT + 1)
    state.apply_action(position("C3"))
    assert state.phase == CLEAR and state.current_player() == 1  # the knocker chooses
    assert state.legal_actions() == [A.CLEAR_ROW + position("AL"), A.CLEAR_ROW + position("C1")]
    state.apply_action(A.CLEAR_ROW + position("C1"))
    assert state.card_count(1) == 0
    assert state.discard[-7:] == [3, 3, 3, 7, 7, 7, 10]  # the held 10 is discarded
    # The knocker's last face-down card left: seat 1 finished first and is the trigger.
    assert state.trigger == 1
    assert state.phase == DRAW and state.active == 2
    state.check_invariants()


def test_active_player_may_decline_every_knock() -> None:
    state = build(4, {})
    draw_from_pile(state, 5)
    _knock_round(state, {1: True, 2: True, 3: False})
    state.apply_action(A.DECLINE)
    assert state.phase == PLACE and state.current_player() == 0 and state.drawn == 5


def test_no_knocking_after_a_draw_from_the_discard_pile() -> None:
    state = build(4, {}, top=6)
    state.apply_action(A.DRAW_DISCARD)
    assert state.phase == PLACE and state.drawn == 6 and state.knock_queue == []


def test_no_knocking_with_three_cards_or_fewer() -> None:
    """Mitspieler dürfen nicht klopfen, wenn sie nur noch drei oder weniger Karten besitzen."""
    keep = ("A1", "A2", "A3")
    state = build(4, {}, gaps=[spot for spot in all_but(2, *keep)])
    assert state.card_count(2) == 3
    draw_from_pile(state, 5)
    assert state.knock_queue == [1, 3]
    four = build(4, {}, gaps=[spot for spot in all_but(2, *keep, "B1")])
    draw_from_pile(four, 5)
    assert four.knock_queue == [1, 2, 3]


def test_no_knocking_with_two_players_or_when_switched_off() -> None:
    for state in (build(2, {}), build(4, {}, knocking=False)):
        draw_from_pile(state, 5)
        assert state.phase == PLACE and state.knock_queue == []


def test_no_knocking_after_ones_final_round_turn() -> None:
    """Not after one's final-round turn; the trigger has had their last turn too."""
    state = build(4, {(1, "AR"): 6}, up=all_but(1, "AR"))
    draw_from_pile(state, 5)
    _knock_round(state, {1: False, 2: False, 3: False})
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(position("AL"))  # seat 0 flips the shared card: seat 1 is finished
    assert state.trigger == 1 and state.final_round
    assert state.active == 2
    draw_from_pile(state, 5)
    _knock_round(state, {3: False, 0: False})  # trigger 1 is not asked
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(state.legal_actions()[0])
    assert state.active == 3
    draw_from_pile(state, 5)
    _knock_round(state, {0: False})  # seat 2 has had its final turn
    state.check_invariants()


def test_knocker_exchange_that_finishes_two_others_makes_the_first_in_turn_order_trigger() -> None:
    """One action finishes several, the active player not among them: the first in turn order."""
    shared = (2, "AL")  # C2: seat 2's left column, seat 3's right column
    up = [s for s in all_but(2, "AL")] + [s for s in all_but(3, "AR")]
    state = build(4, {shared: 8}, up=up)
    assert slot(state, 2, "AL") == slot(state, 3, "AR")
    draw_from_pile(state, 1)
    _knock_round(state, {1: False, 2: True, 3: False})
    state.apply_action(A.ACCEPT + 2)
    state.apply_action(position("AL"))
    assert state.finished(2) and state.finished(3)
    assert state.trigger == 2


def test_taking_a_face_down_card_names_no_value_in_public() -> None:
    """Klopfen (c): a face-down card of the knocker is taken unseen; its name says only "face down"."""
    state = build(3, {(1, "B2"): 7}, up=[])
    draw_from_pile(state, 9)
    _knock_round(state, {1: True, 2: False})
    state.apply_action(A.ACCEPT + 1)
    state.apply_action(position("A1"))  # (a) the knocker exchanges
    assert state.phase == TAKE
    take = position("B2")
    label = state.public_action_label(take)
    german = state.public_action_label(take, "de")
    assert label is not None and german is not None and "Platz 2" in german
    with seat_names(["Anna", "Bea", "Cem"]):
        assert state.public_action_label(take) == label.replace("seat 2", "Bea")
        assert state.public_action_label(take, "de") == german.replace("Platz 2", "Bea")
    assert label == state.action_label(take) and "face-down" in label and "7" not in label
    for seed in range(5):
        other = state.resample_from_infostate(2, random.Random(seed))
        assert other.public_action_label(take) == label
