"""Build hook: the built browser client in every wheel, and the engine compiled with mypyc on request.

A wheel carries spieltisch/web/dist, the browser client as `spieltisch serve`
serves it, so an installed wheel needs neither Node.js nor npm. Building the
wheel reuses a build that is newer than the client's sources, else builds it
with npm (spieltisch/web/build.sh), and fails saying so when it can do neither.
An editable install leaves that to `spieltisch serve`, which builds on first start.

The compiled build is opt-in: a plain `pip install` installs pure Python and
needs no compiler. `SPIELTISCH_BUILD=compiled pip install -e .` (as CI does)
compiles the modules that pyproject.toml lists under
[tool.hatch.build.targets.wheel.hooks.custom] into one mypyc group, into a place
of their own, never beside their sources:

- an editable install keeps them in build/compiled (spieltisch/native.py loads them
  from there, and only while every source is as it was at the build);
- a wheel carries them in spieltisch/_compiled and gets a platform tag.

At install SPIELTISCH_BUILD chooses: unset or `pure` installs pure Python,
`compiled` fails the install when compiling fails, `auto` compiles where it can
and otherwise installs pure Python, saying why on stderr. A build whose sources
are unchanged since the last one is reused.

`python3 hatch_build.py` (re)builds build/compiled of a checkout without pip
(with mypy and setuptools installed), e.g. after an edit; it fails when it cannot.
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

ENV = "SPIELTISCH_BUILD"
MODES = ("auto", "pure", "compiled")
COMPILER = ["mypy==2.4.1", "setuptools>=68"]
"""What compiling needs in the build environment (the same mypy as the lint pin)."""
GROUP = "spieltisch"
"""The mypyc group: its shared library is the top-level module spieltisch__mypyc."""


def build_mode(default: str = "pure") -> str:
    """The mode asked for at build time; an install without SPIELTISCH_BUILD builds pure Python."""
    mode = os.environ.get(ENV, default).strip().lower() or default
    if mode not in MODES:
        raise ValueError(f"{ENV}={mode!r}: choose one of {', '.join(MODES)}")
    return mode


def say(message: str) -> None:
    sys.stderr.write(f"spieltisch build: {message}\n")
    sys.stderr.flush()


class Compiler:
    """Compiles the configured modules of the checkout at `root` into root/build/compiled."""

    def __init__(self, root: Path, config: dict[str, Any]) -> None:
        self.root = root
        self.config = config
        self.output = root / "build" / "compiled"

    def modules(self) -> list[Path]:
        """The sources to compile: the configured globs less the exclusions, sorted."""
        chosen = {path for pattern in self.config.get("include", []) for path in self.root.glob(pattern)}
        excluded = self.config.get("exclude", [])
        return sorted(
            path
            for path in chosen
            if not any(fnmatch.fnmatch(path.relative_to(self.root).as_posix(), rule) for rule in excluded)
        )

    def watched(self, modules: list[Path]) -> dict[str, list[object]]:
        """Every Python source in the compiled modules' folders, as the build reads it.

        The compiled code may rely on any of them (constants, classes, signatures),
        so an edit to any one makes the build stale.
        """
        sources: dict[str, list[object]] = {}
        for folder in sorted({path.parent for path in modules}):
            for path in sorted(folder.glob("*.py")):
                info = path.stat()
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
                sources[path.relative_to(self.root).as_posix()] = [digest, info.st_size, info.st_mtime_ns]
        return sources

    def compiler_id(self) -> str:
        import mypy.version

        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        return f"mypy {mypy.version.__version__}, {suffix}, opt {self.config.get('opt-level', '3')}"

    def current(self, sources: dict[str, list[object]]) -> dict[str, Any] | None:
        """The existing build, if it was made from exactly these sources by this compiler."""
        try:
            manifest: dict[str, Any] = json.loads((self.output / "manifest.json").read_text("utf-8"))
        except (OSError, ValueError):
            return None
        digests = {key: value[0] for key, value in sources.items()}
        built = {key: value[0] for key, value in manifest.get("sources", {}).items()}
        same = manifest.get("compiler") == self.compiler_id() and built == digests
        files_present = all((self.output / name).is_file() for name in manifest.get("files", []))
        return manifest if same and files_present else None

    def compile(self) -> dict[str, Any]:
        """Build (or reuse) build/compiled and return its manifest."""
        from mypyc.build import mypycify
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext

        modules = self.modules()
        if not modules:
            raise RuntimeError("no modules to compile")
        sources = self.watched(modules)
        existing = self.current(sources)
        if existing is not None:
            say(f"the compiled build in {self.output} is current; reused")
            return existing
        shutil.rmtree(self.output, ignore_errors=True)
        work = self.root / "build" / "mypyc"
        started = time.monotonic()
        here = os.getcwd()
        os.chdir(self.root)  # mypyc names modules and C files by their paths from here
        try:
            extensions = mypycify(
                [
                    "--config-file", str(self.root / "pyproject.toml"), "--no-warn-unused-configs",
                    *(path.relative_to(self.root).as_posix() for path in modules),
                ],
                opt_level=str(self.config.get("opt-level", "3")),
                debug_level="0",
                multi_file=True,
                group_name=GROUP,
                target_dir=str(work / "c"),
            )  # fmt: skip
            command = build_ext(Distribution({"name": "spieltisch", "ext_modules": extensions}))
            command.build_lib = str(self.output)
            command.build_temp = str(work / "temp")
            command.parallel = os.cpu_count() or 1
            command.ensure_finalized()
            command.run()
        finally:
            os.chdir(here)
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        names = [path.relative_to(self.root).with_suffix("").as_posix().replace("/", ".") for path in modules]
        files = [name.replace(".", "/") + suffix for name in [*names, f"{GROUP}__mypyc"]]
        missing = [name for name in files if not (self.output / name).is_file()]
        if missing:
            raise RuntimeError(f"the compiler left out {', '.join(missing)}")
        manifest = {
            "compiler": self.compiler_id(),
            "soabi": suffix,
            "modules": [*names, f"{GROUP}__mypyc"],
            "files": files,
            "sources": sources,
        }
        (self.output / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
        seconds = time.monotonic() - started
        say(f"compiled {len(names)} modules with mypyc in {seconds:.0f} s into {self.output}")
        return manifest

    def build(self, mode: str) -> dict[str, Any] | None:
        """The manifest of a compiled build, or None where pure Python is installed."""
        if mode == "pure":
            return None  # a build left in place from before is loaded only while its sources match
        try:
            return self.compile()
        except (Exception, SystemExit) as error:
            shutil.rmtree(self.output, ignore_errors=True)
            if mode == "compiled":
                raise RuntimeError(f"{ENV}=compiled, but compiling failed: {error}") from error
            say(f"compiling failed ({error or type(error).__name__}); installing pure Python")
            return None


def built_client(root: Path) -> Path:
    """The checkout's spieltisch/web/dist, current with its sources: reused, or built with npm."""
    spec = importlib.util.spec_from_file_location("webbuild", root / "spieltisch" / "server" / "webbuild.py")
    assert spec is not None and spec.loader is not None
    webbuild = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(webbuild)
    dist: Path = webbuild.DIST
    if webbuild.build_is_current():
        say(f"the browser client in {dist} is current; reused")
        return dist
    if not webbuild.can_build():
        raise RuntimeError(
            f"a wheel carries the built browser client, but {dist} is missing or older than its sources "
            "and npm is not found: install Node.js 20 with npm, or run `bash spieltisch/web/build.sh` "
            "where they are, then build again"
        )
    say("building the browser client with npm (spieltisch/web/build.sh)")
    if not webbuild.build():
        raise RuntimeError(
            "building the browser client failed: see the output of spieltisch/web/build.sh above"
        )
    return dist


def project_config(root: Path) -> dict[str, Any]:
    data = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))
    config: dict[str, Any] = data["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    return config


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    sys.exit(0 if Compiler(here, project_config(here)).build(build_mode("compiled")) is not None else 1)

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, without hatchling
    pass
else:

    class CompileHook(BuildHookInterface):  # type: ignore[misc]
        PLUGIN_NAME = "custom"

        def dependencies(self) -> list[str]:
            return [] if build_mode() == "pure" else list(COMPILER)

        def initialize(self, version: str, build_data: dict[str, Any]) -> None:
            if self.target_name != "wheel":
                return
            if version != "editable":
                client = built_client(Path(self.root))
                build_data["force_include"][str(client)] = "spieltisch/web/dist"
            compiler = Compiler(Path(self.root), self.config)
            manifest = compiler.build(build_mode())
            if manifest is None or version == "editable":
                return
            for name in [*manifest["files"], "manifest.json"]:
                build_data["force_include"][str(compiler.output / name)] = f"spieltisch/_compiled/{name}"
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
