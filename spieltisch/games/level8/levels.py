"""Level lists as data: the parts of each level, loaded and validated from TOML."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from spieltisch.core.data import Bound, package_data, user_data
from spieltisch.core.options import OptionError
from spieltisch.games.level8.views import PartStruct

RUN, SET, COLOUR = 0, 1, 2
PART_KINDS: Final = ("run", "set", "colour")  # indexed by RUN, SET, COLOUR
KIND_NAMES: Final = {name: kind for kind, name in enumerate(PART_KINDS)}
LEVEL_COUNT: Final = 8
MAX_PARTS: Final = 4
MAX_LEVEL_CARDS: Final = 10  # with 11 cards after drawing, one is left for the discard

# Bounds on a user's level list, checked before its levels are read: the rules' own sizes
# (a part's cards are checked with the part).
LEVELS_BOUND: Final = Bound(
    "level", LEVEL_COUNT, "[[level]] tables (the game has 8)", "[[level]]-Tabellen (das Spiel hat 8)"
)
PARTS_BOUND: Final = Bound("parts", MAX_PARTS, "parts in a level", "Teile in einem Level")

Part = tuple[int, int]  # (RUN | SET | COLOUR, number of cards)

SET_NAMES_DE: Final = {2: "Zwilling", 3: "Drilling", 4: "Vierling", 5: "Fünfling", 6: "Sechsling"}
RUN_NAMES_DE: Final = {
    2: "Zweier",
    3: "Dreier",
    4: "Vierer",
    5: "Fünfer",
    6: "Sechser",
    7: "Siebener",
    8: "Achter",
    9: "Neuner",
    10: "Zehner",
}


@dataclass(frozen=True)
class LevelList:
    """The eight levels of one side (or a user's file): each level's parts, whether the
    rulebook states it, the keep-cards rule, and where the list came from."""

    levels: tuple[tuple[Part, ...], ...]
    verified: tuple[bool, ...]
    carry_over: bool
    source: str


def load_levels(side: str, path: str = "") -> LevelList:
    """The front or back list shipped with the game, or a user's file at `path`."""
    if path:
        return parse_levels(user_data(path), path)
    return parse_levels(package_data("spieltisch.games.level8", f"levels_{side}.toml"), side)


def parse_levels(data: dict[str, Any], source: str) -> LevelList:
    """Validate a level list; every problem is an OptionError naming the level and part."""
    levels = data.get("level")
    if isinstance(levels, list):
        LEVELS_BOUND.check(len(levels), source)
    if not isinstance(levels, list) or len(levels) != LEVEL_COUNT:
        raise OptionError(f"{source}: a level list needs exactly {LEVEL_COUNT} [[level]] tables")
    carry = data.get("carry_over", False)
    if not isinstance(carry, bool):
        raise OptionError(f"{source}: carry_over must be true or false")
    parsed = tuple(_parse_level(entry, f"{source}: level {i + 1}") for i, entry in enumerate(levels))
    verified = tuple(bool(entry.get("verified", False)) for entry in levels)
    return LevelList(parsed, verified, carry, source)


def _parse_level(entry: Any, where: str) -> tuple[Part, ...]:
    if not isinstance(entry, dict) or not isinstance(entry.get("parts"), list) or not entry["parts"]:
        raise OptionError(f"{where}: needs a non-empty list `parts`")
    parts = entry["parts"]
    PARTS_BOUND.check(len(parts), where)
    result = []
    for index, part in enumerate(parts):
        spot = f"{where}, part {index + 1}"
        if not isinstance(part, dict):
            raise OptionError(f'{spot}: write a part as {{ kind = "run", size = 3 }}')
        kind = part.get("kind")
        if kind not in KIND_NAMES:
            raise OptionError(f"{spot}: kind must be one of run, set, colour, not {kind!r}")
        size = part.get("size")
        if isinstance(size, bool) or not isinstance(size, int):
            raise OptionError(f"{spot}: size must be a whole number, got {size!r}")
        low = 3 if kind == "run" else 2
        if not low <= size <= MAX_LEVEL_CARDS:
            raise OptionError(f"{spot}: a {kind} needs {low}..{MAX_LEVEL_CARDS} cards, got {size}")
        result.append((KIND_NAMES[kind], size))
    total = sum(size for _, size in result)
    if total > MAX_LEVEL_CARDS:
        raise OptionError(f"{where}: needs {total} cards; at most {MAX_LEVEL_CARDS} fit a hand")
    return tuple(result)


def part_struct(part: Part) -> PartStruct:
    """A part as data: {"kind": "run", "size": 3}."""
    return {"kind": PART_KINDS[part[0]], "size": part[1]}


def part_name(part: Part, lang: str) -> str:
    kind, size = part
    if lang == "de":
        if kind == RUN:
            return f"{RUN_NAMES_DE.get(size, f'{size}er')}folge"
        if kind == SET:
            return SET_NAMES_DE.get(size, f"{size} gleiche")
        return f"{size} Karten einer Farbe"
    if kind == RUN:
        return f"run of {size}"
    if kind == SET:
        return f"set of {size}"
    return f"{size} of one colour"


def level_name(level: tuple[Part, ...], lang: str) -> str:
    """E.g. "2 Dreierfolgen" / "2 runs of 3", "1 Vierling + 1 Viererfolge"."""
    groups: list[tuple[Part, int]] = []
    for part in level:
        if groups and groups[-1][0] == part:
            groups[-1] = (part, groups[-1][1] + 1)
        else:
            groups.append((part, 1))
    names = []
    for part, count in groups:
        name = part_name(part, lang)
        if part[0] == COLOUR:
            names.append(name if count == 1 else f"{count} x {name}")
        elif count == 1:
            names.append(f"1 {name}")
        elif lang == "de":
            names.append(f"{count} {name}{'n' if part[0] == RUN else 'e'}")
        else:
            names.append(f"{count} {name.replace('run', 'runs').replace('set', 'sets')}")
    return " + ".join(names)
