"""ISMCTS: specs, budgets, blindness to hidden cards, score direction and strength on the toy game."""

from __future__ import annotations

import gc
import random
import time
from typing import ClassVar

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.ismcts import Evaluator, IsmctsBot, Search, SearchBudget, SearchSettings, parse_settings
from spieltisch.core.contract import State
from spieltisch.core.options import OptionError
from spieltisch.core.play import resolve_chance, sample_chance
from spieltisch.core.registry import game_class, game_names, load_game
from tests.core.toy_game import ToyGame, ToyState


def first_decision(game: ToyGame, seed: int) -> State:
    state = game.new_initial_state()
    resolve_chance(state, random.Random(seed))
    return state


@pytest.mark.parametrize(
    ("spec", "iterations", "seconds"),
    [
        ("ismcts", 1000, None),
        ("ismcts:500", 500, None),
        ("ismcts:1s", 1000, 1.0),
        ("ismcts:t=0.5", 1000, 0.5),
        ("ismcts:250ms", 1000, 0.25),
        ("ismcts:n=40", 40, None),
    ],
)
def test_budget_specs(spec: str, iterations: int, seconds: float | None) -> None:
    settings, memory = parse_settings(spec, spec.partition(":")[2])
    assert settings.budget == SearchBudget(iterations, seconds)
    assert memory is None


def test_search_settings_in_the_spec() -> None:
    settings, memory = parse_settings("x", "50:c=0.5:cutoff=3:eps=0:margin=0.2:memory=perfect")
    assert settings == SearchSettings(SearchBudget(50), 0.5, 0.2, 3, 0.0)
    assert memory == "perfect"


class TunedToyGame(ToyGame):
    search_defaults: ClassVar[dict[str, object]] = {"cutoff": 5, "exploration": 0.3, "rollout": "random"}


def test_a_games_search_defaults_fill_what_the_spec_leaves_out() -> None:
    settings, _ = parse_settings("ismcts:40:c=0.9", "40:c=0.9", TunedToyGame(2))
    assert (settings.cutoff, settings.exploration, settings.rollout) == (5, 0.9, "random")
    assert settings.budget == SearchBudget(40)
    plain, _ = parse_settings("ismcts:40", "40", ToyGame(2))
    assert (plain.cutoff, plain.rollout) == (None, "heuristic")


def test_the_hint_policy_is_a_setting() -> None:
    settings, _ = parse_settings("ismcts:hint=fast", "hint=fast", ToyGame(2))
    assert settings.hint == "fast"
    with pytest.raises(OptionError, match="hint"):
        make_bot("ismcts:hint=clever", ToyGame(2), 0)


@pytest.mark.parametrize("seed", range(4))
def test_a_tiny_search_plays_its_hint_policys_move(seed: int) -> None:
    game = ToyGame(2)
    game.rollout_action = lambda state, rng: state.legal_actions()[-1]  # type: ignore[attr-defined]
    state = first_decision(game, seed)
    fast = make_bot("ismcts:1:hint=fast", game, 0).choose(state, random.Random(seed))
    usual = make_bot("ismcts:1", game, 0).choose(state, random.Random(seed))
    assert fast == state.legal_actions()[-1]
    assert usual == game.heuristic_action(state, random.Random(0))


def test_a_flat_search_keeps_its_tree_at_the_root() -> None:
    game = ToyGame(3)
    settings, _ = parse_settings("ismcts:60:depth=1", "60:depth=1", game)
    search = Search(game, settings, IsmctsBot(game, 0).resample, random.Random(5))
    search.run(first_decision(game, 5), 0)
    assert search.root.children
    assert all(not edge.outcomes for edge in search.root.children.values())
    deep = Search(game, SearchSettings(SearchBudget(60)), IsmctsBot(game, 0).resample, random.Random(5))
    deep.run(first_decision(game, 5), 0)
    assert any(edge.outcomes for edge in deep.root.children.values())


def test_a_spec_can_switch_a_default_cutoff_off() -> None:
    settings, _ = parse_settings("ismcts:cutoff=none", "cutoff=none", TunedToyGame(2))
    assert settings.cutoff is None


