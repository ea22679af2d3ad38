import type { VNode } from "preact";
import type { LogEntry, Move, Reference, Seat, View } from "../api";
import type { Lang, T } from "../i18n";

// What every table renderer gets. A renderer draws the view of the seat and may
// offer its own clickable elements, each the legal move whose struct names what
// was clicked (src/moves.ts); the list of legal moves is always there too.
// `V` is the game's view and `R` its reference data, as the game sends them.
export interface RendererProps<V = View, R = Reference> {
  game: string;
  view: V;
  previous: V | null;
  you: number | null;
  seats: Seat[];
  legal: Move[];
  onMove: (id: number) => void;
  t: T;
  lang: Lang;
  /** The table's game options (a renderer may need e.g. which side of a card is up). */
  options?: Record<string, unknown>;
  /** The table's reference data from the server (cards, board layout); null until it has arrived. */
  reference?: R | null;
  /** The game log seen so far, oldest first (moves as the seat knows them). */
  log?: LogEntry[];
}

export type Renderer = (props: RendererProps) => VNode;

/**
 * A game's table for the registry. The server types a view as any object; the
 * game that sent it knows its shape, so this is the one place where the view
 * and reference data are taken to be that game's.
 */
export function gameTable<V, R = Reference>(component: (props: RendererProps<V, R>) => VNode): Renderer {
  return component as unknown as Renderer;
}
