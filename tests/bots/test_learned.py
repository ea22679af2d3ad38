"""The learned bot: its network in NumPy, its search, its weights and the training command."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.learned.net import Net, new_params, softmax
from spieltisch.bots.learned.search import WEIGHTS, LearnedBot, learned_search, net_for, parse_learned
from spieltisch.core.contract import State
from spieltisch.core.options import OptionError
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import load_game
from spieltisch.lab.train import TeacherGame, TrainConfig, losses_and_grads, train

TRAINED = sorted(WEIGHTS.glob("*.npz"))


def tiny_net() -> Net:
    """Two inputs, one hidden layer of two units, three actions, two seats: small enough to work by hand."""
    f32 = np.float32
    return Net(
        {
            "w0": np.array([[1.0, -1.0], [2.0, 0.5]], dtype=f32),
            "b0": np.array([0.0, 0.25], dtype=f32),
            "policy_w": np.array([[1.0, 0.0, -1.0], [0.0, 2.0, 1.0]], dtype=f32),
            "policy_b": np.array([0.0, 0.0, 0.5], dtype=f32),
            "value_w": np.array([[0.5, -0.5], [1.0, 0.0]], dtype=f32),
            "value_b": np.array([0.0, 0.0], dtype=f32),
        }
    )


def test_the_forward_pass_matches_a_hand_check() -> None:
    # x = (1, 2): hidden = relu((1 + 4, -1 + 1 + 0.25)) = (5, 0.25)
    # policy = (5, 0.5, -5 + 0.25 + 0.5) = (5, 0.5, -4.25); value logits = (2.5 + 0.25, -2.5)
    policy, value = tiny_net().forward(np.array([[1.0, 2.0]]))
    assert policy[0] == pytest.approx([5.0, 0.5, -4.25])
    assert value[0] == pytest.approx([2.75, -2.5])
    logits, shares = tiny_net().evaluate([0, 1], [1.0, 2.0])  # sparse: the same tensor
    assert logits == pytest.approx([5.0, 0.5, -4.25])
    assert shares == pytest.approx([1 / (1 + np.exp(-2.75)), 1 / (1 + np.exp(2.5))])
    dense_logits, _ = tiny_net().evaluate(None, [1.0, 2.0])
    assert dense_logits == pytest.approx(logits)
    assert tiny_net().value([0, 1], [1.0, 2.0]) == pytest.approx(shares)  # the value head alone


def test_backprop_matches_finite_differences() -> None:
    rng = np.random.default_rng(3)
    params = {key: value.astype(np.float64) for key, value in new_params([5, 4, 4], 3, 2, rng).items()}
    obs = rng.random((6, 5))
    legal = np.array([[1, 1, 0]] * 3 + [[1, 1, 1]] * 3, dtype=np.float64)
    policy = softmax(np.where(legal > 0, rng.random((6, 3)), -1e9))
    value = rng.random((6, 2))
    _, _, grads = losses_and_grads(params, obs, legal, policy, value)
    for key in ("w0", "b1", "policy_w", "value_b"):
        index = (0,) * params[key].ndim
        params[key][index] += 1e-6
        up = sum(losses_and_grads(params, obs, legal, policy, value)[:2])
        params[key][index] -= 2e-6
        down = sum(losses_and_grads(params, obs, legal, policy, value)[:2])
        params[key][index] += 1e-6
        assert grads[key][index] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-8)


def test_weights_save_and_load(tmp_path: Path) -> None:
    net = tiny_net()
    net.meta = {"game": "toy"}
    net.save(tmp_path / "toy.npz")
    loaded = Net.load(tmp_path / "toy.npz")
    assert loaded.meta == {"game": "toy"}
    assert set(loaded.params) == set(net.params)
    assert all(np.array_equal(loaded.params[key], net.params[key]) for key in net.params)


def test_souvenirs_and_allegra_have_small_weights_with_notes() -> None:
    names = {path.stem for path in TRAINED}
    assert {"souvenirs-2p", "allegra-2p"} <= names
    for path in TRAINED:
        assert path.stat().st_size < 5_000_000
        note = path.with_suffix(".md").read_text()
        assert "spieltisch train" in note and "seed" in note


def test_playing_needs_no_learning_framework() -> None:
    code = (
        "import sys; from spieltisch.core.registry import load_game; from spieltisch.bots import make_bot; "
        "import random; game = load_game('souvenirs', 2); state = game.new_initial_state(); "
        "make_bot('learned:4', game, 0); "
        "assert not {'torch', 'tensorflow', 'jax'} & set(sys.modules), sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])


def play_through(name: str, players: int, spec: str, seed: int) -> int:
    """A game of the learned bot in seat 0 against the heuristic; every move checked legal."""
    game = load_game(name, players)
    bots = [make_bot(spec, game, 0)] + [make_bot("heuristic", game, seat) for seat in range(1, players)]
    state, rng, moves = game.new_initial_state(), random.Random(seed), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        action = bots[state.current_player()].choose(state, rng)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    return moves


@pytest.mark.parametrize("path", TRAINED, ids=[path.stem for path in TRAINED])
def test_the_learned_bot_plays_legal_moves_in_every_trained_game(path: Path) -> None:
    name, _, players = path.stem.rpartition("-")
    assert play_through(name, int(players.removesuffix("p")), "learned:6", seed=4) > 10


@pytest.mark.parametrize(
    "spec",
    [
        "learned:6:rollout=0",
        "learned:6:rollout=0:estimate=0.5",
        "learned:6:hint=0",
        "learned:6:lazy=1:rollout=0",
        "learned:6:lazy=1:rollout=3:estimate=1",
        "learned:6:lazy=0:hint=0.5",
        "learned:6:lazy=1:select=ucb:hint=0.5:bias=2:rollout=3:estimate=1",
        "learned:6:lazy=1:select=ucb:hint=0.5:rollout=3:estimate=1:eps=0.5",
    ],
)
def test_every_search_setting_plays_legal_moves(spec: str) -> None:
    assert play_through("souvenirs", 2, spec, seed=2) > 10


def test_a_game_without_weights_is_a_clear_error() -> None:
    with pytest.raises(OptionError, match="no trained network for calcory"):
        make_bot("learned", load_game("calcory", 2), 0)
    with pytest.raises(OptionError, match="fits observations"):
        make_bot(f"learned:weights={WEIGHTS / 'souvenirs-2p.npz'}", load_game("allegra", 2), 0)


@pytest.mark.parametrize(
    ("spec", "iterations", "seconds", "exploration"),
    [("learned", 1000, None, 1.0), ("learned:200", 200, None, 1.0), ("learned:t=0.02", 1000, 0.02, 1.0),
     ("learned:250ms:c=1.5", 1000, 0.25, 1.5), ("learned:1s:n=30", 30, None, 1.0)],
)  # fmt: skip
def test_budget_specs(spec: str, iterations: int, seconds: float | None, exploration: float) -> None:
    settings = parse_learned(spec)
    assert (settings.iterations, settings.seconds, settings.exploration) == (iterations, seconds, exploration)


def test_a_spec_overrides_the_networks_own_search_settings() -> None:
    settings = parse_learned("learned:t=0.1:rollout=2:estimate=0.25", {"hint": 0.5, "rollout": 4})
    assert (settings.hint, settings.rollout, settings.seconds, settings.estimate) == (0.5, 2, 0.1, 0.25)
    assert parse_learned("learned:eps=0.1", {"epsilon": 0.2}).epsilon == 0.1


@pytest.mark.parametrize(
    "spec",
    [
        "learned:0",
        "learned:t=-1",
        "learned:c=x",
        "learned:depth=3",
        "learned:hint=2",
        "learned:rollout=-1",
        "learned:estimate=1.5",
        "learned:lazy=yes",
        "learned:select=best",
        "learned:bias=-1",
        "learned:eps=1.5",
    ],
)
def test_bad_specs_are_clear_errors(spec: str) -> None:
    with pytest.raises(OptionError, match="bad bot spec"):
        parse_learned(spec)


@pytest.mark.parametrize("name", ["souvenirs", "allegra"])
def test_the_choice_does_not_depend_on_hidden_cards(name: str) -> None:
    """On states its seat cannot tell apart, the same seed gives the same choice."""
    game = load_game(name, 2)
    rng = random.Random(8)
    state, checked = game.new_initial_state(), 0
    while not state.is_terminal() and checked < 3:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        if len(state.legal_actions()) > 1 and rng.random() < 0.3:
            other = state.resample_from_infostate(seat, random.Random(checked))
            bots = [make_bot("learned:24", game, seat) for _ in range(2)]
            choices = {bot.choose(s, random.Random(5)) for bot, s in zip(bots, (state, other), strict=True)}
            assert len(choices) == 1
            checked += 1
        state.apply_action(game.heuristic_action(state, rng))
    assert checked == 3


def first_decision(name: str, seed: int) -> State:
    game = load_game(name, 2)
    state, rng = game.new_initial_state(), random.Random(seed)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else state.legal_actions()[0])
    return state


def decision_after(moves: int, seed: int) -> State:
    """A Souvenirs decision after the heuristic's first `moves` choices (of more than one move)."""
    game = load_game("souvenirs", 2)
    state, rng = first_decision("souvenirs", seed), random.Random(seed)
    while moves or state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        moves -= len(state.legal_actions()) > 1
        state.apply_action(game.heuristic_action(state, rng))
    return state