@pytest.mark.parametrize("defaults", [{"height": 3}, {"rollout": "clever"}])
def test_bad_search_defaults_are_clear_errors(defaults: dict[str, object]) -> None:
    game = TunedToyGame(2)
    game.search_defaults = defaults
    with pytest.raises(OptionError, match=r"search_defaults"):
        make_bot("ismcts:10", game, 0)


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:abc",
        "ismcts:0",
        "ismcts:depth=0",
        "ismcts:t=-1",
        "ismcts:foo=1",
        "ismcts:c=-2",
        "random:5",
        "mcts",
    ],
)
def test_bad_specs_are_clear_errors(spec: str) -> None:
    with pytest.raises(OptionError, match=r"bot"):
        make_bot(spec, ToyGame(2), 0)


def test_memory_needs_a_game_with_a_memory_model() -> None:
    with pytest.raises(OptionError, match="no memory model"):
        make_bot("ismcts:10:memory=perfect", ToyGame(2), 0)


def test_the_bot_keeps_its_spec_as_name_and_counts_iterations() -> None:
    game = ToyGame(2)
    bot = make_bot("ismcts:30", game, 0)
    assert bot.name == "ismcts:30"
    assert isinstance(bot, IsmctsBot)
    state = first_decision(game, 1)
    assert bot.choose(state, random.Random(1)) in state.legal_actions()
    assert bot.last_iterations == 30


def test_a_time_budget_stops_the_search() -> None:
    game = ToyGame(3)
    bot = make_bot("ismcts:t=0.05", game, 0)
    start = time.perf_counter()
    bot.choose(first_decision(game, 2), random.Random(2))
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize("collecting", [True, False])
def test_the_cyclic_collector_pauses_during_a_search_and_is_left_as_it_was(collecting: bool) -> None:
    game = ToyGame(2)
    state = first_decision(game, 4)
    seen: list[bool] = []

    def resample(real: State, seat: int, rng: random.Random) -> State:
        seen.append(gc.isenabled())
        return real.resample_from_infostate(seat, rng)

    was = gc.isenabled()
    (gc.enable if collecting else gc.disable)()
    try:
        IsmctsBot(game, 0, SearchSettings(SearchBudget(5)), resample).choose(state, random.Random(4))
        assert seen == [False] * 5
        assert gc.isenabled() == collecting
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("name", game_names())
def test_a_search_leaves_no_reference_cycles_behind(name: str) -> None:
    """The collector pauses while searching: what a search throws away must not need it."""
    game = load_game(name, max(2, game_class(name).min_players))
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    resolve_chance(state, rng)
    if state.is_terminal():
        pytest.skip("the game ended early")
    bot = make_bot("ismcts:60", game, state.current_player())
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        bot.choose(state, rng)
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()


def test_the_search_never_touches_the_true_state() -> None:
    """The bot searches determinizations only: one per iteration, the real state stays as it was."""
    game = ToyGame(2, {"top": 9})
    state = first_decision(game, 3)
    before = (state.history(), list(state.cards))
    calls: list[int] = []

    def resample(real: State, seat: int, rng: random.Random) -> State:
        calls.append(seat)
        return real.resample_from_infostate(seat, rng)

    bot = IsmctsBot(game, 0, SearchSettings(SearchBudget(25)), resample)
    bot.choose(state, random.Random(3))
    assert calls == [0] * 25
    assert (state.history(), list(state.cards)) == before


@pytest.mark.parametrize("seed", range(6))
def test_the_choice_does_not_depend_on_hidden_cards(seed: int) -> None:
    """Same seed, same choice on the true state and on a state the seat cannot tell apart."""
    game = ToyGame(3, {"top": 9})
    state = first_decision(game, seed)
    state.apply_action(state.legal_actions()[seed % 2])
    resolve_chance(state, random.Random(seed))
    seat = state.current_player()
    other = state.resample_from_infostate(seat, random.Random(seed + 100))
    choices = [make_bot("ismcts:60", game, seat).choose(s, random.Random(seed)) for s in (state, other)]
    assert choices[0] == choices[1]


