"""Lucandor: the turn's other actions, locks and luck (rulebook sections 2-9, Familienregel)."""

from __future__ import annotations

import random

import pytest
from lucandor_helpers import (
    card,
    cards_with,
    cell,
    codec,
    colour,
    new_state,
    play,
    put_slot,
    resolve,
    set_hand,
    set_pile,
    slot,
    source,
    take,
    target,
    thumb_card,
)

from spieltisch.core.contract import IllegalActionError
from spieltisch.games.lucandor.actions import Mode
from spieltisch.games.lucandor.rules import LucandorState, Stage
from spieltisch.games.lucandor.steps import IronTarget, Secure

CORNER = 2  # any of the four corners


def clean(state: LucandorState) -> None:
    """The player to move cleans with their lowest card; chance resolves."""
    play(state, Mode.CLEAN, state.hands[state.turn][0])
    resolve(state)
    state.check_invariants()


def dot(state: LucandorState, colour_key: str, points: int) -> int:
    return cards_with(state, "dot", dot_colour=colour_key, points=points)[0]


def lock_slot_by_seat0(state: LucandorState) -> int:
    """Seat 0 plays a scoring dot into slot 1; returns that card. Seat 1 is then to move."""
    red3 = dot(state, "rot", 3)
    set_hand(state, 0, [red3])
    play(state, Mode.FUNCTION, red3)
    state.apply_action(slot(state, 0))
    resolve(state)
    return red3


# --- 2) Wertungskarte spielen ----------------------------------------------------------------


def test_scoring_card_replaces_a_start_card_which_goes_to_its_own_pile() -> None:
    state = new_state()
    red3 = lock_slot_by_seat0(state)
    assert state.slots[0] == red3
    assert state.start_pile == [0]
    assert (state.lock_owner[0], state.lock_level[0]) == (0, 2)  # a stone on the 2
    state.check_invariants()


def test_scoring_card_replacing_a_scoring_card_discards_it() -> None:
    state = new_state()
    old = dot(state, "gelb", 2)
    put_slot(state, 0, old)
    new = dot(state, "rot", 3)
    set_hand(state, 0, [new])
    play(state, Mode.FUNCTION, new)
    state.apply_action(slot(state, 0))
    assert state.slots[0] == new and old in state.discard


def test_lock_of_2_drops_to_1_then_goes_at_its_owners_turns() -> None:
    state = new_state()
    lock_slot_by_seat0(state)
    clean(state)  # seat 1
    clean(state)  # seat 2
    assert state.turn == 0 and state.lock_level[0] == 1
    clean(state)
    clean(state)
    clean(state)
    assert state.turn == 0 and state.lock_owner[0] == -1


def bypass_2(hit: bool) -> tuple[LucandorState, int, int, int, tuple[int, int]]:
    state = new_state()
    red3 = lock_slot_by_seat0(state)
    blue2 = dot(state, "blau", 2)
    set_hand(state, 1, [blue2, card(state, "hemd", "rot"), card(state, "hemd", "orange")])
    piles = (len(state.piles[0]), len(state.piles[1]))
    play(state, Mode.FUNCTION, blue2)
    state.apply_action(slot(state, 0))
    # First a card moves unseen from seat 1's pile to the owner's pile.
    assert (len(state.piles[0]), len(state.piles[1])) == (piles[0] + 1, piles[1] - 1)
    state.apply_action(codec(state).encode_corner(CORNER))
    assert state.is_chance_node()  # the luck card is turned
    luck = thumb_card(state, CORNER, hit)
    state.apply_action(luck)
    return state, red3, blue2, luck, piles


def test_bypassing_a_2_moves_a_card_then_luck_success_replaces() -> None:
    state, red3, blue2, luck, piles = bypass_2(hit=True)
    assert state.slots[0] == blue2 and red3 in state.discard
    assert state.lock_owner[0] == -1  # seat 0's stone is back
    state.apply_action(codec(state).encode_secure(True))
    assert (state.lock_owner[0], state.lock_level[0]) == (1, 2)  # seat 1 chose to secure it
    resolve(state)
    assert luck in state.hands[1] and luck in state.known[1]  # the luck card went back on top
    assert len(state.piles[0]) == piles[0] + 1
    state.check_invariants()


def test_bypassing_a_2_failed_returns_the_card_and_ends_the_turn() -> None:
    state, red3, blue2, luck, piles = bypass_2(hit=False)
    assert state.slots[0] == red3 and (state.lock_owner[0], state.lock_level[0]) == (0, 2)
    assert blue2 in state.hands[1] and blue2 in state.known[1]  # back in hand, seen by all
    assert state.piles[1][-1] == luck  # the luck card lies on top again, face known
    assert len(state.piles[0]) == piles[0] + 1  # the given card stays given
    resolve(state)
    assert state.current_player() == 2
    state.check_invariants()


