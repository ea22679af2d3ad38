"""Search hooks of ALLEGRA: estimated final scores, and the heuristic's fast exchange check."""

from __future__ import annotations

import random

import pytest
from allegra_table import build
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch import load_game
from spieltisch.bots import make_bot
from spieltisch.bots.ismcts import IsmctsBot
from spieltisch.games.allegra.actions import GAP
from spieltisch.games.allegra.bot import Evaluator, unseen_mean
from spieltisch.games.allegra.clearing import find_triples, in_triple
from spieltisch.games.allegra.phases import DEAL
from spieltisch.games.allegra.rules import AllegraState
from spieltisch.games.allegra.search import estimate_scores
from tests.core.walk import random_walk


def _random_states(seed: int, players: int, games: int = 1) -> list[AllegraState]:
    """Every decision state of one random game (or match), and its end."""
    game = load_game("allegra", players, games=games)
    state = game.new_initial_state()
    assert isinstance(state, AllegraState)
    return random_walk(state, random.Random(seed))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), games=st.integers(1, 2))
def test_the_estimate_is_the_score_at_the_end_and_the_totals_before_a_deal(
    seed: int, players: int, games: int
) -> None:
    states = _random_states(seed, players, games)
    end = states[-1]
    assert estimate_scores(end) == end.scores()
    assert end.game.estimate_scores(end) == end.scores()  # the Game hook ISMCTS finds
    for state in states:
        estimate = estimate_scores(state)
        assert len(estimate) == players
        if state.phase == DEAL:
            assert estimate == state.scores()


def test_lower_cards_in_view_estimate_better() -> None:
    """Lower is better: the seat showing 0 and 1 beats the seat showing 10 and 11."""
    low = {(0, "A1"): 0, (0, "A2"): 1}
    high = {(1, "A1"): 10, (1, "A2"): 11}
    state = build(2, {**low, **high}, up=[*low, *high])
    estimate = estimate_scores(state)
    assert estimate[0] < estimate[1]
    mean = unseen_mean(state)
    own_down = sum(1 for slot in state.layouts[0] if not state.up[slot])
    up_sum = sum(state.cards[slot] for slot in state.layouts[0] if state.up[slot])
    assert estimate[0] == pytest.approx(up_sum + own_down * mean)


def test_the_estimate_counts_face_down_cards_at_the_unseen_mean_not_their_value() -> None:
    """It reads no hidden card: every redeal of the face-down cards estimates the same."""
    state = _random_states(5, 3)[40]
    rng = random.Random(1)
    for _ in range(5):
        other = state.resample_from_infostate(0, rng)
        assert estimate_scores(other) == pytest.approx(estimate_scores(state))


def test_a_trigger_not_alone_lowest_is_doubled_as_at_the_end() -> None:
    cards = {(0, "A1"): 0, (1, "A1"): 9, (1, "A2"): 9}
    state = build(2, cards, up=list(cards))
    plain = estimate_scores(state)
    assert plain[1] > plain[0] > 0
    state.trigger = 1
    assert estimate_scores(state) == pytest.approx([plain[0], 2 * plain[1]])
    state.trigger = 0  # alone with the lowest: not doubled
    assert estimate_scores(state) == pytest.approx(plain)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_the_heuristics_quick_triple_check_changes_no_exchange_worth(seed: int, players: int) -> None:
    """Clearing only when the new card makes a triple gives the same worth as always clearing."""
    for state in _random_states(seed, players)[::7]:
        evaluator = Evaluator(state)
        for seat in range(players):
            # Also with a card taken away from a neighbour's layout (knocking), which may open a run.
            for removed in (-1, state.layouts[(seat + 1) % players][0]):
                settled = evaluator.is_settled(seat, removed)
                for position, slot in enumerate(state.layouts[seat]):
                    if state.cards[slot] == GAP or slot == removed:
                        continue
                    for value in (-1, 3, 11, state.cards[slot]):
                        quick = evaluator.after_exchange(seat, position, value, removed, settled)
                        assert quick == evaluator.after_exchange(seat, position, value, removed)


@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(st.sampled_from([GAP, 2, 2, 2, 5]), min_size=15, max_size=15),
    up=st.lists(st.booleans(), min_size=15, max_size=15),
)
def test_in_triple_agrees_with_find_triples(values: list[int], up: list[bool]) -> None:
    up = [shown or value == GAP for value, shown in zip(values, up, strict=True)]
    slots = tuple(range(15))
    in_some = {slot for _, triple in find_triples(values, up, slots) for slot in triple}
    for position in slots:
        if values[position] != GAP and up[position]:
            assert in_triple(values, up, slots, position) == (position in in_some)


def test_the_default_search_cuts_playouts_short_and_plays_legal_moves() -> None:
    """The game's search defaults cut playouts off, which needs its score estimate."""
    state = _random_states(8, 2)[30]
    bot = make_bot("ismcts:30", state.game, state.current_player())
    assert isinstance(bot, IsmctsBot)
    assert bot.settings.cutoff and bot.settings.rollout == "heuristic"
    assert state.game.estimate_scores(state) is not None
    assert bot.choose(state, random.Random(1)) in state.legal_actions()


@pytest.mark.parametrize("players", [2, 5])
def test_the_information_state_key_tells_exactly_what_the_string_tells(players: int) -> None:
    """The search tree's key: two positions share it exactly when their views are equal."""
    states = _random_states(players, players, games=2)[::2]
    rng = random.Random(players)
    states += [state.resample_from_infostate(seat, rng) for state in states[::5] for seat in (0, 1)]
    for seat in (0, 1):
        seen = [(state.information_state_string(seat), state.information_state_key(seat)) for state in states]
        alike = 0
        for text, key in seen:
            for other_text, other_key in seen:
                assert (key == other_key) == (text == other_text)
                alike += text == other_text
        assert len(seen) < alike < len(seen) ** 2  # resampled twins agree, most positions differ


FIELDS = [
    *("game_no", "dealer", "draw_size", "draw_fresh", "deal_next", "active", "setup_seat", "setup_left"),
    *("setup_done", "drawn", "drawn_from_pile", "knock_index", "knocker", "held", "taken", "freed"),
    *("replaced", "clear_seat", "trigger", "final_round", "turns", "cards", "up", "draw", "discard"),
    *("knock_queue", "knockers", "final_queue", "had_final", "totals", "results", "triggers"),
]


def _changed(name: str, value: object, players: int) -> object:
    """A different value of the same kind: a number one up, a flag flipped, a list's last entry changed."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    assert isinstance(value, list)
    if name == "results":
        return [*value, [0] * players]
    return [*value[:-1], _changed(name, value[-1], players)] if value else [0]


def test_the_information_state_key_changes_with_every_field_the_view_shows() -> None:
    """A field left out of the key would merge positions the view tells apart."""
    shown = 0
    for state in _random_states(6, 4, games=2)[::9]:
        for name in FIELDS:
            other = state.clone()
            setattr(other, name, _changed(name, getattr(state, name), 4))
            try:
                text = other.information_state_string(1)
            except (IndexError, KeyError, ValueError):
                continue  # not a position the view can show
            tells = text != state.information_state_string(1)
            assert (other.information_state_key(1) != state.information_state_key(1)) == tells, name
            shown += tells
    assert shown > 100
