"""Reading data files: a game's own (TOML, shipped inside its package) and a user's.

A user's file is read with care, for every front alike: only a regular file
(a pipe, a device or a directory is refused before anything blocks), at most
`limit` bytes, UTF-8. Every problem is one line that names the file.
"""

from __future__ import annotations

import os
import stat
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from spieltisch.core.options import OptionError

MAX_DATA_FILE_BYTES = 64 * 1024
"""A data file (a deck, a score table, a wardrobe) is a few KiB; this leaves room."""


class DataFileError(OptionError):
    """A user's file that cannot be read or is not what it should be; the message is one line."""


def package_data(package: str, filename: str) -> dict[str, Any]:
    """Load `filename` from the `data/` folder of `package` (e.g. "spieltisch.games.calcory")."""
    text = resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")
    return tomllib.loads(text)


def read_user_file(path: str | Path, limit: int = MAX_DATA_FILE_BYTES) -> str:
    """The text of a regular file of at most `limit` bytes, or DataFileError.

    The file is opened without blocking and checked before it is read, so a
    FIFO, a terminal or /dev/zero is refused at once rather than read forever.
    """
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise DataFileError(f"cannot read {path}: {error.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise DataFileError(f"cannot read {path}: not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit and (chunk := os.read(handle, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError as error:
        raise DataFileError(f"cannot read {path}: {error.strerror}") from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise DataFileError(f"cannot read {path}: larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DataFileError(f"cannot read {path}: not UTF-8 text") from None


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
