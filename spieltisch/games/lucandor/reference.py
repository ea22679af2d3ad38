"""The public tables of a Lucandor game, as JSON for a display: cards and wardrobe.

A view names cards by id and cells by number, so a display needs the game's
card list and wardrobe model to draw them. Both come from the data files (or
the re-fitted ones the `cards` and `wardrobe` options load), so they are sent
from here rather than copied into a client. Everything in it is printed on
the cards or built into the wardrobe: the same for every seat, fixed for the
whole game, and nothing of a deal or of anyone's hand.

Conventions, as in `view()`: indices count from 0; a card's id is its place in
`cards`; a cell is `storey * len(sections) + section` (storey 0 on top,
section 0 on the left); a scoring slot holds a card id, or
`len(cards) + i` for start card i; the lists of locks (`lock_owner`,
`lock_level`) hold one entry per scoring slot and then the door's, at index
`wardrobe.door_lock` (the number of scoring slots). `functions` names the
card functions and `words` the terms of the table in both languages, the same
words the game's move names and text table use.
"""

from __future__ import annotations

from spieltisch.games.lucandor.model import (
    DOT,
    END,
    FUNCTION_KEYS,
    HAND_SIZE,
    MARKERS,
    RESTS,
    ROD,
    Card,
    Model,
    Named,
)
from spieltisch.games.lucandor.views import (
    LucandorCard,
    LucandorNamed,
    LucandorReference,
    LucandorWardrobe,
)
from spieltisch.games.lucandor.words import FUNCTION_NAMES, WORDS

REST_KEYS = {number: key for key, number in RESTS.items()}


def reference_data(model: Model, side: int) -> LucandorReference:
    """Everything public a display needs for a table whose start cards show `side` (0 = A, 1 = B)."""
    return {
        "colours": [_named(c) for c in model.colours],
        "garments": [
            {**_named(g), "container": g.container, "units": g.units, "rest": REST_KEYS.get(g.rest)}
            for g in model.garments
        ],
        "corners": [_named(c, short=False) for c in model.corners],
        "cards": [_card(card) for card in model.cards],
        "start_cards": [
            {"a": list(colours[0]), "b": list(colours[1]), "points": points}
            for colours, points in zip(model.start_colours, model.start_points, strict=True)
        ],
        "start_side": side,
        "functions": [
            {"key": key, "de": de, "en": en}
            for key, de, en in zip(FUNCTION_KEYS, FUNCTION_NAMES["de"], FUNCTION_NAMES["en"], strict=True)
        ],
        "words": WORDS,
        "markers": MARKERS,
        "hand_size": HAND_SIZE,
        "wardrobe": _wardrobe(model),
    }


def _named(named: Named, short: bool = True) -> LucandorNamed:
    names: LucandorNamed = {"key": named.key, "de": named.de, "en": named.en}
    if short:
        names["short_de"] = named.short_de
        names["short_en"] = named.short_en
    return names


def _card(card: Card) -> LucandorCard:
    entry: LucandorCard = {
        "id": card.id,
        "garment": card.garment,
        "colour": card.colour,
        "function": FUNCTION_KEYS[card.function],
        "thumb": card.thumb,
    }
    if card.function == DOT:
        entry["dot_colour"] = card.dot_colour
        entry["points"] = card.points
    if card.function == END:
        entry["storey"] = card.storey
    return entry


def _wardrobe(model: Model) -> LucandorWardrobe:
    return {
        "sections": [{"de": s.de, "en": s.en} for s in model.sections],
        "door_start": model.door_start,
        "storeys": [
            {"kind": "rod" if kind == ROD else "compartment", "shoes": shoes}
            for kind, shoes in zip(model.storey_kind, model.shoe_storey, strict=True)
        ],
        "rod_units": model.rod_units,
        "drawer_units": model.drawer_units,
        "floor_places": model.floor_places,
        "stack_height": model.stack_height,
        "drawer_start": list(model.drawer_start),
        "drawer_slots": list(model.drawer_slots),
        "slots": [list(storeys) for storeys in model.slot_storeys],
        "door_lock": len(model.slot_storeys),
    }
