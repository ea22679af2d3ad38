"""Rulebook "Spielende & Wertung" (RULINGS.md ALLEGRA 4-5): trigger, final round, scores."""

from __future__ import annotations

import random

from allegra_table import all_but, build, draw_from_pile, position

from spieltisch.core.play import sample_chance
from spieltisch.games.allegra import actions as A
from spieltisch.games.allegra.actions import GAP
from spieltisch.games.allegra.phases import OVER
from spieltisch.games.allegra.rules import AllegraState
from spieltisch.games.allegra.scoring import game_scores


def _quiet_turn(state: AllegraState) -> None:
    """The active player draws a 5 from the pile, discards it and flips a card (nobody knocks)."""
    draw_from_pile(state, 5)
    while state.current_player() != state.active:
        state.apply_action(A.NO_KNOCK)
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(state.legal_actions()[0])


def test_shared_column_flip_finishes_the_neighbour_who_becomes_the_trigger() -> None:
    """Schlussrunde "durch die Aktion eines beliebigen Spielers": a flip in a shared column."""
    state = build(4, {(0, "AL"): 4}, up=all_but(1, "AR"))
    assert not state.finished(1)
    draw_from_pile(state, 5)
    for _ in range(3):
        state.apply_action(A.NO_KNOCK)
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(position("AL"))
    assert state.finished(1) and not state.finished(0)
    assert state.trigger == 1
    # Everyone but the trigger gets one more turn from the active player's left: 2, 3, then 0.
    assert state.final_round and state.active == 2 and state.final_queue == [3, 0]
    _quiet_turn(state)
    assert state.active == 3
    _quiet_turn(state)
    assert state.active == 0
    _quiet_turn(state)
    assert state.phase == OVER and all(state.up)
    assert state.triggers == [1]


def test_two_players_finished_by_one_action_the_active_player_is_trigger() -> None:
    """Wenn dies für zwei Spieler zutrifft, ist der aktive Spieler der Auslöser."""
    up = all_but(0, "AL") + all_but(1, "AR")
    state = build(4, {(0, "AL"): 4}, up=up)
    draw_from_pile(state, 5)
    for _ in range(3):
        state.apply_action(A.NO_KNOCK)
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(position("AL"))
    assert state.finished(0) and state.finished(1)
    assert state.trigger == 0
    # Seat 1 is finished when its final turn comes: skipped, so seat 2 plays next.
    assert state.active == 2 and state.had_final[1]
    _quiet_turn(state)
    _quiet_turn(state)
    assert state.phase == OVER


def test_final_reveal_does_not_clear() -> None:
    """Nach der letzten Runde: alle Karten aufdecken, keine Karten mehr abräumen."""
    cards = {(2, "A1"): 5, (2, "B1"): 5, (2, "C1"): 5}
    up = all_but(1, "AR")
    state = build(3, cards, up=up)
    draw_from_pile(state, 5)
    state.apply_action(A.NO_KNOCK)
    state.apply_action(A.NO_KNOCK)
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(position("AL"))
    assert state.trigger == 1
    while state.phase != OVER:  # seat 2 and seat 0 play without touching column 1
        draw_from_pile(state, 5)
        while state.current_player() != state.active:
            state.apply_action(A.NO_KNOCK)
        state.apply_action(A.DISCARD_DRAWN)
        downs = state.legal_actions()
        state.apply_action(next(p for p in downs if p % 5 != 1) if state.active == 2 else downs[0])
    column = [state.cards[state.layouts[2][p]] for p in (1, 6, 11)]
    assert column == [5, 5, 5] and all(state.up)


def test_empty_layout_scores_minus_ten_and_is_not_doubled() -> None:
    """Wer alle 15 Karten entfernt hat, bekommt -10 Punkte (negative: no doubling)."""
    keep = ("A1", "A2", "A3")
    state = build(
        3, {(0, "A1"): 6, (0, "A2"): 6, (0, "A3"): 1}, up=[(0, "A1"), (0, "A2")], gaps=all_but(0, *keep)
    )
    assert state.card_count(0) == 3
    draw_from_pile(state, 6)
    state.apply_action(A.NO_KNOCK)
    state.apply_action(A.NO_KNOCK)
    state.apply_action(position("A3"))
    assert all(state.cards[s] == GAP for s in state.layouts[0])
    assert state.trigger == 0
    while state.phase != OVER:
        _quiet_turn(state)
    assert state.results[0][0] == -10
    assert state.totals[0] == -10
    assert state.winners() == [0]


