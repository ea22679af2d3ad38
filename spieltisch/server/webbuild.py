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


def ensure_built(log: bool = True) -> bool:
    """Build when needed and possible; True when a usable build exists afterwards."""
    if build_is_current():
        return True
    if not (WEB / "package.json").is_file() or shutil.which("npm") is None:
        return (DIST / "index.html").is_file()
    if log:
        print("building the browser client (npm) ...", flush=True)
    result = subprocess.run(["bash", str(WEB / "build.sh")], check=False)
    return result.returncode == 0 and (DIST / "index.html").is_file()
