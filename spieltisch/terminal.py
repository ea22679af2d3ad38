"""Playing in the terminal: a person at one seat, bots at the others, or bots watched.

The screen shows what everybody at the table saw: each move by its public
name and what it turned up ("turn A4: 7"), and the table as the person's seat
(or a spectator) sees it, at the console's real width. The move list is laid
out to leave the table on screen: in columns, grouped when long, and `m`
lists every move.
"""

from __future__ import annotations

import random
import re
import shutil
import sys
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import spieltisch
from spieltisch.bots import Bot, make_bot
from spieltisch.core.contract import AnyGame, State
from spieltisch.core.play import sample_chance
from spieltisch.core.record import Record
from spieltisch.core.registry import game_names
from spieltisch.core.wording import seat_number

MIN_WIDTH = 40
MIN_MOVE_LINES = 3

TEXTS = {
    "en": {
        "you": "you",
        "seat": "Seat",
        "prompt": "Your move (number or name; ? help, q save and quit): ",
        "help": (
            "Type a move's number, or its name: the whole name, its beginning or any of its "
            "words in order, such as the position ('a1' finds 'turn A1', never 'turn A10'). "
            "A name that fits several moves lists them. "
            "t shows the table again, m lists every move with its number, "
            "q saves the game and quits (continue it with: spieltisch play --resume {path})."
        ),
        "rules": "The rules in our words: {path}",
        "unknown": "Not a move here: {text!r}. Type a number from 1 to {n}, or ? for help.",
        "ambiguous": "{text!r} fits several moves: {names}. Type more of the name or its number.",
        "more": "m lists all {n} moves with their numbers",
        "made_move": "made a move",
        "over": "Game over",
        "scores": "Scores",
        "winner": "Winner",
        "winners": "Winners",
        "saved": "Record saved to {path}",
        "replay": "Replay it: spieltisch replay {path}",
        "resume": "Continue it: spieltisch play --resume {path}",
        "quit": "Game left unfinished.",
        "header": "{title}: {players} players, seed {seed}",
        "bots": "bots",
        "header_resumed": "{title}: {moves} replayed, seed {seed}",
        "moves": "{n} move|{n} moves",
        "next": "Enter: next, q: quit ",
    },
    "de": {
        "you": "du",
        "seat": "Platz",
        "prompt": "Dein Zug (Nummer oder Name; ? Hilfe, q speichern und beenden): ",
        "help": (
            "Gib die Nummer eines Zuges ein oder seinen Namen: ganz, seinen Anfang oder eines "
            "seiner Wörter der Reihe nach, etwa die Position ('a1' findet 'Karte A1 aufdecken', "
            "nie 'Karte A10 aufdecken'). Passt ein Name zu mehreren Zügen, werden sie aufgezählt. "
            "t zeigt den Tisch erneut, m zählt alle Züge mit ihren Nummern auf, "
            "q speichert die Partie und beendet (weiter mit: spieltisch play --resume {path})."
        ),
        "rules": "Die Regeln in unseren Worten: {path}",
        "unknown": "Kein Zug hier: {text!r}. Gib eine Zahl von 1 bis {n} ein, oder ? für Hilfe.",
        "ambiguous": "{text!r} passt zu mehreren Zügen: {names}. Gib mehr vom Namen oder die Nummer ein.",
        "more": "m zählt alle {n} Züge mit ihren Nummern auf",
        "made_move": "hat gezogen",
        "over": "Spielende",
        "scores": "Punkte",
        "winner": "Sieger",
        "winners": "Sieger",
        "saved": "Partie gespeichert in {path}",
        "replay": "Ansehen: spieltisch replay {path}",
        "resume": "Weiterspielen: spieltisch play --resume {path}",
        "quit": "Partie nicht beendet.",
        "header": "{title}: {players} Spieler, Startwert {seed}",
        "bots": "Bots",
        "header_resumed": "{title}: {moves} nachgespielt, Startwert {seed}",
        "moves": "{n} Zug|{n} Züge",
        "next": "Enter: weiter, q: beenden ",
    },
}


