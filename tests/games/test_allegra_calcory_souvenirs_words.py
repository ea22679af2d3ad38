"""What people read in ALLEGRA, Calcory and Souvenirs: one card is "1 card" ("1 Karte").

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
def test_one_of_a_thing_is_singular_in_every_text(name: str, players: int, options: dict[str, Any]) -> None:
    found = set()
    for seed in (1, 2):
        for text in texts_of_a_game(name, players, options, seed):
            found.update(wrong_plurals(text))
    assert not found, sorted(found)
