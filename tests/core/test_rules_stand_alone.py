"""A game's rules module stands alone: it reaches none of the game's text, bot, search or wiring."""

from __future__ import annotations

import pytest

from spieltisch.core.registry import game_names
from tests.core.test_import_cycles import ROOT, import_graph

WIRED = ("text", "bot", "search", "moves", "memory", "game")
# Games whose rules still reach their text or bot; each entry goes when its rules stand alone.
NOT_YET: set[str] = {"level8", "lucandor"}


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.parametrize("name", [n for n in game_names() if n not in NOT_YET])
def test_rules_reach_no_text_bot_search_or_game(name: str) -> None:
    package = f"spieltisch.games.{name}"
    assert (ROOT / "games" / name / "rules.py").exists()
    wired = {f"{package}.{module}" for module in WIRED}
    found = reached(import_graph(), f"{package}.rules") & (wired | {package})
    assert not found, f"{package}.rules imports {sorted(found)}"


def test_reached_follows_imports_through_other_modules() -> None:
    graph = {"rules": {"cards"}, "cards": {"text"}, "text": set()}
    assert reached(graph, "rules") == {"cards", "text"}