def screen_size() -> tuple[int, int]:
    """The console's columns and lines (80x24 when it cannot tell), at least MIN_WIDTH wide."""
    size = shutil.get_terminal_size((80, 24))
    return max(MIN_WIDTH, size.columns), max(MIN_MOVE_LINES + 2, size.lines)


def chance_rng(seed: int, version: int) -> random.Random:
    """The generator of the chance node at `version`: the same when a saved game resumes."""
    return random.Random(f"chance:{seed}:{version}")


def bot_rng(seed: int, version: int, seat: int) -> random.Random:
    """Each bot's own generator, so chance never depends on how a bot thinks."""
    return random.Random(f"bot:{seed}:{version}:{seat}")


def result_suffix(state: State, action: int, lang: str) -> str:
    """ ": 7" after a move's name when the move just applied showed everybody something."""
    result = state.public_result(action, lang)
    return f": {result['text']}" if result and result.get("text") else ""


def rules_page(game: AnyGame) -> str | None:
    """Where a registered game's rules page lies: in this copy of the source, or its place there."""
    if game.name not in game_names():
        return None
    relative = Path("docs") / "rules" / f"{game.name}.md"
    local = Path(spieltisch.__file__).resolve().parent.parent / relative
    return str(local) if local.is_file() else f"{relative} (in the spieltisch source)"


