"""pyproject.toml declares what the code imports, and nothing it does not use.

Every third-party module imported by spieltisch/, tests/ or scripts/ must
come from a package in the project's dependencies or extras (or be an optional
import, named in OPTIONAL_IMPORTS with the reason); every declared
package must be imported somewhere or be in USED_WITHOUT_IMPORT with the
reason; the lint and type-check tools are pinned exactly; `dev` is built
from all the other extras.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from functools import cache
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
USED_WITHOUT_IMPORT = {
    "pytest-xdist": "pytest -n",
    "pytest-timeout": "pytest --timeout (addopts)",
    "pytest-playwright": "the page fixture of the browser tests",
    "httpx2": "starlette's TestClient imports it",
    "aiosqlite": "SQLAlchemy's driver for sqlite+aiosqlite:// URLs",
    "psycopg": "SQLAlchemy's driver for postgresql+psycopg:// URLs",
    "ruff": "the linter, run by scripts/test",
    "mypy": "the type checker, run by scripts/test",
}

OPTIONAL_IMPORTS = {
    "mypy_extensions": "core/contract.py: read by the compiler (comes with mypy); pure Python does without",
}


def name_of(requirement: str) -> str:
    """The normalized package name of a requirement such as "uvicorn[standard]>=0.30"."""
    bare = re.split(r"[\[<>=!~;\s]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", bare).lower()


def declared() -> dict[str, list[str]]:
    """Each declared package with where it is declared ("dependencies" or an extra)."""
    project = PYPROJECT["project"]
    found: dict[str, list[str]] = {}
    groups = {"dependencies": project["dependencies"], **project["optional-dependencies"]}
    for group, requirements in groups.items():
        for requirement in requirements:
            if not requirement.startswith("spieltisch["):
                found.setdefault(name_of(requirement), []).append(group)
    return found


@cache
def imported_modules() -> set[str]:
    """Top-level modules imported by the project's Python files that are neither stdlib nor its own."""
    files = [p for folder in ("spieltisch", "tests", "scripts") for p in (ROOT / folder).rglob("*.py")]
    helpers = [p for p in files if not p.is_relative_to(ROOT / "spieltisch")]  # imported by file name
    own = {p.stem for p in helpers} | {"spieltisch", "tests"}
    modules: set[str] = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules.add(node.module.split(".")[0])
    return {m for m in modules if m not in sys.stdlib_module_names and m not in own and m != "__future__"}


@cache
def installed() -> dict[str, list[str]]:
    return dict(packages_distributions())


def packages_of(module: str) -> set[str]:
    return {re.sub(r"[-_.]+", "-", d).lower() for d in installed().get(module, [])}


def test_every_imported_module_is_declared() -> None:
    packages = set(declared())
    missing = {}
    for module in sorted(imported_modules() - set(OPTIONAL_IMPORTS)):
        sources = packages_of(module)
        if not sources:
            pytest.skip(f"{module} is not installed here; cannot tell its package")
        if not sources & packages:
            missing[module] = sorted(sources)
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"


def test_every_declared_package_is_used() -> None:
    used = {package for module in imported_modules() for package in packages_of(module)}
    unused = sorted(set(declared()) - used - set(USED_WITHOUT_IMPORT))
    assert not unused, f"declared but never imported (remove, or say why in USED_WITHOUT_IMPORT): {unused}"


def test_the_lint_and_type_check_tools_are_pinned_exactly() -> None:
    for requirement in PYPROJECT["project"]["optional-dependencies"]["lint"]:
        assert re.fullmatch(r"[a-z-]+==\d+(\.\d+)+", requirement), requirement
    assert {name_of(r) for r in PYPROJECT["project"]["optional-dependencies"]["lint"]} == {"ruff", "mypy"}


def test_dev_is_every_other_extra() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    (dev,) = extras["dev"]
    named = set(re.fullmatch(r"spieltisch\[(.*)\]", dev).group(1).split(","))  # type: ignore[union-attr]
    assert named == set(extras) - {"dev"}


def test_test_tools_are_not_server_dependencies() -> None:
    server = {name_of(r) for r in PYPROJECT["project"]["optional-dependencies"]["server"]}
    assert not server & {"httpx", "httpx2", "pytest", "playwright", "websockets", "psycopg"}


def test_the_readme_names_every_extra() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [extra for extra in PYPROJECT["project"]["optional-dependencies"] if f"`{extra}`" not in readme]
    assert not missing, f"README.md does not name the extras {missing}"
