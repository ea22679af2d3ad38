"""LEVEL 8's words as people read them: seats counted from 1 as on the screen (the data
counts from 0), and counted nouns in the singular for one ("1 card", "1 Karte")."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from level8_positions import position

from spieltisch.core.play import sample_chance
from spieltisch.games.level8 import actions as A
from spieltisch.games.level8.game import Level8Game
from spieltisch.games.level8.phases import DRAW
from spieltisch.games.level8.rules import Level8State

SEAT = re.compile(r"\b(?:seats?|Seat|Platz|Plätze) (\d+(?:, \d+)*)")
ONE_OF_MANY = re.compile(r"\b1 (?:[\w-]+ )?(?:cards|turns|Karten|Zügen|skip cards|Aussetzen-Karten)\b")


def texts_of(state: Level8State, action: int | None) -> list[str]:
    """Every text a person reads about the state: the tables, every move's names, and after
    a move what it showed and why the game ended."""
    found = []
    for lang in ("en", "de"):
        found += [state.render_text(seat, lang, 80) for seat in (*range(state.num_players), None)]
        if not state.is_chance_node():
            found += [state.action_label(a, lang) for a in state.legal_actions()]
        if action is not None:
            result = state.public_result(action, lang)
            found.append(result["text"] if result else "")
        reason = state.end_reason(lang)
        found.append(reason.text if reason else "")
    return found


def check_words(text: str, players: int) -> None:
    for numbers in SEAT.findall(text):
        assert all(1 <= int(n) <= players for n in numbers.split(", ")), text
    assert not ONE_OF_MANY.search(text), text
    assert "(s)" not in text and "(n)" not in text, text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_every_text_counts_seats_from_1_and_says_1_card(seed: int, players: int) -> None:
    game = Level8Game(players, {"round_turns": 8 * players, "side": "back"})
    state, rng = game.new_initial_state(), random.Random(seed)
    action = None
    while True:
        if state.version % 7 == 0 or state.is_terminal():
            for text in texts_of(state, action):
                check_words(text, players)
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = rng.choice(legal) if rng.random() < 0.3 else game.heuristic_action(state, rng)
        state.apply_action(action)


def test_move_names_count_seats_from_1() -> None:
    state = position(hands={0: "R4 O5 S"}, piles={1: "R6", 2: "B2"})
    labels = {state.action_label(a) for a in state.legal_actions()}
    assert {"skip seat 2", "skip seat 3"} <= labels
    draw = position(hands={0: "R4 O5"}, piles={1: "R6"}, phase=DRAW)
    assert draw.action_label(A.DRAW_PILE + 1) == "take R6 from seat 2's pile"
    assert draw.action_label(A.DRAW_PILE + 1, "de") == "R6 vom Ablagestapel von Platz 2 nehmen"
    assert draw.action_struct(A.DRAW_PILE + 1)["owner"] == 1, "the data counts from 0"


def test_one_card_is_a_card() -> None:
    state = position(hands={0: "R4", 1: "R5 R6"})
    state.stock_size, state.under = 1, 1
    table = state.render_text(0, "en", 200)
    assert "draw pile: 1 card (+1 face-up skip card under it)" in table
    assert "Seat 1 (you): level 1: 2 runs of 3 · not laid down · 1 card ·" in table
    assert "Seat 2: level 1: 2 runs of 3 · not laid down · 2 cards ·" in table
    german = state.render_text(0, "de", 200)
    assert "Nachziehstapel: 1 Karte (+1 offene Aussetzen-Karte darunter)" in german
    assert "Platz 1 (du): Level 1: 2 Dreierfolgen · nicht ausgelegt · 1 Karte ·" in german