@dataclass
class TerminalGame:
    """One game at the terminal. `human` is the person's seat, or None to watch bots.

    `history` continues a saved game from its actions; `width` and `height` fix
    the screen size (None: the console's, asked at each turn); `delay` paces the
    moves when watching.
    """

    game: AnyGame
    human: int | None
    bots: dict[int, Bot]
    seed: int
    lang: str = "en"
    save_path: Path | None = None
    out: TextIO | None = None  # None: the current sys.stdout
    read_line: Callable[[str], str] = field(default=input)
    history: list[int] = field(default_factory=list)
    width: int | None = None
    height: int | None = None
    delay: float = 0.0
    sleep: Callable[[float], None] = field(default=time.sleep)

    def __post_init__(self) -> None:
        self.texts = TEXTS[self.lang]
        self.watchers = [bot for bot in self.bots.values() if bot.watches_table]
        self.state: State = self.game.new_initial_state()
        self.steps: list[int] = []  # the actions applied in full: what a save records
        self.move_name = ""  # the first step's name of a move of several steps under way
        for action in self.history:
            self._step(action)

    # --- the game loop -------------------------------------------------------
    def run(self) -> State:
        """Play until the end, or until the person quits (q, end of input or Ctrl-C).

        The record is saved after each move, and once more at the end, saying
        where and how to replay or continue it.
        """
        try:
            finished = self._play_on()
        except KeyboardInterrupt:
            self._say("")  # the ^C stands on the prompt's line
            finished = False
        if finished:
            self._show_end()
        else:
            self._say(self.texts["quit"])
        self._save(announce=True)
        return self.state

    def _play_on(self) -> bool:
        """Moves until the game ends (True) or the person quits (False)."""
        self._deal()
        while not self.state.is_terminal():
            seat = self.state.current_player()
            action = self._ask_human() if seat == self.human else self._ask_bot(seat)
            if action is None:
                return False
            self._play(seat, action)
            self._save()
        return True

    def _step(self, action: int) -> None:
        self.state.apply_action(action)
        self.steps.append(action)
        for watcher in self.watchers:
            watcher.observe(self.state)

    def _deal(self) -> None:
        """Chance steps (a card drawn, a round dealt) up to the next decision or the end."""
        while self.state.is_chance_node():
            self._step(sample_chance(self.state, chance_rng(self.seed, self.state.version)))

    def _play(self, seat: int, action: int) -> None:
        """Apply a move and log it as everybody saw it; when watching, draw the table after it.

        The table waits for the chance the move set off (the card it drew), so
        it shows the move done and marks who moves next.
        """
        own = seat == self.human
        label = (
            self.state.action_label(action, self.lang)
            if own
            else self.state.public_action_label(action, self.lang)
        )
        going_on = self.state.move_open()
        self._step(action)
        if self.state.move_open() and self.state.current_player() == seat:
            # A move of several steps (a LEVEL 8 lay-down) is told once, when it is made.
            self.move_name = self.move_name if going_on else label or ""
            return
        result = result_suffix(self.state, action, self.lang)
        if going_on and self.move_name:  # as the server's log: the first step's name, the last's result
            label = self.move_name if result else f"{self.move_name} · {label}"
        line = f"{self._name(seat)}: {label}" if label else f"{self._name(seat)} {self.texts['made_move']}"
        line += result
        self._deal()
        self._say(self._wrap(line))
        if self.human is None and not self.state.is_terminal():
            self._say(self._table())
            self.sleep(self.delay)

    def _ask_bot(self, seat: int) -> int:
        return self.bots[seat].choose(self.state, bot_rng(self.seed, self.state.version, seat))

    def _ask_human(self) -> int | None:
        assert self.human is not None
        legal = self.state.legal_actions()
        labels = [self.state.action_label(a, self.lang) for a in legal]
        self._show_turn(labels)
        while True:
            try:
                text = self.read_line(self.texts["prompt"]).strip()
            except EOFError:
                return None
            command = text.lower()
            if command in ("q", "quit", "exit"):
                return None
            if command in ("?", "h", "help"):
                self._show_help()
            elif command == "t":
                self._show_turn(labels)
            elif command == "m":
                self._say(format_moves(labels, self._size()[0]))
            else:
                choice = self._match(text, labels)
                if choice is not None:
                    return legal[choice]

    def _show_turn(self, labels: list[str]) -> None:
        """The table, then as much of the move list as leaves the table on screen."""
        width, height = self._size()
        table = self._table()
        rows = sum(max(1, -(-len(line) // width)) for line in table.splitlines())  # as the screen wraps them
        room = max(MIN_MOVE_LINES, height - rows - 2)
        lines = fit_moves(labels, width, room, self.texts["more"])
        self._say("\n" + table)
        self._say("\n".join(lines))

    def _show_help(self) -> None:
        width = self._size()[0]
        path = self.save_path or "FILE"
        self._say(textwrap.fill(self.texts["help"].format(path=path), width, break_on_hyphens=False))
        page = rules_page(self.game)
        if page:
            self._say(self._wrap(self.texts["rules"].format(path=page)))

    def _match(self, text: str, labels: list[str]) -> int | None:
        if text.isdigit() and 1 <= int(text) <= len(labels):
            return int(text) - 1
        fits = matching_moves(text, labels)
        if len(fits) == 1:
            return fits[0]
        if len(fits) > 1:
            names = ", ".join(labels[i] for i in fits[:6]) + (", …" if len(fits) > 6 else "")
            self._say(self._wrap(self.texts["ambiguous"].format(text=text, names=names)))
        else:
            self._say(self._wrap(self.texts["unknown"].format(text=text, n=len(labels))))
        return None

    # --- the end --------------------------------------------------------------
    def _show_end(self) -> None:
        self._say("\n" + self._table())
        self._say(result_text(self.state, self.lang, self._size()[0], self._name))

    # --- helpers ----------------------------------------------------------------
    def _size(self) -> tuple[int, int]:
        width, height = screen_size()
        return self.width or width, self.height or height

    def _table(self) -> str:
        return self.state.render_text(self.human, self.lang, self._size()[0])

    def _name(self, seat: int) -> str:
        who = self.texts["you"] if seat == self.human else self.bots[seat].name
        return seat_label(seat, self.lang, who)

    def _wrap(self, text: str, indent: str = "  ") -> str:
        return textwrap.fill(text, self._size()[0], subsequent_indent=indent, break_on_hyphens=False)

    def _save(self, announce: bool = False) -> None:
        if self.save_path is None:
            return
        meta = {
            "seed": self.seed,
            "human": self.human,
            "bots": {str(seat): bot.name for seat, bot in self.bots.items()},
            "lang": self.lang,
        }
        record = Record.of(self.state, **meta)
        record.actions = list(self.steps)  # never a step that Ctrl-C cut short
        record.save(self.save_path)
        if announce:
            self._say(self.texts["saved"].format(path=self.save_path))
            follow = "replay" if self.state.is_terminal() else "resume"
            self._say(self.texts[follow].format(path=self.save_path))

    def _say(self, text: str) -> None:
        print(text, file=self.out or sys.stdout, flush=True)


def seat_label(seat: int, lang: str, who: str | None = None) -> str:
    """A seat as the screens name it: "Seat 1 (heuristic)", "Platz 2 (du)"; "Seat 1" when nobody is known."""
    name = f"{TEXTS[lang]['seat']} {seat_number(seat)}"
    return f"{name} ({who})" if who else name


def result_text(state: State, lang: str, width: int, name: Callable[[int], str]) -> str:
    """The lines that end a game: why it ended, the scores and how each came about, the winners.

    `name` names a seat ("Seat 1 (you)"); `play` and `replay` both end with these lines.
    """
    texts = TEXTS[lang]

    def wrap(text: str, indent: str = "  ") -> str:
        return textwrap.fill(text, width, subsequent_indent=indent, break_on_hyphens=False)

    reason = state.end_reason(lang)
    lines = [wrap(f"{texts['over']}: {reason.text}" if reason else f"{texts['over']}.")]
    scores = ", ".join(f"{name(s)} {v:g}" for s, v in enumerate(state.scores()))
    lines.append(wrap(f"{texts['scores']}: {scores}"))
    for seat, parts in enumerate(state.score_breakdown(lang)):
        if parts:
            items = ", ".join(f"{part.label} {part.points:g}" for part in parts)
            lines.append(wrap(f"  {name(seat)}: {items}", indent="    "))
    winners = state.winners()
    title = texts["winner"] if len(winners) == 1 else texts["winners"]
    lines.append(wrap(f"{title}: {', '.join(name(s) for s in winners)}"))
    return "\n".join(lines)


# --- finding a move by what the person typed ------------------------------------
def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def _has_run(words: list[str], wanted: list[str], last_is_prefix: bool) -> bool:
    """Whether `wanted` occurs in `words` as consecutive whole words (the last may be a beginning)."""
    size = len(wanted)
    for start in range(len(words) - size + 1):
        window = words[start : start + size]
        if window[:-1] != wanted[:-1]:
            continue
        last = window[-1]
        if last == wanted[-1] or (last_is_prefix and last.startswith(wanted[-1])):
            return True
    return False


def matching_moves(text: str, labels: list[str]) -> list[int]:
    """Indices of the moves `text` names, trying the strictest reading first.

    "turn B7" is found by its full name, by whole words of it in order ("b7",
    also in German "Karte B7 aufdecken"; "b1" never finds B10), by the
    beginning of its name ("turn b"), or by the beginnings of its words ("b"
    lists every B move).
    """
    wanted_text = " ".join(text.lower().split())
    wanted = _words(text)
    if not wanted_text:
        return []
    lowered = [" ".join(label.lower().split()) for label in labels]
    words = [_words(label) for label in labels]
    tests: list[Callable[[int], bool]] = [
        lambda i: lowered[i] == wanted_text,
        lambda i: bool(wanted) and _has_run(words[i], wanted, last_is_prefix=False),
        lambda i: lowered[i].startswith(wanted_text),
        lambda i: bool(wanted) and _has_run(words[i], wanted, last_is_prefix=True),
    ]
    for test in tests:
        fits = [i for i in range(len(labels)) if test(i)]
        if fits:
            return fits
    return []


# --- laying out the moves -------------------------------------------------------
def format_moves(labels: list[str], width: int = 80) -> str:
    """Numbered moves in as many columns as fit the width (one per line if a name is too long)."""
    items = [f"{i + 1:>3}. {label}" for i, label in enumerate(labels)]
    if not items:
        return ""
    column = max(len(item) for item in items) + 2
    per_line = max(1, width // column)
    lines = []
    for start in range(0, len(items), per_line):
        row = "".join(item.ljust(column) for item in items[start : start + per_line]).rstrip()
        lines.append(row if len(row) <= width else textwrap.shorten(row, width, placeholder="…"))
    return "\n".join(lines)


def compact_moves(labels: list[str], width: int = 80) -> list[str]:
    """The moves with many names alike folded into one line each: "1-56 turn _: A1 A2 …".

    Names that differ in one word only form a group; it lists that word of
    each move, and its number range when the numbers follow one another.
    """
    groups = _groups(labels)
    lines: list[str] = []
    for members, slot in groups:
        if slot is None:
            index = members[0]
            lines.append(_shorten(f"{index + 1:>3}. {labels[index]}", width))
            continue
        words = labels[members[0]].split(" ")
        pattern = " ".join([*words[:slot], "_", *words[slot + 1 :]])
        numbers = f"{members[0] + 1}-{members[-1] + 1}"
        contiguous = members == list(range(members[0], members[-1] + 1))
        head = f"{numbers if contiguous else '':>7} {pattern}: "
        items = " ".join(labels[i].split(" ")[slot] for i in members)
        lines += textwrap.wrap(
            head + items, width, subsequent_indent=" " * min(len(head), width // 2), break_on_hyphens=False
        )
    return lines


Key = tuple[int, tuple[str, ...], tuple[str, ...]]
"""A group of move names: the position of the word that varies, the words before and after it."""


def _groups(labels: list[str]) -> list[tuple[list[int], int | None]]:
    """Moves grouped by all their words but one (groups of three or more), in the order of the moves."""
    split = [label.split(" ") for label in labels]
    keys: dict[Key, list[int]] = {}
    for index, words in enumerate(split):
        for slot in range(len(words)):
            key = (slot, tuple(words[:slot]), tuple(words[slot + 1 :]))
            keys.setdefault(key, []).append(index)
    taken: dict[int, Key] = {}
    for key, members in sorted(keys.items(), key=lambda item: -len(item[1])):
        free = [i for i in members if i not in taken]
        if len(free) >= 3:
            for i in free:
                taken[i] = key
    result: list[tuple[list[int], int | None]] = []
    seen: set[Key] = set()
    for index in range(len(labels)):
        found = taken.get(index)
        if found is None:
            result.append(([index], None))
        elif found not in seen:
            seen.add(found)
            result.append(([i for i in range(len(labels)) if taken.get(i) == found], found[0]))
    return result


def fit_moves(labels: list[str], width: int, room: int, more: str = "m lists all {n} moves") -> list[str]:
    """The move list in at most `room` lines: numbered columns if they fit, else grouped, else cut."""
    numbered = format_moves(labels, width).splitlines()
    if len(numbered) <= room:
        return numbered
    grouped = compact_moves(labels, width)
    if len(grouped) <= room:
        return grouped
    return [*grouped[: room - 1], _shorten(f"    … {more.format(n=len(labels))}", width)]


def _shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def seat_bots(game: AnyGame, human: int | None, specs: list[str]) -> dict[int, Bot]:
    """Bots for every seat but the person's, taking `specs` in turn (cycled)."""
    others = [seat for seat in range(game.num_players) if seat != human]
    return {seat: make_bot(specs[i % len(specs)], game, seat) for i, seat in enumerate(others)}


def resumed_bots(
    game: AnyGame, human: int | None, named: dict[str, str], fallback: list[str]
) -> dict[int, Bot]:
    """The bots a saved game was played with (`named`: seat -> spec), `fallback` for seats it lacks."""
    bots = seat_bots(game, human, fallback)
    for seat_text, spec in named.items():
        seat = int(seat_text)
        if seat in bots:
            bots[seat] = make_bot(spec, game, seat)
    return bots