def decision_states(name: str, count: int) -> list[State]:
    """A few positions of a heuristic game with a real choice to make."""
    game = load_game(name)
    rng = random.Random(11)
    state = game.new_initial_state()
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply_action(game.heuristic_action(state, rng))
    return found


@pytest.mark.parametrize("name", game_names())
def test_registered_games_bot_chooses_alike_on_states_its_seat_cannot_tell_apart(name: str) -> None:
    """Same seed, same choice on the true state and on a resampled one, with each game's
    own search settings: the bot reads nothing hidden from the state it is handed."""
    for state in decision_states(name, 3):
        seat = state.current_player()
        other = state.resample_from_infostate(seat, random.Random(1))
        bots = [make_bot("ismcts:12", state.game, seat) for _ in range(2)]
        choices = {bot.choose(s, random.Random(5)) for bot, s in zip(bots, (state, other), strict=True)}
        assert len(choices) == 1


def test_ismcts_beats_random_on_the_toy_game() -> None:
    game = ToyGame(2, {"top": 9})
    wins = {"ismcts:60": 0.0, "random": 0.0}
    for seed in range(120):
        seating = ["ismcts:60", "random"] if seed % 2 == 0 else ["random", "ismcts:60"]
        bots = [make_bot(spec, game, seat) for seat, spec in enumerate(seating)]
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(bots[state.current_player()].choose(state, rng))
        for seat in state.winners():
            wins[seating[seat]] += 1 / len(state.winners())
    assert wins["ismcts:60"] > 1.3 * wins["random"]


class LowToy(ToyGame):
    """The toy game where the lowest card wins."""

    name = "lowtoy"

    def new_initial_state(self) -> ToyState:
        return LowToyState(self)


class LowToyState(ToyState):
    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        low = min(self.cards)
        return [seat for seat, card in enumerate(self.cards) if card == low]


def finished(game: ToyGame, cards: list[int]) -> ToyState:
    state = game.new_initial_state()
    for card in cards:
        state.apply_action(card)
    for _ in cards:
        state.apply_action(0)
    return state


def test_the_margin_flips_when_the_game_says_lower_scores_win() -> None:
    class DeclaredLowToy(LowToy):
        lower_score_wins = True

    evaluator = Evaluator(DeclaredLowToy(2), margin_weight=1.0)
    rewards = evaluator.rewards(finished(DeclaredLowToy(2), [2, 5]))
    assert rewards[0] > 0.5 > rewards[1]


def test_the_score_direction_is_learnt_from_winners_when_unsaid() -> None:
    game = LowToy(2)
    evaluator = Evaluator(game, margin_weight=1.0)
    assert evaluator.sign == 1.0
    for cards in ([1, 4], [5, 2], [3, 1]):
        evaluator.rewards(finished(game, cards))
    assert evaluator.sign == -1.0
    rewards = evaluator.rewards(finished(game, [2, 5]))
    assert rewards[0] > 0.5 > rewards[1]


def test_rewards_mix_the_win_and_the_margin() -> None:
    game = ToyGame(3)
    evaluator = Evaluator(game, margin_weight=0.5)
    rewards = evaluator.rewards(finished(game, [5, 3, 5]))
    assert rewards[0] == rewards[2] > rewards[1]
    assert all(0.0 <= r <= 1.0 for r in rewards)


def test_the_tree_branches_on_what_the_searcher_sees_after_a_step() -> None:
    """After a swap, seat 0 sees its new card: each card it may see leads to its own node."""
    from tests.core.toy_game import SWAP

    game = ToyGame(2, {"top": 5})
    state = first_decision(game, 4)
    search = Search(game, SearchSettings(SearchBudget(200)), IsmctsBot(game, 0).resample, random.Random(4))
    search.run(state, 0)
    after_swap = search.root.children[SWAP].outcomes
    assert len(after_swap) == 5  # one node per card seat 0 can draw
