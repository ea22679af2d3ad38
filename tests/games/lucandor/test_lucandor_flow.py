"""Lucandor: deal, turn order, the afternoon redeal and the end scoring (Spielablauf, Spielende)."""

from __future__ import annotations

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
    take,
    thumb_card,
)

from spieltisch.games.lucandor.actions import Mode
from spieltisch.games.lucandor.rules import LucandorState, Stage


@pytest.mark.parametrize(("players", "each"), [(3, 20), (4, 15), (5, 12)])
def test_morning_deal_shares_all_60_cards_and_hands_of_three(players: int, each: int) -> None:
    state = new_state(players)
    for seat in range(players):
        assert len(state.hands[seat]) == 3
        assert len(state.hands[seat]) + len(state.piles[seat]) == each
    assert state.discard == []


def last_card(players: int, phase: int) -> LucandorState:
    """Seat 0 holds the last card of the phase; every other card is on the discard pile."""
    state = new_state(players)
    keep = state.hands[0][0]
    for seat in range(players):
        state.discard.extend(c for c in state.hands[seat] if c != keep)
        state.hands[seat] = []
        state.known[seat] = []
        state.piles[seat] = []
    state.discard.extend(state.pool)
    state.pool = []
    state.hands[0] = [keep]
    state.phase = phase
    state.check_invariants()
    return state


@pytest.mark.parametrize(("players", "each", "left"), [(3, 19, 0), (4, 14, 1), (5, 11, 2)])
def test_afternoon_redeal_counts(players: int, each: int, left: int) -> None:
    """All but the three slot cards are dealt evenly; 1 (4 players) or 2 (5) go to the discard."""
    state = last_card(players, 0)
    dots = [d for d in cards_with(state, "dot", points=2) if d not in state.hands[0]]
    for i in range(3):
        put_slot(state, i, dots[i])
    hat = card(state, "zylinder", "rot")
    state.content[cell(state, 1, 1)][0] = [hat]
    state.refit_wardrobe()
    state.placed |= 1 << hat
    play(state, Mode.CLEAN, state.hands[0][0])
    assert state.phase == 1
    assert state.stage == (Stage.LEFTOVER if left else Stage.DRAW)
    assert len(state.pool) == 57
    resolve(state)
    assert len(state.discard) == left
    for seat in range(players):
        assert len(state.hands[seat]) + len(state.piles[seat]) == each
    assert state.content[cell(state, 1, 1)][0] == [hat]  # the wardrobe keeps its garments
    assert state.placed == 0  # every garment may be put away again
    assert state.turn == 1  # turn order goes on after the morning's last player
    state.check_invariants()


@pytest.mark.parametrize(("players", "each", "left"), [(3, 18, 1), (4, 13, 3), (5, 11, 0)])
def test_afternoon_redeal_keeps_end_scoring_tasks_before_the_players(
    players: int, each: int, left: int
) -> None:
    state = last_card(players, 0)
    tasks = [t for t in cards_with(state, "end") if t not in state.hands[0]][:2]
    for t in tasks:
        take(state, t)
    state.end_cards[1], state.end_colours[1] = list(tasks), [0, 1]
    dots = [d for d in cards_with(state, "dot") if d not in state.hands[0]]
    for i in range(3):
        put_slot(state, i, dots[i])
    play(state, Mode.CLEAN, state.hands[0][0])
    resolve(state)
    assert len(state.discard) == left and state.end_cards[1] == tasks
    assert all(len(state.hands[s]) + len(state.piles[s]) == each for s in range(players))


def test_start_cards_in_slots_are_not_dealt_so_more_cards_are() -> None:
    state = last_card(3, 0)
    play(state, Mode.CLEAN, state.hands[0][0])
    resolve(state)
    assert all(len(state.hands[s]) + len(state.piles[s]) == 20 for s in range(3))


