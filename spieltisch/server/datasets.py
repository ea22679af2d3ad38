"""Data-file options over the web: a visitor never names a server path.

A game's text options ("str", such as ALLEGRA's `deck_file` or Lucandor's
`wardrobe`) name a data file on the command line. Over the web such an
option takes either the name of a data set the operator offers, or nothing
(the built-in data); or the host uploads the file's content with the new
table. Offered data sets are the built-in ones plus the TOML files in the
folder given to `spieltisch serve --data-sets`, laid out as
`<folder>/<game>/<option>/<name>.toml`; /api/games lists their names.

Whatever was chosen, the table stores the content itself (with its name),
so its record replays anywhere, whatever becomes of the folder. The game
reads it from a file the server writes under its data folder, named by the
content's hash. Every refused value gets the same answer, whatever path it
names.

Only regular files inside the folder are offered: a symbolic link that leads
out of it (to /proc/self/environ, say) is refused and logged. `check` reads
and parses every offered file when the server starts, so a broken one stops
the start with one line naming it; the game checks the rest (its bounds, its
shape) when a table is made with it.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spieltisch.core.contract import AnyGame
from spieltisch.core.data import MAX_DATA_FILE_BYTES, DataFileError, parse_toml, read_user_file
from spieltisch.core.options import OptionError
from spieltisch.server.errors import (
    DATA_FILE_TOO_LARGE,
    LANGS,
    NOT_A_FILE_OPTION,
    UNAVAILABLE,
    UNKNOWN_DATA_SET,
    TableError,
)

UPLOAD = "upload"
"""The name an uploaded file goes by."""
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")
log = logging.getLogger("spieltisch.server")


def file_options(game: type[AnyGame]) -> list[str]:
    """The options of `game` that name a data file."""
    return [spec.name for spec in game.option_specs if spec.kind == "str"]


@dataclass(frozen=True)
class DataFile:
    """A data set chosen for a table: its name (an offered one, or "upload") and its content."""

    name: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "text": self.text}


class DataSets:
    def __init__(self, folder: Path | None, cache: Path) -> None:
        self.folder = folder
        self.cache = cache
        """Where the chosen contents are written for the games to read."""
        self._refused: set[Path] = set()
        """Links already logged as refused (each is logged once)."""

    def offered(self, game: str, option: str) -> list[str]:
        """The names of the data sets offered for `option` of `game` (built-in: the empty name)."""
        return sorted(self._files(game, option))

    def _files(self, game: str, option: str) -> dict[str, Path]:
        """Each offered name with its file: regular files inside the folder, links resolved."""
        if self.folder is None:
            return {}
        root = self.folder.resolve()
        where = self.folder / game / option
        if not where.is_dir():
            return {}
        found = {}
        for path in where.glob("*.toml"):
            try:
                target = path.resolve()
            except (OSError, RuntimeError):  # a loop of links
                self._refuse(path, "its links go round in a loop")
                continue
            if not target.is_relative_to(root):
                self._refuse(path, "it leads out of the data-sets folder")
            elif target.is_file() and NAME.match(path.stem):
                found[path.stem] = target
        return found

    def _refuse(self, path: Path, why: str) -> None:
        if path not in self._refused:
            self._refused.add(path)
            log.warning("data set %s is not offered: %s", path, why)

    def check(self) -> None:
        """Read and parse every offered file; DataFileError naming the first that fails."""
        if self.folder is None:
            return
        if not self.folder.is_dir():
            raise DataFileError(f"{self.folder} is not a folder")
        for game in sorted(p.name for p in self.folder.iterdir()):
            for option in sorted(p.name for p in (self.folder / game).glob("*")):
                for target in self._files(game, option).values():
                    parse_toml(read_user_file(target), str(target))

    def choose(
        self, game: type[AnyGame], options: dict[str, Any], uploads: dict[str, str]
    ) -> tuple[dict[str, Any], dict[str, DataFile]]:
        """The visitor's options with each data-file option checked, and the chosen contents.

        Returns the options as they are shown (data sets by name) and, per
        data-file option not left built-in, the DataFile to store with the table.
        """
        names = file_options(game)
        for option in uploads:
            if option not in names:
                raise TableError(NOT_A_FILE_OPTION, option=option[:40], options=", ".join(names) or "-")
        shown, chosen = dict(options), {}
        for option in names:
            value = options.get(option, "")
            if option in uploads:
                if value not in ("", UPLOAD):
                    raise self._unknown(game, option)
                chosen[option] = DataFile(UPLOAD, self._upload(option, uploads[option]))
                shown[option] = UPLOAD
            elif value != "":
                path = self._files(game.name, option).get(value) if isinstance(value, str) else None
                if path is None:
                    raise self._unknown(game, option)
                try:
                    chosen[option] = DataFile(value, read_user_file(path))
                except DataFileError:
                    raise self._unknown(game, option) from None
        return shown, chosen

    def _unknown(self, game: type[AnyGame], option: str) -> TableError:
        # The same answer for every refused value: nothing tells whether a path exists.
        offered = ", ".join(self.offered(game.name, option)) or "-"
        return TableError(UNKNOWN_DATA_SET, option=option, offered=offered)

    @staticmethod
    def _upload(option: str, text: str) -> str:
        if len(text.encode("utf-8")) > MAX_DATA_FILE_BYTES:
            raise TableError(DATA_FILE_TOO_LARGE, option=option, limit=MAX_DATA_FILE_BYTES)
        return text

    def game_options(
        self,
        game: type[AnyGame],
        table_id: str,
        options: dict[str, Any],
        files: dict[str, DataFile],
        written: list[Path] | None = None,
    ) -> dict[str, Any]:
        """The options a game is made with: each chosen data set as the path of its content.

        Files this call writes anew are added to `written`, so that a caller whose game
        is then refused can remove them (`discard`).
        """
        made = dict(options)
        for option in file_options(game):
            if option in files:
                path = self.path_of(files[option].text)
                if written is not None and not path.is_file():
                    written.append(path)
                made[option] = str(self.write(files[option].text))
            elif options.get(option, "") != "":
                # A path stored by an older server: never read it on a visitor's behalf.
                raise TableError(UNAVAILABLE, table=table_id, detail=f"option {option} names a file")
        return made

    def path_of(self, text: str) -> Path:
        """Where the content is kept: a file named by its hash."""
        return self.cache / f"{hashlib.sha256(text.encode('utf-8')).hexdigest()}.toml"

    def write(self, text: str) -> Path:
        """The content as a file of the server's own, named by its hash (written once, atomically)."""
        path = self.path_of(text)
        if not path.is_file():
            self.cache.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(dir=self.cache, prefix=".data-", suffix=".toml")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temp, path)
        return path

    def name_paths(self, message: str, files: dict[str, DataFile]) -> str:
        """A game's error with the server's own file paths replaced by the data sets' names."""
        for option, chosen in files.items():
            message = message.replace(str(self.path_of(chosen.text)), f"{option} ({chosen.name})")
        return message

    @staticmethod
    def discard(paths: list[Path]) -> None:
        """Remove files written for a game that was refused: no table uses them."""
        for path in paths:
            path.unlink(missing_ok=True)

    def explain(self, error: OptionError, files: dict[str, DataFile]) -> dict[str, str]:
        """A game's error per language (a data file's own errors come in German too), paths named."""
        words = error.words if isinstance(error, DataFileError) else None
        return {lang: self.name_paths(words(lang) if words else str(error), files) for lang in LANGS}
