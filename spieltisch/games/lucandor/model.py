"""The digital model of the wardrobe and the cards, read and checked from data files.

Everything physical lives in data/wardrobe.toml and data/cards.toml, so a box
owner can re-fit the model to the real box (options wardrobe=PATH and
cards=PATH). This module turns those files into one frozen `Model` and rejects
a file that does not make a playable wardrobe with an OptionError that names
the file, the entry and what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import Any, Final

from spieltisch.core.data import Bound, package_data, user_data
from spieltisch.core.options import OptionError
from spieltisch.games.lucandor.words import counted

PACKAGE: Final = "spieltisch.games.lucandor"

# Card functions (verified (rulebook): the six kinds of the "C" area of a card).
# Final, as the other constants the engine reads in its inner loops: constants in the compiled build.
DOT: Final = 0
END: Final = 1
HANGER: Final = 2
NEEDLE: Final = 3
IRON: Final = 4
DRAWER: Final = 5
FUNCTION_KEYS: Final = ("dot", "end", "hanger", "needle", "iron", "drawer")
# verified (rulebook): 24 scoring dots, 10 end-scoring tasks, 6 hangers,
# 6 needle & thread, 7 irons, 7 drawers.
FUNCTION_COUNTS: Final = {"dot": 24, "end": 10, "hanger": 6, "needle": 6, "iron": 7, "drawer": 7}

HAND_SIZE: Final = 3  # verified (rulebook): hands are refilled to three cards
MARKERS: Final = 2  # verified (rulebook): two locking stones on the player board

ROD: Final = 0
COMPARTMENT: Final = 1
CONTAINERS: Final = ("rod", "drawer", "compartment")
IN_ROD: Final = 0
IN_DRAWER: Final = 1
IN_COMPARTMENT: Final = 2
STAND: Final = 1
STACK: Final = 2
SHOES: Final = 3
RESTS: Final = {"stand": STAND, "stack": STACK, "shoes": SHOES}

# Bounds on a user's files, checked as each list or text is read, before
# anything is built: room for any re-fitted box, while the engine's tables (per
# cell, per door position, per colour) and the names on the screen stay small.
COLOURS: Final = Bound(
    "colours", 12, "colours (twice the box's 6)", "Farben (doppelt so viele wie die 6 der Schachtel)"
)
GARMENTS: Final = Bound(
    "garments",
    20,
    "garment kinds (twice the box's 10)",
    "Kleidungsarten (doppelt so viele wie die 10 der Schachtel)",
)
CORNERS: Final = Bound("corners", 4, "corners (a card has 4)", "Ecken (eine Karte hat 4)")
CARDS: Final = Bound(
    "cards", sum(FUNCTION_COUNTS.values()), "cards (the rulebook's 60)", "Karten (die 60 der Spielregel)"
)
START_CARDS: Final = Bound(
    "start_cards",
    8,
    "start cards (one per scoring slot; the box has 3)",
    "Startkarten (eine je Wertungsplatz; die Schachtel hat 3)",
)
SECTIONS: Final = Bound("sections", 8, "sections (the box has 3)", "Regalreihen (die Schachtel hat 3)")
STOREYS: Final = Bound("storeys", 12, "storeys (the box has 5)", "Etagen (die Schachtel hat 5)")
SLOTS: Final = Bound("slots", 8, "scoring slots (the box has 3)", "Wertungsplätze (die Schachtel hat 3)")
DRAWER_SLOTS: Final = Bound(
    "drawers", 24, "drawer slots (4 times the box's 6)", "Schubladenplätze (4-mal die 6 der Schachtel)"
)
NAME_CHARS: Final = Bound("", 40, "characters in a name or key", "Zeichen in einem Namen oder Schlüssel")
SHORT_CHARS: Final = Bound(
    "",
    4,
    "characters in a short name (the box's have 2)",
    "Zeichen in einem Kurznamen (die der Schachtel haben 2)",
)


@dataclass(frozen=True)
class Named:
    key: str
    de: str
    en: str
    short_de: str
    short_en: str

    def name(self, lang: str) -> str:
        return self.de if lang == "de" else self.en

    def short(self, lang: str) -> str:
        return self.short_de if lang == "de" else self.short_en


@dataclass(frozen=True)
class Garment(Named):
    container: str  # "rod", "drawer" or "compartment"
    units: int  # size on a rod or in a drawer (0 for compartment garments)
    rest: int  # STAND, STACK or SHOES for compartment garments, else 0


@dataclass(frozen=True)
class Card:
    id: int
    garment: int
    colour: int
    function: int
    dot_colour: int  # -1 unless function == DOT
    points: int  # the dot's points, 0 otherwise
    storey: int  # 0-based storey of an end-scoring task, -1 otherwise
    thumb: int  # corner 0..3 of the "Daumen hoch" symbol


@dataclass(frozen=True)
class Model:
    colours: tuple[Named, ...]
    garments: tuple[Garment, ...]
    corners: tuple[Named, ...]
    cards: tuple[Card, ...]
    start_colours: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # per start card: side A, side B
    start_points: tuple[int, ...]
    sections: tuple[Named, ...]
    door_start: int
    storey_kind: tuple[int, ...]  # ROD or COMPARTMENT per storey
    shoe_storey: tuple[bool, ...]
    rod_units: int
    drawer_units: int
    floor_places: int
    stack_height: int
    drawer_start: tuple[int, ...]  # cells
    drawer_slots: tuple[int, ...]  # every cell a drawer may stand in (start slots first)
    slot_storeys: tuple[tuple[int, ...], ...]  # 0-based storeys each scoring slot covers

    @property
    def num_sections(self) -> int:
        return len(self.sections)

    @property
    def num_storeys(self) -> int:
        return len(self.storey_kind)

    @property
    def num_cells(self) -> int:
        return self.num_sections * self.num_storeys

    def cell(self, section: int, storey: int) -> int:
        return storey * self.num_sections + section

    def section_of(self, cell: int) -> int:
        return cell % self.num_sections

    def storey_of(self, cell: int) -> int:
        return cell // self.num_sections

    def slots_over(self, storey: int) -> tuple[int, ...]:
        return tuple(i for i, covered in enumerate(self.slot_storeys) if storey in covered)


class Tables:
    """Flat lookup lists derived from a Model (and the start cards' side), for the
    engine's inner loops."""

    def __init__(self, m: Model, side: int = 0) -> None:
        self.rod_units = m.rod_units
        self.drawer_units = m.drawer_units
        self.stack_height = m.stack_height
        self.num_sections = m.num_sections
        self.cell_section = [m.section_of(c) for c in range(m.num_cells)]
        self.cell_storey = [m.storey_of(c) for c in range(m.num_cells)]
        self.rod_cells = [c for c in range(m.num_cells) if m.storey_kind[m.storey_of(c)] == ROD]
        self.compartment_cells = [
            c for c in range(m.num_cells) if m.storey_kind[m.storey_of(c)] == COMPARTMENT
        ]
        self.is_compartment = [m.storey_kind[m.storey_of(c)] == COMPARTMENT for c in range(m.num_cells)]
        self.shoe_cell = [m.shoe_storey[m.storey_of(c)] for c in range(m.num_cells)]
        self.card_garment = [card.garment for card in m.cards]
        self.card_function = [card.function for card in m.cards]
        self.colours = m.colours
        self.card_colour = [card.colour for card in m.cards]
        self.card_units = [m.garments[card.garment].units for card in m.cards]
        self.card_rest = [m.garments[card.garment].rest for card in m.cards]
        self.garment_container = [CONTAINERS.index(g.container) for g in m.garments]
        self.garment_units = [g.units for g in m.garments]
        self.garment_rest = [g.rest for g in m.garments]
        # Garments that fit the same places: one container and one size (rods,
        # drawers) or one way of resting (compartments). Where one may go, so may the other.
        fits = [(CONTAINERS.index(g.container), g.rest or g.units) for g in m.garments]
        self.fit_classes = sorted(set(fits))
        self.garment_fit_class = [self.fit_classes.index(fit) for fit in fits]
        self.card_fit_class = [self.garment_fit_class[card.garment] for card in m.cards]
        # The cells not behind the sliding door, for each door position (as lists and bits).
        self.open_cells = [
            [c for c in range(m.num_cells) if self.cell_section[c] != door] for door in range(m.num_sections)
        ]
        self.open_mask = [sum(1 << c for c in cells) for cells in self.open_cells]
        self.drawer_slots_sorted = sorted(m.drawer_slots)
        # Per door position, [without, with] a spare hand card: the sections it may move to.
        self.door_targets = [
            [
                [s for s in range(m.num_sections) if abs(s - door) == 1 or (abs(s - door) == 2 and spare)]
                for spare in (False, True)
            ]
            for door in range(m.num_sections)
        ]
        self.storey_slots = [m.slots_over(st) for st in range(m.num_storeys)]
        self.slot_storey_bits = [sum(1 << st for st in storeys) for storeys in m.slot_storeys]
        # What a card in a scoring slot pays per colour: dot cards by id, then the start cards.
        self.slot_pays = [
            [card.points if colour == card.dot_colour else 0 for colour in range(len(m.colours))]
            for card in m.cards
        ] + [
            [points if colour in colours[side] else 0 for colour in range(len(m.colours))]
            for colours, points in zip(m.start_colours, m.start_points, strict=True)
        ]
        # The same, only the colours that pay, as (colour, points): a dot card pays one colour.
        self.slot_paying = [
            [(colour, points) for colour, points in enumerate(pays) if points] for pays in self.slot_pays
        ]
        # The fit classes a rod or a drawer with `room` units left could take, by room.
        self.rod_classes = [self._unit_classes(IN_ROD, room) for room in range(m.rod_units + 1)]
        self.drawer_classes = [self._unit_classes(IN_DRAWER, room) for room in range(m.drawer_units + 1)]

        # The fit classes a compartment could take, by what it holds: (in the shoe
        # storey, has an empty place, holds shoes, holds other garments, has a stack
        # a pullover or trousers may lie on).
        self.compartment_classes = {
            flags: self._rest_classes(*flags) for flags in product((False, True), repeat=5)
        }

    def _rest_classes(
        self, shoe_storey: bool, empty: bool, shoes: bool, others: bool, stackable: bool
    ) -> int:
        bits = 0
        for k, (kind, rest) in enumerate(self.fit_classes):
            if kind != IN_COMPARTMENT:
                continue
            if rest == SHOES:
                # Shoes: only in the shoe storeys, never stacked, only beside shoes.
                fits = shoe_storey and empty and not others
            else:
                fits = not shoes and (empty or (rest == STACK and stackable))
            if fits:
                bits |= 1 << k
        return bits

    def _unit_classes(self, container: int, room: int) -> int:
        bits = 0
        for k, (kind, size) in enumerate(self.fit_classes):
            if kind == container and size <= room:
                bits |= 1 << k
        return bits


def load_model(wardrobe_path: str = "", cards_path: str = "") -> Model:
    """The built-in model, or one re-fitted from the given files (checked)."""
    wardrobe = user_data(wardrobe_path) if wardrobe_path else package_data(PACKAGE, "wardrobe.toml")
    cards = user_data(cards_path) if cards_path else package_data(PACKAGE, "cards.toml")
    cards_reader = _Reader(cards_path or "cards.toml (built in)")
    wardrobe_reader = _Reader(wardrobe_path or "wardrobe.toml (built in)")
    colours, garments, corners, card_list, start = _read_cards(cards_reader, cards)
    return _read_wardrobe(wardrobe_reader, wardrobe, colours, garments, corners, card_list, start)


class _Reader:
    """Small helpers that raise OptionError naming the file and the entry."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> OptionError:
        return OptionError(f"{self.source}: {where}: {message}")

    def table(self, data: Any, key: str, where: str) -> Any:
        if not isinstance(data, dict) or key not in data:
            raise self.fail(where, f"missing entry {key!r}")
        return data[key]

    def items(self, data: Any, key: str, where: str, bound: Bound) -> list[Any]:
        value = self.table(data, key, where)
        if not isinstance(value, list) or not value:
            raise self.fail(f"{where}.{key}", "must be a non-empty list")
        bound.check(len(value), self.source, f"{where}.{key}")
        return value

    def listed(self, data: Any, key: str, where: str) -> list[Any]:
        """An optional list (empty when missing)."""
        value = data.get(key, []) if isinstance(data, dict) else None
        if not isinstance(value, list):
            raise self.fail(f"{where}.{key}", "must be a list")
        return value

    def text(self, data: Any, key: str, where: str, bound: Bound = NAME_CHARS) -> str:
        value = self.table(data, key, where)
        if not isinstance(value, str) or not value:
            raise self.fail(f"{where}.{key}", f"must be a non-empty text, got {value!r}")
        bound.check(len(value), self.source, f"{where}.{key}")
        return value

    def whole(self, data: Any, key: str, where: str, low: int, high: int = 10**6) -> int:
        value = self.table(data, key, where)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"{where}.{key}", f"must be a whole number {low}..{high}, got {value!r}")
        return value

    def choice(self, data: Any, key: str, where: str, allowed: dict[str, int]) -> int:
        value = self.text(data, key, where)
        if value not in allowed:
            raise self.fail(f"{where}.{key}", f"{value!r} is not one of {', '.join(allowed)}")
        return allowed[value]


def _named(reader: _Reader, entries: list[Any], where: str, short: bool = True) -> tuple[Named, ...]:
    result = []
    for i, entry in enumerate(entries):
        here = f"{where}[{i}]"
        key = reader.text(entry, "key", here)
        de, en = reader.text(entry, "de", here), reader.text(entry, "en", here)
        short_de = reader.text(entry, "short_de", here, SHORT_CHARS) if short else de
        short_en = reader.text(entry, "short_en", here, SHORT_CHARS) if short else en
        result.append(Named(key, de, en, short_de, short_en))
    keys = [n.key for n in result]
    if len(set(keys)) != len(keys):
        raise reader.fail(where, "keys must be unique")
    return tuple(result)


def _index(named: tuple[Named, ...]) -> dict[str, int]:
    return {n.key: i for i, n in enumerate(named)}


CardsData = tuple[
    tuple[Named, ...],
    tuple[Garment, ...],
    tuple[Named, ...],
    tuple[Card, ...],
    tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[int, ...]],
]


def _read_cards(reader: _Reader, data: dict[str, Any]) -> CardsData:
    colours = _named(reader, reader.items(data, "colours", "file", COLOURS), "colours")
    corners = _named(reader, reader.items(data, "corners", "file", CORNERS), "corners", short=False)
    if len(corners) != 4:
        raise reader.fail("corners", "a card has exactly 4 corners (verified, rulebook)")
    garments = _read_garments(reader, reader.items(data, "garments", "file", GARMENTS))
    colour_ix, garment_ix, corner_ix = _index(colours), _index(garments), _index(corners)
    cards: list[Card] = []
    for i, entry in enumerate(reader.items(data, "cards", "file", CARDS)):
        cards.append(_read_card(reader, entry, i, colour_ix, garment_ix, corner_ix))
    _check_card_set(reader, cards, colours, garments)
    return colours, garments, corners, tuple(cards), _read_start(reader, data, colour_ix)


def _read_garments(reader: _Reader, entries: list[Any]) -> tuple[Garment, ...]:
    named = _named(reader, entries, "garments")
    garments = []
    for i, (entry, name) in enumerate(zip(entries, named, strict=True)):
        here = f"garments[{i}] ({name.key})"
        container = CONTAINERS[
            reader.choice(entry, "container", here, {c: k for k, c in enumerate(CONTAINERS)})
        ]
        units = reader.whole(entry, "units", here, 1, 100) if container != "compartment" else 0
        rest = reader.choice(entry, "rest", here, RESTS) if container == "compartment" else 0
        garments.append(
            Garment(name.key, name.de, name.en, name.short_de, name.short_en, container, units, rest)
        )
    return tuple(garments)


def _read_card(
    reader: _Reader,
    entry: Any,
    i: int,
    colour_ix: dict[str, int],
    garment_ix: dict[str, int],
    corner_ix: dict[str, int],
) -> Card:
    here = f"cards[{i}]"
    garment = reader.choice(entry, "garment", here, garment_ix)
    colour = reader.choice(entry, "colour", here, colour_ix)
    function = reader.choice(entry, "function", here, {k: n for n, k in enumerate(FUNCTION_KEYS)})
    thumb = reader.choice(entry, "thumb", here, corner_ix)
    dot_colour, points, storey = -1, 0, -1
    if function == DOT:
        dot_colour = reader.choice(entry, "dot_colour", here, colour_ix)
        points = reader.whole(entry, "points", here, 1, 99)
    if function == END:
        storey = reader.whole(entry, "storey", here, 1, 99) - 1
    return Card(i, garment, colour, function, dot_colour, points, storey, thumb)


def _check_card_set(
    reader: _Reader, cards: list[Card], colours: tuple[Named, ...], garments: tuple[Garment, ...]
) -> None:
    seen: set[tuple[int, int]] = set()
    for card in cards:
        pair = (card.garment, card.colour)
        if pair in seen:
            name = f"{garments[card.garment].key}/{colours[card.colour].key}"
            raise reader.fail(f"cards[{card.id}]", f"{name} appears twice; every garment/colour is one card")
        seen.add(pair)
    if len(seen) != len(colours) * len(garments):
        raise reader.fail(
            "cards", f"need every garment in every colour once ({len(colours) * len(garments)})"
        )
    for n, key in enumerate(FUNCTION_KEYS):
        count = sum(1 for card in cards if card.function == n)
        if count != FUNCTION_COUNTS[key]:
            raise reader.fail(
                "cards",
                f"{counted(count, 'card has', 'cards have')} function {key!r}; "
                f"the rulebook has {FUNCTION_COUNTS[key]}",
            )


def _read_start(
    reader: _Reader, data: dict[str, Any], colour_ix: dict[str, int]
) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[int, ...]]:
    sides = []
    points = []
    for i, entry in enumerate(reader.items(data, "start_cards", "file", START_CARDS)):
        here = f"start_cards[{i}]"
        pair = []
        for side in ("a", "b"):
            names = reader.items(entry, side, here, COLOURS)
            for name in names:
                if not isinstance(name, str) or name not in colour_ix:
                    raise reader.fail(f"{here}.{side}", f"unknown colour {name!r}")
            pair.append(tuple(colour_ix[name] for name in names))
        sides.append((pair[0], pair[1]))
        points.append(reader.whole(entry, "points", here, 1, 99))
    return tuple(sides), tuple(points)


def _read_wardrobe(
    reader: _Reader,
    data: dict[str, Any],
    colours: tuple[Named, ...],
    garments: tuple[Garment, ...],
    corners: tuple[Named, ...],
    cards: tuple[Card, ...],
    start: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[int, ...]],
) -> Model:
    sections = _named(
        reader, _keyed(reader.items(data, "sections", "file", SECTIONS)), "sections", short=False
    )
    door_start = reader.whole(data, "door_start", "file", 0, len(sections) - 1)
    kinds, shoes = _read_storeys(reader, reader.items(data, "storeys", "file", STOREYS))
    sizes = reader.table(data, "sizes", "file")
    rod_units = reader.whole(sizes, "rod_units", "sizes", 1, 60)
    drawer_units = reader.whole(sizes, "drawer_units", "sizes", 1, 60)
    floor_places = reader.whole(sizes, "floor_places", "sizes", 1, 8)
    stack_height = reader.whole(sizes, "stack_height", "sizes", 1, 20)
    for g in garments:
        limit = {"rod": rod_units, "drawer": drawer_units}.get(g.container, 0)
        if g.container != "compartment" and g.units > limit:
            size = counted(g.units, "unit", "units")
            raise reader.fail("sizes", f"a {g.key} ({size}) does not fit any {g.container}")
    find_cell = _cell_reader(reader, len(sections), kinds)
    drawers = reader.table(data, "drawers", "file")
    start_list = reader.listed(drawers, "start_slots", "drawers")
    other_list = reader.listed(drawers, "other_slots", "drawers")
    DRAWER_SLOTS.check(len(start_list) + len(other_list), reader.source)
    starts = tuple(find_cell(s, f"drawers.start_slots[{i}]") for i, s in enumerate(start_list))
    others = tuple(find_cell(s, f"drawers.other_slots[{i}]") for i, s in enumerate(other_list))
    if len(set(starts + others)) != len(starts + others):
        raise reader.fail("drawers", "a slot is listed twice")
    slot_storeys = _read_slots(reader, reader.items(data, "slots", "file", SLOTS), len(kinds))
    if len(slot_storeys) != len(start[0]):
        raise reader.fail(
            "slots",
            f"{counted(len(slot_storeys), 'scoring slot', 'scoring slots')} but "
            f"{counted(len(start[0]), 'start card', 'start cards')}",
        )
    for card in cards:
        if card.storey >= len(kinds):
            raise reader.fail(
                f"cards[{card.id}]", f"end-scoring storey {card.storey + 1} is not in the wardrobe"
            )
    if len(colours) < 3:
        raise reader.fail("colours", "need at least 3 colours (two end-scoring chips and a free one)")
    needs = {g.container for g in garments}
    if "drawer" in needs and not starts:
        raise reader.fail("drawers", "the cards have drawer garments but no drawer starts in the wardrobe")
    if "rod" in needs and ROD not in kinds:
        raise reader.fail("storeys", "the cards have rod garments but no storey is a rod")
    if storey := next((s + 1 for s in range(len(kinds)) if shoes[s] and kinds[s] != COMPARTMENT), None):
        raise reader.fail("storeys", f"storey {storey} is marked for shoes but is not a compartment storey")
    return Model(
        colours=colours,
        garments=garments,
        corners=corners,
        cards=cards,
        start_colours=start[0],
        start_points=start[1],
        sections=sections,
        door_start=door_start,
        storey_kind=kinds,
        shoe_storey=shoes,
        rod_units=rod_units,
        drawer_units=drawer_units,
        floor_places=floor_places,
        stack_height=stack_height,
        drawer_start=starts,
        drawer_slots=starts + others,
        slot_storeys=slot_storeys,
    )


def _keyed(entries: list[Any]) -> list[Any]:
    """Sections have no key of their own; their English name serves as one."""
    return [dict(entry, key=entry.get("en")) if isinstance(entry, dict) else entry for entry in entries]


def _read_storeys(reader: _Reader, entries: list[Any]) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    kinds, shoes = [], []
    for i, entry in enumerate(entries):
        here = f"storeys[{i}]"
        kinds.append(reader.choice(entry, "kind", here, {"rod": ROD, "compartment": COMPARTMENT}))
        flag = entry.get("shoes", False)
        if not isinstance(flag, bool):
            raise reader.fail(f"{here}.shoes", f"must be true or false, got {flag!r}")
        shoes.append(flag)
    return tuple(kinds), tuple(shoes)


def _cell_reader(reader: _Reader, sections: int, kinds: tuple[int, ...]) -> Callable[[Any, str], int]:
    def find(value: Any, where: str) -> int:
        ok = isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
        if not ok or not (1 <= value[0] <= sections and 1 <= value[1] <= len(kinds)):
            raise reader.fail(
                where, f"must be [section 1..{sections}, storey 1..{len(kinds)}], got {value!r}"
            )
        section, storey = int(value[0]) - 1, int(value[1]) - 1
        if kinds[storey] != COMPARTMENT:
            raise reader.fail(where, f"storey {storey + 1} holds rods; a drawer needs a compartment")
        return storey * sections + section

    return find


def _read_slots(reader: _Reader, entries: list[Any], storeys: int) -> tuple[tuple[int, ...], ...]:
    result = []
    for i, entry in enumerate(entries):
        covered = reader.items(entry, "storeys", f"slots[{i}]", STOREYS)
        if not all(type(s) is int and 1 <= s <= storeys for s in covered) or len(set(covered)) != len(
            covered
        ):
            raise reader.fail(
                f"slots[{i}].storeys", f"must list distinct storeys 1..{storeys}, got {covered!r}"
            )
        result.append(tuple(s - 1 for s in covered))
    return tuple(result)
