"""Calcory properties over random games: the length bound, conservation, hidden cards, resampling."""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from pathlib import Path

from calcory_helpers import deal, give_back, place, turn
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.games.calcory.cards import load_deck
from spieltisch.games.calcory.game import CalcoryGame
from spieltisch.games.calcory.memory import remember_facts, resample_with_memory
from spieltisch.games.calcory.phases import DOWN, TURN
from spieltisch.games.calcory.rules import CalcoryState

POLICIES = ("random", "greedy", "cautious")


def choose(state: CalcoryState, policy: str, rng: random.Random) -> int:
    """random; greedy: never stop while a card can be turned; cautious: stop whenever allowed."""
    legal = state.legal_actions()
    if policy == "greedy" and state.phase == TURN and len(legal) > 1:
        legal = [a for a in legal if a != state.settings.actions.stop]
    if policy == "cautious" and state.settings.actions.stop in legal:
        return state.settings.actions.stop
    return rng.choice(legal)


def play(game: CalcoryGame, policy: str, seed: int, on_step: object = None) -> tuple[CalcoryState, int, int]:
    """Play to the end; return the final state, the decisions and the most cards turned in one turn."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = longest = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(choose(state, policy, rng))
            decisions += 1
            longest = max(longest, len(state.turned))
            if state.view(None)["recent"] and state.view(None)["recent"][-1]["result"] == "hit":
                longest = max(longest, state.view(None)["recent"][-1]["cards"])
        state.check_invariants()
        if callable(on_step):
            on_step(state)
    return state, decisions, longest


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    limit=st.integers(1, 60),
    policy=st.sampled_from(POLICIES),
)
def test_every_game_ends_within_max_game_length_and_conserves_cards(
    seed: int, players: int, limit: int, policy: str
) -> None:
    game = load_game("calcory", players, idle_turn_limit=limit)
    assert isinstance(game, CalcoryGame)
    state, decisions, longest = play(game, policy, seed)
    assert decisions <= game.max_game_length()
    assert longest <= game.settings.deck.max_cards_in_turn()
    on_table = sum(1 for card in state.cards if card >= 0)
    assert on_table + sum(len(pile) for pile in state.piles) == 60
    best = max(state.scores())
    assert state.winners() == [s for s, score in enumerate(state.scores()) if score == best]
    assert state.end in ("single card", "idle", "nothing left")


@settings(max_examples=25, deadline=None)
@given(
    counts=st.lists(st.integers(0, 6), min_size=10, max_size=10).filter(lambda c: 2 <= sum(c) <= 26),
    seed=st.integers(0, 2**32 - 1),
    policy=st.sampled_from(POLICIES),
)
def test_the_length_bound_holds_for_any_deck(counts: list[int], seed: int, policy: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.toml"
        path.write_text(f"[layout]\nrows = 1\ncolumns = {sum(counts)}\n[cards]\ncounts = {counts}\n")
        game = load_game("calcory", 3, deck_file=str(path), idle_turn_limit=5)
        assert isinstance(game, CalcoryGame)
        _, decisions, longest = play(game, policy, seed)
    assert longest <= game.settings.deck.max_cards_in_turn()
    assert decisions <= game.max_game_length()


def test_the_default_bound_is_computed_from_the_proof() -> None:
    deck = load_deck()
    # At most one 0, six 1s and three 2s stay below 13 (ten cards); the eleventh ends the turn.
    assert deck.max_cards_in_turn() == 11
    game = load_game("calcory", 4, idle_turn_limit=40)
    assert game.max_game_length() == (59 + 60 * 40) * (11 + 2)


def hidden_pool(state: CalcoryState, seat: int) -> Counter[int]:
    """The digits `seat` cannot place: unknown face-down cards and the other piles."""
    pool: Counter[int] = Counter()
    for p, status in enumerate(state.status):
        if status == DOWN and state.known[p] != seat:
            pool[state.cards[p]] += 1
    for owner, pile in enumerate(state.piles):
        if owner != seat:
            pool.update(pile)
    return pool


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), stop_at=st.integers(60, 400))
def test_views_show_only_face_up_cards_and_resampling_keeps_what_a_seat_knows(
    seed: int, players: int, stop_at: int
) -> None:
    game = load_game("calcory", players)
    assert isinstance(game, CalcoryGame)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < stop_at:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(players):
        view = state.view(seat)
        for p, status in enumerate(state.status):
            if status == DOWN:
                assert view["cells"][p] == "?"
        assert set(view["known"]) == {
            game.settings.deck.label(p) for p, k in enumerate(state.known) if k == seat
        }
        other = state.resample_from_infostate(seat, random.Random(seed + seat))
        other.check_invariants()
        assert other.view(seat) == view and other.view(None) == state.view(None)
        assert other.piles[seat] == state.piles[seat]
        assert hidden_pool(other, seat) + Counter([other.holding] if other.holding >= 0 else []) == (
            hidden_pool(state, seat) + Counter([state.holding] if state.holding >= 0 else [])
        )
        for p, owner in enumerate(state.known):
            if owner == seat:
                assert other.cards[p] == state.cards[p]


def test_resampling_really_redeals_hidden_cards_and_keeps_the_owners_put_back_card() -> None:
    state = deal(2, [4, 9])
    turn(state, "A1", "A2")
    give_back(state, 9)
    place(state, "A1")
    seen_by_0 = {state.resample_from_infostate(0, random.Random(i)).cards[0] for i in range(30)}
    seen_by_1 = {state.resample_from_infostate(1, random.Random(i)).cards[0] for i in range(30)}
    assert seen_by_0 == {9}
    assert len(seen_by_1) > 3
    piles_for_1 = {tuple(state.resample_from_infostate(1, random.Random(i)).piles[0]) for i in range(30)}
    assert len(piles_for_1) > 3  # seat 1 does not know which card seat 0 kept


def test_memory_hooks_keep_remembered_cards_in_resampling() -> None:
    state = deal(2, [9, 5, 8, 6])
    facts: dict[object, object] = {}
    for label in ("A1", "A2"):
        turn(state, label)
        facts.update(remember_facts(state.view(1), 1))
    assert facts == {0: 9, 1: 5}  # the card that bust is seen before it is turned back
    state.apply_action(state.settings.actions.cover)
    facts.update(remember_facts(state.view(1), 1))
    assert state.view(1)["cells"][:2] == ["?", "?"]
    for i in range(10):
        other = resample_with_memory(state, 1, dict(facts), random.Random(i))
        assert other.cards[:2] == [9, 5]
        assert other.view(1) == state.view(1)
    plain = {tuple(state.resample_from_infostate(1, random.Random(i)).cards[:2]) for i in range(10)}
    assert plain != {(9, 5)}
