"""Variante "Mehrere Partien" (RULINGS.md ALLEGRA 7): one State holds the whole match."""

from __future__ import annotations

import random

from spieltisch import load_game
from spieltisch.core.play import sample_chance
from spieltisch.games.allegra.phases import DEAL, SETUP_FLIP
from spieltisch.games.allegra.rules import AllegraState


def _step(state: AllegraState, rng: random.Random) -> None:
    state.apply_action(
        sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
    )


def test_match_of_three_games_keeps_running_totals_and_passes_the_deal_left() -> None:
    game = load_game("allegra", 4, games=3)
    state = game.new_initial_state()
    assert isinstance(state, AllegraState)
    rng = random.Random(7)
    dealers = [state.dealer]
    first_movers = []
    while not state.is_terminal():
        before = len(state.results)
        if state.phase == SETUP_FLIP and state.setup_done == 0 and state.setup_left == 2:
            assert state.current_player() == state.dealer  # the dealer flips first
        was_setup = state.phase == SETUP_FLIP
        _step(state, rng)
        if was_setup and state.phase != SETUP_FLIP:
            first_movers.append(state.active)
        if len(state.results) > before and not state.is_terminal():
            assert state.phase == DEAL and state.draw_size == state.settings.deck.size
            assert state.totals == [sum(r[s] for r in state.results) for s in range(4)]
            assert state.scores() == [float(t) for t in state.totals]
            dealers.append(state.dealer)
    assert dealers == [0, 1, 2]
    assert first_movers == [0, 1, 2]  # the dealer takes the first turn
    assert len(state.results) == 3
    totals = [sum(r[s] for r in state.results) for s in range(4)]
    assert state.totals == totals
    assert state.winners() == [s for s in range(4) if totals[s] == min(totals)]


def test_match_ends_when_a_total_reaches_the_target() -> None:
    for seed in range(5):
        game = load_game("allegra", 3, games=20, target=66)
        state = game.new_initial_state()
        assert isinstance(state, AllegraState)
        rng = random.Random(seed)
        while not state.is_terminal():
            _step(state, rng)
        running = [0, 0, 0]
        for index, result in enumerate(state.results):
            running = [a + b for a, b in zip(running, result, strict=True)]
            reached = max(running) >= 66
            assert reached == (index == len(state.results) - 1) or len(state.results) == 20
        assert state.winners() == [s for s in range(3) if state.totals[s] == min(state.totals)]


def test_views_show_earlier_games() -> None:
    game = load_game("allegra", 2, games=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    while len(state.results) == 0:  # type: ignore[attr-defined]
        _step(state, rng)  # type: ignore[arg-type]
    view = state.view(1)
    assert view["game"] == 2 and view["results"] and view["totals"] == state.totals  # type: ignore[attr-defined]
