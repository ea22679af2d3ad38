"""Fingerprints of seeded games: what a refactor or a compiled build must leave unchanged.

Each case plays one game to the end, seats alternating between the game's heuristic
and random play, chance from the same seeded generator, and hashes what the game
showed along the way in separate parts, so a change that is meant to alter one part
(say, the shape of a view) shows that every other part stayed the same:

- history: every action and chance outcome
- legal: the legal actions at every decision
- labels: every taken move's names (English and German, private and public)
- views: every seat's and a spectator's view after every step
- observations: information-state strings and observation tensors of every seat
- results: scores, winners and returns at the end

Rewrite the stored fingerprints only for a change meant to alter play or what a
seat sees, and say so in the commit:

    python3 -m tests.core.trajectories --write
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from spieltisch.core.contract import State
from spieltisch.core.play import sample_chance
from spieltisch.core.registry import game_class, game_names, load_game

STORE = Path(__file__).with_name("trajectories.json")
SEEDS = (1, 2)
PARTS = ("history", "legal", "labels", "views", "observations", "results")


def cases() -> list[tuple[str, int, int]]:
    return [
        (name, players, seed)
        for name in game_names()
        for players in range(game_class(name).min_players, game_class(name).max_players + 1)
        for seed in SEEDS
    ]


def case_key(name: str, players: int, seed: int) -> str:
    return f"{name}-{players}p-seed{seed}"


class _Hashes:
    def __init__(self) -> None:
        self.parts = {part: hashlib.sha256() for part in PARTS}

    def add(self, part: str, value: Any) -> None:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        self.parts[part].update(text.encode())
        self.parts[part].update(b"\n")

    def digests(self) -> dict[str, str]:
        return {part: h.hexdigest()[:16] for part, h in self.parts.items()}


def _observe(state: State, hashes: _Hashes) -> None:
    seats = range(state.num_players)
    hashes.add("views", [state.view(seat) for seat in [*seats, None]])
    hashes.add(
        "observations",
        [
            [state.information_state_string(seat), [round(x, 9) for x in state.observation_tensor(seat)]]
            for seat in seats
        ],
    )


def fingerprint(name: str, players: int, seed: int) -> dict[str, str]:
    """Play the case's game to the end and hash each part of what it showed."""
    game = load_game(name, players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    hashes = _Hashes()
    _observe(state, hashes)
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            seat = state.current_player()
            legal = state.legal_actions()
            hashes.add("legal", legal)
            heuristic = (seat + seed) % 2 == 0
            action = game.heuristic_action(state, rng) if heuristic else rng.choice(legal)
            hashes.add(
                "labels",
                [
                    state.action_to_string(action),
                    *(state.action_label(action, lang) for lang in ("en", "de")),
                    *(state.public_action_label(action, lang) for lang in ("en", "de")),
                ],
            )
        state.apply_action(action)
        hashes.add("history", action)
        _observe(state, hashes)
    hashes.add("results", [state.scores(), state.winners(), state.returns()])
    return hashes.digests()


def stored() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(STORE.read_text(encoding="utf-8"))
    return data


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--write", action="store_true", help="store the current fingerprints")
    args = parser.parse_args()
    found = {case_key(*case): fingerprint(*case) for case in cases()}
    if args.write:
        STORE.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {len(found)} fingerprints to {STORE}")
        return
    old = stored()
    for key, parts in found.items():
        changed = [part for part in PARTS if old.get(key, {}).get(part) != parts[part]]
        print(f"{key}: {'changed ' + ', '.join(changed) if changed else 'same'}")


if __name__ == "__main__":
    main()
