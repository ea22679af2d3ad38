"""Lucandor's hooks for search: estimate_scores, rollout_action, and the wardrobe's fit index."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from lucandor_helpers import card, cards_with, cell, colour, new_state, take

from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.games.lucandor import bot
from spieltisch.games.lucandor.game import LucandorGame
from spieltisch.games.lucandor.rules import LucandorState
from spieltisch.games.lucandor.steps import Corner, DoorSecond


def estimate(state: LucandorState) -> list[float]:
    game = state.game
    assert isinstance(game, LucandorGame)
    return game.estimate_scores(state)


def with_task(chip: str) -> LucandorState:
    """Seat 1 has laid the task 'storey 1' with chip `chip`; two red garments lie in storey 1."""
    state = new_state()
    task = cards_with(state, "end", storey=0)[0]
    take(state, task)
    state.end_cards[1], state.end_colours[1] = [task], [colour(state, chip)]
    state.content[cell(state, 1, 1)] = [[card(state, "zylinder", "rot")], [card(state, "pulli", "rot")]]
    state.refit_wardrobe()
    return state


def test_estimate_is_the_points_while_nobody_has_a_task() -> None:
    state = new_state()
    state.points = [4, 0, 7]
    assert estimate(state) == [4.0, 0.0, 7.0]


def test_a_task_that_will_pay_raises_the_estimate() -> None:
    red, blue = with_task("rot"), with_task("blau")
    assert estimate(red)[1] - estimate(blue)[1] == 2.0  # the two red garments in its storey
    assert estimate(blue)[1] > 0.0  # garments may still come: the task is worth something
    assert estimate(red)[0] == estimate(red)[2] == 0.0  # the others have no task


def test_the_estimate_follows_the_wardrobe() -> None:
    state = with_task("rot")
    before = estimate(state)[1]
    state.content[cell(state, 3, 1)][0] = [card(state, "peruecke", "rot")]
    state.refit_wardrobe()
    assert estimate(state)[1] == before + 1.0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_estimate_is_the_score_at_the_end(players: int) -> None:
    game = load_game("lucandor", players)
    rng = random.Random(players)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(game.heuristic_action(state, rng))
    assert isinstance(state, LucandorState)
    assert any(state.end_points), "the game should have scored some task"
    assert estimate(state) == state.scores()


def decision_states(players: int, family: bool, seed: int) -> list[LucandorState]:
    """Every decision of one game whose players mix random and heuristic moves."""
    game = load_game("lucandor", players, family=family)
    rng = random.Random(seed)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        assert isinstance(state, LucandorState)
        found.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(rng.choice(legal) if rng.random() < 0.4 else game.heuristic_action(state, rng))
    return found


@pytest.mark.parametrize(("players", "family"), [(3, False), (4, True), (5, False)])
def test_rollout_action_is_always_legal(players: int, family: bool) -> None:
    rng = random.Random(1)
    states = decision_states(players, family, seed=players)
    for state in states:
        assert bot.rollout(state, rng) in state.legal_actions()
        other = state.resample_from_infostate((state.turn + 1) % players, rng)
        assert bot.rollout(other, rng) in other.legal_actions()
    assert len({type(state.pending) for state in states}) > 5  # many kinds of sub-step were met


def test_rollout_action_is_as_good_as_the_heuristic_by_its_own_values() -> None:
    """Playouts follow the heuristic's values; only equally valued moves are chosen at random."""
    rng = random.Random(2)
    differ = 0
    for state in decision_states(3, False, seed=9):
        choice, heuristic = bot.rollout(state, rng), bot.choose(state)
        if choice != heuristic:
            differ += 1
            greedy = bot.Greedy(state)
            if not isinstance(state.pending, Corner | DoorSecond):
                assert greedy.value(choice) == greedy.value(heuristic)
    assert differ > 0, "ties should sometimes be broken differently"


def test_the_fit_index_must_follow_the_wardrobe() -> None:
    """A hand edit of the wardrobe without refit_wardrobe() is caught by check_invariants."""
    state = new_state()
    for section, garment in ((1, "pulli"), (3, "hose")):
        piece = card(state, garment, "gelb")
        take(state, piece)
        state.discard.append(piece)  # its garment lies in the wardrobe
        state.content[cell(state, section, 5)] = [[piece], []]
    with pytest.raises(AssertionError, match="fit_cells"):
        state.check_invariants()
    state.refit_wardrobe()
    assert not state.has_target(state.settings.model.cards[card(state, "schuhe", "rot")].garment, -1)


def test_the_information_state_string_tells_exactly_what_the_view_tells() -> None:
    states = decision_states(4, False, seed=3)
    rng = random.Random(4)
    pairs = list(pairwise(states))
    pairs += [(state, state.resample_from_infostate(seat, rng)) for state in states[::5] for seat in (0, 2)]
    same = 0
    for a, b in pairs:
        for seat in range(4):
            alike = a.view(seat) == b.view(seat)
            assert alike == (a.information_state_string(seat) == b.information_state_string(seat))
            same += alike
    assert 0 < same < 4 * len(pairs)