def forward_passes(spec: str, iterations: int, state: State | None = None) -> tuple[int, int]:
    """The network's forward passes in one Souvenirs search, and the decisions that got a prior."""
    game = load_game("souvenirs", 2)
    net = net_for(game)
    calls = []
    counting = Net(net.params, net.meta)
    counting.evaluate = lambda *entries: calls.append(1) or net.evaluate(*entries)  # type: ignore[method-assign]
    settings = parse_learned(f"{spec}:{iterations}", net.meta.get("search"))
    search = learned_search(game, counting, settings, random.Random(3))
    start = state or first_decision("souvenirs", 4)
    search.run(start, start.current_player())
    assert search.iterations == iterations
    nodes, with_prior = [search.root], 0
    while nodes:
        node = nodes.pop()
        with_prior += node.prior is not None
        for edge in node.children.values():
            nodes.extend(edge.outcomes.values())
    return len(calls), with_prior


def test_the_lazy_search_pays_a_forward_pass_only_where_it_chooses() -> None:
    eager, eager_priors = forward_passes("learned:lazy=0:rollout=4:estimate=1", 60)
    judged, judged_priors = forward_passes("learned:lazy=1:rollout=4:estimate=1", 60)
    assert eager == eager_priors == 61  # a prior at each new decision, the root's first
    assert judged == judged_priors < 45  # the score estimate judges the leaves: priors where chosen
    assert forward_passes("learned:lazy=1:rollout=0:estimate=0", 60) == (61, 61)  # the leaf's pass gives both


