"""The compiled build and pure Python: the one asked for runs, never a stale one, and both play alike.

`SPIELTISCH_BUILD=compiled` (as CI sets it) makes a missing compiled build fail
here instead of passing quietly on pure Python; `SPIELTISCH_BUILD=pure` the reverse.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import spieltisch.games.allegra.rules as allegra_rules
from spieltisch import native
from spieltisch.core.registry import game_class, game_names
from tests.core.trajectories import fingerprint

ROOT = Path(__file__).resolve().parents[2]
STATUS = native.status()
ASKED = os.environ.get(native.ENV, "auto").strip().lower()


def test_the_build_asked_for_is_the_one_running() -> None:
    compiled_file = str(allegra_rules.__file__).endswith(native._soabi())
    assert compiled_file == STATUS.compiled
    if ASKED == "compiled":
        assert STATUS.compiled, STATUS.describe()
    if ASKED == "pure":
        assert not STATUS.compiled


def _manifest(place: Path, sources: dict[str, list[object]]) -> None:
    place.mkdir(parents=True)
    data = {"soabi": native._soabi(), "modules": ["pkg.mod"], "sources": sources}
    (place / native.MANIFEST).write_text(json.dumps(data), encoding="utf-8")


def test_an_edited_source_makes_the_build_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(native.ENV, raising=False)
    source = tmp_path / "pkg" / "mod.py"
    source.parent.mkdir()
    source.write_text("X = 1\n", encoding="utf-8")
    info = source.stat()
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    _manifest(tmp_path / "build", {"pkg/mod.py": [digest, info.st_size, info.st_mtime_ns]})
    current = native.find_build((tmp_path / "build",), tmp_path)
    assert current.compiled and current.modules == ("pkg.mod",)

    source.write_text("X = 2\n", encoding="utf-8")  # same size, new content
    stale = native.find_build((tmp_path / "build",), tmp_path)
    assert not stale.compiled and stale.stale == ["pkg/mod.py"]
    assert "sources changed" in stale.reason


def test_pure_is_chosen_by_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "mod.py"
    source.write_text("X = 1\n", encoding="utf-8")
    info = source.stat()
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    _manifest(tmp_path / "build", {"mod.py": [digest, info.st_size, info.st_mtime_ns]})
    monkeypatch.setenv(native.ENV, "pure")
    assert not native.find_build((tmp_path / "build",), tmp_path).compiled
    monkeypatch.setenv(native.ENV, "fast")
    with pytest.raises(native.BuildError, match="choose one of"):
        native.find_build((tmp_path / "build",), tmp_path)


def test_a_missing_or_stale_build_is_an_error_when_compiled_is_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(native.ENV, raising=False)  # the pure-Python run sets it
    missing = native.find_build((tmp_path / "nothing",), tmp_path)
    assert not missing.compiled and missing.reason == "no compiled build"
    with pytest.raises(native.BuildError, match="no compiled build"):
        native.require(missing, "compiled")
    native.require(missing, "auto")  # pure Python, quietly


CASES = [(name, game_class(name).min_players, 1) for name in game_names()]


@pytest.mark.skipif(not STATUS.compiled, reason="no current compiled build: " + STATUS.describe())
@pytest.mark.parametrize(("name", "players", "seed"), CASES, ids=[c[0] for c in CASES])
def test_both_builds_play_identical_games(name: str, players: int, seed: int) -> None:
    """A seeded game of every game hashes the same, part by part, on the compiled and the pure build."""
    compiled = fingerprint(name, players, seed)
    code = (
        "import json, sys; from tests.core.trajectories import fingerprint;"
        f"print(json.dumps(fingerprint({name!r}, {players}, {seed})))"
    )
    env = {**os.environ, native.ENV: "pure", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    pure = json.loads(run.stdout)
    assert {part: compiled[part] == pure[part] for part in compiled} == dict.fromkeys(compiled, True)


def _hook_module() -> Any:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_install_without_a_compiler_falls_back_to_pure_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hook = _hook_module()
    compiler = hook.Compiler(tmp_path, {"include": ["*.py"]})

    def no_compiler() -> None:
        raise SystemExit("error: command 'gcc' failed: No such file or directory")

    monkeypatch.setattr(compiler, "compile", no_compiler)
    assert compiler.build("auto") is None  # pure Python, said on stderr
    with pytest.raises(RuntimeError, match=r"compiling failed.*gcc"):
        compiler.build("compiled")
    assert compiler.build("pure") is None
    monkeypatch.delenv(native.ENV, raising=False)
    assert hook.build_mode() == "pure", "a plain install compiles nothing"
    assert hook.build_mode("compiled") == "compiled"


def test_a_missing_build_is_advised_once_with_how_to_build_it_and_its_gain(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(native, "_status", native.BuildStatus(False, "no compiled build"))
    monkeypatch.setattr(native, "_advised", False)
    assert native.advise_compiled()
    assert not native.advise_compiled()
    said = capsys.readouterr().err
    assert said.count("spieltisch: running pure Python") == 1
    assert "SPIELTISCH_BUILD=compiled python3 -m pip install -e ." in said and "three times as fast" in said


@pytest.mark.parametrize(
    "build",
    [
        native.BuildStatus(True, "current"),
        native.BuildStatus(False, f"{native.ENV}=pure"),
        native.BuildStatus(False, "sources changed since the build", stale=["spieltisch/core/contract.py"]),
    ],
)
def test_no_advice_where_the_build_runs_pure_python_was_asked_for_or_a_stale_build_was_reported(
    build: native.BuildStatus, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(native, "_status", build)
    monkeypatch.setattr(native, "_advised", False)
    assert not native.advise_compiled()
    assert capsys.readouterr().err == ""


def test_the_commands_that_play_advise_once_and_the_others_never(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from spieltisch.cli import app

    monkeypatch.setattr(native, "_status", native.BuildStatus(False, "no compiled build"))
    monkeypatch.setattr(native, "_advised", False)
    runner = CliRunner()
    listing = runner.invoke(app, ["games"])
    assert listing.exit_code == 0 and "running pure Python" not in listing.stderr
    first = runner.invoke(app, ["levels", "show", "calcory"])
    second = runner.invoke(app, ["levels", "show", "calcory"])
    assert first.exit_code == second.exit_code == 0
    assert "running pure Python" in first.stderr and "running pure Python" not in second.stderr
