"""Lucandor's end explained: why it ended, and each seat's points as the rulebook scores them."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from lucandor_helpers import (
    card,
    cards_with,
    cell,
    colour,
    new_state,
    play,
    put_slot,
    resolve,
    set_hand,
    take,
    target,
)

from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.games.lucandor.actions import Mode
from spieltisch.games.lucandor.rules import LucandorState, Stage


def labels(state: LucandorState, seat: int, lang: str = "en") -> list[tuple[str, float]]:
    return [(line.label, line.points) for line in state.score_breakdown(lang)[seat]]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 5))
def test_the_lines_add_up_to_the_score_during_play_and_at_the_end(seed: int, players: int) -> None:
    game = load_game("lucandor", players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        assert state.end_reason() is None
        if rng.random() < 0.05:
            for seat, lines in enumerate(state.score_breakdown()):
                assert sum(line.points for line in lines) == state.points[seat]
                assert not any(line.label.startswith("end scoring") for line in lines)  # tasks lie face down
        state.apply_action(game.heuristic_action(state, rng))
    breakdown = state.score_breakdown("de")
    assert [sum(line.points for line in lines) for lines in breakdown] == state.scores()
    assert any(line.label.startswith("Endwertung") for lines in breakdown for line in lines)
    reason = state.end_reason()
    assert reason is not None and reason.kind == "cards_played" and not reason.capped
    assert "afternoon" in reason.text and "Nachmittag" in state.end_reason("de").text  # type: ignore[union-attr]


def test_a_placement_is_named_with_where_it_went_and_its_doubling() -> None:
    """Wertungsbeispiel 1, doubled: green trousers under green 3 beside a green hat score 6."""
    state = new_state()
    trousers = card(state, "hose", "gruen")
    set_hand(state, 0, [trousers])
    put_slot(state, 0, cards_with(state, "dot", dot_colour="gruen", points=3)[0])
    state.content[cell(state, 1, 1)][1] = [card(state, "zylinder", "gruen")]
    state.refit_wardrobe()
    play(state, Mode.PUT_AWAY, trousers)
    state.apply_action(target(state, cell(state, 1, 1)))
    assert labels(state, 0) == [("morning: trousers green into storey 1 left (doubled)", 6.0)]
    assert labels(state, 0, "de") == [("Vormittag: Hose grün in Etage 1 links (verdoppelt)", 6.0)]


def test_cleaning_is_one_line_and_a_placement_without_points_none() -> None:
    state = new_state()
    hat, wig = card(state, "zylinder", "lila"), card(state, "peruecke", "lila")
    set_hand(state, 0, [hat, wig])
    play(state, Mode.PUT_AWAY, hat)  # no slot shows purple
    state.apply_action(target(state, cell(state, 1, 1)))
    assert labels(state, 0) == []
    for _ in range(2):
        resolve(state)
        state.turn, state.stage = 0, Stage.DECIDE
        play(state, Mode.CLEAN, state.hands[0][0])
    assert labels(state, 0) == [("cleaning the compartments (2x)", 2.0)]


def test_each_end_scoring_task_is_a_line_at_the_end() -> None:
    state = new_state()
    task = cards_with(state, "end", storey=0)[0]
    take(state, task)
    state.end_cards[1], state.end_colours[1] = [task], [colour(state, "rot")]
    state.content[cell(state, 1, 1)] = [[card(state, "zylinder", "rot")], [card(state, "pulli", "rot")]]
    state.refit_wardrobe()
    assert labels(state, 1) == []  # face down until the end
    state.end_points[1] = 2
    state.stage = Stage.OVER
    assert labels(state, 1) == [("end scoring: storey 1, red (2 garments)", 2.0)]
    assert labels(state, 1, "de") == [("Endwertung: Etage 1, rot (2 Kleidungsstücke)", 2.0)]


def test_a_task_that_counts_one_garment_says_so_in_the_singular() -> None:
    state = new_state()
    task = cards_with(state, "end", storey=0)[0]
    take(state, task)
    state.end_cards[1], state.end_colours[1] = [task], [colour(state, "rot")]
    state.content[cell(state, 1, 1)] = [[card(state, "zylinder", "rot")], []]
    state.refit_wardrobe()
    state.end_points[1] = 1
    state.stage = Stage.OVER
    assert labels(state, 1) == [("end scoring: storey 1, red (1 garment)", 1.0)]
    assert labels(state, 1, "de") == [("Endwertung: Etage 1, rot (1 Kleidungsstück)", 1.0)]
