"""The end explained: why the game ended and each seat's cards collected."""

from __future__ import annotations

import random

from calcory_helpers import cover, deal, give_back, place, stop, turn

from spieltisch import load_game
from spieltisch.core.play import sample_chance
from spieltisch.core.wording import seat_names
from spieltisch.games.calcory.phases import EMPTY


def test_a_single_card_ending_names_who_took_it() -> None:
    state = deal(2, [4, 9, 8, 8, 7, 3, 2])
    turn(state, "A1", "A2")  # seat 0 hits 13
    give_back(state, 4)
    place(state, "A2")
    turn(state, "A3", "A4")  # seat 1 busts
    cover(state)
    assert state.end_reason() is None
    turn(state, "A5")  # seat 0 holds cards: turns one 7 and stops
    stop(state)
    turn(state, "A6", "A7")  # seat 1: 3 + 2 = 5 does not beat 7; seat 0 takes its single card
    stop(state)
    reason = state.end_reason()
    assert reason is not None and (reason.kind, reason.capped) == ("single_card", False)
    assert "Seat 1 took an offer of a single card" in reason.text  # seat 0, counted from 1
    assert "Platz 1 hat eine Einzelkarte aufgenommen" in state.end_reason("de").text  # type: ignore[union-attr]
    with seat_names(["Anna", "Bea"]):
        assert state.end_reason().text.startswith("Anna took an offer")  # type: ignore[union-attr]
        assert state.end_reason("de").text.startswith("Anna hat eine Einzelkarte")  # type: ignore[union-attr]
    assert [[(line.label, line.points) for line in lines] for lines in state.score_breakdown()] == [
        [("cards collected", 2.0)],
        [("cards collected", 0.0)],
    ]
    assert state.score_breakdown("de")[0][0].label == "gesammelte Karten"


def test_nothing_left_is_explained() -> None:
    state = deal(2, [4, 9])
    turn(state, "A1", "A2")
    give_back(state, 9)
    place(state, "A1")
    # Built by hand, as play cannot reach it: the table empty, no offer standing.
    state.cards[0], state.status[0], state.known[0] = -1, EMPTY, -1
    state.piles[0].append(9)
    for p in state.downs:
        if p != 0:
            state.piles[1].append(state.cards[p])
        state.cards[p], state.status[p] = -1, EMPTY
    state.downs = []
    state._begin_turn()
    reason = state.end_reason("en")
    assert reason is not None and (reason.kind, reason.capped) == ("nothing_left", False)


def test_the_idle_cap_says_it_decided() -> None:
    state = deal(2, [9, 5, 8, 6], idle_turn_limit=2)
    turn(state, "A1", "A2")
    cover(state)
    turn(state, "A3", "A4")
    cover(state)
    reason = state.end_reason()
    assert reason is not None and (reason.kind, reason.capped) == ("idle_cap", True)
    assert "2 played turns in a row" in reason.text
    assert "Sicherheitsgrenze" in state.end_reason("de").text  # type: ignore[union-attr]
    assert state.view(None)["end"] == "idle"  # the view says the cap decided


def test_random_games_explain_their_end_and_add_up() -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            state = _finished(players, seed)
            reason = state.end_reason()
            assert reason is not None and reason.kind in ("single_card", "nothing_left", "idle_cap")
            assert reason.capped == (reason.kind == "idle_cap")
            totals = [sum(line.points for line in lines) for lines in state.score_breakdown("de")]
            assert totals == state.scores()


def _finished(players: int, seed: int):  # type: ignore[no-untyped-def]
    game = load_game("calcory", players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(game.heuristic_action(state, rng))
    return state
