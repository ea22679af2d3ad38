// Lucandor's pieces: a garment as a tile with its colour (chip with symbol) and
// full name, a playing card with its function, a scoring card, a lock.

import type { Seat } from "../../api";
import { Chip, suitOf } from "../../cards";
import type { T } from "../../i18n";
import { playerName } from "../parts";
import { fill, type Lang, type Tables, type Words } from "./tables";

interface PieceProps {
  card: number;
  tables: Tables;
  lang: Lang;
  fresh?: boolean;
}

/** A garment in the wardrobe: its colour's chip and its full name ("Pulli" with a blue chip: "Pulli blau"). */
export function Piece({ card, tables, lang, fresh }: PieceProps) {
  if (card < 0) return <span class="lu-piece back">?</span>;
  const colour = tables.card(card)?.colour ?? -1;
  const name = tables.cardName(card, lang);
  return (
    <span class={"lu-piece" + (fresh ? " changed" : "")} style={{ borderColor: suitOf(tables.suit(colour)).fill }} title={name} data-card={card}>
      <Chip colour={tables.suit(colour)} title={tables.colourName(colour, lang)} size={14} />
      <span class="lu-piece-name">{tables.garmentName(card, lang)}</span>
    </span>
  );
}

/** A playing card face up: garment and colour, and its function below. */
export function HandCard({ card, tables, lang, fresh }: PieceProps) {
  const info = tables.card(card);
  const colour = info?.colour ?? -1;
  return (
    <span class={"lu-card" + (fresh ? " changed" : "")} style={{ borderColor: suitOf(tables.suit(colour)).fill }} data-card={card}>
      <Chip colour={tables.suit(colour)} title={tables.colourName(colour, lang)} size={22} />
      <span class="lu-card-text">
        <strong>{tables.cardName(card, lang)}</strong>
        <span class={"lu-function f-" + (info?.function ?? "")}>{tables.functionText(card, lang)}</span>
      </span>
    </span>
  );
}

/** A scoring card: its points and a chip per colour it shows. */
export function SlotCard({ colours, points, title, tables }: { colours: number[]; points: number; title: string; tables: Tables }) {
  return (
    <span class="lu-slot-face" role="img" aria-label={title} title={title}>
      <strong>{points}</strong>
      <span class="lu-slot-chips">
        {colours.map((colour, index) => (
          <Chip key={index} colour={tables.suit(colour)} size={18} />
        ))}
      </span>
    </span>
  );
}

export function LockMark({ owner, level, seats, t, w }: { owner: number; level: number; seats: Seat[]; t: T; w: Words }) {
  if (owner < 0) return null;
  const text = `${w.lock} ${level}: ${playerName(seats, owner, t)}`;
  return (
    <span class="lock" title={text}>
      {text}
    </span>
  );
}

export { fill };