def test_player_without_cards_is_skipped_and_plays_again_when_given_one() -> None:
    state = new_state()
    state.discard.extend(state.hands[1])
    state.hands[1] = []
    set_pile(state, 1, 0)
    play(state, Mode.CLEAN, state.hands[0][0])
    resolve(state)
    assert state.current_player() == 2  # seat 1 has no cards
    state.lock_owner[0], state.lock_level[0] = 1, 2
    blue2 = cards_with(state, "dot", dot_colour="blau", points=2)[0]
    set_hand(state, 2, [blue2, card(state, "hemd", "rot"), card(state, "hemd", "gelb")])
    play(state, Mode.FUNCTION, blue2)
    state.apply_action(slot(state, 0))  # bypassing seat 1's 2 gives seat 1 a card
    assert len(state.piles[1]) == 1
    state.apply_action(codec(state).encode_corner(0))
    state.apply_action(thumb_card(state, 0, True))
    state.apply_action(codec(state).encode_secure(True))
    resolve(state)
    play(state, Mode.CLEAN, state.hands[0][0])
    resolve(state)
    assert state.current_player() == 1 and len(state.hands[1]) == 1


def test_phase_ends_only_when_every_hand_and_pile_is_empty() -> None:
    state = last_card(3, 0)
    state.hands[2] = [state.discard.pop()]
    play(state, Mode.CLEAN, state.hands[0][0])
    resolve(state)
    assert state.phase == 0 and state.current_player() == 2


def end_position(points: list[int]) -> LucandorState:
    """The afternoon's last card; seat 1 holds a task 'storey 1, red' with 2 red garments there."""
    state = last_card(3, 1)
    task = cards_with(state, "end", storey=0)[0]
    take(state, task)
    state.end_cards[1], state.end_colours[1] = [task], [colour(state, "rot")]
    state.content[cell(state, 1, 1)] = [[card(state, "zylinder", "rot")], [card(state, "pulli", "rot")]]
    state.content[cell(state, 1, 2)][0] = [card(state, "hemd", "rot")]  # storey 2 does not count
    state.refit_wardrobe()
    state.points = list(points)
    return state


def test_end_scoring_counts_garments_of_the_chip_colour_in_the_storey() -> None:
    state = end_position([0, 0, 0])
    play(state, Mode.CLEAN, state.hands[0][0])
    assert state.is_terminal()
    assert state.end_points == [0, 2, 0]
    assert state.scores() == [1.0, 2.0, 0.0] and state.winners() == [1]
    assert state.view(0)["players"][1]["end_cards"] == state.end_cards[1]  # revealed at the end


def test_drawer_garments_count_in_the_drawers_storey() -> None:
    state = end_position([0, 0, 0])
    state.end_colours[1] = [colour(state, "gelb")]
    state.end_cards[1] = [cards_with(state, "end", storey=2)[0]]
    state.discard.remove(state.end_cards[1][0])
    state.discard.append(cards_with(state, "end", storey=0)[0])
    state.drawer_items[state.drawer_at(cell(state, 1, 3))] = [card(state, "socken", "gelb")]
    state.refit_wardrobe()
    play(state, Mode.CLEAN, state.hands[0][0])
    assert state.end_points[1] == 1


def test_tie_goes_to_the_higher_end_scoring() -> None:
    state = end_position([9, 8, 3])
    play(state, Mode.CLEAN, state.hands[0][0])  # seat 0: 10, seat 1: 8 + 2
    assert state.scores()[:2] == [10.0, 10.0]
    assert state.winners() == [1]


def test_tie_in_end_scoring_too_is_a_shared_victory() -> None:
    state = end_position([7, 8, 3])
    task = cards_with(state, "end", storey=0)[1]
    take(state, task)
    state.end_cards[0], state.end_colours[0] = [task], [colour(state, "rot")]
    play(state, Mode.CLEAN, state.hands[0][0])  # seat 0: 7 + 1 + 2, seat 1: 8 + 2
    assert state.scores()[:2] == [10.0, 10.0]
    assert state.winners() == [0, 1]
    assert state.returns() == [1.0, 1.0, 0.0]
