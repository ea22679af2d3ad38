"""Conformance: the checks every registered game must pass.

`check_game` plays one seeded random game and checks, at every step, what the
contract promises: legal ids apply, illegal ids raise and change nothing,
clones are independent, legal actions have distinct names, views are JSON-safe
and fixed in shape, resampling keeps what a seat knows, varies what it does
not and reads nothing else, public move names and the heuristic bot read only what
may be seen, a move declared to reveal nothing shows no seat anything new,
the optional search hooks pick legal moves and leave the state alone,
safety caps are set by their options and their counters stay within them,
the game's invariants hold, and the record replays to the same state. The test
suite runs it with hypothesis-drawn seeds for every game and player count; a
new game gets it by registering.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Final

from spieltisch.core.contract import CHANCE, TERMINAL, AnyGame, Game, IllegalActionError, State
from spieltisch.core.play import sample_chance
from spieltisch.core.record import Record
from spieltisch.core.registry import game_names, load_game
from spieltisch.core.snapshot import snapshot

MAX_ACTIONS_TRIED: Final = 24


@dataclass
class ConformanceReport:
    decisions: int = 0
    chance_steps: int = 0
    resamples: int = 0
    resamples_that_differ: int = 0


def check_game(
    name: str | AnyGame,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    resample_every: int = 1,
) -> ConformanceReport:
    """Play one random game with every check; raise AssertionError on a breach.

    `name` is a registered game's name, or a Game already made (then `players`
    and `options` are taken from it).
    """
    game = name if isinstance(name, Game) else load_game(name, players, **(options or {}))
    info = game.info
    assert info.num_distinct_actions > 0 and info.max_game_length > 0
    rng = random.Random(seed)
    state = game.new_initial_state()
    report = ConformanceReport()
    step = 0
    known: list[tuple[str, Hashable]] = []
    while not state.is_terminal():
        known = _check_information_key(state, known)
        _check_step(state, rng, report, check_resample=step % resample_every == 0)
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        if state.is_chance_node():
            report.chance_steps += 1
        else:
            report.decisions += 1
        state.apply_action(action)
        state.check_invariants()
        step += 1
        assert report.decisions <= info.max_game_length, "game ran past max_game_length"
    _check_caps(state)
    _check_terminal(state)
    _check_record(state)
    assert report.resamples == 0 or report.resamples_that_differ > 0, (
        "resample_from_infostate never changed any hidden part of the state"
    )
    return report


def _check_step(state: State, rng: random.Random, report: ConformanceReport, check_resample: bool) -> None:
    _check_views(state)
    _check_caps(state)
    if state.is_chance_node():
        _check_chance(state)
    else:
        _check_decision(state, rng)
    if check_resample:
        _check_resample(state, rng, report)
        if not state.is_chance_node():
            _check_public_labels(state, rng)
            _check_quiet_moves(state, rng)


def _check_caps(state: State) -> None:
    """Each safety cap is set by its option and its counter stays within the limit."""
    limits = {cap.option: cap.limit for cap in state.game.safety_caps()}
    counters = state.cap_counters()
    assert set(counters) == set(limits), "cap_counters must name the caps of safety_caps"
    for option, count in counters.items():
        assert state.game.options.get(option) == limits[option], f"cap {option} is not its option's value"
        assert count >= 0 and (not limits[option] or count <= limits[option]), f"cap {option} passed"


def _check_chance(state: State) -> None:
    outcomes = state.chance_outcomes()
    limit = state.game.max_chance_outcomes()
    assert outcomes, "chance node without outcomes"
    ids = [outcome for outcome, _ in outcomes]
    assert len(set(ids)) == len(ids), "duplicate chance outcome"
    assert all(0 <= i < limit for i in ids), "chance outcome id out of range"
    assert all(0 < p <= 1 for _, p in outcomes), "chance probability out of (0, 1]"
    total = sum(p for _, p in outcomes)
    assert math.isclose(total, 1.0, abs_tol=1e-9), "chance probabilities do not sum to 1"
    assert state.legal_actions() == sorted(ids), "legal_actions at a chance node must be the outcome ids"


def _check_decision(state: State, rng: random.Random) -> None:
    legal = state.legal_actions()
    seat = state.current_player()
    assert 0 <= seat < state.num_players
    assert legal, "a player to move has no legal action"
    assert legal == sorted(set(legal)), "legal_actions must be sorted and unique"
    limit = state.game.num_distinct_actions()
    assert all(0 <= a < limit for a in legal), "action id out of num_distinct_actions"
    _check_illegal_rejected(state, legal, limit, rng)
    names = [state.action_to_string(a) for a in legal]
    assert len(set(names)) == len(names), f"two legal actions share a name: {sorted(names)}"
    _check_structs(state, legal)
    tried = legal if len(legal) <= MAX_ACTIONS_TRIED else rng.sample(legal, MAX_ACTIONS_TRIED)
    before = snapshot(state)
    for action in tried:
        label = state.action_to_string(action)
        assert isinstance(label, str) and label, "action_to_string must name the action"
        child = state.clone()
        child.apply_action(action)
        child.check_invariants()
    assert snapshot(state) == before, "applying an action to a clone changed the original"
    _check_heuristic_blind(state, rng)
    _check_search_hooks(state, rng)


def _check_structs(state: State, legal: list[int]) -> None:
    """Each legal move has a JSON-safe struct with a "kind", and no two share one:
    a front finds the move a click means by its struct alone."""
    seen = set()
    for action in legal:
        move = state.action_struct(action)
        assert isinstance(move, dict) and isinstance(move.get("kind"), str), (
            f"action_struct({action}) must be a dict with a str 'kind', got {move!r}"
        )
        text = json.dumps(move, sort_keys=True)
        assert text not in seen, f"two legal actions share the struct {text}"
        seen.add(text)
        public = state.public_action_struct(action)
        assert public is None or (isinstance(public, dict) and isinstance(public.get("kind"), str))
        json.dumps(public)


def _check_illegal_rejected(state: State, legal: list[int], limit: int, rng: random.Random) -> None:
    legal_set = set(legal)
    candidates: list[Any] = [-1, limit, None, "0", 1.5, True]
    outside = [a for a in rng.sample(range(limit), min(limit, 40)) if a not in legal_set]
    candidates.extend(outside[:5])
    before = snapshot(state)
    for action in candidates:
        try:
            state.apply_action(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"illegal action {action!r} was accepted")
    # One comparison for all of them: a snapshot can cost more than the rest of a step.
    assert snapshot(state) == before, f"one of the rejected actions {candidates!r} changed the state"


def _check_views(state: State) -> None:
    shape = state.game.observation_shape()
    size = math.prod(shape)
    for seat in [None, *range(state.num_players)]:
        json.dumps(state.view(seat))
        if seat is not None:
            tensor = state.observation_tensor(seat)
            assert len(tensor) == size, f"observation_tensor has {len(tensor)} values, shape says {size}"
            assert _entries_as_tensor(state, seat, size) == tensor, (
                "observation_entries differ from the tensor"
            )
            assert isinstance(state.information_state_string(seat), str)


def _check_information_key(state: State, before: list[tuple[str, Hashable]]) -> list[tuple[str, Hashable]]:
    """Each seat's information state key is equal to the one before exactly when its string is."""
    seats = range(state.num_players)
    now = [(state.information_state_string(seat), state.information_state_key(seat)) for seat in seats]
    for (text, key), (text_before, key_before) in zip(now, before, strict=False):
        assert (key == key_before) == (text == text_before), "information_state_key differs from the string"
    return now


