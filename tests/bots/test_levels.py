"""Levels: every game's four named bots parse, build and play; the heuristic that errs."""

from __future__ import annotations

import random

import pytest

from spieltisch.bots import ErringBot, HeuristicBot, make_bot
from spieltisch.bots.levels import LEVEL_IDS, describe_bot, find_level, level_spec, levels
from spieltisch.core.options import OptionError
from spieltisch.core.registry import game_names, load_game
from spieltisch.lab.arena import play_game


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_four_levels_whose_specs_build_bots(name: str) -> None:
    game = load_game(name)
    found = levels(name)
    assert [level.id for level in found] == list(LEVEL_IDS)
    assert len({level.spec for level in found}) == len(found), "each level plays its own bot"
    for level in found:
        assert level.names["en"] and level.names["de"] and level.names["de"] != level.names["en"]
        assert make_bot(level.spec, game, 1).name == level.spec
        by_name = make_bot(level.names["de"].upper(), game, 0)  # a level by its name, in any case
        assert by_name.name == level.spec


@pytest.mark.parametrize("name", game_names())
def test_the_levels_are_rated_weakest_first_with_intervals(name: str) -> None:
    rated = levels(name)
    assert all(level.rating is not None for level in rated), f"{name}: run `spieltisch levels rate {name}`"
    assert rated[0].rating == 1000  # the anchor
    for level in rated:
        assert level.low is not None and level.high is not None
        assert level.low <= level.rating <= level.high  # type: ignore[operator]


def test_a_level_game_plays_to_the_end() -> None:
    result = play_game("souvenirs", ["beginner", "casual"], seed=3)
    assert result.winners and result.bots == ["beginner", "casual"]


def test_an_unknown_level_is_refused_naming_the_levels() -> None:
    with pytest.raises(OptionError, match="beginner, casual, strong, expert"):
        make_bot("grandmaster", load_game("allegra"), 0)
    with pytest.raises(OptionError, match="no level"):
        level_spec("allegra", "grandmaster")
    assert find_level("allegra", "Experte") == find_level("allegra", "expert") is not None


def test_a_bot_is_described_with_its_levels_rating() -> None:
    strong = find_level("calcory", "strong")
    assert strong is not None and strong.rating is not None
    assert describe_bot("calcory", strong.spec) == f"Strong (≈{strong.rating:.0f}) [{strong.spec}]"
    assert describe_bot("calcory", "stark", "de").startswith("Stark (≈")
    assert describe_bot("calcory", "random") == "random"


def test_the_erring_heuristic_plays_random_moves_at_its_rate() -> None:
    game = load_game("souvenirs")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.legal_actions()) > 1
    plain = HeuristicBot(game)
    for errs, low, high in ((0.0, 0, 0), (1.0, 150, 400), (0.3, 30, 130)):
        bot = make_bot(f"heuristic:errs={errs}", game, 0)
        assert isinstance(bot, ErringBot) and bot.errs == errs
        differs = 0
        for seed in range(400):
            ours = bot.choose(state, random.Random(seed))
            assert state.is_legal(ours)
            differs += ours != plain.choose(state, random.Random(seed + 10_000))
        assert low <= differs <= high, (errs, differs)


@pytest.mark.parametrize(
    "spec", ["heuristic:errs=2", "heuristic:errs=x", "heuristic:rate=0.1", "random:errs=0.1"]
)
def test_bad_erring_specs_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_bot(spec, load_game("souvenirs"), 0)
