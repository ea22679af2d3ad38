// ALLEGRA: each seat's 3 x 5 layout (the outer columns L and R are shared with
// the neighbours), the discard pile, the drawn or held card, totals and knocks.

import { Card, CardBack } from "../cards";
import { CardGrid, moveNaming, type Cell } from "./grid";
import type { RendererProps } from "./types";

const COLUMNS = ["L", "1", "2", "3", "R"];

function placeName(index: number): string {
  return `${"ABC"[Math.floor(index / COLUMNS.length)]}${COLUMNS[index % COLUMNS.length]}`;
}

function Single({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span class="scalar">—</span>;
  if (value === "?") return <CardBack small />;
  return <Card small rank={String(value)} />;
}

export function AllegraView({ view, previous, seats, you, lang, legal, onMove }: RendererProps) {
  const layouts = (view.layouts as Cell[][] | undefined) ?? [];
  const oldLayouts = ((previous ?? view).layouts as Cell[][] | undefined) ?? layouts;
  const discard = (view.discard as number[] | undefined) ?? [];
  const totals = (view.totals as number[] | undefined) ?? [];
  const knockers = (view.knockers as number[] | undefined) ?? [];
  const de = lang === "de";
  return (
    <div class="allegra" data-testid="view">
      <div class="layouts">
        {layouts.map((cells, seat) => (
          <section key={seat} class={"layout" + (seat === you ? " mine" : "")}>
            <h3>
              {seats[seat]?.name || `#${seat + 1}`} · {totals[seat] ?? 0}
              {knockers.includes(seat) ? (de ? " · klopft" : " · knocked") : ""}
            </h3>
            <CardGrid
              cells={cells}
              columns={COLUMNS.length}
              rowNames="ABC"
              columnNames={COLUMNS}
              fresh={(index) => oldLayouts[seat]?.[index] !== cells[index]}
              moveAt={(index) => (seat === you ? moveNaming(placeName(index), legal) : undefined)}
              onMove={onMove}
            />
          </section>
        ))}
      </div>
      <p class="facts">
        {de ? "Ablage" : "Discard"}: <Single value={discard.length ? discard[discard.length - 1] : null} /> ·{" "}
        {de ? "Nachziehstapel" : "Draw pile"}: {String(view.draw_size ?? "")} · {de ? "gezogen" : "drawn"}:{" "}
        <Single value={view.drawn ?? view.held ?? null} />
      </p>
    </div>
  );
}
