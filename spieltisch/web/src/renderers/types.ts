import type { VNode } from "preact";
import type { LogEntry, Move, Reference, Seat, View } from "../api";
import type { Lang, T } from "../i18n";

// What every table renderer gets. A renderer draws the view of the seat and may
// offer its own clickable elements, each the legal move whose struct names what
// was clicked (src/moves.ts); the list of legal moves is always there too.
export interface RendererProps {
  game: string;
  view: View;
  previous: View | null;
  you: number | null;
  seats: Seat[];
  legal: Move[];
  onMove: (id: number) => void;
  t: T;
  lang: Lang;
  /** The table's game options (a renderer may need e.g. which side of a card is up). */
  options?: Record<string, unknown>;
  /** The table's reference data from the server (cards, board layout); null until it has arrived. */
  reference?: Reference | null;
  /** The game log seen so far, oldest first (moves as the seat knows them). */
  log?: LogEntry[];
}

export type Renderer = (props: RendererProps) => VNode;
