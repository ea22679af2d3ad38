"""Reading data files: a game's own (TOML, shipped inside its package) and a user's.

A user's file is read with care, for every front alike: only a regular file
(a pipe, a device or a directory is refused before anything blocks), at most
`limit` bytes, UTF-8. Every problem is one line that names the file.

Parsing is safe against any text: a parser error, deep nesting included, is a
DataFileError. Each game then checks the sizes in a user's file against its
`Bound`s (a few times its real box) before it builds anything from them, so a
small file cannot make a giant game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

from spieltisch.core.options import OptionError, Words
from spieltisch.core.userinput import UserFileError, read_user_text

MAX_DATA_FILE_BYTES: Final = 64 * 1024
"""A data file (a deck, a score table, a wardrobe) is a few KiB; this leaves room."""
LARGEST_SHOWN: Final = 10**9
"""Numbers above this are shown as "more than" it: a number in a file may have thousands of digits."""


class DataFileError(OptionError):
    """A user's file that cannot be read or is not what it should be; the message is one line.

    `words` holds it in each language the tables speak (English only where no German is given).
    """

    def __init__(self, message: str, german: str | None = None) -> None:
        super().__init__(message)
        self.words = Words(en=message, de=german or message)


@dataclass(frozen=True)
class Bound:
    """The most a user's data file may hold of one thing.

    `entry` names it as the file does ("layout.columns"); `en` and `de` say
    what is counted, in the plural ("columns", "Spalten").
    """

    entry: str
    limit: int
    en: str
    de: str

    def check(self, found: int, source: str, entry: str = "") -> None:
        """A DataFileError naming the bound when `found` is more than the limit.

        `entry` names the place in the file where it differs from `self.entry`
        (one of many names: "colours[3].en").
        """
        if found <= self.limit:
            return
        where = entry or self.entry
        shown = f"{found}" if found <= LARGEST_SHOWN else f"more than {LARGEST_SHOWN}"
        gezeigt = f"{found}" if found <= LARGEST_SHOWN else f"mehr als {LARGEST_SHOWN}"
        raise DataFileError(
            f"{source}: {where}: at most {self.limit} {self.en} allowed, not {shown}",
            f"{source}: {where}: höchstens {self.limit} {self.de} erlaubt, nicht {gezeigt}",
        )


def package_data(package: str, filename: str) -> dict[str, Any]:
    """Load `filename` from the `data/` folder of `package` (e.g. "spieltisch.games.calcory")."""
    text = resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")
    return tomllib.loads(text)


def read_user_file(path: str | Path, limit: int = MAX_DATA_FILE_BYTES) -> str:
    """The text of a user's data file (see core.userinput.read_user_text), or DataFileError."""
    try:
        return read_user_text(path, limit)
    except UserFileError as error:
        raise DataFileError(str(error)) from None


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """TOML text as a dict; DataFileError naming `name` in one line if it is not valid TOML.

    The parser recurses into nested lists and tables: text nested thousands
    deep (a few KiB of "[") raises RecursionError, and a number of thousands
    of digits a ValueError; both are refused like any other error.
    """
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise DataFileError(
            f"{name} is not valid TOML: its lists or tables are nested too deeply",
            f"{name} ist kein gültiges TOML: Listen oder Tabellen sind zu tief verschachtelt",
        ) from None
    except ValueError as error:  # tomllib.TOMLDecodeError, or int()'s limit on digits
        reason = " ".join(str(error).split())
        raise DataFileError(
            f"{name} is not valid TOML: {reason}", f"{name} ist kein gültiges TOML: {reason}"
        ) from None


def user_data(path: str) -> dict[str, Any]:
    """Load a user's TOML file (a variant or a re-fitted data file), with a one-line error."""
    return parse_toml(read_user_file(path), path)
