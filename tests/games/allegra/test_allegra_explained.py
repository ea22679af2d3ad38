"""The end explained: why the match ended and each score in the rulebook's parts."""

from __future__ import annotations

import random

from allegra_table import all_but, build, draw_from_pile, position

from spieltisch import load_game
from spieltisch.core.contract import ScoreLine
from spieltisch.core.play import sample_chance
from spieltisch.core.wording import seat_names
from spieltisch.games.allegra import actions as A
from spieltisch.games.allegra.phases import OVER
from spieltisch.games.allegra.rules import AllegraState


def _quiet_turn(state: AllegraState) -> None:
    """The active player draws a 5 from the pile, discards it and flips a card (nobody knocks)."""
    draw_from_pile(state, 5)
    while state.current_player() != state.active:
        state.apply_action(A.NO_KNOCK)
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(state.legal_actions()[0])


def _labels(lines: list[ScoreLine]) -> list[tuple[str, float]]:
    return [(line.label, line.points) for line in lines]


def test_a_doubled_trigger_shows_its_sum_and_the_doubling() -> None:
    # Seat 0 flips the shared card that was seat 1's last face-down card.
    state = build(4, {(0, "AL"): 4}, up=all_but(1, "AR"))
    assert state.end_reason() is None
    draw_from_pile(state, 5)
    for _ in range(3):
        state.apply_action(A.NO_KNOCK)
    state.apply_action(A.DISCARD_DRAWN)
    state.apply_action(position("AL"))
    while state.phase != OVER:
        _quiet_turn(state)
    own = state.layout_scores[0][1]
    assert state.results[0][1] == 2 * own > 0  # tied for lowest: doubled
    reason = state.end_reason()
    assert reason is not None and reason.kind == "trigger" and not reason.capped
    assert reason.text.startswith("Seat 2 finished first")  # seat 1 counted from 1
    assert f"so its {own} was doubled to {2 * own}." in reason.text
    german = state.end_reason("de").text  # type: ignore[union-attr]
    assert "Platz 2 war zuerst fertig" in german and f"Wertung: aus {own} wurden {2 * own} Punkte" in german
    with seat_names(["Anna", "Bea", "Cem", "Dana"]):
        named = state.end_reason().text  # type: ignore[union-attr]
        named_de = state.end_reason("de").text  # type: ignore[union-attr]
    assert named.startswith("Bea finished first") and "Bea did not have the lowest score alone" in named
    assert named_de.startswith("Bea war zuerst fertig") and "Bea hatte nicht allein" in named_de
    breakdown = state.score_breakdown()
    assert _labels(breakdown[1]) == [("sum of the 15 positions", own), ("doubled as the trigger", own)]
    assert _labels(state.score_breakdown("de")[1])[1] == ("verdoppelt als Auslöser", own)
    assert [sum(line.points for line in lines) for lines in breakdown] == state.scores()


def test_an_empty_layout_scores_minus_ten_in_the_breakdown() -> None:
    keep = ("A1", "A2", "A3")
    cards = {(0, "A1"): 6, (0, "A2"): 6, (0, "A3"): 1}
    state = build(3, cards, up=[(0, "A1"), (0, "A2")], gaps=all_but(0, *keep))
    draw_from_pile(state, 6)
    state.apply_action(A.NO_KNOCK)
    state.apply_action(A.NO_KNOCK)
    state.apply_action(position("A3"))  # the 6 clears the row: nothing is left
    while state.phase != OVER:
        _quiet_turn(state)
    assert _labels(state.score_breakdown()[0]) == [("empty layout", -10.0)]
    assert _labels(state.score_breakdown("de")[0]) == [("leere Auslage", -10.0)]


def _play(players: int, seed: int, **options: object) -> AllegraState:
    game = load_game("allegra", players, **options)
    state = game.new_initial_state()
    assert isinstance(state, AllegraState)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(game.heuristic_action(state, rng))
    return state


def test_a_match_explains_its_end_and_every_game_in_the_totals() -> None:
    state = _play(3, 1, games=3)
    reason = state.end_reason("en")
    assert reason is not None and reason.kind == "games" and "after 3 games" in reason.text
    assert "nach 3 Partien" in state.end_reason("de").text  # type: ignore[union-attr]
    for seat, lines in enumerate(state.score_breakdown()):
        assert sum(line.points for line in lines) == state.scores()[seat]
        assert {line.label.split(":")[0] for line in lines} == {"game 1", "game 2", "game 3"}


def test_a_match_to_a_target_names_who_reached_it() -> None:
    state = _play(3, 2, games=20, target=40)
    reason = state.end_reason()
    assert reason is not None and reason.kind == "target"
    reached = [seat for seat, total in enumerate(state.totals) if total >= 40]
    assert reached and all(f"Seat {seat + 1}" in reason.text for seat in reached)
    assert f"after {len(state.results)} games" in reason.text


def test_the_end_says_doubled_exactly_when_the_trigger_was_doubled() -> None:
    seen = set()
    for seed in range(12):
        state = _play(3, seed)
        trigger = state.triggers[0]
        doubled = state.results[0][trigger] != state.layout_scores[0][trigger]
        for lang, word in (("en", "doubled"), ("de", "Wertung: aus")):
            assert (word in state.end_reason(lang).text) == doubled  # type: ignore[union-attr]
        seen.add(doubled)
    assert seen == {True, False}  # both cases were seen
