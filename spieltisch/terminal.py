"""Playing in the terminal: a person at one seat, bots at the others."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from spieltisch.bots import Bot, make_bot
from spieltisch.core.contract import AnyGame, State
from spieltisch.core.play import sample_chance
from spieltisch.core.record import Record

TEXTS = {
    "en": {
        "you": "you",
        "seat": "Seat",
        "moves": "Your moves:",
        "prompt": "Your move (number or name; ? help, t table, q quit): ",
        "help": (
            "Type the number of a move, or its name (a unique beginning is enough).\n"
            "t shows the table again, q saves and quits."
        ),
        "unknown": "Not a move here: {text!r}. Type a number from 1 to {n}, or ? for help.",
        "ambiguous": "{text!r} fits several moves: {names}. Type more of the name or its number.",
        "over": "Game over.",
        "scores": "Scores",
        "winners": "Winner(s)",
        "saved": "Record saved to {path} (replay: spieltisch replay {path})",
        "quit": "Game left unfinished.",
    },
    "de": {
        "you": "du",
        "seat": "Platz",
        "moves": "Deine Züge:",
        "prompt": "Dein Zug (Nummer oder Name; ? Hilfe, t Tisch, q Ende): ",
        "help": (
            "Gib die Nummer eines Zuges ein oder seinen Namen (ein eindeutiger Anfang genügt).\n"
            "t zeigt den Tisch erneut, q speichert und beendet."
        ),
        "unknown": "Kein Zug hier: {text!r}. Gib eine Zahl von 1 bis {n} ein, oder ? für Hilfe.",
        "ambiguous": "{text!r} passt zu mehreren Zügen: {names}. Gib mehr vom Namen oder die Nummer ein.",
        "over": "Spielende.",
        "scores": "Punkte",
        "winners": "Sieger",
        "saved": "Partie gespeichert in {path} (ansehen: spieltisch replay {path})",
        "quit": "Partie nicht beendet.",
    },
}


@dataclass
class TerminalGame:
    """One game at the terminal. `human` is the person's seat, or None to watch bots."""

    game: AnyGame
    human: int | None
    bots: dict[int, Bot]
    seed: int
    lang: str = "en"
    save_path: Path | None = None
    out: TextIO | None = None  # None: the current sys.stdout
    read_line: Callable[[str], str] = field(default=input)

    def __post_init__(self) -> None:
        self.texts = TEXTS[self.lang]
        self.rng = random.Random(self.seed)
        self.state: State = self.game.new_initial_state()

    def run(self) -> State:
        """Play until the end, or until the person quits; the record is saved after each move."""
        while not self.state.is_terminal():
            if self.state.is_chance_node():
                self.state.apply_action(sample_chance(self.state, self.rng))
                continue
            seat = self.state.current_player()
            action = self._ask_human() if seat == self.human else self._ask_bot(seat)
            if action is None:
                self._say(self.texts["quit"])
                break
            self.state.apply_action(action)
            self._save()
        if self.state.is_terminal():
            self._show_end()
        self._save(announce=True)
        return self.state

    def _ask_bot(self, seat: int) -> int:
        action = self.bots[seat].choose(self.state, self.rng)
        label = self.state.action_label(action, self.lang)
        self._say(f"{self.texts['seat']} {seat} ({self.bots[seat].name}): {label}")
        return action

    def _ask_human(self) -> int | None:
        assert self.human is not None
        self._say("\n" + self.state.render_text(self.human, self.lang))
        legal = self.state.legal_actions()
        labels = [self.state.action_label(a, self.lang) for a in legal]
        self._say(self.texts["moves"])
        self._say(format_moves(labels))
        while True:
            try:
                text = self.read_line(self.texts["prompt"]).strip()
            except EOFError:
                return None
            if text.lower() in ("q", "quit", "exit"):
                return None
            if text in ("?", "h", "help"):
                self._say(self.texts["help"])
            elif text.lower() == "t":
                self._say(self.state.render_text(self.human, self.lang))
                self._say(format_moves(labels))
            else:
                choice = self._match(text, labels)
                if choice is not None:
                    return legal[choice]

    def _match(self, text: str, labels: list[str]) -> int | None:
        if text.isdigit() and 1 <= int(text) <= len(labels):
            return int(text) - 1
        fits = matching_moves(text, labels)
        if len(fits) == 1:
            return fits[0]
        if len(fits) > 1:
            names = ", ".join(labels[i] for i in fits[:6])
            self._say(self.texts["ambiguous"].format(text=text, names=names))
        else:
            self._say(self.texts["unknown"].format(text=text, n=len(labels)))
        return None

    def _show_end(self) -> None:
        self._say("\n" + self.state.render_text(None, self.lang))
        self._say(self.texts["over"])
        scores = ", ".join(f"{self._name(s)}: {v:g}" for s, v in enumerate(self.state.scores()))
        self._say(f"{self.texts['scores']}: {scores}")
        self._say(f"{self.texts['winners']}: {', '.join(self._name(s) for s in self.state.winners())}")

    def _name(self, seat: int) -> str:
        who = self.texts["you"] if seat == self.human else self.bots[seat].name
        return f"{self.texts['seat']} {seat} ({who})"

    def _save(self, announce: bool = False) -> None:
        if self.save_path is None:
            return
        Record.of(self.state, seed=self.seed, human=self.human).save(self.save_path)
        if announce:
            self._say(self.texts["saved"].format(path=self.save_path))

    def _say(self, text: str) -> None:
        print(text, file=self.out or sys.stdout, flush=True)


def matching_moves(text: str, labels: list[str]) -> list[int]:
    """Indices of the moves `text` names, trying the strictest reading first.

    "turn B7" is found by its full name, by a beginning ("turn b"), by its last
    words ("b7") or by the beginning of any word ("b" lists every B move).
    """
    wanted = " ".join(text.lower().split())
    if not wanted:
        return []
    lowered = [" ".join(label.lower().split()) for label in labels]
    tests = (
        lambda label: label == wanted,
        lambda label: label.startswith(wanted),
        lambda label: label.endswith(" " + wanted),
        lambda label: (" " + wanted) in (" " + label),
    )
    for test in tests:
        fits = [i for i, label in enumerate(lowered) if test(label)]
        if fits:
            return fits
    return []


def format_moves(labels: list[str], width: int = 100) -> str:
    """Numbered moves in as many columns as fit the width."""
    items = [f"{i + 1:>3}. {label}" for i, label in enumerate(labels)]
    column = max(len(item) for item in items) + 2
    per_line = max(1, width // column)
    lines = []
    for start in range(0, len(items), per_line):
        lines.append("".join(item.ljust(column) for item in items[start : start + per_line]).rstrip())
    return "\n".join(lines)


def seat_bots(game: AnyGame, human: int | None, specs: list[str]) -> dict[int, Bot]:
    """Bots for every seat but the person's, taking `specs` in turn (cycled)."""
    others = [seat for seat in range(game.num_players) if seat != human]
    return {seat: make_bot(specs[i % len(specs)], game, seat) for i, seat in enumerate(others)}
