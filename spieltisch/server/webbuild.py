"""Building the browser client with npm when its build is missing or older than its source."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
DIST = WEB / "dist"
SOURCES = ("src", "index.html", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json")


def newest_source_time() -> float:
    times = [0.0]
    for name in SOURCES:
        path = WEB / name
        if path.is_dir():
            times.extend(p.stat().st_mtime for p in path.rglob("*") if p.is_file())
        elif path.is_file():
            times.append(path.stat().st_mtime)
    return max(times)


def build_is_current() -> bool:
    index = DIST / "index.html"
    return index.is_file() and index.stat().st_mtime >= newest_source_time()


def can_build() -> bool:
    """Whether the client's sources and npm are at hand (an installed wheel carries only the build)."""
    return (WEB / "package.json").is_file() and shutil.which("npm") is not None


def build() -> bool:
    """Run build.sh (npm, quiet but for errors); True when it left a build."""
    result = subprocess.run(["bash", str(WEB / "build.sh")], check=False)
    return result.returncode == 0 and (DIST / "index.html").is_file()


def ensure_built(log: bool = True) -> bool:
    """Build when needed and possible; True when a usable build exists afterwards."""
    if build_is_current():
        return True
    if not can_build():
        return (DIST / "index.html").is_file()
    if log:
        print("building the browser client (npm) ...", flush=True)
    return build()