@pytest.mark.parametrize("hit", [True, False])
def test_bypassing_a_1_is_only_a_luck_check(hit: bool) -> None:
    state = new_state()
    red3 = lock_slot_by_seat0(state)
    state.lock_level[0] = 1
    blue2 = dot(state, "blau", 2)
    set_hand(state, 1, [blue2])
    piles = [len(p) for p in state.piles]
    play(state, Mode.FUNCTION, blue2)
    state.apply_action(slot(state, 0))
    assert [len(p) for p in state.piles] == piles  # no card changes piles
    state.apply_action(codec(state).encode_corner(CORNER))
    state.apply_action(thumb_card(state, CORNER, hit))
    assert state.slots[0] == (blue2 if hit else red3)
    assert (blue2 in state.hands[1]) != hit


def test_a_known_luck_card_needs_no_chance() -> None:
    """A seen top card decides at once; the corner of its thumb succeeds."""
    state = new_state()
    lock_slot_by_seat0(state)
    state.lock_level[0] = 1
    blue2 = dot(state, "blau", 2)
    set_hand(state, 1, [blue2])
    state.piles[1][-1] = seen = thumb_card(state, CORNER, True)
    state.pool.remove(seen)
    state.check_invariants()
    play(state, Mode.FUNCTION, blue2)
    state.apply_action(slot(state, 0))
    state.apply_action(codec(state).encode_corner(CORNER))
    assert state.slots[0] == blue2


def test_bypassing_needs_cards_on_the_own_pile() -> None:
    state = new_state()
    lock_slot_by_seat0(state)
    blue2 = dot(state, "blau", 2)
    set_hand(state, 1, [blue2])
    set_pile(state, 1, 1)  # a 2 needs one card to give and one to turn
    play(state, Mode.FUNCTION, blue2)
    assert slot(state, 0) not in state.legal_actions()
    assert slot(state, 1) in state.legal_actions()


def test_after_luck_the_player_may_secure_the_new_card_on_the_2() -> None:
    """Rulebook, Wertungskarte spielen: after a successful luck check "ihr dürft eure Karte
    ... auf der 2 sichern": securing is the player's choice (RULINGS.md, Lucandor), while a
    card played on a free slot always gets its stone ("platziert man")."""
    for secure in (True, False):
        state, _, blue2, _, _ = bypass_2(hit=True)
        assert state.current_player() == 1 and state.pending == Secure(blue2, 0)
        legal = state.legal_actions()
        assert [state.action_struct(a) for a in legal] == [
            {"kind": "secure", "slot": 0, "secure": False},
            {"kind": "secure", "slot": 0, "secure": True},
        ]
        assert [state.action_label(a) for a in legal] == [
            "leave scoring slot 1 without a stone",
            "secure scoring slot 1 with a stone on the 2",
        ]
        assert [state.action_label(a, "de") for a in legal] == [
            "Wertungsslot 1 nicht sichern",
            "Wertungsslot 1 mit einem Stein auf der 2 sichern",
        ]
        assert state.view(2)["pending"] == {"step": "secure", "card": blue2, "slot": 0}
        state.apply_action(codec(state).encode_secure(secure))
        assert state.lock_owner[0] == (1 if secure else -1)
        assert state.lock_level[0] == 2 or not secure
        assert state.lock_owner.count(1) == int(secure)  # a stone left unused stays free
        state.check_invariants()
        resolve(state)
        assert state.current_player() == 2


def test_past_a_1_the_choice_is_the_same() -> None:
    state = new_state()
    lock_slot_by_seat0(state)
    state.lock_level[0] = 1
    blue2 = dot(state, "blau", 2)
    set_hand(state, 1, [blue2])
    play(state, Mode.FUNCTION, blue2)
    state.apply_action(slot(state, 0))
    state.apply_action(codec(state).encode_corner(CORNER))
    state.apply_action(thumb_card(state, CORNER, True))
    assert isinstance(state.pending, Secure)


def test_without_a_free_stone_there_is_nothing_to_choose() -> None:
    state = new_state()
    lock_slot_by_seat0(state)
    state.lock_owner[1:3], state.lock_level[1:3] = [1, 1], [1, 1]  # both of seat 1's stones in use
    blue2 = dot(state, "blau", 2)
    set_hand(state, 1, [blue2, card(state, "hemd", "rot"), card(state, "hemd", "orange")])
    play(state, Mode.FUNCTION, blue2)
    state.apply_action(slot(state, 0))
    state.apply_action(codec(state).encode_corner(CORNER))
    state.apply_action(thumb_card(state, CORNER, True))
    assert state.slots[0] == blue2 and state.pending is None and state.lock_owner[0] == -1


