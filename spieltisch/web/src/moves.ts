// Finding legal moves by their structure ({"kind": "flip", "position": 7}),
// never by their label: a reworded label must not change what a click does.

import type { Move, MoveStruct } from "./api";

export type Fields = Record<string, unknown>;

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  return a === b;
}

/** Whether a move's struct has this kind and these field values. */
export function matches(move: MoveStruct | undefined | null, kind: string, fields: Fields = {}): boolean {
  if (!move || move.kind !== kind) return false;
  return Object.entries(fields).every(([name, value]) => sameValue(move[name], value));
}

/** Every legal move of this kind (with these field values). */
export function movesOf(legal: Move[], kind: string, fields: Fields = {}): Move[] {
  return legal.filter((m) => matches(m.move, kind, fields));
}

/** The legal move of this kind with these field values, when exactly one fits. */
export function findMove(legal: Move[], kind: string, fields: Fields = {}): Move | undefined {
  const found = movesOf(legal, kind, fields);
  return found.length === 1 ? found[0] : undefined;
}

/** The first legal move of any of these kinds with these field values (several kinds that a click can mean). */
export function findAny(legal: Move[], kinds: string[], fields: Fields = {}): Move | undefined {
  for (const kind of kinds) {
    const move = findMove(legal, kind, fields);
    if (move) return move;
  }
  return undefined;
}

/** Whether any legal move has this kind. */
export function offers(legal: Move[], kind: string): boolean {
  return legal.some((m) => m.move?.kind === kind);
}
