"""Where garments fit: the wardrobe's geometry, as functions over plain data.

The wardrobe of a state is a few lists: `content[cell]` holds the floor places
of a cell's container (one list for a rod), each a stack of garments bottom to
top; `drawer_cell[d]` is the cell drawer d stands in and `drawer_items[d]` what
it holds; `door` is the section behind the sliding door. Everything fixed
comes from `Tables` (model.py).

`fit_cells[k]` has a bit for every cell whose container could take a garment
of fit class k now, the door aside. The state renews it for the one cell that
changes (`refit`), so "may this garment go anywhere?" is a bit test, not a
search (docs/rules/lucandor.md, Speed).
"""

from __future__ import annotations

from spieltisch.games.lucandor.model import IN_COMPARTMENT, SHOES, STACK, Tables

Stacks = list[list[int]]


def bit_indices(mask: int) -> list[int]:
    """The positions of the set bits of `mask`, lowest first."""
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


def drawer_at(drawer_cell: list[int], cell: int) -> int:
    """The drawer standing in `cell`, or -1."""
    for drawer, where in enumerate(drawer_cell):
        if where == cell:
            return drawer
    return -1


# --- the fit index ---------------------------------------------------------------------------


def fit_index(t: Tables, content: list[Stacks], drawer_cell: list[int], drawer_items: Stacks) -> list[int]:
    """`fit_cells` worked out afresh from the whole wardrobe."""
    fit = [0] * len(t.fit_classes)
    for cell in range(len(content)):
        classes = container_fits(t, content, drawer_cell, drawer_items, cell)
        for k in range(len(fit)):
            if (classes >> k) & 1:
                fit[k] |= 1 << cell
    return fit


def refit(
    fit_cells: list[int],
    t: Tables,
    content: list[Stacks],
    drawer_cell: list[int],
    drawer_items: Stacks,
    cell: int,
) -> None:
    """The container at `cell` changed: renew its bits in `fit_cells`."""
    classes = container_fits(t, content, drawer_cell, drawer_items, cell)
    bit = 1 << cell
    for k in range(len(fit_cells)):
        if (classes >> k) & 1:
            fit_cells[k] |= bit
        else:
            fit_cells[k] &= ~bit


def container_fits(
    t: Tables, content: list[Stacks], drawer_cell: list[int], drawer_items: Stacks, cell: int
) -> int:
    """The fit classes the container at `cell` could take now, as bits."""
    units = t.card_units
    drawer = drawer_at(drawer_cell, cell)
    if drawer >= 0:
        room = t.drawer_units - sum(units[piece] for piece in drawer_items[drawer])
        return t.drawer_classes[max(room, 0)]
    if not t.is_compartment[cell]:
        room = t.rod_units - sum(units[piece] for piece in content[cell][0])
        return t.rod_classes[max(room, 0)]
    return _compartment_fits(t, cell, content[cell])


def _compartment_fits(t: Tables, cell: int, stacks: Stacks) -> int:
    """Which ways of resting fit a compartment: those for which `floor_places` is non-empty."""
    card_rest = t.card_rest
    height = t.stack_height
    empty = shoes = others = stackable = False
    for stack in stacks:
        if not stack:
            empty = True
            continue
        base = card_rest[stack[0]]
        if base == SHOES:
            shoes = True
        else:
            others = True
            stackable = stackable or (base == STACK and len(stack) < height)
    return t.compartment_classes[t.shoe_cell[cell], empty, shoes, others, stackable]


# --- where a garment may go ---------------------------------------------------------------


def target_mask(t: Tables, fit_cells: list[int], door: int, garment: int, exclude: int) -> int:
    """The cells where `garment` may go now, not behind the door nor `exclude` (-1: none), as bits."""
    mask = fit_cells[t.garment_fit_class[garment]] & t.open_mask[door]
    if exclude >= 0:
        mask &= ~(1 << exclude)
    return mask