def test_the_bot_secures_a_card_won_by_luck() -> None:
    state, _, _, _, _ = bypass_2(hit=True)
    choice = state.game.heuristic_action(state, random.Random(0))
    assert choice == codec(state).encode_secure(True)
    assert state.game.rollout_action(state, random.Random(0)) == choice


# --- 3) Schiebetür bewegen --------------------------------------------------------------------


def test_door_moves_one_section_for_one_card_and_locks_on_1() -> None:
    state = new_state()
    hat = card(state, "zylinder", "rot")
    set_hand(state, 0, [hat])
    play(state, Mode.DOOR, hat)
    assert state.legal_actions() == [codec(state).encode_section(0), codec(state).encode_section(2)]
    state.apply_action(codec(state).encode_section(0))
    assert state.door == 0 and hat in state.discard
    assert (state.lock_owner[-1], state.lock_level[-1]) == (0, 1)


def test_door_moves_two_sections_for_two_cards_and_locks_on_2() -> None:
    state = new_state()
    a, b = card(state, "zylinder", "rot"), card(state, "hemd", "rot")
    set_hand(state, 0, [a, b])
    state.door = 0
    play(state, Mode.DOOR, a)
    state.apply_action(codec(state).encode_section(2))
    assert state.legal_actions() == [codec(state).encode_second(b)]
    state.apply_action(codec(state).encode_second(b))
    assert state.door == 2 and a in state.discard and b in state.discard
    assert (state.lock_owner[-1], state.lock_level[-1]) == (0, 2)


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("hit", [True, False])
def test_locked_door_needs_luck_and_a_failure_returns_both_cards(level: int, hit: bool) -> None:
    """A stone on the door: a 2 first costs a card to its owner, then (as a 1) a luck check."""
    state = new_state()
    state.lock_owner[-1], state.lock_level[-1] = 2, level
    state.door = 2
    a, b = card(state, "zylinder", "rot"), card(state, "hemd", "rot")
    set_hand(state, 0, [a, b])
    piles = [len(p) for p in state.piles]
    play(state, Mode.DOOR, a)
    state.apply_action(codec(state).encode_section(0))
    state.apply_action(codec(state).encode_second(b))
    given = 1 if level == 2 else 0
    assert [len(p) for p in state.piles] == [piles[0] - given, piles[1], piles[2] + given]
    state.apply_action(codec(state).encode_corner(CORNER))
    state.apply_action(thumb_card(state, CORNER, hit))
    if hit:
        assert state.door == 0 and (state.lock_owner[-1], state.lock_level[-1]) == (0, 2)
        assert a in state.discard and b in state.discard
    else:
        assert state.door == 2 and a in state.hands[0] and b in state.hands[0]
        assert {a, b} <= set(state.known[0])  # returned cards are seen by all
        assert (state.lock_owner[-1], state.lock_level[-1]) == (2, level)
    state.check_invariants()


# --- 4) Endwertung spielen, 5) Kleiderbügel, 6) Nadel & Faden -------------------------------------


def test_end_scoring_tasks_at_most_two_in_different_colours_face_down() -> None:
    state = new_state()
    tasks = cards_with(state, "end")[:3]
    set_hand(state, 0, tasks)
    blue = colour(state, "blau")
    encode = codec(state).encode_play
    assert encode(Mode.FUNCTION, tasks[0]) not in state.legal_actions()
    play(state, Mode.TASK, tasks[0], blue)
    assert state.end_cards[0] == [tasks[0]] and state.end_colours[0] == [blue]
    assert state.view(1)["players"][0]["end_cards"] is None  # face down for the others
    assert state.view(1)["players"][0]["end_colours"] == [blue]
    resolve(state)
    state.turn, state.stage = 0, Stage.DECIDE
    legal = state.legal_actions()
    assert encode(Mode.TASK, tasks[1], blue) not in legal  # one chip per colour
    play(state, Mode.TASK, tasks[1], colour(state, "rot"))
    resolve(state)
    state.turn, state.stage = 0, Stage.DECIDE
    assert not any(codec(state).decode(a).mode == Mode.TASK for a in state.legal_actions())