@pytest.mark.parametrize("select", ["ucb", "puct"])
def test_the_lazy_search_asks_for_no_prior_where_the_hint_decides(select: str) -> None:
    # With half of the share or more, the heuristic's move is the first tried whatever the
    # prior: a decision's first arrival is a leaf, its second tries that move, and only a
    # third asks the network.
    game = load_game("souvenirs", 2)
    net = net_for(game)
    settings = parse_learned(
        f"learned:300:lazy=1:select={select}:hint=0.5:rollout=4:estimate=1", net.meta["search"]
    )
    search = learned_search(game, net, settings, random.Random(3))
    state = decision_after(2, 4)
    search.run(state, state.current_player())
    nodes, arrivals_without_prior = [edge for edge in search.root.children.values()], []
    while nodes:
        for decision in nodes.pop().outcomes.values():
            tried = sum(edge.visits for edge in decision.children.values())
            if decision.prior is None:
                arrivals_without_prior.append(tried + 1)
            else:
                assert tried >= 2
            nodes.extend(decision.children.values())
    assert 2 in arrivals_without_prior  # reached twice, the hint tried, no forward pass


def test_the_ucb_selection_tries_each_root_move_once_before_any_twice() -> None:
    game = load_game("souvenirs", 2)
    net = net_for(game)
    state = first_decision("souvenirs", 6)
    legal = state.legal_actions()
    settings = parse_learned(
        f"learned:{len(legal)}:lazy=1:select=ucb:rollout=2:estimate=1", net.meta["search"]
    )
    search = learned_search(game, net, settings, random.Random(1))
    search.run(state, 0)
    assert sorted(search.root.children) == legal
    assert {edge.visits for edge in search.root.children.values()} == {1}
    settings = parse_learned(
        f"learned:{len(legal)}:lazy=1:select=puct:rollout=2:estimate=1", net.meta["search"]
    )
    search = learned_search(game, net, settings, random.Random(1))
    search.run(state, 0)
    assert len(search.root.children) < len(legal)  # PUCT follows its prior instead


def test_the_bot_counts_its_simulations() -> None:
    game = load_game("souvenirs", 2)
    bot = make_bot("learned:30", game, 0)
    assert isinstance(bot, LearnedBot)
    state, rng = game.new_initial_state(), random.Random(2)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else state.legal_actions()[0])
    bot.choose(state, rng)
    assert bot.last_iterations == 30


TINY = TrainConfig(
    games=3, search_rounds=1, search_games=2, search_iterations=3, tables=2, epochs=1, width=8, keep=0.5
)


