"""Lucandor: the data model and its re-fitting, options, text, and the heuristic bot."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from lucandor_helpers import card, cell, new_state

from spieltisch.core.data import package_data
from spieltisch.core.options import OptionError
from spieltisch.core.registry import load_game
from spieltisch.games.lucandor.model import FUNCTION_COUNTS, FUNCTION_KEYS, load_model
from spieltisch.lab.arena import play_match

DATA = Path(__file__).resolve().parents[3] / "spieltisch" / "games" / "lucandor" / "data"


def test_built_in_model_matches_the_rulebook_counts() -> None:
    m = load_model()
    assert len(m.cards) == 60 and len(m.garments) == 10 and len(m.colours) == 6
    for n, key in enumerate(FUNCTION_KEYS):
        assert sum(1 for c in m.cards if c.function == n) == FUNCTION_COUNTS[key]
    assert len({(c.garment, c.colour) for c in m.cards}) == 60
    assert (m.num_sections, m.num_storeys, m.door_start) == (3, 5, 1)
    for side in (0, 1):  # each side of the start cards shows all six colours
        assert sorted(c for pair in m.start_colours for c in pair[side]) == list(range(6))
    assert [sum(1 for c in m.cards if c.thumb == k) for k in range(4)] == [15] * 4
    assert [len(m.slots_over(s)) for s in range(5)] == [1, 2, 1, 2, 1]


def test_every_data_value_says_where_it_comes_from() -> None:
    for name in ("wardrobe.toml", "cards.toml"):
        text = (DATA / name).read_text(encoding="utf-8")
        assert "verified (rulebook)" in text and "default (RULINGS.md), unverified" in text


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_refitted_wardrobe_loads(tmp_path: Path) -> None:
    text = (DATA / "wardrobe.toml").read_text(encoding="utf-8").replace("rod_units = 6", "rod_units = 8")
    game = load_game("lucandor", 3, wardrobe=write(tmp_path, "w.toml", text))
    assert game.settings.model.rod_units == 8  # type: ignore[attr-defined]
    state = game.new_initial_state()
    assert not state.is_terminal()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("door_start = 1", "door_start = 5", "door_start: must be a whole number 0..2"),
        ("start_slots = [[1, 3]", "start_slots = [[1, 2]", "storey 2 holds rods"),
        ("storeys = [2, 3, 4]", "storeys = [2, 3, 9]", "must list distinct storeys 1..5"),
        ('{ kind = "rod" }', '{ kind = "shelf" }', "'shelf' is not one of rod, compartment"),
        ("rod_units = 6", "rod_units = 1", "a frack (2 units) does not fit any rod"),
        ("[[slots]]\nstoreys = [4, 5]", "", "2 scoring slots but 3 start cards"),
    ],
)
def test_a_broken_wardrobe_file_is_a_clear_error(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = (DATA / "wardrobe.toml").read_text(encoding="utf-8")
    assert old in text
    path = write(tmp_path, "w.toml", text.replace(old, new))
    with pytest.raises(
        OptionError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")
    ):
        load_game("lucandor", 3, wardrobe=path)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('function = "iron"', 'function = "dot", dot_colour = "rot", points = 1', "function 'dot'"),
        ('garment = "hemd", colour = "orange"', 'garment = "hemd", colour = "rot"', "appears twice"),
        ('thumb = "oben-links" }', 'thumb = "mitte" }', "'mitte' is not one of"),
        ("storey = 1,", "storey = 0,", "must be a whole number 1..99"),
    ],
)
def test_a_broken_cards_file_is_a_clear_error(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = (DATA / "cards.toml").read_text(encoding="utf-8")
    assert old in text
    path = write(tmp_path, "c.toml", text.replace(old, new, 1))
    with pytest.raises(OptionError, match=message):
        load_game("lucandor", 3, cards=path)


def test_missing_or_invalid_files_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="cannot read"):
        load_game("lucandor", 3, wardrobe=str(tmp_path / "none.toml"))
    with pytest.raises(OptionError, match="not valid TOML"):
        load_game("lucandor", 3, cards=write(tmp_path, "bad.toml", "cards = ["))


@pytest.mark.parametrize(
    ("options", "message"),
    [({"start_side": "C"}, "start_side"), ({"family": "maybe"}, "family"), ({"colours": 5}, "has no option")],
)
def test_bad_options_are_clear_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        load_game("lucandor", 3, **options)


@pytest.mark.parametrize("players", [2, 6])
def test_three_to_five_players(players: int) -> None:
    with pytest.raises(OptionError, match="3-5 players"):
        load_game("lucandor", players)


def test_start_side_b_shows_its_own_colours() -> None:
    a = new_state(3, start_side="A")
    b = new_state(3, start_side="B")
    from spieltisch.games.lucandor.scoring import slot_card

    assert slot_card(a, 0) != slot_card(b, 0)
    assert slot_card(b, 0) == (a.settings.model.start_colours[0][1], 1)


def test_data_files_parse_as_toml() -> None:
    assert package_data("spieltisch.games.lucandor", "wardrobe.toml")["door_start"] == 1
    tomllib.loads((DATA / "cards.toml").read_text(encoding="utf-8"))


def test_text_shows_the_wardrobe_and_hides_other_hands() -> None:
    state = new_state()
    state.content[cell(state, 1, 1)][0] = [card(state, "zylinder", "rot")]
    state.refit_wardrobe()
    text_de = state.render_text(0, "de")
    text_en = state.render_text(0, "en")
    assert "Zy.rt" in text_de and "Ha.re" in text_en
    assert "#TÜR# Mitte" in text_de and "#DOOR# middle" in text_en
    varied = 0
    for i in range(5):  # what seat 0 reads does not depend on cards it cannot see
        other = state.resample_from_infostate(0, random.Random(i))
        assert other.render_text(0, "de") == text_de
        varied += other.hands[1:] != state.hands[1:]
    assert varied
    labels = {state.action_label(a, "de") for a in state.legal_actions()}
    assert any(label.startswith("Fächer putzen") for label in labels)
    assert all(state.action_to_string(a) for a in state.legal_actions())


def test_resampling_keeps_the_seats_view_and_varies_hidden_cards() -> None:
    state = new_state()
    seen = {tuple(state.resample_from_infostate(0, random.Random(i)).hands[1]) for i in range(10)}
    assert len(seen) > 1
    for i in range(5):
        other = state.resample_from_infostate(0, random.Random(i))
        assert other.view(0) == state.view(0)
        other.check_invariants()


def test_heuristic_bot_beats_random_clearly() -> None:
    """Seats rotate; the heuristic's Wilson lower bound must beat the fair share 1/3."""
    match = play_match("lucandor", ["heuristic", "random", "random"], 45, seed=7)
    low, _ = match.wilson_interval("heuristic")
    assert low > 1 / 3