def test_hanger_discards_an_own_end_scoring_task() -> None:
    state = new_state()
    task = cards_with(state, "end")[0]
    hanger = cards_with(state, "hanger")[0]
    set_hand(state, 0, [hanger])
    take(state, task)
    state.end_cards[0], state.end_colours[0] = [task], [colour(state, "blau")]
    state.check_invariants()
    play(state, Mode.FUNCTION, hanger)
    state.apply_action(codec(state).encode_task(0))
    assert state.end_cards[0] == [] and state.end_colours[0] == []
    assert task in state.discard and hanger in state.discard


def test_needle_and_thread_changes_a_task_colour_to_a_free_one() -> None:
    state = new_state()
    tasks = cards_with(state, "end")[:2]
    needle = cards_with(state, "needle")[0]
    set_hand(state, 0, [needle, *tasks])
    blue, red = colour(state, "blau"), colour(state, "rot")
    state.hands[0] = [needle]
    state.end_cards[0], state.end_colours[0] = list(tasks), [blue, red]
    play(state, Mode.FUNCTION, needle)
    state.apply_action(codec(state).encode_task(0))
    choices = [codec(state).decode(a).colour for a in state.legal_actions()]
    assert blue not in choices and red not in choices
    assert len(choices) == len(state.settings.model.colours) - 2
    state.apply_action(codec(state).encode_colour(colour(state, "gelb")))
    assert state.end_colours[0] == [colour(state, "gelb"), red]


def test_hanger_and_needle_need_a_task() -> None:
    state = new_state()
    hanger, needle = cards_with(state, "hanger")[0], cards_with(state, "needle")[0]
    set_hand(state, 0, [hanger, needle])
    encode = codec(state).encode_play
    assert encode(Mode.FUNCTION, hanger) not in state.legal_actions()
    assert encode(Mode.FUNCTION, needle) not in state.legal_actions()


# --- 7) Bügeleisen --------------------------------------------------------------------------------


def test_iron_moves_a_garment_and_scores_it_again() -> None:
    state = new_state()
    iron = cards_with(state, "iron")[0]
    set_hand(state, 0, [iron])
    hat = card(state, "zylinder", "rot")
    state.content[cell(state, 1, 1)][0] = [hat]
    state.refit_wardrobe()
    put_slot(state, 2, dot(state, "rot", 3))  # storeys 4-5
    play(state, Mode.FUNCTION, iron)
    state.apply_action(source(state, cell(state, 1, 1), 0, 0))
    state.apply_action(target(state, cell(state, 3, 4)))
    assert state.points[0] == 3
    assert state.content[cell(state, 1, 1)][0] == [] and state.content[cell(state, 3, 4)][0] == [hat]
    assert iron in state.discard
    state.check_invariants()


def iron_from_under(hit: bool, **options: object) -> tuple[LucandorState, int, list[int]]:
    state = new_state(**options)
    iron = cards_with(state, "iron")[0]
    set_hand(state, 0, [iron])
    stack = [card(state, "hose", "rot"), card(state, "pulli", "gelb")]
    state.content[cell(state, 1, 1)][0] = list(stack)
    state.refit_wardrobe()
    play(state, Mode.FUNCTION, iron)
    state.apply_action(source(state, cell(state, 1, 1), 0, 0))
    if not options.get("family"):
        state.apply_action(codec(state).encode_corner(CORNER))
        state.apply_action(thumb_card(state, CORNER, hit))
    return state, iron, stack


def test_iron_pulling_from_under_a_stack_after_luck() -> None:
    state, _, stack = iron_from_under(hit=True)
    assert isinstance(state.pending, IronTarget)
    assert state.content[cell(state, 1, 1)][0] == [stack[1]]  # the one above drops down
    state.apply_action(target(state, cell(state, 3, 1)))
    assert state.content[cell(state, 3, 1)][0] == [stack[0]]


def test_iron_pulling_from_under_a_stack_fails_and_the_iron_is_lost() -> None:
    state, iron, stack = iron_from_under(hit=False)
    assert state.content[cell(state, 1, 1)][0] == stack
    assert iron in state.discard and iron not in state.hands[0]
    resolve(state)
    assert state.current_player() == 1
    state.check_invariants()


def test_iron_cannot_reach_behind_the_door() -> None:
    state = new_state()
    iron = cards_with(state, "iron")[0]
    set_hand(state, 0, [iron])
    state.content[cell(state, 2, 1)][0] = [card(state, "zylinder", "rot")]  # middle: behind the door
    state.refit_wardrobe()
    assert codec(state).encode_play(Mode.FUNCTION, iron) not in state.legal_actions()
    state.content[cell(state, 1, 1)][0] = [card(state, "zylinder", "gelb")]
    state.refit_wardrobe()
    play(state, Mode.FUNCTION, iron)
    assert state.legal_actions() == [source(state, cell(state, 1, 1), 0, 0)]
    state.apply_action(state.legal_actions()[0])
    assert state.legal_actions()
    model = state.settings.model
    assert all(model.section_of(codec(state).decode(a).cell) != 1 for a in state.legal_actions())


