"""What people read in ALLEGRA, Calcory and Souvenirs: one card is "1 card" ("1 Karte"),
and seats are counted from 1 ("Seat 1" is the first seat), as on every screen.

Seeded heuristic games, some with tiny safety caps and targets so that the rare
texts appear too, are read at every step in both languages: the tables, the
move names, what each move showed, and at the end the reason and the scoring.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.core.contract import State
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game

LANGS = ("en", "de")
PLURAL_AFTER_ONE = re.compile(  # "turns" alone is a verb too ("Seat 1 turns up")
    r"(?<![\d.,+-])1 (?:more |played )?(?:cards|cubes|games|points|moves|"
    r"Karten|Partien|Züge|Zügen|Punkte|Runden)\b|(?:of 1|1 played) turns\b"
)
EITHER_FORM = re.compile(r"\w\((?:s|n|e|en)\)")
SEAT_ZERO = re.compile(r"\b(?:[Ss]eat|Platz) 0\b")
CASES = [
    ("allegra", 2, {}),
    ("allegra", 4, {}),
    ("allegra", 3, {"turn_cap": 1}),
    ("allegra", 2, {"games": 3, "target": 1}),
    ("calcory", 2, {}),
    ("calcory", 3, {"idle_turn_limit": 1}),
    ("souvenirs", 2, {}),
    ("souvenirs", 4, {}),
]


def texts_of_a_game(name: str, players: int, options: dict[str, Any], seed: int) -> Iterator[str]:
    """Every text of a seeded heuristic game, step by step."""
    game = load_game(name, players, **options)
    rng = random.Random(seed)
    state: State = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = game.heuristic_action(state, rng)
            for lang in LANGS:
                yield from (state.render_text(seat, lang) for seat in (None, state.current_player()))
                yield from (state.action_label(a, lang) for a in state.legal_actions())
                yield state.public_action_label(action, lang) or ""
        state.apply_action(action)
        for lang in LANGS:
            shown = state.public_result(action, lang)
            yield shown["text"] if shown else ""
    for lang in LANGS:
        reason = state.end_reason(lang)
        assert reason is not None
        yield reason.text
        yield from (line.label for lines in state.score_breakdown(lang) for line in lines)
        yield from (state.render_text(seat, lang) for seat in (None, *range(players)))


def wrong_plurals(text: str) -> list[str]:
    return PLURAL_AFTER_ONE.findall(text) + EITHER_FORM.findall(text)


def test_the_check_sees_a_wrong_plural() -> None:
    assert wrong_plurals("Draw pile: 1 cards") and wrong_plurals("turns up 1 more card(s)")
    assert wrong_plurals("the safety cap of 1 turns") and wrong_plurals("1 played turns in a row")
    assert not wrong_plurals("Seat 1 turns up 2 cards")
    assert wrong_plurals("nach 1 Partien") and wrong_plurals("deckt noch 1 Karte(n) auf")
    assert not wrong_plurals("Draw pile: 1 card, 11 cards, 21 cards, 1 card collected")


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_one_of_a_thing_is_singular_and_seats_count_from_1(
    name: str, players: int, options: dict[str, Any]
) -> None:
    found, seat_zero, last_seat = set(), [], False
    for seed in (1, 2):
        for text in texts_of_a_game(name, players, options, seed):
            found.update(wrong_plurals(text))
            seat_zero += SEAT_ZERO.findall(text)
            last_seat |= f"Seat {players}" in text or f"Platz {players}" in text
    assert not found, sorted(found)
    assert not seat_zero and last_seat


def test_souvenirs_cubes_carry_seat_numbers_from_1() -> None:
    game = load_game("souvenirs", 4)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else game.heuristic_action(state, rng)
        )
    marks = re.findall(
        r"\d/\d|(?<![-+\d])\d(?!\d)", state.render_text(None).splitlines()[0].split("Seat")[0]
    )  # the cubes over the columns
    seats = {int(seat) for mark in marks for seat in mark.split("/")}
    assert marks and seats <= {1, 2, 3, 4} and 4 in seats