def floor_places(t: Tables, stacks: Stacks, rest: int) -> list[int]:
    """The floor places of a compartment where a garment resting as `rest` may lie.

    For equal empty floor places only the first is offered (they are alike).
    """
    result = []
    empty_offered = False
    card_rest = t.card_rest
    height = t.stack_height
    for place, stack in enumerate(stacks):
        if not stack:
            if not empty_offered:
                result.append(place)
                empty_offered = True
        elif rest == STACK and len(stack) < height and card_rest[stack[0]] == STACK:
            result.append(place)
    return result


def targets(
    t: Tables, fit_cells: list[int], door: int, content: list[Stacks], garment: int, exclude: int
) -> list[tuple[int, int]]:
    """Every (cell, floor place) where `garment` may go now (0 on rods and in drawers), by cell."""
    cells = bit_indices(target_mask(t, fit_cells, door, garment, exclude))
    if t.garment_container[garment] != IN_COMPARTMENT:
        return [(cell, 0) for cell in cells]
    rest = t.garment_rest[garment]
    return [(cell, place) for cell in cells for place in floor_places(t, content[cell], rest)]


def fits_at(
    t: Tables,
    fit_cells: list[int],
    door: int,
    content: list[Stacks],
    garment: int,
    spot: tuple[int, int],
    exclude: int,
) -> bool:
    """Whether `spot` (cell, floor place) is one of `targets(...)`, told for that spot alone."""
    cell, place = spot
    if not (target_mask(t, fit_cells, door, garment, exclude) >> cell) & 1:
        return False
    if t.garment_container[garment] != IN_COMPARTMENT:
        return place == 0
    return place in floor_places(t, content[cell], t.garment_rest[garment])


# --- what may be taken out or moved -----------------------------------------------------------


def is_under(t: Tables, content: list[Stacks], drawer_cell: list[int], spot: tuple[int, int, int]) -> bool:
    """Does the garment at `spot` (cell, place, level) lie under another in a compartment stack?"""
    cell, place, level = spot
    if not t.is_compartment[cell] or drawer_at(drawer_cell, cell) >= 0:
        return False
    return level < len(content[cell][place]) - 1


def iron_sources(
    t: Tables,
    fit_cells: list[int],
    door: int,
    content: list[Stacks],
    drawer_cell: list[int],
    drawer_items: Stacks,
    may_pull: bool,
    first_only: bool = False,
) -> list[tuple[int, int, int]]:
    """Garments the iron may take out, as (cell, place, level), each with another cell to go to.

    `may_pull`: garments under others in a compartment count too (the player can
    make the luck check that needs, or the family rule needs none).
    """
    fit_class = t.card_fit_class
    is_compartment = t.is_compartment
    open_mask = t.open_mask[door]
    result = []
    for cell in t.open_cells[door]:
        if cell in drawer_cell:
            stacks = [drawer_items[drawer_cell.index(cell)]]
            pull = True  # nothing lies on anything in a drawer
        else:
            stacks = content[cell]
            pull = may_pull or not is_compartment[cell]
        if not any(stacks):
            continue
        elsewhere = open_mask & ~(1 << cell)
        for place, stack in enumerate(stacks):
            top = len(stack) - 1
            for level, piece in enumerate(stack):
                if level < top and not pull:
                    continue
                if fit_cells[fit_class[piece]] & elsewhere:
                    result.append((cell, place, level))
                    if first_only:
                        return result
    return result


def free_drawer_slots(t: Tables, door: int, content: list[Stacks], drawer_cell: list[int]) -> list[int]:
    """Drawer slots with no drawer and nothing on their floor, not behind the door."""
    section = t.cell_section
    return [
        cell
        for cell in t.drawer_slots_sorted
        if section[cell] != door and cell not in drawer_cell and not any(content[cell])
    ]


def movable_drawers(t: Tables, door: int, content: list[Stacks], drawer_cell: list[int]) -> list[int]:
    """The drawers that may move: not behind the door, with a free slot to go to."""
    if not free_drawer_slots(t, door, content, drawer_cell):
        return []
    section = t.cell_section
    return [d for d, cell in enumerate(drawer_cell) if section[cell] != door]
