"""Every documented example (doctest) in the package holds.

The examples run from the sources: a module of the compiled build keeps no
docstrings for doctest to find.
"""

from __future__ import annotations

import doctest
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import spieltisch

ROOT = Path(spieltisch.__file__).resolve().parent


def _lucandor_codec(module: ModuleType) -> dict[str, Any]:
    # The source module's own Codec: a compiled one refuses the source module's enums.
    from spieltisch.games.lucandor.model import load_model

    return {"codec": module.Codec(load_model())}


EXTRA_GLOBALS: dict[str, Callable[[ModuleType], dict[str, Any]]] = {
    "games/lucandor/actions.py": _lucandor_codec
}
"""Names a module's examples use without making them, by the module's path under the package."""


def documented() -> list[str]:
    """The package's modules with examples, by path under the package."""
    return sorted(
        path.relative_to(ROOT).as_posix()
        for path in ROOT.rglob("*.py")
        if "web" not in path.relative_to(ROOT).parts and ">>>" in path.read_text(encoding="utf-8")
    )


def from_source(relative: str) -> ModuleType:
    """The module at `relative`, run from its source under a name of its own."""
    name = "doctest_source." + relative.removesuffix(".py").replace("/", ".")
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and enums look their module up while the class is made
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


def test_the_codecs_are_among_the_documented_modules() -> None:
    found = documented()
    for game in ("calcory", "level8", "lucandor"):
        assert f"games/{game}/actions.py" in found


@pytest.mark.parametrize("relative", documented())
def test_the_documented_examples_hold(relative: str) -> None:
    module = from_source(relative)
    extra = EXTRA_GLOBALS[relative](module) if relative in EXTRA_GLOBALS else {}
    result = doctest.testmod(module, extraglobs=extra, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, f"{relative}: {result}"
