"""Building Calcory positions for tests by forcing the deal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spieltisch.core.registry import load_game
from spieltisch.games.calcory.game import CalcoryGame
from spieltisch.games.calcory.rules import CalcoryState


def deal(players: int = 2, first: tuple[int, ...] | list[int] = (), **options: Any) -> CalcoryState:
    """A state after the deal: A1, A2, ... hold `first`, the rest the remaining cards in order."""
    game = load_game("calcory", players, **options)
    assert isinstance(game, CalcoryGame)
    state = game.new_initial_state()
    left = list(game.settings.deck.counts)
    for digit in first:
        left[digit] -= 1
    rest = [digit for digit in range(10) for _ in range(left[digit])]
    for digit in [*first, *rest]:
        state.apply_action(digit)
    return state


def small_deck(tmp: Path, cards: list[int]) -> str:
    """A one-row deck file holding exactly `cards` (dealt left to right by `deal`)."""
    counts = [cards.count(d) for d in range(10)]
    path = tmp / "deck.toml"
    path.write_text(f"[layout]\nrows = 1\ncolumns = {len(cards)}\n[cards]\ncounts = {counts}\n")
    return str(path)


def pos(state: CalcoryState, label: str) -> int:
    return state.settings.deck.position_of(label)


def turn(state: CalcoryState, *labels: str) -> None:
    for label in labels:
        state.apply_action(pos(state, label))


def stop(state: CalcoryState) -> None:
    state.apply_action(state.settings.actions.stop)


def give_back(state: CalcoryState, digit: int) -> None:
    state.apply_action(state.settings.actions.encode_return(digit))


def place(state: CalcoryState, label: str) -> None:
    state.apply_action(state.settings.actions.encode_place(pos(state, label)))


def cell(state: CalcoryState, seat: int | None, label: str) -> Any:
    return state.view(seat)["cells"][pos(state, label)]


def cover(state: CalcoryState) -> None:
    """After a bust: turn the cards back."""
    state.apply_action(state.settings.actions.cover)
