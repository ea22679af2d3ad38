"""Game records: game name, player count, options and every action; JSON on disk."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spieltisch.core.contract import AnyGame, State
from spieltisch.core.registry import load_game
from spieltisch.core.userinput import UserFileError, read_user_text

FORMAT = "spieltisch-record/1"
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""A record holds a few bytes per action; the longest games need well under a megabyte."""


class RecordError(ValueError):
    """A record file that cannot be read or does not replay."""


@dataclass
class Record:
    game: str
    players: int
    options: dict[str, Any]
    actions: list[int] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: State, **meta: Any) -> Record:
        game = state.game
        return cls(game.name, game.num_players, dict(game.options), state.history(), dict(meta))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "actions": self.actions,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a spieltisch record (expected format {FORMAT!r})")
        try:
            actions = [int(a) for a in data["actions"]]
            return cls(
                str(data["game"]),
                int(data["players"]),
                dict(data["options"]),
                actions,
                dict(data.get("meta", {})),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"malformed record: {error}") from None

    def replay(self, upto: int | None = None, game: AnyGame | None = None) -> State:
        """The state after the first `upto` actions (all by default).

        The game is loaded by name unless an unregistered `game` is given.
        """
        game = game or load_game(self.game, self.players, **self.options)
        state: State = game.new_initial_state()
        for index, action in enumerate(self.actions[:upto]):
            try:
                state.apply_action(action)
            except ValueError as error:
                raise RecordError(f"action {index} ({action}) does not replay: {error}") from None
        return state

    def save(self, path: str | Path) -> None:
        """Write atomically, so a crash never leaves a half-written record."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=".record-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(self.to_json(), out, indent=1)
        os.replace(temp, target)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file; any problem is a RecordError of one line naming the file."""
        try:
            text = read_user_text(path, MAX_RECORD_BYTES)
        except UserFileError as error:
            raise RecordError(str(error)) from None
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as error:
            raise RecordError(f"{path} is not valid JSON: {error}") from None
        except RecordError as error:
            raise RecordError(f"{path}: {error}") from None
