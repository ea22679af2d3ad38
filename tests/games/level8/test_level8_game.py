"""LEVEL 8 as a whole: options, custom level files, views, text, bound on length, bot strength."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from level8_positions import card, group, position

import spieltisch
from spieltisch.core.conformance import check_game
from spieltisch.core.observation import total_size
from spieltisch.core.options import OptionError
from spieltisch.core.play import play_out
from spieltisch.games.level8 import actions as A
from spieltisch.games.level8.game import Level8Game
from spieltisch.games.level8.levels import RUN, SET
from spieltisch.games.level8.observe import observation_pieces
from spieltisch.lab.arena import play_match

PAIR_RUN = '[[level]]\nparts = [{ kind = "set", size = 2 }, { kind = "run", size = 3 }]\n'


def test_options_and_deck_sizes() -> None:
    """Rulebook: 98 cards; RULINGS.md: a 6-joker deck (99) as an option."""
    assert spieltisch.load_game("level8", 2).new_initial_state().stock_size == 98
    assert spieltisch.load_game("level8", 2, jokers=6).new_initial_state().stock_size == 99
    with pytest.raises(OptionError, match="jokers"):
        spieltisch.load_game("level8", 2, jokers=7)
    with pytest.raises(OptionError, match="side"):
        spieltisch.load_game("level8", 2, side="middle")
    with pytest.raises(OptionError, match="2-6 players"):
        spieltisch.load_game("level8", 7)


def test_sides_load_the_rulings_levels() -> None:
    front = Level8Game(2).settings.levels
    back = Level8Game(2, {"side": "back"}).settings.levels
    assert front.levels[0] == ((RUN, 3), (RUN, 3)) and front.levels[1] == ((SET, 2),) * 4
    assert front.verified[:2] == (True, True) and not any(front.verified[2:])
    assert back.levels[7] == ((SET, 5), (SET, 5)) and back.carry_over and not front.carry_over


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (PAIR_RUN * 7, "exactly 8"),
        (PAIR_RUN * 7 + '[[level]]\nparts = [{ kind = "row", size = 3 }]\n', "level 8, part 1: kind"),
        (PAIR_RUN * 7 + '[[level]]\nparts = [{ kind = "run", size = 11 }]\n', "3..10 cards"),
        (
            PAIR_RUN * 7 + '[[level]]\nparts = [{ kind = "run", size = 6 }, { kind = "set", size = 5 }]\n',
            "needs 11 cards",
        ),
        (PAIR_RUN * 7 + "[[level]]\nparts = []\n", "non-empty list"),
        (PAIR_RUN * 7 + '[[level]]\nparts = [{ kind = "set", size = "two" }]\n', "whole number"),
        ("[[level]\n", "not valid TOML"),
    ],
)
def test_custom_level_file_errors_are_clear(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "levels.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(OptionError, match=message):
        spieltisch.load_game("level8", 3, levels_file=str(path))


def test_custom_level_file_is_played(tmp_path: Path) -> None:
    path = tmp_path / "levels.toml"
    path.write_text("carry_over = true\n" + PAIR_RUN * 8, encoding="utf-8")
    game = Level8Game(3, {"levels_file": str(path)})
    assert game.settings.carry_over
    state = game.new_initial_state()
    assert state.level_parts(0) == ((SET, 2), (RUN, 3))
    with pytest.raises(OptionError, match="cannot read"):
        spieltisch.load_game("level8", 3, levels_file=str(tmp_path / "missing.toml"))


def test_views_hide_other_hands_and_resample_keeps_known_cards() -> None:
    state = position(hands={0: "R1 O2 Y3", 1: "G4 G5 G6 G7"})
    state.known[1] = [card("G5")]
    view = state.view(0)
    assert view["hand"] == state.hands[0] and view["hand_sizes"][1] == 4
    assert "G4" not in state.render_text(0) and "R1" in state.render_text(0)
    other = state.resample_from_infostate(0, random.Random(1))
    assert card("G5") in other.hands[1] and other.hands[0] == state.hands[0]
    assert other.view(0) == view
    assert any(
        state.resample_from_infostate(0, random.Random(seed)).hands[1] != state.hands[1] for seed in range(5)
    )


def test_lay_down_reads_naturally_in_both_languages() -> None:
    state = position(hands={0: "R4 O5 Y6 G9 G10 G11 R1 O8 Y13 J B15"})
    state.apply_action(A.START_LAYDOWN)
    state.apply_action(A.PICK + card("R4"))
    text = state.render_text(0, "de")
    assert "Level 1 wird ausgelegt (2 Dreierfolgen)" in text and "Teil 1 (Dreierfolge): R4 _ _" in text
    assert "part 1 (run of 3): R4 _ _" in state.render_text(0, "en")
    labels = {state.action_label(a, "en") for a in state.legal_actions()}
    assert "put O5 into part 1 (run of 3)" in labels and "joker as 5 into part 1 (run of 3)" in labels
    assert "cancel laying down" in labels
    assert state.action_label(A.CANCEL, "de") == "Auslegen abbrechen"
    assert len(labels) == len(state.legal_actions())


def test_random_play_stays_within_max_game_length() -> None:
    """Digital rulings: round_turns and stall_rounds end every game; max_game_length bounds it."""
    for players, seed in ((2, 1), (5, 2)):
        game = spieltisch.load_game("level8", players, round_turns=20, side="back")
        state = game.new_initial_state()
        play_out(state, rng=random.Random(seed))
        decisions = sum(1 for _ in state.history())
        assert state.winners() and decisions <= game.max_game_length()


def test_conformance_with_options() -> None:
    check_game("level8", 3, 5, {"side": "back", "jokers": 6, "round_turns": 30}, resample_every=5)


def test_heuristic_beats_random() -> None:
    """The heuristic wins clearly more than its fair share against random players."""
    for players in (2, 4):
        match = play_match("level8", ["heuristic"] + ["random"] * (players - 1), 16, seed=11)
        low, _ = match.wilson_interval("heuristic")
        assert low > 1 / players, (players, match.win_share("heuristic"))


def test_observation_is_its_named_pieces() -> None:
    """The tensor's size and its encoder come from one list of named pieces."""
    state = position(players=4, hands={0: "R1 O2 Y3", 1: "G4 G5 G6 G7"}, piles={2: "B2"})
    names = [name for name, _ in observation_pieces(4)]
    assert names[0] == "hand" and "seat+3/groups" in names and names[-1] == "kept"
    assert len(state.observation_tensor(1)) == total_size(observation_pieces(4))
    assert total_size(observation_pieces(4)) == state.game.observation_shape()[0]
    assert state.observation_tensor(0) != state.observation_tensor(1)


def test_the_table_fits_its_width_and_uses_more() -> None:
    state = position(
        players=5,
        hands={0: "R11 O12 Y13 G9 G10 G11 R14 O14 Y14 J B15"},
        groups={1: [group("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9"), group("run", "O1 O2 O3 O4 O5 O6 O7 O8 O9")]},
        piles={2: "B2"},
        levels={1: 1},
    )
    state.skip_on[3] = True
    for lang in ("en", "de"):
        for width in (40, 80):
            lines = state.render_text(0, lang, width).splitlines()
            assert max(len(line) for line in lines) <= width, (lang, width)
        narrow, wide = state.render_text(0, lang, 80), state.render_text(0, lang, 160)
        assert len(wide.splitlines()) < len(narrow.splitlines())
        assert max(len(line) for line in wide.splitlines()) > 80
        words = [[w for w in text.split() if w != "·"] for text in (narrow, wide)]
        assert words[0] == words[1], "the same words, only broken into lines differently"
