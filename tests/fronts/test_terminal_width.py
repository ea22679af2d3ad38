"""Every game's table and move list fit an 80-column terminal, and the end says "Game over" once.

Each game is rendered for every player count, at several points of seeded
games, for every seat and a spectator, in both languages. The terminal says
"Game over" with the game's end_reason; the final table leaves that to it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.core.contract import State
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import game_class, game_names, load_game
from spieltisch.terminal import fit_moves

runner = CliRunner()
WIDTH = 80
SEEDS = (1, 2)


def positions(name: str, players: int, seed: int, points: int = 4) -> Iterator[State]:
    """The start, `points - 2` positions spread over a heuristic game, and its end."""
    game = load_game(name, players)
    rng = random.Random(seed)
    played = game.new_initial_state()
    while not played.is_terminal():
        if played.is_chance_node():
            played.apply_action(sample_chance(played, rng))
        else:
            played.apply_action(game.heuristic_action(played, rng))
    history = played.history()
    for point in range(points):
        upto = point * len(history) // (points - 1)
        state = game.new_initial_state()
        for action in history[:upto]:
            state.apply_action(action)
        while state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        yield state


def too_wide(state: State, width: int) -> list[str]:
    """Every line of the tables and the move list that is wider than `width`, with where it was."""
    found = []
    for lang in ("en", "de"):
        for seat in [None, *range(state.num_players)]:
            for line in state.render_text(seat, lang, width).splitlines():
                if len(line) > width:
                    found.append(f"[{lang}, seat {seat}, {len(line)} columns] {line}")
        if not state.is_terminal():
            labels = [state.action_label(a, lang) for a in state.legal_actions()]
            found += [f"[moves {lang}] {line}" for line in fit_moves(labels, width, 6) if len(line) > width]
    return found


@pytest.mark.parametrize("name", game_names())
def test_every_table_fits_80_columns(name: str) -> None:
    cls = game_class(name)
    problems: list[str] = []
    for players in range(cls.min_players, cls.max_players + 1):
        for seed in SEEDS:
            for state in positions(name, players, seed):
                problems += [f"{players} players, seed {seed}: {p}" for p in too_wide(state, WIDTH)]
    assert not problems, f"{len(problems)} lines too wide, e.g.\n" + "\n".join(problems[:5])


def test_the_check_can_fail() -> None:
    """A table rendered at 80 columns does not fit 20: the check sees lines that are too wide."""
    state = next(positions(game_names()[0], game_class(game_names()[0]).min_players, 1))
    assert too_wide(state, 20)


@pytest.mark.parametrize("name", game_names())
def test_the_end_says_game_over_once(name: str, tmp_path: Path) -> None:
    for lang, words in (("en", "game over"), ("de", "spielende")):
        save = str(tmp_path / "r.json")
        args = ["play", name, "--seat", "-1", "--seed", "5", "--lang", lang, "--save", save]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert result.output.lower().count(words) == 1, f"{lang}: {result.output[-1500:]}"
