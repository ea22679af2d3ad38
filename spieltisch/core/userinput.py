"""What a user hands over on the command line: files (records, options files) and key=value options.

Every problem becomes one line naming the file, never a traceback: a file
that is missing, not a regular file (a folder, a pipe, a device), larger
than its cap, not UTF-8, or UTF-8 with a byte order mark.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from spieltisch.core.options import OptionError

KIB = 1024
MAX_OPTIONS_FILE_BYTES = 1024 * KIB
"""An options file is a short table; a megabyte leaves room for comments."""

_BOMS = {b"\xef\xbb\xbf": "UTF-8", b"\xff\xfe": "UTF-16", b"\xfe\xff": "UTF-16"}


class UserFileError(ValueError):
    """A file given by the user that cannot be read as text; the message names the file."""


def read_user_text(path: str | Path, max_bytes: int) -> str:
    """The UTF-8 text of a regular file of at most `max_bytes`, or a UserFileError in one line.

    The file is opened without blocking and checked before it is read, so a
    pipe, a terminal or /dev/zero is refused at once rather than read forever.
    """
    where = Path(path)
    try:
        handle = os.open(where, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise UserFileError(f"cannot read {where}: {error.strerror or error}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise UserFileError(f"cannot read {where}: it is {kind}")
        if info.st_size > max_bytes:
            raise UserFileError(f"{where} is too large: {info.st_size:,} bytes, at most {max_bytes:,}")
        data = _read_at_most(handle, max_bytes + 1)
    except OSError as error:
        raise UserFileError(f"cannot read {where}: {error.strerror or error}") from None
    finally:
        os.close(handle)
    if len(data) > max_bytes:
        raise UserFileError(f"{where} is too large: more than {max_bytes:,} bytes")
    for mark, encoding in _BOMS.items():
        if data.startswith(mark):
            raise UserFileError(
                f"{where} starts with a {encoding} byte order mark; save it as UTF-8 without one"
            )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UserFileError(f"{where} is not UTF-8 text (byte {error.start}); save it as UTF-8") from None


def _read_at_most(handle: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit and (chunk := os.read(handle, limit - size)):
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def read_options_file(path: str | Path) -> dict[str, Any]:
    """A flat TOML table (JSON when the name ends in .json) of rule options."""
    try:
        text = read_user_text(path, MAX_OPTIONS_FILE_BYTES)
        data = json.loads(text) if str(path).endswith(".json") else tomllib.loads(text)
    except (UserFileError, ValueError) as error:
        raise OptionError(_one_line(f"options file {path}: {error}")) from None
    except RecursionError:  # the parsers recurse into nested lists and tables
        raise OptionError(f"options file {path}: its lists or tables are nested too deeply") from None
    if not isinstance(data, dict):
        raise OptionError(f"options file {path} must hold a table of key = value")
    return data


_NEXT_PAIR = re.compile(r",(?=\s*[A-Za-z_][\w-]*\s*=)")


def parse_option_pairs(arguments: Iterable[str] | None, what: str = "option") -> dict[str, Any]:
    """key=value pairs; one argument may hold several separated by commas ("a=1,b=2").

    A comma splits only where a new `key=` follows, so a value may hold commas
    (a file name such as "deck_file=my,deck.toml"). A key given twice is refused.
    """
    options: dict[str, Any] = {}
    for argument in arguments or []:
        for pair in filter(None, (part.strip() for part in _NEXT_PAIR.split(argument))):
            key, sep, value = pair.partition("=")
            key, value = key.strip(), value.strip()
            if not sep or not key:
                raise OptionError(f"{what} {pair!r} must look like key=value")
            if key in options:  # keeping the last would drop the first without a word
                raise OptionError(f"{what} {key} is given twice ({options[key]} and {value}): give it once")
            options[key] = value
    return options


def _one_line(text: str) -> str:
    return " ".join(text.split())


__all__ = [
    "MAX_OPTIONS_FILE_BYTES",
    "UserFileError",
    "parse_option_pairs",
    "read_options_file",
    "read_user_text",
]