# --- 8) Schublade -----------------------------------------------------------------------------------


def test_drawer_moves_with_its_contents_to_a_free_drawer_slot() -> None:
    state = new_state()
    drawer_card = cards_with(state, "drawer")[0]
    set_hand(state, 0, [drawer_card])
    left = cell(state, 1, 3)
    d = state.drawer_at(left)
    socks = card(state, "socken", "rot")
    state.drawer_items[d] = [socks]
    state.content[cell(state, 3, 4)][0] = [card(state, "zylinder", "rot")]  # not free any more
    state.refit_wardrobe()
    play(state, Mode.FUNCTION, drawer_card)
    encode = codec(state).encode_cell
    assert encode(cell(state, 2, 4)) not in state.legal_actions()  # behind the door
    state.apply_action(encode(left))
    assert state.legal_actions() == [encode(cell(state, 1, 4))]
    state.apply_action(encode(cell(state, 1, 4)))
    assert state.drawer_cell[d] == cell(state, 1, 4) and state.drawer_items[d] == [socks]
    assert state.drawer_at(left) == -1
    state.check_invariants()


# --- 9) Fächer putzen --------------------------------------------------------------------------------


def test_cleaning_discards_draws_and_scores_one() -> None:
    state = new_state()
    hand = list(state.hands[0])
    play(state, Mode.CLEAN, hand[0])
    assert state.points[0] == 1 and hand[0] in state.discard
    assert state.is_chance_node()  # a new card is drawn
    resolve(state)
    assert len(state.hands[0]) == 3


def test_illegal_action_changes_nothing() -> None:
    state = new_state()
    before = state.clone()
    with pytest.raises(IllegalActionError):
        state.apply_action(codec(state).encode_corner(0))
    assert state.view(0) == before.view(0)


# --- Familienregel ----------------------------------------------------------------------------------------


def test_family_rule_locks_are_1_block_one_round_and_need_no_luck() -> None:
    state = new_state(family=True)
    lock_slot_by_seat0(state)
    assert (state.lock_owner[0], state.lock_level[0]) == (0, 1)
    blue2 = dot(state, "blau", 2)
    set_hand(state, 1, [blue2])
    play(state, Mode.FUNCTION, blue2)
    assert slot(state, 0) not in state.legal_actions()  # blocked, no luck check offered
    state.apply_action(slot(state, 1))
    resolve(state)
    clean(state)  # seat 2
    assert state.turn == 0 and state.lock_owner[0] == -1


def test_family_rule_door_lock_is_1_and_iron_pulls_without_luck() -> None:
    state = new_state(family=True)
    a, b = card(state, "zylinder", "rot"), card(state, "hemd", "rot")
    set_hand(state, 0, [a, b])
    state.door = 0
    play(state, Mode.DOOR, a)
    state.apply_action(codec(state).encode_section(2))
    state.apply_action(codec(state).encode_second(b))
    assert state.lock_level[-1] == 1
    state, _, stack = iron_from_under(hit=True, family=True)
    assert isinstance(state.pending, IronTarget) and state.content[cell(state, 1, 1)][0] == [stack[1]]


def test_a_face_down_task_is_named_in_public_only_by_its_colour_chip() -> None:
    """Endwertung: the task lies face down, so others read its chip colour, not its storey or hand place."""
    state = new_state()
    tasks = cards_with(state, "end")[:2]
    hanger = cards_with(state, "hanger")[0]
    set_hand(state, 0, [hanger, tasks[0]])
    blue = colour(state, "blau")
    action = codec(state).encode_play(Mode.TASK, tasks[0], blue)
    assert "hand card" in state.action_label(action)
    assert state.public_action_label(action) == "end scoring: lay a card face down, colour blue"
    assert state.public_action_label(action, "de") == "Endwertung: eine Karte verdeckt ablegen, Farbe blau"
    play(state, Mode.TASK, tasks[0], blue)
    resolve(state)
    state.turn, state.stage = 0, Stage.DECIDE
    play(state, Mode.FUNCTION, hanger)
    drop = codec(state).encode_task(0)
    assert "storey" in state.action_label(drop)
    assert state.public_action_label(drop) == "end scoring 1: face down, blue"
    other = state.resample_from_infostate(1, random.Random(5))
    assert other.public_action_label(drop) == state.public_action_label(drop)
