// A grid of card cells shared by the table renderers: a number is a face-up
// card, "?" a face-down one, null an empty place.

import type { Move } from "../api";
import { Card, CardBack } from "../cards";

export type Cell = number | string | null;

/** The one legal move whose label names this place ("turn B7", "flip AL"), if exactly one does. */
export function moveNaming(place: string, legal: Move[]): Move | undefined {
  const pattern = new RegExp(`(^|\\s)${place}(\\s|$|,)`);
  const found = legal.filter((move) => pattern.test(move.label));
  return found.length === 1 ? found[0] : undefined;
}

interface GridProps {
  cells: Cell[];
  columns: number;
  rowNames?: string;
  columnNames?: string[];
  fresh?: (index: number) => boolean;
  note?: (index: number) => string | undefined;
  /** A move to make by clicking the cell (keyboard: focus and Enter). */
  moveAt?: (index: number) => Move | undefined;
  onMove?: (id: number) => void;
}

export function CardGrid({ cells, columns, rowNames, columnNames, fresh, note, moveAt, onMove }: GridProps) {
  const rows = Math.ceil(cells.length / columns);
  return (
    <table class="card-grid">
      {columnNames && (
        <thead>
          <tr>
            {rowNames && <th />}
            {columnNames.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {Array.from({ length: rows }, (_r, row) => (
          <tr key={row}>
            {rowNames && <th scope="row">{rowNames[row]}</th>}
            {Array.from({ length: columns }, (_c, column) => {
              const index = row * columns + column;
              const cell = cells[index];
              const hint = note?.(index);
              const move = moveAt?.(index);
              const face =
                cell === null || cell === undefined ? null : cell === "?" ? (
                  <CardBack small title={hint ? `hidden card (${hint})` : "hidden card"} />
                ) : (
                  <Card small rank={String(cell)} highlight={fresh?.(index)} />
                );
              return (
                <td key={column} class="cell">
                  {move && onMove ? (
                    <button type="button" class="cell-move" title={move.label} aria-label={move.label} onClick={() => onMove(move.id)}>
                      {face}
                    </button>
                  ) : (
                    face
                  )}
                  {hint && <span class="hint">{hint}</span>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
