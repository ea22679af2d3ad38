"""Memory models: a remembering bot keeps facts it saw and determinizes with them."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.memory import Memory, MemoryIsmctsBot, parse_fade
from spieltisch.core.contract import MemoryHooks, State
from spieltisch.core.options import OptionError
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import game_names, load_game
from tests.core.toy_game import ToyGame, ToyState


def toy_hooks() -> MemoryHooks:
    """Remember every visible card by seat; resample keeps remembered cards."""

    def remember(view: dict[str, Any], seat: int) -> dict[Hashable, Any]:
        return {s: card for s, card in enumerate(view["cards"]) if card is not None}

    def resample(state: State, seat: int, facts: dict[Hashable, Any], rng: random.Random) -> State:
        other = state.resample_from_infostate(seat, rng)
        assert isinstance(other, ToyState)
        for s, card in facts.items():
            assert isinstance(s, int)
            if s < len(other.cards):
                other.cards[s] = card
        return other

    return MemoryHooks(remember, resample)


def dealt_toy() -> ToyState:
    state = ToyGame(2, {"top": 9}).new_initial_state()
    state.apply_action(3)
    state.apply_action(8)
    return state


def test_a_memory_keeps_what_it_saw_and_resamples_with_it() -> None:
    state = dealt_toy()
    memory = Memory(toy_hooks(), seat=0)
    memory.observe(state)
    assert memory.facts == {0: 3}
    memory.facts[1] = 8  # as if seat 1's card had been shown once
    for seed in range(5):
        other = memory.resample(state, 0, random.Random(seed))
        assert isinstance(other, ToyState) and other.cards == [3, 8]


def test_fading_memory_forgets() -> None:
    memory = Memory(toy_hooks(), seat=0, fade=1.0)
    memory.facts = {0: 3, 1: 8}
    memory.forget_some(random.Random(1))
    assert memory.facts == {}
    perfect = Memory(toy_hooks(), seat=0, fade=0.0)
    perfect.facts = {0: 3}
    perfect.forget_some(random.Random(1))
    assert perfect.facts == {0: 3}


@pytest.mark.parametrize(("text", "fade"), [("perfect", 0.0), ("fade0.2", 0.2), ("fade1", 1.0)])
def test_memory_specs(text: str, fade: float) -> None:
    assert parse_fade(text, "spec") == fade


@pytest.mark.parametrize("text", ["fade", "fade2", "total", "fade-0.1"])
def test_bad_memory_specs(text: str) -> None:
    with pytest.raises(OptionError, match="memory"):
        parse_fade(text, "spec")


def test_toy_game_has_no_memory_model() -> None:
    assert ToyGame(2).memory_hooks() is None


@pytest.mark.skipif("calcory" not in game_names(), reason="Calcory is not registered")
def test_calcory_bot_remembers_cards_turned_face_down_again() -> None:
    """Calcory: cards turned face down again are hidden (RULINGS Calcory 6); a remembering bot keeps them."""
    game = load_game("calcory", 2)
    bot = make_bot("ismcts:5:cutoff=2:memory=perfect", game, 1)
    assert isinstance(bot, MemoryIsmctsBot)
    rng = random.Random(4)
    state = game.new_initial_state()
    seen: set[int] = set()
    while not state.is_terminal() and state.version < 400:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(game.heuristic_action(state, rng))
        bot.observe(state)
        seen |= {p for p, cell in enumerate(state.view(1)["cells"]) if isinstance(cell, int)}
        hidden_now = {
            p
            for p, cell in enumerate(state.view(1)["cells"])
            if cell is not None and not isinstance(cell, int)
        }
        if seen & hidden_now and state.current_player() == 1:
            break
    remembered = {p for p in bot.memory.facts if isinstance(p, int)} & hidden_now
    assert remembered, "the bot saw cards turned face down again and should remember some"
    for seed in range(3):
        determinized = bot.memory.resample(state, 1, random.Random(seed))
        kept = [p for p in remembered if determinized.cards[p] == bot.memory.facts[p]]  # type: ignore[attr-defined]
        assert kept, "remembered digits should be kept where they still fit"
    assert bot.choose(state, random.Random(1)) in state.legal_actions()