def test_max_game_length_bounds_random_games() -> None:
    game = load_game("lucandor", 5)
    for seed in range(3):
        state = game.new_initial_state()
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        assert decisions <= game.max_game_length()


def test_quick_legality_check_agrees_with_the_legal_list() -> None:
    game = load_game("lucandor", 4)
    rng = random.Random(3)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if not state.is_chance_node() and rng.random() < 0.2:
            legal = set(state.legal_actions())
            assert all(state.is_legal(a) == (a in legal) for a in range(game.num_distinct_actions()))
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10


def test_rollout_policy_plays_legal_games() -> None:
    """The cheap playout policy for search only ever picks legal moves and finishes games."""
    game = load_game("lucandor", 3)
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(game.rollout_action(state, rng))  # type: ignore[attr-defined]
    assert state.winners()


FOUR_SECTIONS = """
sections = [{ de = "a", en = "a" }, { de = "b", en = "b" }, { de = "c", en = "c" }, { de = "d", en = "d" }]
door_start = 0
storeys = [{ kind = "rod" }, { kind = "compartment" }, { kind = "compartment" }, { kind = "rod" },
           { kind = "compartment" }, { kind = "compartment", shoes = true }]
[sizes]
rod_units = 5
drawer_units = 3
floor_places = 3
stack_height = 4
[drawers]
start_slots = [[1, 3], [4, 5]]
other_slots = [[2, 2], [3, 6]]
[[slots]]
storeys = [1, 2, 3]
[[slots]]
storeys = [3, 4]
[[slots]]
storeys = [5, 6]
"""


def test_a_differently_shaped_wardrobe_plays_and_conforms(tmp_path: Path) -> None:
    """Re-fitting may change sections, storeys and sizes; the action space follows."""
    from spieltisch.core.conformance import check_game

    path = write(tmp_path, "four.toml", FOUR_SECTIONS)
    game = load_game("lucandor", 4, wardrobe=path)
    assert game.settings.model.num_cells == 24  # type: ignore[attr-defined]
    report = check_game("lucandor", 4, 11, options={"wardrobe": path}, resample_every=10)
    assert report.decisions > 50
