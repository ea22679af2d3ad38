// What Lucandor's scoring gives now, from the public view and the reference
// data only, by the engine's rules (spieltisch/games/lucandor/scoring.py):
// putting a garment away pays every scoring slot over its storey whose card
// shows its colour (doubled into a container that already holds that colour),
// and an end-scoring task counts the garments of its chip's colour in its
// storey. A task whose card the seat may not see is left uncounted.

import type { components } from "../../schema";
import type { Tables } from "./tables";

type View = components["schemas"]["LucandorView"];

export interface SlotNow {
  slot: number;
  storeys: number[];
  colours: number[];
  points: number;
  start: boolean;
}

export interface TaskNow {
  colour: number;
  /** The task's storey (from 0) and the garments of its colour there; null while face down to this seat. */
  storey: number | null;
  points: number | null;
}

export interface ScoresNow {
  slots: SlotNow[];
  /** Per storey: the colours that pay there now, with their points (colour order). */
  storeys: [number, number][][];
  /** Per player: their end-scoring tasks now. */
  tasks: TaskNow[][];
  /** Per hand card: the most it pays now where its kind of container stands, and the storeys that pay that. */
  hand: { card: number; points: number; storeys: number[] }[];
}

/** The garments in each cell's container: its drawer's when one stands there. */
function containers(view: View, tables: Tables): number[][] {
  const held = Array.from({ length: tables.cells }, (_x, cell) => (view.content[cell] ?? []).flat());
  for (const [cell, items] of view.drawers) held[cell] = [...items];
  return held;
}

export function scoresNow(view: View, tables: Tables): ScoresNow {
  const { wardrobe } = tables.ref;
  const slots = view.slots.map((value, slot) => ({ slot, storeys: wardrobe.slots[slot] ?? [], ...tables.slotCard(value) }));
  const storeys = wardrobe.storeys.map((_s, storey) => {
    const pays = new Map<number, number>();
    for (const { storeys: covered, colours, points } of slots) {
      if (!covered.includes(storey)) continue;
      for (const colour of colours) pays.set(colour, (pays.get(colour) ?? 0) + points);
    }
    return [...pays.entries()].sort((a, b) => a[0] - b[0]);
  });
  const held = containers(view, tables);
  const colourCount = (storey: number, colour: number) =>
    held
      .filter((_items, cell) => Math.floor(cell / tables.sections) === storey)
      .flat()
      .filter((piece) => tables.card(piece)?.colour === colour).length;
  const tasks = view.players.map((player) =>
    player.end_colours.map((colour, index) => {
      const card = player.end_cards?.[index];
      const storey = card === undefined ? null : (tables.card(card)?.storey ?? null);
      return { colour, storey, points: storey === null ? null : colourCount(storey, colour) };
    }),
  );
  const drawerStoreys = new Set(view.drawers.map(([cell]) => Math.floor(cell / tables.sections)));
  const hand = (view.hand ?? []).map((card) => {
    const info = tables.card(card);
    const garment = tables.ref.garments[info?.garment ?? -1];
    const fits = (storey: number) => {
      const kind = wardrobe.storeys[storey];
      if (!kind || !garment) return false;
      if (garment.container === "rod") return kind.kind === "rod";
      if (garment.container === "drawer") return drawerStoreys.has(storey);
      return kind.kind === "compartment" && (garment.rest !== "shoes" || kind.shoes);
    };
    const pays = storeys.map((colours, storey) => (fits(storey) ? (colours.find(([c]) => c === info?.colour)?.[1] ?? 0) : -1));
    const points = Math.max(0, ...pays);
    return { card, points, storeys: pays.flatMap((p, storey) => (p === points && p >= 0 ? [storey] : [])) };
  });
  return { slots, storeys, tasks, hand };
}