def test_training_is_reproducible_from_its_seed() -> None:
    first, figures = train("souvenirs", 2, 5, TINY)
    again, _ = train("souvenirs", 2, 5, TINY)
    other, _ = train("souvenirs", 2, 6, TINY)
    assert len(figures) == 2 and figures[0]["positions"] > 0
    assert all(np.array_equal(first.params[key], again.params[key]) for key in first.params)
    assert not np.array_equal(first.params["w0"], other.params["w0"])


def test_the_train_command_writes_weights_and_a_note(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from spieltisch.cli import app

    out = tmp_path / "tiny.npz"
    args = ["train", "allegra", "--players", "2", "--seed", "3", "--out", str(out), "--games", "2"]
    args += [
        "--search-rounds",
        "1",
        "--search-games",
        "1",
        "--search-iterations",
        "2",
        "--epochs",
        "1",
        "--width",
        "8",
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "seed 3" in (tmp_path / "tiny.md").read_text()
    net = Net.load(out)
    assert net.meta["seed"] == 3 and net.players == 2
    assert play_through("allegra", 2, f"learned:3:weights={out}", seed=1) > 10


def test_the_teachers_targets_are_its_root_visit_shares() -> None:
    task = TeacherGame("souvenirs", 2, {}, "ismcts:24", 7, None)
    positions = task.play()
    assert positions.results and all(game == 0 for game in positions.games)  # one finished game
    start, checked = 0, 0
    for count in positions.policy_counts:
        probs = positions.policy_probs[start : start + count]
        assert sum(probs) == pytest.approx(1.0)
        if count > 1:  # a real choice: shares of 24 visits
            assert all(round(p * 24, 6) == round(p * 24) for p in probs)
            checked += 1
        start += count
    assert checked > 10
    again = TeacherGame("souvenirs", 2, {}, "ismcts:24", 7, None).play()
    assert again.policy_probs == positions.policy_probs


def test_a_teacher_other_than_ismcts_is_a_clear_error() -> None:
    with pytest.raises(OptionError, match="teacher must be ISMCTS"):
        TeacherGame("souvenirs", 2, {}, "heuristic", 1, None).play()
    with pytest.raises(OptionError, match="teacher must be ISMCTS"):
        train("souvenirs", 2, 1, TrainConfig(games=1_000_000, teacher="learned:8"))  # at once, not after
    with pytest.raises(OptionError, match="puct or ucb"):
        train("souvenirs", 2, 1, TrainConfig(games=1_000_000, select="best"))
    with pytest.raises(OptionError, match="at least one hidden layer"):
        train("souvenirs", 2, 1, TrainConfig(games=1_000_000, layers=0))


def test_a_network_of_one_narrow_layer_trains_and_plays() -> None:
    net, _ = train("souvenirs", 2, 1, replace(TINY, search_rounds=0, layers=1, width=4))
    assert net.layers == 1 and net.params["w0"].shape[1] == 4
    game = load_game("souvenirs", 2)
    state = first_decision("souvenirs", 2)
    search = learned_search(game, net, parse_learned("learned:12", net.meta["search"]), random.Random(1))
    assert search.run(state, state.current_player()) in state.legal_actions()


TAUGHT = TrainConfig(games=3, tables=2, epochs=1, width=8, keep=0.5, teacher="ismcts:6", teacher_games=2)


def test_training_from_a_teacher_is_reproducible_and_resumes_from_its_cache(tmp_path: Path) -> None:
    first, figures = train("allegra", 2, 5, TAUGHT)
    assert len(figures) == 2 and figures[1]["teacher"] and figures[1]["positions"] > 0
    cached, _ = train("allegra", 2, 5, TAUGHT, cache=tmp_path)
    assert len(list(tmp_path.glob("*.pickle"))) == 2
    resumed, _ = train("allegra", 2, 5, TAUGHT, cache=tmp_path, workers=2)
    for net in (cached, resumed):
        assert all(np.array_equal(first.params[key], net.params[key]) for key in first.params)
    untaught, _ = train("allegra", 2, 5, TrainConfig(games=3, tables=2, epochs=1, width=8, keep=0.5))
    assert not np.array_equal(first.params["w0"], untaught.params["w0"])
    assert first.meta["search"]["lazy"] is False and first.meta["config"]["teacher"] == "ismcts:6"
    made = parse_learned("learned", first.meta["search"])
    assert (made.select, made.bias, made.estimate) == ("puct", 1.0, 0.0)
