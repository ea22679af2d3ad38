import type { VNode } from "preact";
import type { LogEntry, Move, MoveStruct, Reference, Seat, View } from "../api";
import type { Lang, T } from "../i18n";

// What every table renderer gets. A renderer draws the view of the seat and may
// offer its own clickable elements, each the legal move whose struct names what
// was clicked (src/moves.ts); the list of legal moves is always there too.
// `V` is the game's view, `R` its reference data and `M` its move union, as the
// game sends them (each generated from the game's declared types).
export interface RendererProps<V = View, R = Reference, M extends MoveStruct = MoveStruct> {
  game: string;
  view: V;
  previous: V | null;
  you: number | null;
  seats: Seat[];
  legal: Move<M>[];
  onMove: (id: number) => void;
  /** Sends a move of several steps as data (a LEVEL 8 lay-down: every part's cards), which the
   * game turns into its steps; only a game that takes such moves uses it. */
  onMoveData?: (move: M) => void;
  t: T;
  lang: Lang;
  /** The table's game options (a renderer may need e.g. which side of a card is up). */
  options?: Record<string, unknown>;
  /** The table's reference data from the server (cards, board layout); null until it has arrived. */
  reference?: R | null;
  /** The game log seen so far, oldest first (moves as the seat knows them). */
  log?: LogEntry<M>[];
}

export type Renderer = (props: RendererProps) => VNode;

/**
 * A game's table for the registry. The server types a view and a move's struct
 * as any object; the game that sent them knows their shape, so this is the one
 * place where the view, the reference data and the moves are taken to be that game's.
 */
export function gameTable<V, R = Reference, M extends MoveStruct = MoveStruct>(component: (props: RendererProps<V, R, M>) => VNode): Renderer {
  return component as unknown as Renderer;
}
