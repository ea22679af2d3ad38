// Lucandor's scoring now, as the aid reckons it from public state: slots over storeys,
// a hand card's best storey by its kind of container, and a task counted only where visible.

import { describe, expect, it } from "vitest";
import { scoresNow } from "../src/renderers/lucandor/scores";
import { Tables, type LucandorReference } from "../src/renderers/lucandor/tables";
import type { LucandorViewData } from "../src/renderers/lucandor";

const named = (key: string) => ({ key, de: key, en: key, short_de: key, short_en: key });
// Two sections, three storeys: a rod, compartments, and compartments for shoes.
const reference = {
  colours: [named("red"), named("blue")],
  garments: [
    { ...named("coat"), container: "rod", units: 2, rest: null },
    { ...named("shoes"), container: "compartment", units: 1, rest: "shoes" },
    { ...named("belt"), container: "drawer", units: 1, rest: null },
    { ...named("jumper"), container: "compartment", units: 1, rest: "stack" },
  ],
  corners: [],
  cards: [
    { id: 0, garment: 0, colour: 0, function: "dot", thumb: 0, dot_colour: 0, points: 3 },
    { id: 1, garment: 1, colour: 1, function: "end", thumb: 0, storey: 1 },
    { id: 2, garment: 2, colour: 0, function: "hanger", thumb: 0 },
    { id: 3, garment: 3, colour: 1, function: "needle", thumb: 0 },
    { id: 4, garment: 3, colour: 1, function: "end", thumb: 0, storey: 1 },
  ],
  start_cards: [{ a: [0, 1], b: [1], points: 1 }],
  start_side: 0,
  functions: [],
  words: { de: {}, en: {} },
  markers: 2,
  hand_size: 3,
  wardrobe: {
    sections: [{ de: "l", en: "l" }, { de: "r", en: "r" }],
    door_start: 1,
    storeys: [
      { kind: "rod", shoes: false },
      { kind: "compartment", shoes: false },
      { kind: "compartment", shoes: true },
    ],
    rod_units: 6, drawer_units: 4, floor_places: 2, stack_height: 2,
    drawer_start: [2], drawer_slots: [2, 5],
    slots: [[0, 1], [1, 2]],
    door_lock: 2,
  },
} as unknown as LucandorReference;

const player = (end_colours: number[], end_cards: number[] | null) => ({
  points: 0, hand_size: 3, known_in_hand: [], pile: [], end_colours, end_cards, end_points: 0,
});

// Slot 0 holds red 3 (card 0), slot 1 the start card (red and blue 1). Cells: storey * 2 + section.
const view = {
  slots: [0, 5],
  content: [[[]], [[]], [[], []], [[3], [4]], [[], []], [[], []]],
  drawers: [[2, [2]]],
  hand: [0, 1, 2],
  players: [player([1], [4]), player([0], null)],
} as unknown as LucandorViewData;

describe("Lucandor's scoring now", () => {
  const now = scoresNow(view, new Tables(reference));

  it("adds up every slot over a storey for each colour its card shows", () => {
    expect(now.storeys).toEqual([[[0, 3]], [[0, 4], [1, 1]], [[0, 1], [1, 1]]]);
    expect(now.slots.map((slot) => [slot.colours, slot.points, slot.start])).toEqual([[[0], 3, false], [[0, 1], 1, true]]);
  });

  it("finds each hand card's best storey where its kind of container stands", () => {
    // The red coat hangs only on the rod (3); blue shoes only in the shoe storey (1);
    // the red belt only in a drawer, which stands in storey 2 (cell 2 is storey 1, section 0).
    expect(now.hand).toEqual([
      { card: 0, points: 3, storeys: [0] },
      { card: 1, points: 1, storeys: [2] },
      { card: 2, points: 4, storeys: [1] },
    ]);
  });

  it("counts a task's colour in its storey, and leaves a face-down task uncounted", () => {
    // The middle storey (cells 2 and 3) holds a red belt in the drawer and two blue jumpers.
    expect(now.tasks).toEqual([[{ colour: 1, storey: 1, points: 2 }], [{ colour: 0, storey: null, points: null }]]);
  });
});
