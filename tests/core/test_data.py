"""Reading a user's data file: only regular files, size-capped, every problem in one line naming the file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spieltisch.core.data import DataFileError, read_user_file, user_data


def refusal(path: str | Path, limit: int = 1024) -> str:
    with pytest.raises(DataFileError) as refused:
        read_user_file(path, limit)
    message = str(refused.value)
    assert "\n" not in message and str(path) in message
    return message


def test_a_regular_toml_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('[deck]\ncounts = [1, 2]\nname = "Größe"\n', encoding="utf-8")
    assert user_data(str(path)) == {"deck": {"counts": [1, 2], "name": "Größe"}}


def test_devices_pipes_and_folders_are_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer forever
    for path in ("/dev/zero", fifo, "/proc/self/fd/0"):
        assert "not a regular file" in refusal(path)
    assert "a folder" in refusal(tmp_path)


def test_too_large_missing_undecodable_and_invalid_files_say_so_in_one_line(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"x = 1\n" * 400)
    assert "too large" in refusal(big)
    assert "No such file" in refusal(tmp_path / "missing.toml")
    latin = tmp_path / "latin.toml"
    latin.write_bytes("x = 'Größe'".encode("latin-1"))
    assert "not UTF-8" in refusal(latin)
    broken = tmp_path / "broken.toml"
    broken.write_text("[deck\ncounts = ", encoding="utf-8")
    with pytest.raises(DataFileError) as refused:
        user_data(str(broken))
    assert str(refused.value).startswith(f"{broken} is not valid TOML:") and "\n" not in str(refused.value)
