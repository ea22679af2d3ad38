"""Reading data files: a game's own (TOML, shipped inside its package) and a user's.

A user's file is read with care, for every front alike: only a regular file
(a pipe, a device or a directory is refused before anything blocks), at most
`limit` bytes, UTF-8. Every problem is one line that names the file.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from spieltisch.core.options import OptionError
from spieltisch.core.userinput import UserFileError, read_user_text

MAX_DATA_FILE_BYTES = 64 * 1024
"""A data file (a deck, a score table, a wardrobe) is a few KiB; this leaves room."""


class DataFileError(OptionError):
    """A user's file that cannot be read or is not what it should be; the message is one line."""


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
    """TOML text as a dict; DataFileError naming `name` in one line if it is not valid TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        reason = " ".join(str(error).split())
        raise DataFileError(f"{name} is not valid TOML: {reason}") from None


def user_data(path: str) -> dict[str, Any]:
    """Load a user's TOML file (a variant or a re-fitted data file), with a one-line error."""
    return parse_toml(read_user_file(path), path)