def _finish_seat_one(cards: dict[tuple[int, str], int]) -> AllegraState:
    """Seat 0 flips the shared card that was seat 1's last face-down card; play to the end."""
    state = build(4, {(0, "AL"): 4, **cards}, up=all_but(1, "AR"))
    draw_from_pile(state, 5)
    for _ in range(3):
        state.apply_action(A.NO_KNOCK)
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(position("AL"))
    assert state.trigger == 1
    while state.phase != OVER:
        _quiet_turn(state)
    return state


def test_trigger_tied_for_lowest_is_doubled() -> None:
    """Doppelte Punkte, wenn er nicht *alleine* am wenigsten Punkte hat: a tie still doubles."""
    state = _finish_seat_one({})
    plain = game_scores(state.cards, state.layouts, -1, -10)
    assert plain[1] == min(plain) and plain.count(plain[1]) == 2 and plain[1] > 0
    assert state.results[0] == [plain[0], 2 * plain[1], *plain[2:]]


def test_trigger_alone_lowest_is_not_doubled() -> None:
    rows = {"A": (1, 0, 1, 0), "B": (0, 1, 0, 1, 2), "C": (1, 0, 1, 0, 2)}
    low = {(1, r + c): v for r, values in rows.items() for c, v in zip("L123R", values, strict=False)}
    state = _finish_seat_one(low)
    plain = game_scores(state.cards, state.layouts, -1, -10)
    assert plain[1] == 14 and plain.count(14) == 1 and min(plain) == 14
    assert state.results[0] == plain  # alone lowest: kept as it is


def _scores(sums: list[int], trigger: int) -> list[int]:
    """game_scores for layouts whose only card is each sum (one slot per seat)."""
    cards = list(sums)
    layouts = [[seat] for seat in range(len(sums))]
    return game_scores(cards, layouts, trigger, -10)


def test_doubling_rule_and_its_exceptions() -> None:
    assert _scores([20, 12, 30], 0) == [40, 12, 30]  # not lowest: doubled
    assert _scores([12, 12, 30], 0) == [24, 12, 30]  # tied lowest is not alone: doubled
    assert _scores([11, 12, 30], 0) == [11, 12, 30]  # alone lowest: kept
    assert _scores([-1, -3, 30], 0) == [-1, -3, 30]  # negative: never doubled
    assert _scores([0, -3, 30], 0) == [0, -3, 30]  # zero stays zero
    assert _scores([20, 12, 30], -1) == [20, 12, 30]  # no trigger (safety cap): none doubled


def test_empty_layout_in_scoring_counts_minus_ten() -> None:
    cards = [GAP, 4, 9]
    assert game_scores(cards, [[0], [1], [2]], 1, -10) == [-10, 8, 9]


def test_shared_cards_count_for_both_neighbours() -> None:
    state = build(3, {})
    final = game_scores(state.cards, state.layouts, -1, -10)
    total = sum(final)
    own = sum(v for i, v in enumerate(state.cards) if i % 12 < 9)
    shared = sum(v for i, v in enumerate(state.cards) if i % 12 >= 9)
    assert total == own + 2 * shared


def test_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top() -> None:
    """Digital ruling: the discard pile, all but its top card, becomes the new draw pile."""
    state = build(3, {}, top=7)
    deck = state.settings.deck
    for kind, count in enumerate(state.draw):  # construct: every card left is on the discard pile
        state.discard[:0] = [deck.value(kind)] * count
        state.draw[kind] = 0
    size = len(state.discard)
    state.draw_size = 0
    state.check_invariants()
    assert A.DRAW_PILE in state.legal_actions()
    state.apply_action(A.DRAW_PILE)
    assert state.discard == [7] and state.draw_size == size - 1 and not state.draw_fresh
    assert state.view(0)["draw_known"] == state.draw  # the refilled pile's cards were all seen
    state.check_invariants()


def test_random_games_end_with_winners() -> None:
    from spieltisch import load_game

    for players in (2, 6):
        game = load_game("allegra", players)
        for seed in range(10):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(
                    sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
                )
            assert state.winners() and all(state.up)  # type: ignore[attr-defined]
