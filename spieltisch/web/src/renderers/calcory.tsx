// Calcory: the card grid (rows A.., columns 1..), what this seat remembers of
// face-down cards, the cards turned this turn, and each seat's collected pile.

import { Card } from "../cards";
import { CardGrid, moveNaming, type Cell } from "./grid";
import type { RendererProps } from "./types";

const ROW_NAMES = "ABCDEFGHIJ";

export function CalcoryView({ view, previous, seats, lang, legal, onMove }: RendererProps) {
  const columns = Number(view.columns ?? 10);
  const cells = (view.cells as Cell[] | undefined) ?? [];
  const oldCells = ((previous ?? view).cells as Cell[] | undefined) ?? cells;
  const known = (view.known as Record<string, number> | undefined) ?? {};
  const collected = (view.collected as number[] | undefined) ?? [];
  const pile = (view.pile as number[] | null | undefined) ?? [];
  const label = (index: number) => `${ROW_NAMES[Math.floor(index / columns)]}${(index % columns) + 1}`;
  const de = lang === "de";
  return (
    <div class="calcory" data-testid="view">
      <CardGrid
        cells={cells}
        columns={columns}
        rowNames={ROW_NAMES}
        columnNames={Array.from({ length: columns }, (_v, i) => String(i + 1))}
        fresh={(index) => oldCells[index] !== cells[index]}
        note={(index) => (known[label(index)] === undefined ? undefined : String(known[label(index)]))}
        moveAt={(index) => moveNaming(label(index), legal)}
        onMove={onMove}
      />
      <p class="facts">
        {de ? "Summe dieses Zuges" : "This turn's sum"}: {String(view.turn_sum ?? 0)} ·{" "}
        {seats.map((seat, index) => (
          <span key={index}>
            {seat.name || `#${index + 1}`}: {collected[index] ?? 0} {de ? "Karten" : "cards"}{" "}
          </span>
        ))}
      </p>
      {pile.length > 0 && (
        <div class="hand" aria-label={de ? "dein Stapel" : "your pile"}>
          {pile.map((value, index) => (
            <Card key={index} small rank={value} />
          ))}
        </div>
      )}
    </div>
  );
}
