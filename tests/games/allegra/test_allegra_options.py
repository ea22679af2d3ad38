"""Options of ALLEGRA: knocking, the match variant and a user deck file."""

from __future__ import annotations

from pathlib import Path

import pytest

from spieltisch import OptionError, load_game
from spieltisch.games.allegra.game import TURNS_PER_PLAYER


def test_defaults_and_player_range() -> None:
    game = load_game("allegra", 4)
    expected = {"knocking": True, "games": 1, "target": 0, "deck_file": "", "turn_cap": TURNS_PER_PLAYER * 4}
    assert game.options == expected
    with pytest.raises(OptionError, match="2-6 players"):
        load_game("allegra", 7)
    with pytest.raises(OptionError, match="2-6 players"):
        load_game("allegra", 1)


def test_deck_sizes_follow_the_player_count() -> None:
    """Bei 2-3 Spielern werden 2 Exemplare jeder Zahlenkarte entfernt: 120 and 94 cards."""
    assert load_game("allegra", 4).settings.deck.size == 120  # type: ignore[attr-defined]
    assert load_game("allegra", 3).settings.deck.size == 94  # type: ignore[attr-defined]
    assert load_game("allegra", 2).settings.deck.counts[0] == 2  # type: ignore[attr-defined]


def test_bad_options_are_clear_errors() -> None:
    with pytest.raises(OptionError, match="knocking"):
        load_game("allegra", 4, knocking="maybe")
    with pytest.raises(OptionError, match="games"):
        load_game("allegra", 4, games=0)
    with pytest.raises(OptionError, match="no option"):
        load_game("allegra", 4, rounds=3)


def test_a_target_without_games_is_a_match_of_at_most_fifty_games() -> None:
    settings = load_game("allegra", 4, target=66).settings  # type: ignore[attr-defined]
    assert (settings.games, settings.target) == (50, 66)
    assert load_game("allegra", 4, games=20, target=66).settings.games == 20  # type: ignore[attr-defined]


def test_knocking_is_off_with_two_players_and_when_asked() -> None:
    assert not load_game("allegra", 2).settings.knocking  # type: ignore[attr-defined]
    assert not load_game("allegra", 4, knocking="false").settings.knocking  # type: ignore[attr-defined]
    assert load_game("allegra", 3).settings.knocking  # type: ignore[attr-defined]


def test_user_deck_file(tmp_path: Path) -> None:
    good = tmp_path / "deck.toml"
    good.write_text("[deck]\ncounts = [5, 6, 8, 10, 12, 13, 14, 13, 12, 10, 8, 6, 3]\n")
    game = load_game("allegra", 4, deck_file=str(good))
    assert game.settings.deck.counts[0] == 5 and game.settings.deck.counts[-1] == 3  # type: ignore[attr-defined]
    bad = tmp_path / "bad.toml"
    bad.write_text("[deck]\ncounts = [1, 2]\n")
    with pytest.raises(OptionError, match="13 whole numbers"):
        load_game("allegra", 4, deck_file=str(bad))
    small = tmp_path / "small.toml"
    small.write_text("[deck]\ncounts = [1, 6, 8, 10, 12, 13, 14, 13, 12, 10, 8, 6, 4]\n")
    with pytest.raises(OptionError, match="too small"):
        load_game("allegra", 3, deck_file=str(small))
    with pytest.raises(OptionError, match="cannot read"):
        load_game("allegra", 3, deck_file=str(tmp_path / "missing.toml"))
