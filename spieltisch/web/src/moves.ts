// Finding legal moves by their structure ({"kind": "flip", "position": 7}),
// never by their label: a reworded label must not change what a click does.
// `M` is the game's move union (`<Game>Move` in schema.d.ts): naming a kind
// narrows the moves found to that kind's type, with its typed fields.

import type { Move, MoveStruct } from "./api";

/** The members of the move union `M` that a move of kind `K` can be. */
export type OfKind<M extends MoveStruct, K extends M["kind"]> = M extends { kind: infer Kinds } ? (K extends Kinds ? M : never) : never;

/** Field values a move of kind `K` must have. */
export type Fields<M extends MoveStruct, K extends M["kind"]> = Partial<OfKind<M, K>>;

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  return a === b;
}

/** Whether a move's struct has this kind and these field values. */
export function matches<M extends MoveStruct, K extends M["kind"]>(
  move: M | undefined | null,
  kind: K,
  fields: Fields<M, K> = {},
): move is OfKind<M, K> {
  if (!move || move.kind !== kind) return false;
  const struct = move as unknown as Record<string, unknown>;
  return Object.entries(fields).every(([name, value]) => sameValue(struct[name], value));
}

/** Every legal move of this kind (with these field values). */
export function movesOf<M extends MoveStruct, K extends M["kind"]>(legal: Move<M>[], kind: K, fields: Fields<M, K> = {}): Move<OfKind<M, K>>[] {
  return legal.filter((m): m is Move<OfKind<M, K>> => matches(m.move, kind, fields));
}

/** The legal move of this kind with these field values, when exactly one fits. */
export function findMove<M extends MoveStruct, K extends M["kind"]>(legal: Move<M>[], kind: K, fields: Fields<M, K> = {}): Move<OfKind<M, K>> | undefined {
  const found = movesOf(legal, kind, fields);
  return found.length === 1 ? found[0] : undefined;
}

/** The first legal move of any of these kinds with these field values (several kinds that a click can mean). */
export function findAny<M extends MoveStruct, K extends M["kind"]>(legal: Move<M>[], kinds: K[], fields: Fields<M, K> = {}): Move<OfKind<M, K>> | undefined {
  for (const kind of kinds) {
    const move = findMove(legal, kind, fields);
    if (move) return move;
  }
  return undefined;
}

/** Whether any legal move has this kind. */
export function offers<M extends MoveStruct>(legal: Move<M>[], kind: M["kind"]): boolean {
  return legal.some((m) => m.move.kind === kind);
}
