"""Which build runs: the compiled engine (mypyc) or pure Python, and never a stale one.

`SPIELTISCH_BUILD=compiled pip install -e .` (or `python3 hatch_build.py`) compiles
the hot layers (the contract, the games' engines, the bots) with mypyc; a plain
install is pure Python (see hatch_build.py). The compiled modules
never lie beside their sources: an editable install keeps them in `build/compiled`
of the source tree, a wheel in `spieltisch/_compiled`, each with a manifest of the
sources they were compiled from. This module, imported first by the package, puts
a finder in front of the import system that loads a compiled module only while
every source of the build is unchanged; after an edit without a rebuild the whole
package runs as pure Python and says so once on stderr, so stale machine code can
never run in place of the code you read.

`SPIELTISCH_BUILD` chooses at run time as at build time: `pure` runs pure Python
even where a compiled build is present, `compiled` makes a missing or stale
compiled build an error, unset (or `auto`) takes the compiled build when it is
current.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

PACKAGE_ROOT = Path(__file__).resolve().parent
SOURCE_ROOT = PACKAGE_ROOT.parent
MANIFEST = "manifest.json"
PLACES = (PACKAGE_ROOT / "_compiled", SOURCE_ROOT / "build" / "compiled")
"""Where a compiled build may lie: inside an installed wheel, or beside an editable checkout."""
ENV = "SPIELTISCH_BUILD"
MODES = ("auto", "pure", "compiled")


class BuildError(RuntimeError):
    """SPIELTISCH_BUILD=compiled, but no current compiled build can be loaded."""


@dataclass
class BuildStatus:
    """What runs: `compiled` is true when the compiled modules are loaded instead of their sources."""

    compiled: bool
    reason: str
    place: Path | None = None
    modules: tuple[str, ...] = ()
    stale: list[str] = field(default_factory=list)

    def describe(self) -> str:
        if self.compiled:
            return f"compiled (mypyc, {len(self.modules)} modules from {self.place})"
        return f"pure Python ({self.reason})"


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_manifest(place: Path) -> dict[str, object] | None:
    try:
        data = json.loads((place / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _changed_sources(sources: dict[str, list[object]], source_root: Path) -> list[str]:
    """Sources whose content differs from the build's (size and mtime first, then the digest)."""
    changed = []
    for relative, (digest, size, mtime_ns) in sources.items():
        path = source_root / relative
        try:
            info = path.stat()
        except OSError:
            changed.append(relative)
            continue
        if info.st_size == size and info.st_mtime_ns == mtime_ns:
            continue
        if info.st_size != size or source_digest(path) != digest:
            changed.append(relative)
    return changed


def find_build(places: tuple[Path, ...] = PLACES, source_root: Path = SOURCE_ROOT) -> BuildStatus:
    """The compiled build that may run here, or why pure Python runs."""
    mode = os.environ.get(ENV, "auto").strip().lower() or "auto"
    if mode not in MODES:
        raise BuildError(f"{ENV}={mode!r}: choose one of {', '.join(MODES)}")
    if mode == "pure":
        return BuildStatus(False, f"{ENV}=pure")
    for place in places:
        manifest = _read_manifest(place)
        if manifest is None:
            continue
        if manifest.get("soabi") != _soabi():
            return BuildStatus(False, f"the build in {place} is for another Python", place)
        sources = manifest.get("sources")
        modules = manifest.get("modules")
        if not (isinstance(sources, dict) and isinstance(modules, list)):
            return BuildStatus(False, f"the build in {place} has an unreadable manifest", place)
        stale = _changed_sources(sources, source_root)
        if stale:
            return BuildStatus(False, f"sources changed since the build in {place}", place, stale=stale)
        return BuildStatus(True, "current", place, tuple(modules))
    return BuildStatus(False, "no compiled build")


def _soabi() -> str:
    return str(importlib.machinery.EXTENSION_SUFFIXES[0])


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules of one build in its own place, ahead of their sources."""

    def __init__(self, place: Path, modules: tuple[str, ...]) -> None:
        suffix = _soabi()
        self.paths = {name: place / (name.replace(".", "/") + suffix) for name in modules}

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        location = self.paths.get(fullname)
        if location is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(location))
        return importlib.util.spec_from_file_location(fullname, location, loader=loader)


_status: BuildStatus | None = None


def activate() -> BuildStatus:
    """Install the finder for a current compiled build (once); warn when a stale one is left aside."""
    global _status
    if _status is not None:
        return _status
    status = find_build()
    require(status, os.environ.get(ENV, "auto").strip().lower())
    if status.compiled and status.place is not None:
        sys.meta_path.insert(0, CompiledFinder(status.place, status.modules))
    elif status.stale:
        sys.stderr.write(f"spieltisch: running pure Python, {status.reason}: {_rebuild_hint(status)}\n")
    _status = status
    return status


def require(status: BuildStatus, mode: str) -> None:
    """SPIELTISCH_BUILD=compiled turns a missing or stale compiled build into an error."""
    if mode == "compiled" and not status.compiled:
        raise BuildError(f"{ENV}=compiled, but {status.reason}: {_rebuild_hint(status)}")


def _rebuild_hint(status: BuildStatus) -> str:
    changed = ", ".join(status.stale[:3]) + (" ..." if len(status.stale) > 3 else "")
    where = f" ({changed})" if changed else ""
    return f"rebuild with `python3 hatch_build.py`{where}"


def status() -> BuildStatus:
    """What runs in this process."""
    return activate()


ADVICE = (
    "spieltisch: running pure Python, without the compiled engine, which plays the same games "
    "two to three times as fast and searches two to five times the ISMCTS simulations per second. "
    "Build it in a checkout with `SPIELTISCH_BUILD=compiled python3 -m pip install -e .` "
    '(needs a C compiler; README.md, "The compiled engine").'
)
_advised = False


def advise_compiled() -> bool:
    """Say once per process, on stderr, how to build the missing compiled engine and what it gains.

    Silent where the compiled build runs, where pure Python was asked for
    (SPIELTISCH_BUILD=pure), and where a stale build was already reported on import.
    Returns whether it spoke.
    """
    global _advised
    build = status()
    if _advised or build.compiled or build.stale or build.reason == f"{ENV}=pure":
        return False
    _advised = True
    sys.stderr.write(ADVICE + "\n")
    return True


activate()
