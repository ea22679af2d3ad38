"""Every game's views, reference data and moves match the types the OpenAPI document publishes.

The views of random seeded games, for every seat and a spectator (at every step
of the opening, then at every tenth step and at the end),
are validated against `<Game>View` (and the reference data against
`<Game>Reference`), with no keys beyond the declared ones: a key added to a
view without its type fails here, and the browser's generated types stay true.
A plain run plays one game per player count, at full length at the smallest
table and with short LEVEL 8 rounds at the larger ones (where a random game
would run for ten thousands of steps); the soak test (pytest --soak) plays
several full-length games at every count.
In a few short seeded games of each game, every legal move's struct (and its
public struct) is validated against `<Game>Move` the same way.
"""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest

from spieltisch.core.conformance import sample_chance
from spieltisch.core.contract import Game
from spieltisch.core.registry import game_class, game_names, load_game
from spieltisch.server.app import create_app
from spieltisch.server.settings import Settings
from spieltisch.server.views import game_types, type_name
from spieltisch.server.wire import encode
from tests.options import quick_options

GAME_TYPES = game_types()
SOAK_GAMES_PER_COUNT = 5
MOVE_GAMES = 3
"""Seeded games per game whose every legal move is checked, each cut off after MOVE_STEPS steps."""
MOVE_STEPS = 200
EVERY_STEP_UNTIL = 150
"""Views are checked at every step of a game's opening, then at every STRIDE-th step and the end."""
STRIDE = 10


@pytest.fixture(scope="module")
def components() -> dict[str, Any]:
    document: dict[str, Any] = create_app(Settings()).openapi()
    return document["components"]


def validator(components: dict[str, Any], name: str) -> jsonschema.protocols.Validator:
    schema = {"$ref": f"#/components/schemas/{name}", "components": components}
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema)


def as_sent(data: Any) -> Any:
    """The data as the server's state messages carry it (a tuple becomes an array)."""
    return json.loads(encode(data))


def player_counts(name: str) -> list[int]:
    cls = game_class(name)
    return list(range(cls.min_players, cls.max_players + 1))


CASES = [(name, n) for name in sorted(GAME_TYPES) for n in player_counts(name)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_views_and_reference_data_match_the_published_types(
    components: dict[str, Any], name: str, players: int
) -> None:
    # Only long LEVEL 8 rounds reach a player going out: the smallest table, the quickest, plays them.
    full_length = players == game_class(name).min_players
    options = {} if full_length else quick_options(name, players)
    check_views(components, load_game(name, players, **options), seed=players)


@pytest.mark.soak
@pytest.mark.timeout(3600)
@pytest.mark.parametrize(("name", "players"), CASES)
def test_views_of_many_full_length_games_match_the_published_types(
    components: dict[str, Any], name: str, players: int
) -> None:
    for seed in range(SOAK_GAMES_PER_COUNT):
        check_views(components, load_game(name, players), seed)


def check_views(components: dict[str, Any], game: Game[Any], seed: int) -> None:
    """Play a random seeded game and validate its reference data and the views along the way."""
    types = GAME_TYPES[game.name]
    views = validator(components, type_name(types.view))
    validator(components, type_name(types.reference)).validate(as_sent(game.reference_data()))
    rng = random.Random(seed)
    state = game.new_initial_state()
    step = 0
    while True:
        if step < EVERY_STEP_UNTIL or step % STRIDE == 0 or state.is_terminal():
            for seat in [*range(game.num_players), None]:
                views.validate(as_sent(state.view(seat)))
        if state.is_terminal():
            break
        step += 1
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )


@pytest.mark.parametrize("name", sorted(GAME_TYPES))
def test_every_legal_move_matches_the_published_move_types(components: dict[str, Any], name: str) -> None:
    moves = validator(components, type_name(GAME_TYPES[name].move))
    checked: set[str] = set()
    for seed in range(MOVE_GAMES):
        players = player_counts(name)[seed % len(player_counts(name))]
        rng = random.Random(seed)
        state = load_game(name, players).new_initial_state()
        for _ in range(MOVE_STEPS):
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = sample_chance(state, rng)
                moves.validate(as_sent(state.action_struct(action)))
            else:
                for action in state.legal_actions():
                    struct = as_sent(state.action_struct(action))
                    moves.validate(struct)
                    checked.add(struct["kind"])
                    public = state.public_action_struct(action)
                    if public is not None:
                        moves.validate(as_sent(public))
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
    assert len(checked) >= 3, f"only {sorted(checked)} checked"


def test_every_game_declares_its_types() -> None:
    assert sorted(GAME_TYPES) == game_names()


def test_a_move_of_another_kind_is_refused(components: dict[str, Any]) -> None:
    moves = validator(components, "CalcoryMove")
    moves.validate({"kind": "turn", "position": 7, "row": 0, "col": 7})
    for wrong in ({"kind": "turn", "position": "7", "row": 0, "col": 7}, {"kind": "flip", "position": 7}):
        with pytest.raises(jsonschema.ValidationError):
            moves.validate(wrong)


def test_a_key_without_its_type_is_refused(components: dict[str, Any]) -> None:
    name = sorted(GAME_TYPES)[0]
    view = dict(load_game(name, game_class(name).min_players).new_initial_state().view(0))
    views = validator(components, type_name(GAME_TYPES[name].view))
    views.validate(view)
    with pytest.raises(jsonschema.ValidationError):
        views.validate({**view, "undeclared": 1})
