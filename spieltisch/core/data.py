"""Reading a game's data files (TOML) shipped inside its package."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from spieltisch.core.options import OptionError


def package_data(package: str, filename: str) -> dict[str, Any]:
    """Load `filename` from the `data/` folder of `package` (e.g. "spieltisch.games.calcory")."""
    text = resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")
    return tomllib.loads(text)


def user_data(path: str) -> dict[str, Any]:
    """Load a user's TOML file (a variant or a re-fitted data file), with a clear error."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise OptionError(f"cannot read {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise OptionError(f"{path} is not valid TOML: {error}") from None