def _entries_as_tensor(state: State, seat: int, size: int) -> list[float]:
    indices, values = state.observation_entries(seat)
    if indices is None:
        return values
    assert len(set(indices)) == len(indices) == len(values), "observation_entries repeat an index"
    tensor = [0.0] * size
    for index, value in zip(indices, values, strict=True):
        tensor[index] = value
    return tensor


def _check_resample(state: State, rng: random.Random, report: ConformanceReport) -> None:
    bare = _without_history(state)
    for seat in range(state.num_players):
        other = state.resample_from_infostate(seat, random.Random(rng.random()))
        report.resamples += 1
        assert other is not state
        assert other.current_player() == state.current_player(), "resample changed whose turn it is"
        assert other.view(seat) == state.view(seat), f"resample changed what seat {seat} sees"
        assert other.view(None) == state.view(None), "resample changed the public view"
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.information_state_key(seat) == state.information_state_key(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        if state.current_player() == seat:
            legal = state.legal_actions()
            assert other.legal_actions() == legal, "resample changed the legal moves"
            assert other.move_open() == state.move_open(), "resample changed whether a move is under way"
            if len(legal) == 1:  # a front makes a quiet only move alone: that must not tell a secret
                assert other.quiet_action(legal[0]) == state.quiet_action(legal[0]), (
                    "quiet_action reads hidden cards"
                )
        other.check_invariants()
        if _without_history(other) != bare:
            report.resamples_that_differ += 1
        _check_resample_reads_only_the_infostate(state, other, seat, rng.random())


def _check_resample_reads_only_the_infostate(state: State, twin: State, seat: int, seed: float) -> None:
    """Resampling two states the seat cannot tell apart with one seed gives one state.

    So a search that determinizes through it chooses alike on both: a bot's
    choice can be checked for blindness seed by seed.
    """
    one = state.resample_from_infostate(seat, random.Random(seed))
    two = twin.resample_from_infostate(seat, random.Random(seed))
    assert _without_history(one) == _without_history(two), (
        "resample_from_infostate depends on more than what the seat knows (e.g. the order of hidden cards)"
    )


def _check_public_labels(state: State, rng: random.Random) -> None:
    """A move's public name must not depend on what the other seats cannot see."""
    mover = state.current_player()
    legal = state.legal_actions()
    actions = legal if len(legal) <= MAX_ACTIONS_TRIED else rng.sample(legal, MAX_ACTIONS_TRIED)
    for seat in range(state.num_players):
        if seat == mover:
            continue
        other = state.resample_from_infostate(seat, random.Random(rng.random()))
        other_legal = set(other.legal_actions())
        for action in actions:
            label = state.public_action_label(action)
            assert label is None or isinstance(label, str)
            if action in other_legal:
                assert other.public_action_label(action) == label, (
                    f"the public name of {state.action_to_string(action)!r} reveals hidden cards to {seat}"
                )
                assert other.public_action_struct(action) == state.public_action_struct(action), (
                    f"the public struct of {state.action_to_string(action)!r} reveals hidden cards to {seat}"
                )
    _check_public_result(state, rng.choice(actions), rng)


def _check_quiet_moves(state: State, rng: random.Random) -> None:
    """A move the game says reveals nothing (it may be taken back) must show no seat anything new.

    On states each seat cannot tell apart from this one, the move must be legal and leave
    that seat's and a spectator's view as on the true state. A move a chance event follows,
    or that ends the game, is left out: it is never taken back.
    """
    legal = state.legal_actions()
    actions = legal if len(legal) <= MAX_ACTIONS_TRIED else rng.sample(legal, MAX_ACTIONS_TRIED)
    for action in actions:
        if not state.reveals_nothing(action):
            continue
        after = state.clone()
        after.apply_action(action)
        if after.is_chance_node() or after.is_terminal():
            continue
        name = state.action_to_string(action)
        for seat in range(state.num_players):
            other = state.resample_from_infostate(seat, random.Random(rng.random()))
            assert other.is_legal(action), f"{name!r}, declared to reveal nothing, shows seat {seat} a card"
            other.apply_action(action)
            assert other.view(seat) == after.view(seat) and other.view(None) == after.view(None), (
                f"{name!r}, declared to reveal nothing, shows seat {seat} something new"
            )


def _check_public_result(state: State, action: int, rng: random.Random) -> None:
    """What a move showed everybody may depend only on what a spectator sees after it."""
    after = state.clone()
    after.apply_action(action)
    result = after.public_result(action)
    json.dumps(result)
    assert result is None or isinstance(result.get("text"), str), "a public result needs a 'text'"
    for seat in range(state.num_players):
        other = after.resample_from_infostate(seat, random.Random(rng.random()))
        assert other.public_result(action) == result, (
            f"the public result of {state.action_to_string(action)!r} reveals hidden cards to seat {seat}"
        )


def _check_heuristic_blind(state: State, rng: random.Random) -> None:
    """The heuristic bot must choose the same on states its seat cannot tell apart."""
    seat = state.current_player()
    seed = rng.random()
    choice = state.game.heuristic_action(state, random.Random(seed))
    assert choice in state.legal_actions(), "heuristic bot chose an illegal action"
    other = state.resample_from_infostate(seat, random.Random(rng.random()))
    assert state.game.heuristic_action(other, random.Random(seed)) == choice, (
        "the heuristic bot's choice depends on cards its seat cannot see"
    )


def _check_search_hooks(state: State, rng: random.Random) -> None:
    """`rollout_action` must pick a legal move (search applies it unchecked) and
    `estimate_scores` must give one finite score per seat; neither may change the state."""
    before = snapshot(state)
    assert state.game.rollout_action(state, random.Random(rng.random())) in state.legal_actions(), (
        "rollout_action chose an illegal action"
    )
    scores = state.game.estimate_scores(state)
    if scores is not None:
        assert len(scores) == state.num_players and all(math.isfinite(s) for s in scores), (
            "estimate_scores must give one finite score per seat"
        )
    assert snapshot(state) == before, "a search hook changed the state"


def _check_terminal(state: State) -> None:
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    winners = state.winners()
    assert winners and set(winners) <= set(range(state.num_players)), "a finished game needs winners"
    assert len(state.scores()) == state.num_players
    returns = state.returns()
    assert len(returns) == state.num_players
    assert all(returns[w] > 0 for w in winners)
    before = snapshot(state)
    try:
        state.apply_action(0)
    except IllegalActionError:
        pass
    else:
        raise AssertionError("an action was accepted after the end")
    assert snapshot(state) == before
    assert state.current_player() != CHANCE


def _check_record(state: State) -> None:
    record = Record.from_json(json.loads(json.dumps(Record.of(state).to_json())))
    # A registered game must replay from its name and JSON options alone.
    game = None if state.game.name in game_names() else state.game
    replayed = record.replay(game=game)
    assert snapshot(replayed) == snapshot(state), "replaying the record gave another state"
    middle = len(record.actions) // 2
    assert record.replay(middle, game=game).history() == record.actions[:middle]


def _without_history(state: State) -> Any:
    fields = snapshot(state)[1]
    return tuple(item for item in fields if item[0] != "_history")
