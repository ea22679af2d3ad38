"""The heuristic weighs each exchange on the table itself and puts everything back:
the same worth as on a copy of the table, and the state unchanged."""

from __future__ import annotations

import random

from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.core.snapshot import snapshot
from spieltisch.games.allegra.actions import GAP
from spieltisch.games.allegra.bot import Evaluator
from spieltisch.games.allegra.rules import AllegraState


def worth_on_a_copy(ev: Evaluator, seat: int, position: int, value: int, removed: int) -> float:
    """The exchange as the heuristic defines it, worked out on copied card lists."""
    state = ev.state
    cards, up = list(state.cards), list(state.up)
    if removed >= 0:
        cards[removed] = GAP
        up[removed] = True
    slot = state.layouts[seat][position]
    cards[slot] = value
    up[slot] = True
    ev.settle(seat, cards, up)
    return ev.worth(seat, cards, up)


def positions(players: int, seed: int, count: int) -> list[AllegraState]:
    game = load_game("allegra", players)
    rng = random.Random(seed)
    found: list[AllegraState] = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            if rng.random() < 0.2:
                found.append(state.clone())
            state.apply_action(game.heuristic_action(state, rng))
    return found


def test_exchanges_weighed_in_place_match_a_copy_and_change_nothing() -> None:
    checked = cleared = 0
    for players in (2, 4):
        for state in positions(players, seed=players, count=60):
            before = snapshot(state)
            ev = Evaluator(state)
            for seat in range(players):
                for removed in (-1, *state.layouts[(seat + 1) % players][:3]):
                    settled = ev.is_settled(seat, removed)
                    for position, slot in enumerate(state.layouts[seat]):
                        if state.cards[slot] == GAP or slot == removed:
                            continue
                        for value in (state.cards[slot], 0, 7):
                            expected = worth_on_a_copy(ev, seat, position, value, removed)
                            assert ev.after_exchange(seat, position, value, removed, settled) == expected
                            cleared += expected != ev.worth(seat, state.cards, state.up)
                            checked += 1
            assert snapshot(state) == before
    assert checked > 1000 and cleared > 0


def best_place_one_by_one(ev: Evaluator, seat: int, value: int, removed: int) -> tuple[float, int]:
    """The best exchange as the heuristic defines it: every position's worth, the first best kept."""
    state = ev.state
    best = (float("inf"), -1)
    for position, slot in enumerate(state.layouts[seat]):
        if state.cards[slot] == GAP or slot == removed:
            continue
        worth = worth_on_a_copy(ev, seat, position, value, removed)
        if worth < best[0]:
            best = (worth, position)
    return best


def test_the_best_exchange_summed_from_running_sums_is_the_one_by_one_best_to_the_last_bit() -> None:
    """Ties fall alike: the worth of every exchange is the same float, so the same position wins."""
    checked = 0
    for players in (2, 4, 6):
        for state in positions(players, seed=10 + players, count=60):
            before = snapshot(state)
            ev = Evaluator(state)
            for seat in range(players):
                neighbours = state.layouts[(seat + 1) % players] + state.layouts[seat - 1]
                for removed in (-1, *neighbours[::4]):
                    for value in {-1, 0, 4, 7, 11, round(ev.mean), *state.cards[:6]} - {GAP}:
                        found = ev.best_place(seat, value, removed)
                        assert found == best_place_one_by_one(ev, seat, value, removed)
                        checked += 1
            assert snapshot(state) == before
    assert checked > 5000
