"""Terminal text, move names and the heuristic bot's strength."""

from __future__ import annotations

import random

from allegra_table import build, draw_from_pile

from spieltisch import load_game
from spieltisch.core.play import sample_chance
from spieltisch.lab.arena import play_match


def test_table_text_shows_every_layout_with_its_shared_columns() -> None:
    for players in range(2, 7):
        state = build(players, {(0, "AL"): 4}, up=[(0, "AL")])
        draw_from_pile(state, 5)
        text = state.render_text(0, "en")
        for seat in range(players):
            assert f"Seat {seat + 1}" in text  # counted from 1
        assert "Seat 1 (you)" in text and "Drawn card: 5" in text
        assert "A   4 |" in text and "|  4" in text  # seat 0's AL is seat 1's AR
        assert "L is shared with the next seat" in text
        assert "##" in text  # face-down cards are hidden
        german = state.render_text(None, "de")
        assert "Platz 1" in german and "Gezogene Karte: 5" in german


def test_move_names_are_unique_in_both_languages() -> None:
    for players in (2, 4, 6):
        game = load_game("allegra", players)
        rng = random.Random(players)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            for lang in ("en", "de"):
                labels = [state.action_label(a, lang) for a in legal]
                assert len(set(labels)) == len(labels), labels
            state.apply_action(rng.choice(legal))


def test_heuristic_beats_random_clearly() -> None:
    """Fixed-seed match, seats rotating: the Wilson lower bound beats the fair share."""
    for players, games in ((2, 40), (4, 48)):
        bots = ["heuristic"] + ["random"] * (players - 1)
        match = play_match("allegra", bots, games, seed=11)
        low, _ = match.wilson_interval("heuristic")
        assert low > 1 / players, (players, match.win_share("heuristic"))


def test_heuristic_beats_itself_less_clearly_a_sanity_check_of_the_arena() -> None:
    match = play_match("allegra", ["heuristic", "heuristic", "random"], 12, seed=5)
    assert match.win_share("heuristic") > match.win_share("random")


def test_rollout_policy_is_legal_and_blind() -> None:
    """The cheap playout policy for search: always legal, same choice on resampled states."""
    game = load_game("allegra", 4)
    rng = random.Random(2)
    state = game.new_initial_state()
    rollout = game.rollout_action  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        choice = rollout(state, rng)
        assert choice in state.legal_actions()
        other = state.resample_from_infostate(state.current_player(), random.Random(rng.random()))
        assert rollout(other, rng) == choice
        state.apply_action(choice)
